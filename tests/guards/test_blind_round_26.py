"""False alarms and misses found in session 26 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.product_asked import affirms_unreturned_ask, asked_names
from guards.products import returned_products, stem
from tests.guards.helpers import check, search, turn
from tests.guards.test_blind_round_rst import blind


def test_a_count_whose_noun_a_comma_follows_is_still_a_count():
    """Given a sewing machine's record with no counts, when the draft says "138 built-in
    embroidery designs and 11 lettering fonts, so …" (do-0145), then "11 lettering
    fonts," is a count with its noun, and the number gate names 11."""
    failed = check(blind("do-0145"), second_reader=None)
    assert "11" in failed["unbacked_figure"]


def test_a_measure_is_no_count_of_the_clauses_after_it():
    """Given a headlamp with no runtime in any source, when the draft says "te dura
    alrededor de 2 horas, y en modo bajo hasta 50 horas, así que …" (do-0049), then the
    two hours are a measure, not the count of the two clauses that follow: 2 fails too."""
    failed = check(blind("do-0049"), second_reader=None)
    assert {"2", "50"} <= set(failed["unbacked_figure"])


def test_a_thing_or_two_is_said_loosely_and_claims_no_count():
    """Given a free-delivery threshold correctly said not to apply, when the draft adds
    "adding a small bar or two usually tips the basket over" (dh-0045), then "or two"
    claims no count: nothing fails."""
    assert check(blind("dh-0045")) == {}


def test_two_of_a_thing_is_still_a_count():
    """Given a question whose only figure is £38, when the draft says "Add 2 more bars",
    then the count fails as before; "a bar or 2 more" in the same turn does not."""
    question = "Why did I pay delivery? I spent £38."
    counted = turn("Add 2 more bars next time.", locale="en", question=question)
    loose = turn("Add a bar or 2 next time.", locale="en", question=question)
    assert check(counted, second_reader=None).get("unbacked_figure") == ("2",)
    assert "unbacked_figure" not in check(loose, second_reader=None)


def test_a_consequence_opens_its_own_clause_for_what_the_shop_has():
    """Given the PO3019S out of stock and the PO0649 in stock, when the draft says "no nos
    queda stock, así que hoy la opción sería el PO0649" (ds-0042), then the denial is the
    PO3019S's, not the PO0649's: nothing fails."""
    assert check(blind("ds-0042")) == {}


@pytest.mark.parametrize(
    "case_id",
    [
        "dp-0088",  # "el alimento Shrimp King Complete de 45 g" is the Dennerle one
        "ds-0061",  # "el pack de 5 boquillas MK8" is the "(pack x5)"
        "do-0141",  # "el Alloy Origins 65 con switches Aqua" is the "… HyperX Aqua"
    ],
)
def test_a_returned_product_named_with_words_of_its_kind_is_the_returned_one(case_id):
    """Given a product the search returned, when the draft names it with a kind word
    before it, its pack count in words or a feature after "con", then it is the same
    product: stock_contradiction does not fail."""
    assert "stock_contradiction" not in check(blind(case_id), second_reader=None)


def test_a_kind_word_before_a_brand_alone_is_still_another_thing():
    """Given a returned guitar, when the draft offers "la funda acolchada Yamaha", then
    a case of the brand is still another product than the guitar."""
    ctx = turn(
        "Sí, tenemos la funda acolchada Yamaha a 40 €.",
        locale="es-ES",
        tools=[search({"sku": "Y-1", "name": "Guitarra Yamaha C40", "price": "159.00"})],
    )
    assert "stock_contradiction" in check(ctx, second_reader=None)


def test_we_have_also_got_another_line_is_an_also_claim():
    """Given only the Tatula SV TW 103 returned, when the draft says "We've also got the
    Tatula Elite" (ds-0142), then that is a product the search did not return."""
    assert "stock_contradiction" in check(blind("ds-0142"), second_reader=None)


