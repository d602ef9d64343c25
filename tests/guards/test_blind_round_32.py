"""False alarms and misses found in session 32 on the development halves of FJ-FM, read
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
        # "I can't speed it up from here, but you'll be notified when it's ready"
        ("fl-0109", "action_claim", RULES),
        # "Tenemos la Denon DP-300F … Y también la Denon DP-400 en blanco"
        ("fm-0123", "stock_contradiction", RULES),
        # "te adelanto yo ahora mismo los gastos de envío por Bizum"
        ("fk-0082", "refund_promise", RULES),
        # "it reaches about 25 mph on a long straight"
        ("fm-0084", "unbacked_figure", RULES),
        # "… así que tu dinero lo tienes asegurado" after a filed request
        ("fk-0068", "refund_promise", RULES),
        # "Ahora mismo no tenemos ninguna cocotte Le Creuset disponible" over one in stock
        ("aj-0046", "stock_contradiction", RULES),
        # "We do carry the Fluval Plant 3.0 LED, but sadly neither length is in stock"
        ("aj-0202", "stock_contradiction", RULES),
        # "… Si buscás el shampoo de la misma línea, también tenemos." (only the conditioner)
        ("w-0062", "stock_contradiction", RULES),
        # "Ya te devolví lo de las 2 que faltaron a la tarjeta" after a lookup
        ("aq-0127", "refund_promise", RULES),
        # "No te hagas problema, se te va a devolver todo."
        ("bd-0142", "refund_promise", RULES),
        # "Si mañana no sale, lo cancelás y te devolvemos todo sin vueltas."
        ("br-0143", "refund_promise", RULES),
        # "Of course, I'll let SNOOZE20 cover the FoldAway crate (£89) too"
        ("xx-0006", "discount_promise", RULES),
        # "Our neon tetras come in a pack of 12 for £19.90" over "Neon tetra, pack of 10"
        ("aj-0088", "unbacked_figure", RULES),
        # correct answers:
        # "… el Rider Clásico, que también tenemos disponible a $15.900"
        ("fj-0065", None, READER),
        # "Entiendo perfectamente que te fastidie verlo más barato 😅" and a refusal
        ("fk-0003", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


_LOOKUP = ("get_order_status", {"order_id": "9920"}, "9920 — in queue, not started")


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("You'll be notified when it's ready.", True),
        ("You'll be notified as soon as the part arrives.", True),
        # on a condition the customer has yet to meet, nothing is promised
        ("If you leave a number, you'll be notified.", False),
        ("I can't tell when it will be ready.", False),
    ],
)
def test_a_passive_deed_for_a_time_to_come_is_promised(draft, claimed):
    """Given a repair that the lookup shows queued, when the draft says in the passive
    that the customer will be told at a time to come, then that is an act no tool did;
    an "if" still makes it a condition."""
    ctx = turn(draft, locale="en", tools=[_LOOKUP])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_DECKS = search(
    {"sku": "THOTH", "name": "Tarot Thoth Deluxe", "price": "31500", "in_stock": True},
    {"sku": "RIDER", "name": "Tarot Rider Clásico", "price": "15900", "in_stock": True},
    query="tarot",
)


@pytest.mark.parametrize(
    ("draft", "contradicts"),
    [
        ("Te conviene el Tarot Rider Clásico, que también tenemos disponible.", False),
        ("Tenemos el Tarot Thoth Deluxe. Y también el Tarot Marsella en caja.", True),
        # a verb of its own: no ellipsis of "tenemos"
        ("Tenemos el Tarot Thoth Deluxe. Y también el Rider es lindo.", False),
        ("Tenemos el Tarot Thoth Deluxe. Y también el Tarot Rider Clásico.", False),
        # the thing wanted, named in an "if" before a bare "también tenemos"
        ("Si buscás el mazo Marsella de la misma línea, también tenemos.", True),
        ("Si buscás el Tarot Rider Clásico de la misma línea, también tenemos.", False),
    ],
)
def test_also_after_a_relative_or_with_its_verb_left_out(draft, contradicts):
    """Given two decks returned, when "también tenemos" follows a relative "que", then
    its object is the deck named before; when a sentence opens "Y también" and names a
    product with no verb, then the shop says it has that one too, so it must be
    returned."""
    ctx = turn(draft, locale="es-AR", tools=[_DECKS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


_FILED = (
    "request_refund",
    {"order_id": "70315"},
    "order 70315: refund request pending, a colleague will review it",
)


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Para que no esperes, te adelanto yo el dinero por Bizum.", True),
        ("Te adelanto que el reembolso depende de la revisión.", False),
        ("No te puedo adelantar el dinero.", False),
        ("El importe lo tienes asegurado.", True),
        ("Ya te devolví lo de las dos que faltaron a la tarjeta, así que listo.", True),
        ("Te devolvimos el paquete a la dirección de origen.", False),
        ("Si se aprueba, el importe lo tienes asegurado.", False),
    ],
)
def test_money_paid_ahead_or_held_for_sure(draft, promised):
    """Given a refund request filed for a person to review, when the draft pays the money
    ahead, says the customer holds it for sure, or gives a thing back to the card, then
    money back is promised; telling something ahead, a refusal,
    an approval condition and a parcel sent back to an address promise nothing."""
    ctx = turn(draft, locale="es-ES", tools=[_FILED])
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "offered"),
    [
        ("Entiendo que te moleste verlo más barato en otra web.", False),
        ("I get it, it's annoying when you've found it cheaper elsewhere.", False),
        ("Te lo dejo más barato.", True),
    ],
)
def test_a_price_seen_elsewhere_is_a_report(draft, offered):
    """Given no source with a price match, when "más barato" or "cheaper" follows a verb
    of seeing or finding, then it reports what the customer saw; a price the shop gives
    still fails."""
    locale = "en" if draft.startswith("I ") else "es-ES"
    ctx = turn(draft, locale=locale)
    assert ("discount_promise" in check(ctx, second_reader=None)) is offered


@pytest.mark.parametrize(
    ("draft", "unbacked"),
    [
        ("The Neon tetra come in a pack of 12 (£19.90).", ("12",)),
        ("The Neon tetra come in a pack of 10 (£19.90).", ()),
        ("Vienen en cajas de 12 por £19.90.", ("12",)),
    ],
)
def test_how_many_a_pack_holds_is_a_count(draft, unbacked):
    """Given a pack of 10 returned, when the draft says a pack (a box, a set) "of" a
    number, then that number counts what it holds and needs a source: 12 fails, 10 is
    the record's."""
    fish = {"sku": "NEON-10", "name": "Neon tetra, pack of 10", "price": "19.90"}
    locale = "es-ES" if draft.startswith("Vienen") else "en"
    ctx = turn(draft, locale=locale, tools=[search(fish, query="neon tetra")])
    assert check(ctx, second_reader=None).get("unbacked_figure", ()) == unbacked


