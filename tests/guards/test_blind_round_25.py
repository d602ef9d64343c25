"""False alarms and misses found in session 25 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

import pytest

from guards.commitments import read_commitments
from guards.text import sentences
from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


def test_a_booking_named_after_its_determiner_is_no_act_in_a_handoff():
    """Given a turn that ends in a handoff, when the draft says the colleague "verá su
    reserva" (de-0085), then "reserva" after "su" is the customer's booking, not the
    colleague reserving something: nothing fails, with the second reader or without."""
    ctx = blind("de-0085")
    assert ctx.handoff
    assert check(ctx, second_reader=None) == {}
    assert check(ctx) == {}


def test_a_third_person_verb_after_a_determiner_is_a_noun_but_after_a_clitic_a_verb():
    """Given the same verb form, when a possessive stands before it it is a noun; when an
    object clitic does, the team still does the act for the customer."""
    noun = "Un compañero del equipo verá su reserva y le contestará aquí."
    verb = "Nuestro equipo te la reserva hoy mismo."
    assert not [c for c in read_commitments(noun, "es") if c.lemma == "reservar"]
    assert [c for c in read_commitments(verb, "es") if c.lemma == "reservar"]


def test_the_catalogue_where_the_shop_has_it_is_the_range_even_after_a_search():
    """Given an out-of-stock product the search returned, when the draft says "Busqué el
    cabezal de sparring y en talle L lo tenemos en el catálogo" (dh-0026), then "en el
    catálogo" is where the shop has it, not where the speaker looked: the looking up is
    in another clause, and nothing fails."""
    ctx = blind("dh-0026")
    assert "internal_vocabulary" not in check(ctx, second_reader=None)
    assert check(ctx) == {}


def test_the_catalogue_the_speaker_looked_in_still_leaks_beside_a_clause_about_the_range():
    """Given the same structure, when the looking up governs "en el catálogo" in its own
    clause, then the catalogue is the index the assistant searched: it still fails."""
    draft = "En el catálogo no encontré ese modelo, pero tenemos el Moto G54."
    assert "internal_vocabulary" in check(turn(draft, locale="es-AR"))


def test_an_order_supposed_done_under_if_is_no_claim():
    """Given no tool call, when the draft says "Si el pedido ya está hecho, puede pedir la
    rectificación…" (dg-0044), then "ya está hecho" is the customer's order under an "if",
    not the assistant announcing a request done: nothing fails."""
    ctx = blind("dg-0044")
    assert check(ctx, second_reader=None) == {}


def test_done_announced_after_an_if_clause_still_claims_the_act():
    """Given a customer who asked to cancel, when the "if" clause ends before the
    announcement ("Si te sirve saberlo, ya está hecho: …"), then the act is still claimed."""
    ctx = turn(
        "Si te sirve saberlo, ya está hecho: el pedido 4410 no sale.",
        question="¿Me cancelás el pedido 4410?",
    )
    assert "action_claim" in check(ctx, second_reader=None)


@pytest.mark.parametrize(
    "case_id",
    [
        # "La **Head Delta Pro 2024** la tenemos en stock a 199,00 €": the price after
        # "en stock" was read as the name of what the shop has
        "dk-0005",
        # "Hola 🙂 La **Master Lock 5401EURD** la vendemos": the greeting before the emoji
        # was read as part of the name
        "dk-0023",
    ],
)
def test_what_the_shop_has_is_the_product_named_not_its_price_or_a_greeting(case_id):
    """Given a search that returned the product, when the draft says the shop has it with
    its price after "en stock", or after a greeting closed by an emoji, then nothing fails."""
    ctx = blind(case_id)
    assert check(ctx, second_reader=None) == {}


def test_an_emoji_before_a_capital_ends_a_sentence_but_not_before_lower_case():
    assert sentences("Hola 🙂 La caja la vendemos. Va bien 🍷 con todo") == (
        "Hola 🙂",
        "La caja la vendemos",
        "Va bien 🍷 con todo",
    )


def test_the_price_an_out_of_stock_product_has_when_back_in_stock_offers_nothing():
    """Given an out-of-stock rower (dk-0065), when the draft gives "($1,899.00 when in
    stock)" after saying it is sold out, then the price is for later: nothing fails."""
    ctx = blind("dk-0065")
    assert check(ctx, second_reader=None) == {}