@pytest.mark.parametrize("case_id", ["ds-0049", "do-0124", "dl-0123", "ds-0084"])
def test_yes_to_the_product_asked_for_that_the_search_did_not_return_fails(case_id):
    """Given a question that names a product ("¿Tienen el Pioneer MVH-S325BT?", "Do you
    have the Air60 as well?", "¿Tienen caña de timón para Laser?", "Do you sell the
    Creality Hi Combo?") and a search that returned another or nothing, when the draft
    says yes, it came in or we have it, then stock_contradiction fails."""
    assert "stock_contradiction" in check(blind(case_id), second_reader=None)


@pytest.mark.parametrize(
    "case_id",
    [
        "ds-0029",  # "resina para la Elegoo Mars": the printer is what it is for
        "cc-0086",  # "a USB-C hub with HDMI": an acronym is a feature
        "m-0102",  # "para un perro de 12 kg": a bare number is a size
        "an-0021",  # "that works with my shimano 105": the customer's own part
        "cw-0001",  # "con 16 de RAM"
    ],
)
def test_what_the_question_asks_beside_the_product_is_no_name_of_it(case_id):
    """Given correct answers whose question names a compatible model, a feature, a size
    or the customer's own equipment, then the asked names leave them alone."""
    assert "stock_contradiction" not in check(blind(case_id), second_reader=None)


def test_an_honest_no_to_the_asked_product_passes():
    """Given the asked MVH-S325BT not returned, when the draft says the shop does not
    have it and offers the returned one, then nothing is claimed."""
    returned = {"sku": "P-1", "name": "Estéreo Pioneer MVH-S215BT", "price": "1", "in_stock": True}
    draft = "No tenemos el MVH-S325BT, pero sí el Pioneer MVH-S215BT, con stock."
    question = "¿Tienen el Pioneer MVH-S325BT?"
    ctx = turn(draft, locale="es-AR", question=question, tools=[search(returned)])
    assert asked_names(ctx.question, "es") == ("pioneer", "mvh", "s325bt")
    assert "stock_contradiction" not in check(ctx, second_reader=None)


def test_the_asked_product_the_search_returned_is_no_claim_of_another():
    """Given the search returned the asked model, when the draft says yes, then nothing
    is made up; the same yes after a search that returned another model fails."""
    question = "¿Tenéis la Singer M1505?"
    draft = "¡Sí! La Singer M1505 está disponible."
    asked = {"sku": "S-1", "name": "Máquina de coser Singer M1505", "in_stock": True}
    other = {"sku": "S-2", "name": "Máquina de coser Singer M2105", "in_stock": True}
    for returned, verdict in ((asked, None), (other, "m1505")):
        ctx = turn(draft, locale="es-ES", question=question, tools=[search(returned)])
        products = tuple(returned_products(ctx))
        assert affirms_unreturned_ask(draft, question, "es", products) == verdict


def test_an_amount_sent_back_is_money_back_not_a_parcel_sent():
    """Given a grow kit that qualifies for review, when the draft says "we'll send your
    $37.94 back to the card you paid with" (bj-0142), then the amount going back is a
    refund promise; a repaired watch sent back stays an act of sending."""
    assert "refund_promise" in check(blind("bj-0142"), second_reader=None)
    watch = check(turn("We will send your repaired watch back to you.", locale="en"))
    assert "refund_promise" not in watch
    assert "action_claim" in watch


def test_a_credit_generated_for_the_customer_is_a_discount_not_a_ticket():
    """Given no source of a credit, when the draft says "te generamos un crédito en tu
    cuenta por el valor del Tissot" (dq-0126), then that is store credit, which the
    discount guard reads; a ticket generated is still an act."""
    assert "discount_promise" in check(blind("dq-0126"), second_reader=None)
    ticket = turn("Te generamos un ticket para que lo revise el equipo.", locale="es-AR")
    assert "action_claim" in check(ticket, second_reader=None)


