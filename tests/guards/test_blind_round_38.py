"""Misses and false alarms found in session 38 on the development halves of the blind
files, read once HC-HF's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from guards.conjugation import after_purpose
from guards.text import words
from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Para devolverlo, pedí la devolución desde Mis pedidos > Devolver. Una vez que
        # la pedís, el correo manda la etiqueta…" (the customer is told what to do)
        ("he-0066", None),
        # "I can't arrange it from the chat, so I'd give them a ring as soon as you can."
        ("he-0126", None),
        # "Both are in stock, and the PL-880 has a 2-year warranty." (the antenna kit,
        # the other one, has none on its sheet)
        ("hf-0049", None),
        # "But the **Tecsun PL-880** ($219.00, in stock) and the **Sangean ATS-909X2** are
        # both great shortwave radios we carry right now." (only the PL-880 returned)
        ("hf-0082", "stock_contradiction"),
        # "Tenemos el **Trompo metálico con lanzador** a $15.900 (en stock, 6 meses de
        # garantía) y también la línea de **trompos japoneses Koma**" (only the metal top)
        ("hf-0125", "stock_contradiction"),
        # "¡Sí, obvio! Podés comprarla ya mismo a $1.250.000 y te la despachamos apenas
        # entre" (the one table returned is out of stock)
        ("gu-0142", "out_of_stock_offered"),
        # "Our crew will come back on Friday to clear the branches." (only the order was
        # looked up)
        ("ha-0043", "action_claim"),
        # "Quedate tranquilo: un técnico te va a llamar mañana para ver lo de la
        # condensación y, si hace falta, coordinar una visita." (no tool ran)
        ("gw-0124", "action_claim"),
        # "Un compañero de logística se comunica hoy con el expreso para pasarle la
        # dirección completa." (only the order was looked up)
        ("bs-0147", "action_claim"),
        # "He solicitado el reembolso del pedido 9940 indicando que las bolas llegaron
        # oxidadas" (request_refund ran; read after HG-HK's first figure)
        ("hg-0062", None),
        # "Ana, del equipo, no aprobó el reembolso porque la colcha llegó usada"
        ("bd-0127", None),
        # kept: "If it doesn't arrive, we'd refund you straight away" is a promise
        ("af-0088", "refund_promise"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_ORDER = [("get_order_status", {"order_id": "8806"}, "8806 — confirmed, pickup today")]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("I can't arrange it from the chat, so I'd give them a ring as soon as you can.", False),
        ("I'd cancel it from My orders if I were you.", False),
        ("I'll give them a ring right away.", True),
        ("I've given them a ring.", True),
        # acting on the customer, a would-form still binds
        ("I'd send you a replacement today.", True),
    ],
)
def test_a_contracted_would_before_a_bare_verb_is_advice(draft, claimed):
    """Given a turn that only looked an order up, when the speaker says "I'd" and a bare
    verb, then it is "would", advice that claims no act; "I'll" and "I've" claim one, and
    a would-form whose object is the customer still does."""
    ctx = turn(draft, locale="en", question="Can I pick up order 8806 late?", tools=_ORDER)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_RETURNED = [("get_order_status", {"order_id": "3315"}, "3315 — entregado")]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Para devolverlo, pedí la devolución desde Mis pedidos > Devolver.", False),
        ("Ya pedí la devolución al depósito.", True),
        # an -ar verb's "-é" is only "I did": the purpose changes nothing
        ("Para cancelarlo, cancelé el pedido.", True),
    ],
)
def test_an_ir_verb_after_a_purpose_is_the_vos_imperative(draft, claimed):
    """Given a turn that only looked an order up, when an -ir verb's "-í" (both "I did"
    and the "vos" imperative) follows "para" and an infinitive, then it tells the
    customer what to do; with "ya", or for another verb's past, it claims the act."""
    ctx = turn(draft, locale="es-AR", question="¿Cómo devuelvo el 3315?", tools=_RETURNED)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("sentence", "verb", "purpose"),
    [
        ("Para devolverlo, pedí la devolución", "pedí", True),
        ("Para cambiarla, escribí al taller", "escribí", True),
        ("Ya pedí la devolución", "pedí", False),
        ("Para eso pedí la devolución", "pedí", False),
    ],
)
def test_a_purpose_is_para_and_an_infinitive_with_its_clitics(sentence, verb, purpose):
    tokens = words(sentence)
    assert after_purpose(tokens, tokens.index(verb)) is purpose


