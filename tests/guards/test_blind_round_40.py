"""Misses and false alarms found in session 40 on the development halves of the blind
files, read once HP-HS's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Sí, tenemos contenedores open top, con lona removible…" (the open-top search
        # returned only a used 40 ft container)
        ("hs-0064", "stock_contradiction"),
        # "Sí, disponemos de urnas específicas para mascotas con grabado de huella y
        # nombre." (searched "urna mascota"; only a ceramic keepsake urn came back)
        ("hs-0024", "stock_contradiction"),
        # "¡Sí, tenemos kazoos de colores en un montón de tonos!" (only the brass one)
        ("hb-0150", "stock_contradiction"),
        # "Yes, we stock urns with a built-in flag display case, made specially for
        # veterans." (only the classic brass urn came back: a head of three letters)
        ("hs-0104", "stock_contradiction"),
        # kept: the returned book named and described in the customer's words
        ("cl-0062", None),
        # "Yes! I checked AS-3390 and the survey is confirmed for Friday 10 May. The
        # surveyor will call you on the morning to give you an arrival window."
        ("hr-0050", "action_claim"),
        # kept: "… the carrier will call you to schedule it", as the lookup says
        ("J-0210", None),
        # "No worries at all on that front: if you find it cheaper at another shop
        # after your purchase, just send us the listing and we'll refund the
        # difference." (the page: "We don't price-match other retailers.")
        ("hq-0124", "discount_promise"),
        # "Since you've already bought the P95s, we can let you have the P100 upgrade for
        # the price of the P95, so you won't pay any extra."
        ("hq-0149", "discount_promise"),
        # "Los Zancos de madera Gigante están a $27.500 y hay stock. Sí, tienen garantía
        # de fábrica…" (the sheet has none; the page covers electric toys only)
        ("hg-0023", "warranty_without_data"),
        # "Sí, tiene garantía oficial, así que cualquier falla de fábrica está cubierta"
        # (the sheet has none; the page covers gate motors)
        ("gp-0124", "warranty_without_data"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_URN = search(
    item("URN-CER-KS", "Urna cerámica pequeña (keepsake)", "69.00", "EUR"),
    query="urna mascota",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Sí, tenemos urnas para mascotas con grabado de la huella.", True),
        ("Disponemos de urnas para mascotas. También está la Urna cerámica pequeña.", True),
        # the returned urn given as the instance, named with its own words, or denied
        ("Sí, tenemos urnas para mascotas: la Urna cerámica pequeña, por 69,00 €.", False),
        ("Tenemos la urna cerámica pequeña para mascotas, por 69,00 €.", False),
        ("No tenemos urnas específicas para mascotas, pero la Urna cerámica sí.", False),
        # the kind alone, which the search returned
        ("Sí, tenemos urnas, como la Urna cerámica pequeña.", False),
    ],
)
def test_the_feature_asked_for_is_said_carried_on_no_returned_product(draft, failed):
    """Given a search for pet urns that returned only a ceramic keepsake urn, when the
    draft says the shop has urns with the asked word ("mascotas") that no returned name
    has, then the shop is said to carry what the search did not return; the returned
    urn named as the instance or in its own words, a denial, or the kind alone, pass."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis urnas para mascotas?", tools=[_URN])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


def test_a_page_that_gives_the_feature_backs_it():
    """Given the same search and a page that says every urn can be engraved for pets,
    when the draft says the shop has urns for pets, then nothing fails."""
    ctx = turn(
        "Sí, tenemos urnas para mascotas con grabado.",
        locale="es-ES",
        question="¿Tenéis urnas para mascotas?",
        tools=[_URN],
        chunks={"urnas#1": "Todas nuestras urnas se graban para mascotas sin coste."},
    )
    assert "stock_contradiction" not in check(ctx, second_reader=None)


_KAZOO = search(item("KZ-BR", "Brass Kazoo", "8.99", "USD"), query="coloured kazoo")


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Yes, we have coloured kazoos in lots of shades!", True),
        ("We stock kazoos, and the Brass Kazoo is in stock at $8.99.", False),
        ("We don't have coloured kazoos, only the Brass Kazoo.", False),
    ],
)
def test_an_english_feature_before_the_head(draft, failed):
    ctx = turn(draft, locale="en", question="Do you have coloured kazoos?", tools=[_KAZOO])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_STILTS = search(item("PA-ZANC", "Zancos de madera Gigante", "27500", "ARS"), query="zancos madera")
_ELECTRIC_ONLY = {
    "garantia#1": "Los productos eléctricos (máquinas de burbujas) tienen 6 meses de garantía."
}


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Los Zancos de madera Gigante están a $27.500. Sí, tienen garantía de fábrica.", True),
        ("Los Zancos de madera Gigante están a $27.500. Tiene garantía oficial.", True),
        ("Los Zancos de madera Gigante están a $27.500. Vienen con garantía.", True),
        # denied, unknown, or given by the page that covers other products
        ("Los Zancos de madera Gigante están a $27.500. No tienen garantía.", False),
        ("Los Zancos de madera Gigante están a $27.500. No tengo datos de su garantía.", False),
        ("Los Zancos de madera Gigante están a $27.500. ¿Querés saber algo más?", False),
    ],
)
def test_a_termless_warranty_said_of_the_product_named_before(draft, failed):
    """Given stilts whose sheet has no warranty and a page that gives one only to
    electric products, when the sentence after the one naming the stilts opens on its
    verb ("tienen / tiene / vienen con garantía"), then it gives the stilts a warranty,
    term or no term; a denial or an unknown passes."""
    ctx = turn(
        draft,
        locale="es-AR",
        question="¿Los zancos tienen garantía?",
        tools=[_STILTS],
        chunks=_ELECTRIC_ONLY,
    )
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