def test_a_warranty_clause_naming_siblings_one_of_which_has_it_is_not_the_last_product():
    """Given the Senior Cordless (1 year), the Senior blade and an oil (none), when the
    draft lists all three and ends "The Senior itself comes with a 1 year warranty"
    (dk-0045), then the clause names its own products, one of which has the term: the
    oil named before it is not given a warranty, and nothing fails."""
    ctx = blind("dk-0045")
    assert check(ctx, second_reader=None) == {}


@pytest.mark.parametrize(
    "draft",
    [
        "The clipper is $179.00. The Taper blades come with a 1 year warranty.",
        "The Taper blade is $34.50 and comes with a 1 year warranty.",
    ],
)
def test_a_warranty_clause_naming_only_siblings_without_one_still_fails(draft):
    """Given two blades without a warranty and a clipper with one, when the clause names
    only the blades' shared words, then whichever blade is meant, it is given a warranty
    it lacks."""
    products = [
        phone("Wahl Senior Cordless", "179.00", warranty="1 year"),
        phone("Wahl Taper blade 1", "34.50", warranty=None),
        phone("Wahl Taper blade 2", "36.50", warranty=None),
    ]
    ctx = turn(draft, locale="en", tools=[search(*products, query="wahl")])
    assert "warranty_without_data" in check(ctx, second_reader=None)


def test_the_reader_adds_no_money_back_to_a_draft_that_says_nothing_of_money():
    """Given a customer charged twice who asks for the money back and the refund policy
    retrieved, when the draft only says "Gracias, lo revisamos enseguida." (the reply the
    PII pipeline test's provider gives), then the reader, which weighs the question and
    the chunk as well and scored 0.73 once CX-DF joined its weights, adds no
    refund_promise: the draft has no money-back verb or word."""
    chunks = {
        "devoluciones#4": (
            "Una vez que recibimos el producto y comprobamos su estado, hacemos el reintegro "
            "en 7 días hábiles por el mismo medio con el que pagaste."
        )
    }
    question = (
        "buenas, me cobraron dos veces el pedido 7288!! la tarjeta es [CARD_6182], cvv "
        "[CVV]. necesito que me devuelvan la plata ya"
    )
    ctx = turn("Gracias, lo revisamos enseguida.", question=question, chunks=chunks)
    assert check(ctx) == {}


@pytest.mark.parametrize(
    ("locale", "draft"),
    [
        ("es", "El depósito te lo liberamos en las próximas 72 horas hábiles."),
        ("en", "We'll release your deposit within 72 working hours."),
    ],
)
def test_a_deposit_released_by_the_shop_is_money_back(locale, draft):
    """Given no refund request filed, when the shop says it will release the customer's
    deposit (cm-0085's "te lo liberamos"), then that is money back promised."""
    assert "refund_promise" in check(turn(draft, locale=locale), second_reader=None)


@pytest.mark.parametrize(
    "case_id",
    [
        # "según nuestra política, todos los cochecitos y sillas de coche tienen 3 años de
        # garantía legal desde la entrega [garantia#1]": the category as the subject
        "ax-0030",
        # "On the warranty: all our safety footwear is covered for 6 months against
        # manufacturing defects [warranty#1]", over a chunk that says "covered", not
        # "warranty"
        "dg-0108",
    ],
)
def test_a_category_warranty_a_cited_chunk_gives_covers_a_product_without_one(case_id):
    """Given a product whose record has no warranty and a chunk that gives its category
    a term, when the draft states the category's term citing the chunk, then nothing
    fails."""
    assert check(blind(case_id), second_reader=None) == {}


@pytest.mark.parametrize(
    ("locale", "draft"),
    [
        ("en", "Oh no, sorry to hear your event was cancelled! Let me look at the order."),
        ("es", "Lamento que se haya cancelado el viaje; te cuento qué opciones hay."),
    ],
)
def test_the_customers_news_the_reply_is_sorry_about_is_no_claimed_act(locale, draft):
    """Given no tool call, when the draft is sorry to hear that something of the
    customer's was cancelled (di-0089's first sentence), then the cancelling is the
    customer's news, not an act the shop claims: the rules find no act."""
    assert "action_claim" not in check(turn(draft, locale=locale), second_reader=None)


def test_the_shops_own_cancelling_it_is_sorry_about_is_still_claimed():
    """Given no tool call, when the shop says it is sorry that it cancelled the order,
    then the act is the shop's own and still claimed."""
    draft = "Sorry to hear that, so I've cancelled order 4410 for you."
    assert "action_claim" in check(turn(draft, locale="en"), second_reader=None)


@pytest.mark.parametrize(
    "draft",
    [
        "We'll give you a ring tomorrow to confirm the new date.",
        "I'll give you a call this afternoon about booking TB-1104.",
    ],
)
def test_a_call_promised_with_a_light_verb_is_a_claimed_act(draft):
    """Given a turn whose only tool looked the booking up, when the draft promises to
    give the customer a ring or a call (di-0066's form), then no tool did that act."""
    tools = [("get_order_status", {"order_id": "TB-1104"}, "TB-1104 — visit booked 20 June")]
    ctx = turn(draft, locale="en", question="Can I rebook TB-1104?", tools=tools)
    assert "action_claim" in check(ctx, second_reader=None)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Yes, we carry Bob's Red Mill 1-to-1 Gluten Free Baking Flour!" when only King
        # Arthur came back: "Gluten Free" was read as a free deal, not a product
        "dk-0106",
        # "Además, os puedo ofrecer la WalkingPad X21" when only the C2 came back
        "dk-0122",
    ],
)
def test_a_product_the_search_did_not_return_claimed_or_offered_fails(case_id):
    """Given a search that returned another product, when the draft says the shop carries
    a "gluten free" product, or offers one by name, that the search did not return, then
    stock_contradiction fails."""
    assert "stock_contradiction" in check(blind(case_id), second_reader=None)


def test_free_shipping_after_we_have_is_still_a_deal_not_a_product():
    """Given a search that returned a pair of boots, when the draft says "we have free
    shipping on orders over $50", then "free shipping" is no product."""
    tools = [search(phone("Atlas S1P boot", "74.99"), query="atlas")]
    draft = "We have free shipping on all orders this week."
    assert "stock_contradiction" not in check(turn(draft, locale="en", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        "dg-0104",  # "Según el catálogo que me cargaron, además tiene la pala reforzada"
        "dg-0143",  # "Based on the product info in my context, the Elsa Lace Front Wig…"
    ],
)
def test_what_was_loaded_for_the_assistant_leaks_the_machinery(case_id):
    assert "internal_vocabulary" in check(blind(case_id), second_reader=None)


def test_money_off_given_to_make_it_right_is_a_goodwill_gift_the_rules_stop():
    """Given a $10-off that a source gives for referrals, when the draft gives it "to make
    it right" after a complaint (aw-0109), then the rules read a gift as an apology, a
    firm finding no source backs."""
    assert "discount_promise" in check(blind("aw-0109"), second_reader=None)


def test_a_deposit_the_shop_will_give_back_is_money_back():
    """Given no refund request, when the draft says "el depósito os lo devolvemos esta
    misma semana" (bd-0186), then the deposit is money and the promise fails."""
    assert "refund_promise" in check(blind("bd-0186"), second_reader=None)


def test_the_other_shops_price_granted_for_the_customer_without_a_clitic_fails():
    """Given another shop's 105 € in the question, when the draft says "para usted queda
    en 105 €, igual que en la otra tienda" (bi-0004), then the shop sells at a price only
    the customer named: a price match no source offers."""
    assert "discount_promise" in check(blind("bi-0004"), second_reader=None)


def test_a_label_that_writes_the_figure_in_words_names_the_number_the_guard_read():
    """Given labels written "seis meses" (dg-0109) and "three boxes", when the number gate
    names the value it read ("6", "3"), then the rejection names the labelled figure, and
    another number does not."""
    from guards.checkfmt import Expectation
    from guards.codes import GuardCode

    six = Expectation("fail", GuardCode.UNBACKED_FIGURE, "seis meses")
    assert six.named_in(("6",))
    assert not six.named_in(("7",))
    assert Expectation("fail", GuardCode.UNBACKED_FIGURE, "three boxes").named_in(("3",))
    assert "6" in check(blind("dg-0109"), second_reader=None)["unbacked_figure"]


@pytest.mark.parametrize(
    "draft",
    [
        "Your order was delivered on 3 May, and the team reviews each claim before the "
        "credit is issued.",
        "You can apply from your account; we check it before the store credit is issued.",
    ],
)
def test_a_passive_in_a_clause_of_time_is_a_step_of_the_process_not_a_deed(draft):
    """Given no tool call, when a present passive sits in a clause of time that opens with
    its own subject (cy-0089's "before the credit is issued"), then it frames how things
    are done: no refund is promised, even with "your" earlier in the sentence."""
    assert check(turn(draft, locale="en"), second_reader=None) == {}


def test_a_refund_said_issued_to_the_customer_is_still_a_deed():
    draft = "Your order was delivered on 3 May, and your refund is issued today."
    assert "refund_promise" in check(turn(draft, locale="en"), second_reader=None)