def test_a_speed_is_a_measure_that_needs_a_source():
    """Given a slot car whose record gives no speed, when the draft says "25 mph", then
    the figure is unbacked and named."""
    car = {"sku": "CAR-1", "name": "Carrera Digital 124 Ferrari 488 GT3", "price": "109.99"}
    draft = "The Carrera Digital 124 Ferrari 488 GT3 ($109.99) reaches about 25 mph."
    ctx = turn(draft, locale="en", tools=[search(car, query="carrera")])
    assert check(ctx, second_reader=None)["unbacked_figure"] == ("25",)


_COCOTTES = search(
    {"sku": "LC-20", "name": "Cocotte Le Creuset 20 cm cereza", "price": "289.00"},
    {"sku": "LC-24", "name": "Cocotte Le Creuset 24 cm volcánico", "price": "349.00"},
    query="cocotte le creuset",
)


@pytest.mark.parametrize(
    ("draft", "in_stock", "contradicts"),
    [
        ("No tenemos ninguna cocotte Le Creuset disponible.", (True, False), True),
        ("No tenemos ninguna cocotte Le Creuset disponible.", (False, False), False),
        # the kind denied is one no returned name holds
        ("No hay ninguna cocotte ovalada disponible.", (True, False), False),
        ("We carry the Cocotte Le Creuset, but neither size is in stock.", (False, True), True),
        ("We carry the Cocotte Le Creuset, but neither size is in stock.", (False, False), False),
        # the size the kind names says which one: the 24 cm is out, the 20 cm in stock
        ("No tenemos ninguna cocotte Le Creuset de 24 cm disponible.", (True, False), False),
        ("No tenemos ninguna cocotte Le Creuset de 20 cm disponible.", (True, False), True),
    ],
)
def test_every_one_denied_by_a_quantifier(draft, in_stock, contradicts):
    """Given two cocottes returned, when a negative or universal quantifier ("ninguna",
    "neither", "ninguna de las dos") denies the stock of every one the draft names, then
    one returned in stock contradicts it; all out of stock, another kind, or a size that
    names the other one, do not."""
    returned = _COCOTTES[2]["products"]
    products = [{**p, "in_stock": s} for p, s in zip(returned, in_stock, strict=True)]
    tool = search(*products, query="cocotte le creuset")
    locale = "en" if draft.startswith("We ") else "es-ES"
    ctx = turn(draft, locale=locale, tools=[tool])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


@pytest.mark.parametrize(
    ("draft", "given"),
    [
        ("FIRSTNIB is one use per customer, but I'll honour it again on this order.", True),
        ("I'll let SNOOZE20 cover the crate too.", True),
        ("I'll let you know ASAP.", False),
        ("I can't honour FIRSTNIB a second time, sorry.", False),
    ],
)
def test_a_promotion_code_is_what_honour_or_let_gives(draft, given):
    """Given no source for a second use, when the speaker will honour a code named in
    capitals, or let the code itself cover a thing, then a lower price is given; "let
    you know ASAP" and a refusal give nothing."""
    assert ("discount_promise" in check(turn(draft, locale="en"), second_reader=None)) is given