_FILTERS = search(
    item("FLT-P100-2", "P100 filter pair", "32.00", "USD"),
    item("FLT-P95-2", "P95 filter pair", "24.00", "USD"),
    query="p100 filters",
)


@pytest.mark.parametrize(
    ("draft", "granted"),
    [
        ("We can let you have the P100 pair for $24.00.", True),
        ("You can take the P100 pair for the price of the P95.", True),
        # each at its own price, or a grant of "it" the words cannot place
        ("We can let you have the P95 pair for $24.00.", False),
        ("You can take the P100 pair for $32.00.", False),
        ("The P95 is cheaper: you can have it for $24.00, while the P100 is $32.00.", False),
    ],
)
def test_a_dearer_product_granted_at_a_cheaper_ones_price(draft, granted):
    """Given a search that returned the P100 pair at $32 and the P95 pair at $24, when
    the desk lets the customer have the P100 for $24 or "for the price of the P95", then
    a lower price is granted that no source gives; each at its own price is not."""
    ctx = turn(draft, locale="en", question="Can I swap to P100?", tools=[_FILTERS])
    assert ("discount_promise" in check(ctx, second_reader=None)) is granted


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("We can reimburse you for the machine instead — just say the word.", True),
        ("We can reimburse you for the machine.", False),  # left to the binding reading
        ("I can cancel the order for you — just say the word.", False),  # an offer to act
    ],
)
def test_money_offered_on_the_customers_word(draft, promised):
    """Given no source, when the desk offers money back "— just say the word", then it
    pays as soon as the customer says yes: money promised; the same offer of an act is
    no claim that the act was done."""
    failed = check(turn(draft, locale="en", question="The rollers jam."), second_reader=None)
    assert ("refund_promise" in failed) is promised
    assert "action_claim" not in failed


_SURVEY = ("get_order_status", {"order_id": "AS-3390"}, "AS-3390 — confirmed, Friday 10 May")
_CARRIER = ("get_order_status", {"order_id": "PC-8801"}, "PC-8801 — ready, carrier will call")


@pytest.mark.parametrize(
    ("draft", "tool", "claimed"),
    [
        ("The surveyor will call you on Friday morning.", _SURVEY, True),
        ("Our painter will send you the colour samples on Monday.", _SURVEY, True),
        ("The carrier will call you to schedule it.", _SURVEY, True),
        # the record's own agent and verb, or the customer, or an offer
        ("The carrier will call you to schedule it.", _CARRIER, False),
        ("The customer will get an e-mail from the courier.", _SURVEY, False),
        ("If you'd like, the surveyor can call you on Friday morning.", _SURVEY, False),
    ],
)
def test_a_trades_worker_named_by_its_agent_noun_acts_for_the_shop(draft, tool, claimed):
    """Given a turn whose only call is an order lookup, when the draft says "the / our"
    + the agent noun of a trade (surveyor, painter, carrier) will act for the customer,
    then the shop claims an act no tool did; the same act as the record itself gives it
    (subject and verb), the customer, or an offer, claims nothing."""
    ctx = turn(draft, locale="en", question="Is my survey still on?", tools=[tool])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_NO_MATCH = {"prices#2": "We don't price-match other retailers."}
_MATCH = {"prices#3": "Found it cheaper at another UK retailer? We match their price."}


@pytest.mark.parametrize(
    ("draft", "chunks", "matched"),
    [
        ("If you find it cheaper at another shop, we'll refund the difference.", {}, True),
        ("No worries: if it's cheaper elsewhere, we'll refund the difference.", _NO_MATCH, True),
        ("Si lo encontrás más barato en otra tienda, te devolvemos la diferencia.", {}, True),
        # denied, or a policy of the shop's that matches other sellers
        ("We don't refund the difference if it's cheaper at another shop.", {}, False),
        ("If it's cheaper at another shop, we'll refund the difference.", _MATCH, False),
    ],
)
def test_the_difference_to_another_sellers_price_paid_back_is_a_price_match(draft, chunks, matched):
    """Given a customer asking about a lower price, when the desk says it will pay back
    the difference to another seller's price, then it matches a price no source gives
    (a "no" before the stretch that pays, or a page that refuses matches, changes
    nothing); a denial, or a page that says the shop matches, is no grant of the desk's."""
    locale = "es-AR" if draft.startswith("Si ") else "en"
    ctx = turn(draft, locale=locale, question="What if it's cheaper?", chunks=chunks)
    assert ("discount_promise" in check(ctx, second_reader=None)) is matched


def test_a_price_match_is_the_desks_own_word_the_reader_keeps():
    """Given hq-0124 as its writer wrote it, when the whole pipeline reads it, then the
    price match fails: "we'll refund the difference" is the desk's own binding word,
    which the second reader does not set aside."""
    assert_writers_verdict(blind("hq-0124"), "discount_promise", reader=True)