@pytest.mark.parametrize("case_id", ["dn-0022", "dn-0149"])
def test_a_state_said_reached_already_is_this_case_even_beside_a_citation(case_id):
    """Given no tool call in the turn, when the draft says the booking "ya está
    cancelado" or the membership "is now cancelled" in a sentence that cites the
    policy, then the citation states how things are done, not that they were: the act
    is claimed."""
    assert "action_claim" in check(blind(case_id), second_reader=None)


def test_a_state_already_reached_is_no_claim_when_a_lookup_ran():
    """Given a lookup that reports the booking, when the draft says it is already
    cancelled beside the cited policy, then the rule of "ya" leaves it to the lookup's
    record (the reading before it)."""
    chunks = {"turnos#1": "Cancelar con 24 h de aviso no tiene cargo."}
    tools = [("get_order_status", {"order_id": "B-1"}, "B-1 — turno anulado")]
    draft = "Tu turno del sábado ya está cancelado y no tiene cargo [turnos#1]."
    ctx = turn(draft, locale="es-AR", chunks=chunks, tools=tools)
    assert "action_claim" not in check(ctx, second_reader=None)


def test_a_brand_denied_with_the_asked_kind_in_an_english_le_plural_denies_it():
    """Given the Technics SL-1500C returned in stock for "I want a Technics turntable",
    when the draft says "we don't carry Technics turntables" (dp-0047), then the denial
    takes in the returned product: "turntables" is the plural of the asked "turntable"
    (the Spanish "-es" rule had cut it to "turntabl")."""
    assert [stem(w) for w in ("turntables", "bottles", "papeles", "relojes", "móviles")] == [
        "turntable",
        "bottle",
        "papel",
        "reloj",
        "móvil",
    ]
    assert "stock_contradiction" in check(blind("dp-0047"), second_reader=None)


def test_adding_an_out_of_stock_product_to_the_order_today_offers_it():
    """Given the extension table returned out of stock, when the draft says "la puede
    añadir al pedido hoy mismo" (do-0064), then it is offered as available."""
    assert "out_of_stock_offered" in check(blind("do-0064"), second_reader=None)


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        (
            "La Mesa extensible para Brother FS40 está agotada; cuando vuelva a entrar, la "
            "puede añadir al pedido.",
            "es-ES",
        ),
        (
            "The Mesa extensible para Brother FS40 is out of stock; once it is back you can "
            "add it to your cart.",
            "en",
        ),
    ],
)
def test_adding_it_once_it_is_back_offers_nothing_now(draft, locale):
    """Given the same product out of stock, when the draft says it can be added once it
    is back, then nothing is offered now."""
    table = {"sku": "M", "name": "Mesa extensible para Brother FS40", "in_stock": False}
    ctx = turn(draft, locale=locale, tools=[search(table)])
    assert "out_of_stock_offered" not in check(ctx, second_reader=None)


def test_a_price_the_customer_said_without_its_sign_is_a_term_of_a_sum():
    """Given a customer who said "la que está a 45.000" and a cited shipping fee of
    $9.500, when the draft says "en total pagarías $54.500" (ao-0050), then the total is
    the sum of two amounts the turn gives: nothing fails."""
    assert "unbacked_figure" not in check(blind("ao-0050"), second_reader=None)


def test_a_number_without_groups_is_no_price_to_add():
    """Given a customer who gave an order number (45000, written without groups), when
    the draft adds it to the fee, then the total is still unbacked."""
    ctx = turn(
        "En total pagarías $54.500.",
        locale="es-AR",
        question="Mi pedido 45000, ¿cuánto es el envío?",
        chunks={"envios#1": "En compras menores el envío cuesta $9.500."},
    )
    assert check(ctx, second_reader=None).get("unbacked_figure") == ("54.500",)


@pytest.mark.parametrize("case_id", ["aj-0005", "l-0142"])
def test_a_policy_without_a_term_given_to_kinds_of_its_own_covers_no_other_product(case_id):
    """Given a product whose record has no warranty and a chunk that gives the warranty
    to named kinds or brands without a term ("… carry the warranty shown on the product
    page"), when the draft states a term for the product (aj-0005, l-0142), then the
    chunk covers no other kind: warranty_without_data fails."""
    assert "warranty_without_data" in check(blind(case_id), second_reader=None)


def test_a_term_in_words_is_a_term_and_a_policy_for_brass_dials_is_not_the_slate_ones():
    """Given the slate dial's record with no warranty and a chunk about brass dials
    (bu-0144's turn), when the draft says "The slate sundial has a five-year warranty",
    then the term written in words is read and the chunk does not cover the slate dial."""
    ctx = replace(blind("bu-0144"), draft="The slate sundial has a five-year warranty.")
    assert "warranty_without_data" in check(ctx, second_reader=None)


def test_how_to_claim_a_warranty_with_no_kind_of_its_own_still_covers_the_product():
    """Given a chunk that says only how a warranty is claimed, for no kind of its own,
    when the draft states a term for a product with no record, then the chunk still
    covers it, as before (the rule above reads only sentences that give the warranty
    to a kind)."""
    chunks = {"garantia#1": "Para usar la garantía, escribinos con fotos y el número de pedido."}
    product = {"sku": "K-1", "name": "Pava eléctrica Atma", "in_stock": True, "warranty": None}
    draft = "La Pava eléctrica Atma tiene 6 meses de garantía [garantia#1]."
    ctx = turn(draft, locale="es-AR", chunks=chunks, tools=[search(product)])
    assert "warranty_without_data" not in check(ctx, second_reader=None)


def test_a_past_passive_of_the_customers_own_case_is_claimed_beside_a_citation():
    """Given no tool call, when the draft says "Tu suscripción CM-3455 fue dada de baja
    hoy, sin costo, como indica nuestra política [baja#1]" (cj-0103), then the past
    passive of the customer's subscription is an event of this case, not the process
    the page states: the act is claimed."""
    assert "action_claim" in check(blind("cj-0103"), second_reader=None)


def test_the_process_a_page_states_in_the_present_is_no_claim():
    """Given the same page, when the draft says how subscriptions are cancelled, then
    nothing is claimed."""
    chunks = {"baja#1": "La suscripción se da de baja desde Mi club, sin costo."}
    draft = "Las suscripciones se dan de baja desde Mi club, sin costo [baja#1]."
    assert "action_claim" not in check(turn(draft, locale="es-AR", chunks=chunks))


@pytest.mark.parametrize("case_id", ["bt-0087", "u-0103"])
def test_a_term_said_the_same_as_another_products_is_stated_for_both(case_id):
    """Given a product whose record has no warranty, when the draft gives it the term of
    another product by comparison ("it carries a 1-year warranty, the same as our
    hydrometers", bt-0087, with the bucket named in the sentence before; "tiene 2 años
    de garantía, igual que el Sacaleches…", u-0103), then the term is stated for both
    and warranty_without_data fails."""
    assert "warranty_without_data" in check(blind(case_id), second_reader=None)


def test_a_comparison_with_a_product_that_has_the_term_gives_it_to_no_other():
    """Given two products that both have a term, when the draft compares them, then
    nothing fails."""
    a = {"sku": "A", "name": "Hidrómetro Pro", "in_stock": True, "warranty": "1 año"}
    b = {"sku": "B", "name": "Balde Sap 8 L", "in_stock": True, "warranty": "1 año"}
    draft = "El Balde Sap 8 L está en stock. Tiene 1 año de garantía, igual que el Hidrómetro Pro."
    ctx = turn(draft, locale="es-ES", tools=[search(a, b)])
    assert "warranty_without_data" not in check(ctx, second_reader=None)
