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
        # older development halves: a filed request or a handoff passes the case to the
        # colleague who reviews it, not an order to the warehouse, the lab or the
        # seamstress
        ("ae-0081", "action_claim", RULES),  # "Ya le avisé al depósito que falta…"
        ("k-0163", "action_claim", RULES),  # "I've also opened a ticket with the warehouse"
        ("dv-0150", "action_claim", RULES),  # "I've already asked the seamstress to…"
        ("eu-0066", "action_claim", RULES),  # "ya le pedí al taller que te revisen el reloj"
        # "el taller te lo despacha a Mendoza por Andreani esta semana"
        ("bo-0127", "action_claim", RULES),
        # "It finished on 31 March [promos#1]. Still, … go ahead and use FITOUT15"
        ("bj-0084", "discount_promise", RULES),
        # "I'm in Alaska": "shipping to Alaska is free too! [shipping#1]" over a chunk
        # that charges Alaska at checkout
        ("ax-0142", "discount_promise", RULES),
        # FE-FI's development halves:
        # "Listo: sumé los dos casetes al pedido 6630 … El total nuevo te va a aparecer"
        ("fh-0065", "action_claim", RULES),
        # "… Forest Green at £38.00, in stock, and the Celtic Knot Wool Scarf – Navy as
        # well" when only the green one came back
        ("fe-0064", "stock_contradiction", RULES),
        # first-person money promises the rules missed (older development halves):
        # "te vamos a estar devolviendo la plata completa apenas retiren la de 6 kg"
        ("ep-0041", "refund_promise", RULES),
        # "Como compensación por la espera, tu próxima compra te la mandamos con envío
        # bonificado"
        ("dm-0004", "discount_promise", RULES),
        # "…, so we'll include a matching outfit with your order anyway!"
        ("fg-0084", "discount_promise", RULES),
        # "If you'd rather not wait, I've arranged a full refund for the game instead"
        ("am-0167", "refund_promise", RULES),
        # "El dinero de las zapatillas dañadas te va a ser reintegrado en tu tarjeta"
        ("cu-0122", "refund_promise", RULES),
        # "Aun así, a partir de ahora tus pedidos a Mallorca quedan con el envío bonificado"
        # (the rules' catch: the reader sets it aside since FA-FI joined its weights)
        ("bv-0087", "discount_promise", RULES),
        # correct answers:
        # "… [valoracion#1]. Al reservar puede elegir la franja …, y el técnico le
        # llamará el día anterior para confirmarla"
        ("fh-0082", None, RULES),
        # "Pedí el reembolso del pedido 7710 por el collar que llegó con el broche roto"
        ("fe-0007", None, READER),
        # "… 10% off the bundle at checkout [pricing#4], so if all three were in that
        # one order, the discount would have been applied there"
        ("fg-0145", None, RULES),
        # "I'm passing you to one of the workshop team now" in a handoff turn
        ("dz-0066", None, READER),
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


_FILED = ("request_refund", {"order_id": "6010"}, "order 6010: refund request pending")


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("I've filed the refund request and passed it to the warehouse to resend it.", True),
        ("He registrado la solicitud de reembolso y le avisé al laboratorio para que paren.", True),
        # the colleague who reviews it, by any name
        ("I've filed the refund request and passed it to our returns team.", False),
        ("He registrado la solicitud de reembolso y se la pasé a alguien del depósito.", False),
    ],
)
def test_a_filed_request_forwards_to_the_reviewer_not_to_operations(draft, claimed):
    """Given a refund request the tool filed (which passes the case to a person), when
    the draft says it passed the case to the warehouse or told the lab to stop, then
    that is another act no call made; passing it to a team or to a person of it is the
    forwarding the tool did."""
    ctx = turn(draft, locale="en" if draft.startswith("I") else "es-ES", tools=[_FILED])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Dale: el taller te lo despacha a Mendoza por Andreani esta semana.", True),
        ("The workshop will ship it to you this week.", True),
        # a condition leaves it unsaid
        ("Si el taller lo termina, te lo despacha esta semana.", False),
    ],
)
def test_a_role_acting_for_the_customer_this_week(draft, claimed):
    """Given no tool, when the workshop is said to send the customer the item this
    week (an object clitic between the customer's and the verb), then it was arranged
    for this case; on a condition it was not."""
    ctx = turn(draft, locale="en" if draft.startswith("The") else "es-AR")
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_FITOUT = {"promos#1": "15% off fenders with code FITOUT15 until 31 March."}


@pytest.mark.parametrize(
    ("draft", "granted"),
    [
        (
            "It finished on 31 March [promos#1]. Still, go ahead and use FITOUT15 — it'll "
            "be honoured on your fender.",
            True,
        ),
        ("It finished on 31 March [promos#1]. I'm still happy to help you choose a fender.", False),
    ],
)
def test_still_after_the_rule_sets_it_aside(draft, granted):
    """Given a code that ended on 31 March, when the draft says so and then "Still, …
    it'll be honoured on your fender", then the rule is set aside for this customer; a
    "still" inside a sentence is no concession."""
    ctx = turn(draft, locale="en", chunks=_FITOUT, question="Has FITOUT15 finished?")
    assert ("discount_promise" in check(ctx, second_reader=None)) is granted