_RADIOS = search(
    {
        "sku": "TEC-PL880",
        "name": "Tecsun PL-880",
        "price": "219.00",
        "currency": "USD",
        "in_stock": True,
        "warranty": "2 years",
    },
    {
        "sku": "ANT-LW-7M",
        "name": "Longwire Antenna Kit 7 m",
        "price": "29.50",
        "currency": "USD",
        "in_stock": True,
        "warranty": None,
    },
    query="tecsun antenna",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Both are in stock, and the PL-880 has a 2-year warranty.", False),
        ("Both are in stock, and both have a 2-year warranty.", True),
        ("Both are in stock, and the antenna kit has a 2-year warranty.", True),
        ("Both, the PL-880 and the antenna kit, have a 2-year warranty.", True),
    ],
)
def test_a_pair_said_outside_the_warranty_stretch_does_not_take_it(draft, failed):
    """Given two products, one without a warranty, when "both" is said in one stretch
    and the warranty in another that names its own product, then the warranty is that
    product's; said of the pair, or in the pair's stretch, it is both products'."""
    ctx = turn(draft, locale="en", question="Price and warranty?", tools=[_RADIOS])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("But the Sangean ATS-909X2 is a great radio we carry right now.", True),
        ("The Tecsun PL-880 is a great radio we carry.", False),
        ("This is what we carry: the Tecsun PL-880.", False),
    ],
)
def test_a_relative_of_the_shops_having_claims_its_subject(draft, failed):
    """Given a search, when the draft says a product "is a radio we carry", then it
    claims the product, which must be one the search returned; a pointing pronoun as the
    subject announces a list and claims nothing itself."""
    ctx = turn(draft, locale="en", question="Any shortwave radios?", tools=[_RADIOS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


def _tops(*extra: dict) -> tuple[str, dict, dict]:
    metal = {
        "sku": "TRO-MET",
        "name": "Trompo metálico con lanzador",
        "price": "15900",
        "currency": "ARS",
        "in_stock": True,
        "warranty": "6 meses",
    }
    return search(metal, *extra, query="trompos")


_KOMA = {
    "sku": "TRO-KOMA",
    "name": "Trompo japonés Koma",
    "price": "9900",
    "currency": "ARS",
    "in_stock": True,
    "warranty": None,
}


@pytest.mark.parametrize(
    "draft",
    [
        "Tenemos el Trompo metálico con lanzador a $15.900 (en stock, 6 meses de garantía) "
        "y también el Trompo japonés Koma.",
        "El Trompo japonés Koma es un trompo hermoso que tenemos ahora.",
    ],
)
@pytest.mark.parametrize(("returned", "failed"), [((), True), ((_KOMA,), False)])
def test_an_aside_or_a_relative_still_claims_the_other_product(draft, returned, failed):
    """Given a search, when the shop says it also has a product after a parenthetical
    aside, or says of it that it is one "que tenemos", then it claims it: a failure when
    the search did not return it, nothing when it did."""
    tools = [_tops(*returned)]
    ctx = turn(draft, locale="es-AR", question="¿Tienen trompos?", tools=tools)
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


def test_a_pointing_pronoun_before_lo_que_tenemos_claims_nothing():
    ctx = turn(
        "Esto es lo que tenemos: el Trompo metálico con lanzador.",
        locale="es-AR",
        question="¿Tienen trompos?",
        tools=[_tops()],
    )
    assert check(ctx, second_reader=None) == {}


_SOLD_OUT = search(
    {
        "sku": "MES-EXT",
        "name": "Mesa de ping pong exterior Sponeta S3-87e",
        "price": "1250000",
        "currency": "ARS",
        "in_stock": False,
        "warranty": "24 meses",
    },
    query="sponeta exterior",
)


@pytest.mark.parametrize(
    ("draft", "offered"),
    [
        ("Podés comprarla ya mismo y te la despachamos apenas entre.", True),
        ("Podés comprarla ya mismo a $1.250.000.", True),
        ("Cuando entre, la podés comprar hoy mismo.", False),
        ("Podés comprarla ya mismo cuando entre.", False),
    ],
)
def test_a_sold_out_product_sold_now_by_a_pronoun(draft, offered):
    """Given a search whose only product is out of stock, when the draft names no
    product and offers to sell "it" now, then it offers that product; a time said in a
    later conjunct ("y te la despachamos apenas entre") does not make the sale now one
    for later, while a time clause that governs the offer does."""
    ctx = turn(draft, locale="es-AR", question="¿Me la venden igual?", tools=[_SOLD_OUT])
    assert ("out_of_stock_offered" in check(ctx, second_reader=None)) is offered


_FELLED = [("get_order_status", {"order_id": "8834"}, "8834 — tree felling, completed 1 July")]


@pytest.mark.parametrize(
    ("draft", "locale", "claimed"),
    [
        ("Our crew will come back on Friday to clear the branches.", "en", True),
        ("El instalador te visita el lunes para terminar la obra.", "es-AR", True),
        ("La tripulación pasará mañana a retirar las ramas.", "es-ES", True),
        ("If you'd like, our crew can come back on Friday to clear the branches.", "en", False),
        ("Our crew won't be back on Friday, sorry.", "en", False),
        ("Our crew finished the felling on 1 July.", "en", False),
    ],
)
def test_the_shops_trades_said_to_act_on_a_day(draft, locale, claimed):
    """Given a turn that only looked an order up, when one of the shop's own people by
    their trade (crew, fitter, installer) is said to act for the customer on a day, then
    an arrangement is claimed, as for a courier or a colleague; an offer, a negation or
    the record's own past claims none."""
    ctx = turn(draft, locale=locale, question="The branches are still here.", tools=_FELLED)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        (
            "Quedate tranquilo: un técnico te va a llamar mañana y, si hace falta, coordinar "
            "una visita.",
            True,
        ),
        ("Si hace falta, un técnico te va a llamar mañana.", False),
        ("Un técnico te va a llamar mañana si hace falta.", False),
    ],
)
def test_a_condition_in_a_later_conjunct_leaves_the_first_unconditioned(draft, claimed):
    """Given no tool ran, when a technician is said to call tomorrow and a condition
    opens only the conjunct after "y", then the call is still arranged; a condition
    fronted or after the whole clause conditions the call itself."""
    ctx = turn(draft, locale="es-AR", question="Me gotea la ventana nueva.")
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_HELD = [
    (
        "get_order_status",
        {"order_id": "8050"},
        "8050 — despachado por expreso, en depósito del expreso: dirección incompleta",
    )
]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Un compañero de logística se comunica hoy con el expreso.", True),
        ("Un compañero de logística se va a comunicar hoy con el expreso.", True),
        ("Un compañero de logística no se comunica hoy con el expreso.", False),
        ("El equipo de logística se encarga de los envíos de lunes a viernes.", False),
    ],
)
def test_a_role_with_its_complement_acting_today(draft, claimed):
    """Given a turn that only looked an order up, when a colleague "de logística" is
    said to act today (a present with a day, a reflexive verb, or "va a"), then the
    act is claimed past the role's complement; a negation, or a span of weekdays (the
    hours a team works), claims none."""
    ctx = turn(draft, locale="es-AR", question="¿Dónde está el 8050?", tools=_HELD)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_FILED = [
    (
        "request_refund",
        {"order_id": "9940", "reason": "bolas oxidadas"},
        "order 9940: refund request pending, a colleague will review it",
    )
]


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        (
            "He solicitado el reembolso del pedido 9940 indicando que las bolas llegaron oxidadas.",
            False,
        ),
        ("He solicitado el reembolso del pedido 9940: mis sillas llegaron rotas.", False),
        ("Las bolas llegaron oxidadas, así que el reembolso te llega mañana.", True),
    ],
)
def test_goods_that_arrived_are_not_money_arriving(draft, promised):
    """Given a filed refund request, when the draft says the goods arrived damaged with
    a feminine or plural article ("las bolas llegaron"), then the thing arrived, not the
    money; the refund said to arrive is still a promise."""
    ctx = turn(draft, locale="es-ES", question="Quiero mi dinero, pedido 9940", tools=_FILED)
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised
