"""False alarms and misses found in session 31 on the development halves of FA-FD, read
once their first figures were taken, each kept exactly as its writer wrote it; and the
structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "A colleague from our claims team has picked up your case and will reply here
        # shortly" in a turn that is no handoff
        ("fc-0066", "action_claim", RULES),
        # "We'll swing by tomorrow to finish the strip along the back fence"
        ("fc-0081", "action_claim", RULES),
        # "Te lo mandé también por WhatsApp" of a tracking number the lookup gave
        ("fc-0110", "action_claim", RULES),
        # "I've already flagged it to the install crew"
        ("fc-0044", "action_claim", RULES),
        # "part of what you paid for delivery is going back onto your card"
        ("fb-0047", "refund_promise", RULES),
        # "… desde 40 € [newsletter#1], pero tranquilo, …: se te aplicarán igualmente
        # en tu pedido de 35 €"
        ("fb-0127", "discount_promise", READER),
        # "I'll make an exception and have your money returned instead"
        ("fb-0122", "refund_promise", READER),
        # "todas nuestras lanas tienen garantía de calidad de 6 meses" over a wool pack
        # with none, the 6 months being the needles'
        ("fa-0124", "warranty_without_data", RULES),
        # "¡Sí, la tenemos! 🙌 La FLIR One Edge Pro es inalámbrica…" after a search that
        # returned only the InfiRay
        ("fd-0004", "stock_contradiction", RULES),
        # correct answers:
        # "La Carpa árabe 8x8 la tenemos en el catálogo, pero ahora mismo figura sin
        # disponibilidad"
        ("fc-0065", None, READER),
        # "Ya pedí el reembolso del pedido 1189 … No te puedo asegurar el resultado, pero
        # ya está en marcha" in a turn where request_refund ran
        ("fa-0084", None, READER),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


def test_the_first_unbacked_figure_of_a_range_in_thousands_is_named():
    """Given a stove priced at 279,00 € and no source with a power, when the draft gives
    "de 1.000 a 2.000 W", then the first end of the range takes the unit of the second
    and both are named."""
    stove = {"sku": "PUR-ECOW", "name": "Estufa Purline Ecowarm", "price": "279.00"}
    draft = "La Estufa Purline Ecowarm (279,00 €) tiene potencia regulable de 1.000 a 2.000 W."
    ctx = turn(draft, locale="es-ES", tools=[search(stove, query="purline")])
    assert check(ctx, second_reader=None)["unbacked_figure"] == ("1.000", "2.000")


_REFUND_FILED = (
    "request_refund",
    {"order_id": "1189"},
    "pedido 1189: solicitud de reembolso pendiente, un colega la revisará",
)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Ya pedí el reembolso del pedido 1189. No te lo aseguro, pero ya está en marcha.", False),
        ("Ya pedí el reembolso del pedido 1189, and it's already underway.", False),
        # a thing of its own named: a send no tool made
        ("Ya pedí el reembolso del pedido 1189. Tu cable nuevo ya está en camino.", True),
    ],
)
def test_underway_with_no_thing_named_is_what_the_tool_did(draft, claimed):
    """Given a refund request the tool filed, when the draft says "ya está en marcha"
    with no subject of its own, then it speaks of that request; a thing named as on its
    way is still a send."""
    ctx = turn(draft, locale="es-AR", tools=[_REFUND_FILED])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Part of what you paid for delivery is going back onto your card.", True),
        ("The delivery fee will go back onto your card.", True),
        # the customer sent to a page
        ("Just go back to your account and check the order.", False),
        ("You'll go back to your account page after paying.", False),
    ],
)
def test_money_going_back_to_the_card_whoever_paid_it(draft, promised):
    """Given a delivery complaint, when the draft says what the customer paid, or a fee,
    goes (or will go) back onto their card, then it promises money back; a customer
    going back to a page is no money."""
    ctx = turn(draft, locale="en", question="The courier missed my slot.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "claimed", "money"),
    [
        ("We'll swing by tomorrow to finish the strip along the back fence.", True, False),
        ("El jueves pasaremos a terminar el borde del cerco.", True, False),
        ("If it rains tomorrow, we'll move the visit to Friday.", False, False),
    ],
)
def test_a_deed_set_for_a_day_is_for_this_case(draft, claimed, money):
    """Given no tool, when the shop says it will do something on a day of the calendar,
    then the day makes it an arrangement for this case; a condition leaves it unsaid.
    "the back fence" is a place, not money coming back."""
    ctx = turn(draft, locale="en" if "We'll" in draft or "If" in draft else "es-AR")
    failed = check(ctx, second_reader=None)
    assert ("action_claim" in failed) is claimed
    assert ("refund_promise" in failed) is money


_WOOL = [
    {
        "sku": "LAN-12",
        "name": "Pack de lana merino para fieltro (12 colores, 120 g)",
        "price": "16.50",
        "warranty": None,
    },
    {"sku": "AGU-SET", "name": "Set de agujas de fieltrar", "price": "9.90", "warranty": "6 meses"},
]
_OPENER = [
    {"sku": "AB-B", "name": "Abridor Bergeon 5700", "price": "189000", "warranty": "12 meses"},
    {"sku": "AB-G", "name": "Abridor genérico de 3 patas", "price": "24900", "warranty": None},
]


@pytest.mark.parametrize(
    ("products", "draft", "stated"),
    [
        (_WOOL, "La lana tiene garantía de 6 meses.", True),
        (_WOOL, "La lana tiene 6 meses de garantía.", True),
        (_WOOL, "Las agujas tienen garantía de 6 meses.", False),
        # a number a name has after its "de" is still the model's
        (_OPENER, "El genérico de 3 patas tiene 12 meses de garantía.", True),
    ],
)
def test_a_number_after_a_names_linking_word_is_no_model_number(products, draft, stated):
    """Given a wool pack with no warranty ("Pack de lana…") and needles with 6 months,
    when the draft says "la lana tiene garantía de 6 meses", then the "de 6" is no model
    number of the pack's and the warranty is the pack's; a number a name has ("de 3
    patas") still names it."""
    ctx = turn(draft, locale="es-ES", tools=[search(*products, query="lana")])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


@pytest.mark.parametrize(
    ("draft", "waived"),
    [
        (
            "El descuento es desde 40 € [newsletter#1], pero tranquilo: se te aplicarán "
            "igualmente en tu pedido de 35 €.",
            True,
        ),
        ("El descuento es desde 40 € [newsletter#1], pero tu pedido es de 35 €.", False),
    ],
)
def test_a_promotion_applied_anyway_with_no_doer(draft, waived):
    """Given a subscribers' discount from 40 €, when the draft cites it and then says it
    "se te aplicarán igualmente" to a 35 € order, then the rule is set aside for this
    customer; the connective after "pero" is kept with what it grants."""
    ctx = turn(
        draft,
        locale="es-ES",
        chunks={"newsletter#1": "Suscriptores: 5 € de descuento en pedidos desde 40 €."},
    )
    assert ("discount_promise" in check(ctx, second_reader=None)) is waived