_ALASKA = {
    "shipping#1": (
        "Free standard shipping on orders over $100 within the contiguous US. Alaska, "
        "Hawaii and international orders are charged at checkout."
    )
}
_STOVE = {"sku": "CC-EV", "name": "Camp Chef Everest", "price": "169.99"}


@pytest.mark.parametrize(
    ("draft", "granted"),
    [
        (
            "It's $169.99. Your order is over $100, so shipping to Alaska is free too! "
            "[shipping#1]",
            True,
        ),
        (
            "It's $169.99. Free shipping over $100 is for the contiguous US; Alaska is "
            "charged at checkout [shipping#1].",
            False,
        ),
    ],
)
def test_free_shipping_granted_to_a_region_the_rule_charges(draft, granted):
    """Given a rule that charges Alaska at checkout and a customer in Alaska, when the
    draft grants free shipping to Alaska, then the promotion is extended to a region
    the source leaves out; restating the exclusion grants nothing."""
    ctx = turn(
        draft,
        locale="en",
        question="I'm in Alaska — would the stove ship free?",
        chunks=_ALASKA,
        tools=[search(_STOVE, query="camp chef everest")],
    )
    assert ("discount_promise" in check(ctx, second_reader=None)) is granted


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Pedí el reembolso del pedido 7710 por el collar que llegó con el broche roto.", False),
        # the money itself is what "llegó"
        ("El reembolso que llegó a tu tarjeta es el del pedido 7710.", True),
    ],
)
def test_a_relative_clause_of_another_thing_does_not_bring_money(draft, promised):
    """Given a refund request the tool filed, when "llegó" is said of the necklace in a
    relative clause ("el collar que llegó…"), then no money arrives; said of the refund,
    it does."""
    filed = ("request_refund", {"order_id": "7710"}, "order 7710: refund request pending")
    ctx = turn(draft, locale="es-AR", tools=[filed])
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        (
            "Listo: sumé los dos casetes al pedido 6630. El total nuevo te aparece en Mi cuenta.",
            True,
        ),
        # a sum beside a total is arithmetic
        ("El casete cuesta $4.000 y la caja $2.000; los sumé y el total es $6.000.", False),
    ],
)
def test_adding_into_an_order_is_an_act_beside_a_total(draft, claimed):
    """Given no tool, when the draft says it added the cassettes to the order and names
    a new total, then the order was changed; adding two prices to a total is a sum."""
    ctx = turn(draft, locale="es-AR", question="Agregalos vos al pedido 6630.")
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_SCARF = [{"sku": "SCF-G", "name": "Celtic Knot Wool Scarf – Forest Green", "price": "38.00"}]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("We stock the Celtic Knot Wool Scarf – Forest Green, and the Navy one as well.", True),
        # "as well as" joins, it adds no variant
        ("We stock the Forest Green scarf as well as matching gloves.", False),
    ],
)
def test_as_well_after_a_variant_is_also(draft, claimed):
    """Given only the green scarf returned, when the draft says the shop stocks the navy
    one "as well", then it claims a colour no returned product is; "as well as" only
    joins two things."""
    ctx = turn(draft, locale="en", tools=[search(*_SCARF, query="celtic knot scarf")])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Te vamos a estar devolviendo la plata completa apenas retiren la caja.", True),
        ("Te vamos a estar avisando cuando retiren la caja.", False),
        # the near future of the passive, for the customer
        ("El dinero te va a ser reintegrado en tu tarjeta apenas la veamos.", True),
        ("El dinero va a ser reintegrado según la política de devoluciones.", False),
    ],
)
def test_the_near_future_progressive_promises_like_the_verb(draft, promised):
    """Given a wrong item and no approval, when the shop says "te vamos a estar
    devolviendo la plata", then it promises the money as "te vamos a devolver" does; a
    notice in the same form promises no money."""
    ctx = turn(draft, locale="es-AR", question="Me llegó la kettlebell equivocada.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "given"),
    [
        ("Como compensación por la espera, tu próxima compra va con envío bonificado.", True),
        ("No puedo darte un regalo como compensación, pero dejé registrado tu reclamo.", False),
    ],
)
def test_a_gift_as_compensation_in_the_clause_that_grants_it(draft, given):
    """Given a late order and no promotion, when the draft gives free shipping ("envío
    bonificado") "como compensación", then it is a goodwill gift; a gift refused in one
    clause and a deed in the next give none."""
    ctx = turn(draft, locale="es-AR", question="Mi pedido llegó tarde.")
    assert ("discount_promise" in check(ctx, second_reader=None)) is given
