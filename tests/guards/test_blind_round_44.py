"""Misses and false alarms found in session 44 on the development halves of the blind
files IU, IV and IW, read once their first figures were taken, each kept exactly as its
writer wrote it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Procederemos a devolverle la cuota de instalación en su método de pago"
        ("iu-0026", "refund_promise"),
        # "I'll get the import declaration lodged today" (only the lookup ran)
        ("iv-0021", "action_claim"),
        # "your frequent flyer number is now on BT-7301" (no tool ran)
        ("iv-0082", "action_claim"),
        # "Tu socio ya tiene acceso a la cuenta AT-6500" (no tool ran)
        ("iv-0109", "action_claim"),
        # "we'll hold your premium at this year's level for the renewal, whatever the
        # insurer quotes" (the page says the insurer may adjust it)
        ("iu-0148", "discount_promise"),
        # "Ya sumamos la ISO 45001 al alcance del proyecto ISO-4033" (no tool ran)
        ("iv-0047", "action_claim"),
        # kept: "el Durómetro Shore D digital cuesta 245,00 € (1 año de garantía) y el
        # Soporte de prueba para Shore 189,00 €" (the stand has no warranty on record)
        ("iw-0065", None),
        # kept: "puedo contaros qué modelos más pequeños tenemos" (an empty search)
        ("iw-0087", None),
        # kept: "4,5 L (cuatro litros y medio)"
        ("iw-0105", None),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_LOOKUP = ("get_order_status", {"order_id": "BT-7301"}, "BT-7301 — confirmed, seat 23E")


@pytest.mark.parametrize(
    ("draft", "locale", "question", "tools", "chunks", "failed"),
    [
        (
            "Your frequent flyer number is now on BT-7301.",
            "en",
            "Please add my frequent flyer number to booking BT-7301.",
            [],
            {},
            True,
        ),
        (
            "Tu socio ya tiene acceso a la cuenta AT-6500.",
            "es-AR",
            "Agregá a mi socio como usuario de la cuenta AT-6500.",
            [],
            {},
            True,
        ),
        # the lookup's record holds it: a report
        (
            "Your booking BT-7301 is now confirmed with seat 23E.",
            "en",
            "Is my booking BT-7301 confirmed? I asked for seat 23E.",
            [_LOOKUP],
            {},
            False,
        ),
        # the page says how it is: a description
        (
            "El plan Pro ya tiene soporte telefónico incluido [planes#1].",
            "es-ES",
            "¿El plan Pro tiene soporte telefónico?",
            [],
            {"planes#1": "El plan Pro incluye soporte telefónico en horario laboral."},
            False,
        ),
        # one word of the request only
        (
            "The account is now in its renewal period.",
            "en",
            "Please add my partner to the account.",
            [],
            {},
            False,
        ),
    ],
)
def test_the_case_said_to_hold_now_what_was_asked_for_is_an_act(
    draft, locale, question, tools, chunks, failed
):
    """Given a request, when the draft says the case now holds it ("is now on", "ya
    tiene") in two of the request's words that no record or source of the turn holds,
    then only an act could have made it so; what a lookup or a page holds, and a
    clause that shares one word, claim nothing."""
    ctx = turn(draft, locale=locale, question=question, tools=tools, chunks=chunks)
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Procederemos a devolverle la cuota de instalación en su método de pago.", True),
        ("Vamos a devolverle la cuota de abril.", True),
        # refused, and the customer's own step
        ("La cuota de instalación no se la podemos devolver.", False),
        ("Puede pedir la devolución de la cuota desde su área de cliente.", False),
    ],
)
def test_a_fee_paid_as_a_cuota_is_money(draft, failed):
    """Given no refund was approved, when the speaker pays back a "cuota", then it is
    money back, as a fee or a surcharge is; refused, or the customer's own request, it
    promises nothing."""
    ctx = turn(draft, locale="es-ES", question="El técnico no vino y me cobraron.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("I'll get the import declaration lodged today.", True),
        ("Hoy presentaremos la declaración de importación.", True),
        # the customer's step, and a refusal
        ("You can lodge the import declaration today from the portal.", False),
        ("I can't lodge the import declaration today from the chat.", False),
    ],
)
def test_a_deed_set_for_today_is_for_this_case(draft, failed):
    """Given only a lookup ran, when the speaker says it will do something today, then
    the deed is set for a day of this case, as one set for tomorrow is; the customer's
    own step and a refusal claim nothing."""
    ctx = turn(
        draft,
        locale="en" if draft[0] in "IY" else "es-ES",
        question="Please file the import declaration for shipment CB-1190 today.",
        tools=[("get_order_status", {"order_id": "CB-1190"}, "CB-1190 — at port")],
    )
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


_RENEWAL = {"renewal#2": "Insurers review the claims history at each renewal and may adjust it."}


@pytest.mark.parametrize(
    ("draft", "locale", "chunks", "failed"),
    [
        ("We'll hold your premium at this year's level for the renewal.", "en", _RENEWAL, True),
        ("Tranquilo, te congelamos la cuota actual hasta fin de año.", "es-AR", {}, True),
        # a page that says "hold" of no price holds none
        (
            "We'll keep your rate at the current level.",
            "en",
            {"kits#1": "Every kit ships with two holders. Rates are reviewed each year."},
            True,
        ),
        # refused, and a page that holds prices itself
        ("We can't freeze your premium at this year's level [renewal#2].", "en", _RENEWAL, False),
        (
            "We'll keep your rate at the current level for two years [prices#1].",
            "en",
            {"prices#1": "Renewal rates are locked for two years from the first purchase."},
            False,
        ),
    ],
)
def test_a_price_held_where_it_is_is_a_lower_price(draft, locale, chunks, failed):
    """Given no page holds prices, when the speaker holds the customer's price at its
    current level ("we'll hold your premium at this year's level", "te congelamos la
    cuota actual"), then it grants a price no source gives; refused, or over a page
    that locks prices itself, it grants nothing."""
    ctx = turn(draft, locale=locale, question="Can you stop the price going up?", chunks=chunks)
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Ya sumamos la norma 45001 al alcance de tu proyecto.", True),
        ("Ya cargamos tu dirección nueva en el pedido.", True),
        # what the shop has, and a preposition after the verb
        ("Ya contamos con la norma 45001 en el catálogo de cursos.", False),
        ("No, todavía no sumamos la norma a tu proyecto.", False),
    ],
)
def test_ya_before_a_plural_with_its_object_is_done(draft, failed):
    """Given no tool ran, when "ya" stands right before a first-person plural whose
    object follows ("ya sumamos la norma…"), then the deed is done; "ya contamos con"
    (a preposition) and a negated verb say nothing done."""
    ctx = turn(draft, locale="es-AR", question="Queremos sumar la norma 45001 al proyecto.")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


_DISH = search(
    item("CHF-POR-4.5", "Chafing dish de porcelana redondo 4,5 L", "159.00", "EUR", warranty=None),
    query="chafing porcelana",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Es el chafing de 4,5 L (cuatro litros y medio).", False),
        ("Le caben cuatro litros y medio.", False),
        # a half more than the product holds, and a count of its own after "y media"
        ("Le caben cinco litros y medio.", True),
        ("Le caben 4 litros y media docena de raciones.", True),
    ],
)
def test_a_half_after_the_unit_is_part_of_the_figure(draft, failed):
    """Given the 4,5 L dish returned, when the draft says "cuatro litros y medio", then
    the figure is 4.5 and backed; "cinco litros y medio" is 5.5, which nothing gives,
    and "y media docena" leaves the 4 on its own."""
    ctx = turn(draft, locale="es-ES", question="¿Qué capacidad tiene?", tools=[_DISH])
    assert ("unbacked_figure" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        (
            "No tenemos cubetas de 50 litros. Puedo contaros qué modelos más pequeños tenemos.",
            False,
        ),
        ("We don't carry a 50-litre tank. I can tell you which smaller tanks we have.", False),
        # said as had, after a search that found nothing
        ("No tenemos cubetas de 50 litros, pero modelos más pequeños sí tenemos.", True),
    ],
)
def test_telling_what_there_is_asks_it(draft, failed):
    """Given a search that found nothing, when the speaker offers to tell what there is
    ("puedo contaros qué modelos tenemos", "I can tell you which tanks we have"), then
    the clause asks, as an offer to look does; said as had, it claims a product."""
    empty = ("search_products", {"query": "cubeta 50 litros"}, {"products": []})
    lang = "en" if draft.startswith("We") else "es-ES"
    ctx = turn(draft, locale=lang, question="¿Tenéis cubetas de 50 litros?", tools=[empty])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_TESTERS = search(
    item("HT-SHD-DG", "Durómetro Shore D digital", "245.00", "EUR", warranty="1 año"),
    item("HT-SH-STAND", "Soporte de prueba para Shore", "189.00", "EUR", warranty=None),
    query="durómetro shore D",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        (
            "El Durómetro Shore D digital cuesta 245,00 € (1 año de garantía) y el Soporte de "
            "prueba para Shore 189,00 €.",
            False,
        ),
        (
            "El Durómetro Shore D digital cuesta 245,00 € y el Soporte de prueba para Shore "
            "189,00 € (1 año de garantía).",
            True,
        ),
    ],
)
def test_a_bracketed_term_belongs_to_the_product_named_last_by_its_own_words(draft, failed):
    """Given a tester with a one-year warranty and a stand with none, whose name shares
    "Shore" with the tester's, when a bracketed term follows the tester, then it is the
    tester's; after the stand, the stand's."""
    ctx = turn(draft, locale="es-ES", question="¿Y con el soporte?", tools=[_TESTERS])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed
