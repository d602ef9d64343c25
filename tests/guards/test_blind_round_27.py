"""False alarms and misses found in session 27 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


def test_square_metres_typed_without_the_superscript_are_square_metres():
    """Given a customer who said "El jardín tiene 500 m2" earlier, when the draft says
    "Para tus 500 m²" (dw-0069), then the area is the customer's: nothing fails; and 500
    metres are still no area the customer gave."""
    assert check(blind("dw-0069")) == {}
    said = [("customer", "El jardín tiene 500 m2, más o menos.")]
    metres = turn("Para tus 500 metros alcanza.", history=said)
    assert check(metres, second_reader=None).get("unbacked_figure") == ("500",)


def test_a_pressure_is_a_quantity_the_gate_reads():
    """Given a pressure washer's record with no pressure, when the draft says "Con 130 bar
    de presión" (dw-0102), then 130 bar is a measure no source gives: the gate names it."""
    assert check(blind("dw-0102"), second_reader=None)["unbacked_figure"] == ("130",)


def test_a_pressure_the_record_gives_is_backed():
    """Given a record saying "130 bar", when the draft repeats it, nothing fails; 150 psi
    does."""
    record = {**phone("Kärcher K4", "279.00"), "specs": "130 bar"}
    backed = turn("La K4 da 130 bar.", tools=[search(record, query="k4")])
    other = turn("La K4 da 150 psi.", tools=[search(record, query="k4")])
    assert "unbacked_figure" not in check(backed, second_reader=None)
    assert check(other, second_reader=None)["unbacked_figure"] == ("150",)


def test_a_brand_denied_with_a_kind_of_several_words_the_customer_used():
    """Given "¿Tienen bolsas de dormir Marmot?" and a Marmot bag returned in stock, when
    the draft says "de Marmot no trabajamos bolsas de dormir" (dw-0024), then the denial
    takes in the returned bag: stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("dw-0024"), second_reader=None)


def test_a_kind_the_customer_did_not_ask_with_still_qualifies_the_brand():
    """Given "¿Tienen algo de Marmot?" and a Marmot bag returned, when the draft says "de
    Marmot no trabajamos bolsas de dormir", then the kind is the draft's own words: the
    denial is of another thing, and nothing fails."""
    bag = phone("Marmot Trestles Elite Eco 20", "289000")
    draft = "De Marmot no trabajamos bolsas de dormir, solo camperas."
    case = turn(draft, question="¿Tienen algo de Marmot?", tools=[search(bag, query="marmot")])
    assert "stock_contradiction" not in check(case, second_reader=None)


def test_no_datum_for_the_warranty_states_none():
    """Given a thermostat whose warranty is null, when the draft says "En cuanto a la
    garantía, no dispongo del dato concreto para este modelo" (dw-0025) or "no tengo el
    dato para este modelo" (dw-0047), then no warranty is stated: nothing fails."""
    assert check(blind("dw-0025")) == {}
    assert check(blind("dw-0047")) == {}


def test_a_warranty_said_guaranteed_in_the_feminine_is_a_warranty():
    """Given a whip whose warranty is null, when the draft says "la Fusta de doma 110 cm,
    como todos nuestros artículos, también está garantizada frente a defectos" (dt-0145),
    then "garantizada" states a warranty: warranty_without_data fails."""
    assert "warranty_without_data" in check(blind("dt-0145"), second_reader=None)


def test_a_clause_opening_on_a_pronoun_gives_the_warranty_to_the_product_before_it():
    """Given a golf bag with 2 years and an umbrella with none, when the umbrella's line
    goes on "Este tiene garantía de fábrica contra defectos en las varillas" (cx-0123),
    then the warranty is the umbrella's, term or no term: warranty_without_data fails."""
    assert "warranty_without_data" in check(blind("cx-0123"), second_reader=None)


def test_a_clause_about_the_warranty_in_general_gives_it_to_no_product():
    """Given the same two products, when the draft names the umbrella and then says "La
    garantía la gestiona el fabricante", then no product is given a warranty."""
    bag = phone("Bolsa de carro Callaway Org 14", "299.00", warranty="2 años")
    umbrella = phone("Paraguas de golf doble capa", "39.90", warranty=None)
    draft = (
        "La Bolsa de carro Callaway Org 14 tiene 2 años de garantía. El Paraguas de golf "
        "doble capa está disponible. La garantía la gestiona el fabricante."
    )
    case = turn(draft, tools=[search(bag, umbrella, query="bolsa paraguas")])
    assert "warranty_without_data" not in check(case, second_reader=None)


def test_a_version_named_by_its_feature_and_its_model_is_that_product():
    """Given the Ojo Vial 4K and the Ojo Vial 4K con GPS both returned in stock, when the
    draft says "la versión con GPS del Ojo Vial 4K no la trabajamos" (df-0022), then the
    denial is of the GPS product, not of a variant no search returned: it fails."""
    assert "stock_contradiction" in check(blind("df-0022"), second_reader=None)


def test_have_you_got_asks_for_the_named_thing_too():
    """Given "Have you got the Conti GP5000 in 28mm?" and only the 700x25c returned, when
    the draft says "Yes, we've got the Continental Grand Prix 5000 in 28mm" (an-0009),
    then the asked size is said carried: stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("an-0009"), second_reader=None)


def test_the_letters_of_a_hyphenated_code_name_the_asked_thing():
    """Given "Do you have the MAC MBK-85?" and only the MTH-80 returned, when the draft
    says "We sure do — the MAC MBK-85 is $199.95 and in stock" (an-0150), then the asked
    model is said carried: stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("an-0150"), second_reader=None)


def test_a_term_made_longer_is_an_act():
    """Given only a lookup of booking 7810, when the draft says "I've checked booking
    7810 and extended your rental by two days" (dz-0048), then the second participle
    shares the speaker's "I've": action_claim fails."""
    assert "action_claim" in check(blind("dz-0048"), second_reader=None)


def test_a_free_shipping_extended_stays_the_discount_guards():
    """Given free shipping for CABA and GBA only, when the draft says "te lo extendemos a
    Córdoba y no pagás envío" (br-0149), then extending is a lower price, not a change to
    an order: discount_promise fails and action_claim does not."""
    failed = check(blind("br-0149"))
    assert "discount_promise" in failed and "action_claim" not in failed


def test_either_end_of_a_count_said_with_or_takes_its_noun():
    """Given an air fryer's record with no servings, when the draft says "cocinás para 4
    o 5 personas" (ea-0041) or "Es ideal para 2 o 3 personas" (ea-0081), then both ends
    are counts: the gate names the first too."""
    assert "4" in check(blind("ea-0041"), second_reader=None)["unbacked_figure"]
    assert "2" in check(blind("ea-0081"), second_reader=None)["unbacked_figure"]


def test_a_year_in_words_is_a_term():
    """Given a Fire tablet with a 1-year warranty and an Onn tablet with none, when the
    Onn's line says "also covered for a year" (ea-0026), then "a year" is a term and the
    cover is the Onn's: warranty_without_data fails."""
    assert "warranty_without_data" in check(blind("ea-0026"), second_reader=None)


def test_its_covered_speaks_of_the_product_named_before():
    """Given a melting pot with no warranty and a kit, when the draft names the pot and
    goes on "It's covered by the manufacturer's standard electrical warranty" (cb-0129),
    then the warranty is the pot's: warranty_without_data fails."""
    assert "warranty_without_data" in check(blind("cb-0129"), second_reader=None)


def test_of_course_is_an_assent_not_a_negation():
    """Given no tool that sends, when the draft says "Cómo no, le enviamos el comprobante
    de la seña a su correo en el transcurso del día" (bo-0102), then "cómo no" says yes:
    the promise to send stands and action_claim fails; "No, no le enviamos nada" does not."""
    assert "action_claim" in check(blind("bo-0102"), second_reader=None)
    assert "action_claim" not in check(turn("No, no le enviamos nada."), second_reader=None)


def test_a_change_said_already_made_in_the_impersonal_is_claimed():
    """Given a lookup that still shows the old carrier, when the draft says "Ya se cambió
    el transporte a expreso" (bs-0029), then the change is said done: action_claim
    fails."""
    assert "action_claim" in check(blind("bs-0029"), second_reader=None)


def test_an_order_code_makes_a_present_passive_this_case():
    """Given only a lookup of CA-5701, when the draft says "CA-5701 is upgraded to 2-day
    shipping" (bk-0143), then the present passive is about this order, not how the shop
    works: action_claim fails."""
    assert "action_claim" in check(blind("bk-0143"), second_reader=None)


def test_a_discount_for_the_trouble_is_an_apology_gift():
    """Given a 10% promotion on sheets with a sommier, when the draft says "Por la
    molestia te hacemos un 10% de descuento en tu próxima compra" (dy-0124), then the
    singular "por la molestia" is an apology like "por las molestias": discount_promise
    fails, whatever the chunk's percentage."""
    assert "discount_promise" in check(blind("dy-0124"))


def test_an_infinitive_after_a_verb_of_advising_is_the_customers():
    """Given no tool, when the draft says "te hacemos el cambio, y te recomiendo abrir un
    reclamo desde Mis compras", then opening the claim is advice to the customer, not an
    act coordinated with the shop's: only the change is claimed."""
    from guards.action_claim import unperformed_acts

    draft = (
        "Te cambiamos la dirección del pedido, y te recomiendo abrir un reclamo desde Mis compras."
    )
    assert {str(a) for a in unperformed_acts(turn(draft))} == {"modify"}


def test_a_request_for_a_refund_called_pedido_is_the_request_filed():
    """Given request_refund ran for order 4500, when the draft says "Cargué el pedido de
    reembolso de la visita de la orden 4500, y ahora lo revisa un compañero" (dz-0147),
    then "pedido de reembolso" names the request the tool filed: nothing fails."""
    assert check(blind("dz-0147")) == {}


def test_a_step_until_the_return_has_been_processed_is_how_things_go():
    """Given no tool, when the draft tells the customer to "keep the collection receipt
    until the return has been processed" (ch-0130), then the perfect passive inside the
    clause of time asserts nothing done: nothing fails."""
    assert check(blind("ch-0130")) == {}


def test_i_was_wrong_is_no_deed():
    """Given a lookup only, when the draft opens "Perdón, me equivoqué: yo no puedo mandar
    etiquetas ni mails desde el chat" (aq-0069), then being wrong is the speaker's own
    state, not an act for the customer: nothing fails."""
    assert check(blind("aq-0069")) == {}


def test_a_number_after_the_asked_name_is_the_model():
    """Given "¿tenéis jaula Ferplast Palladio 4?" and only the Palladio 3 returned, when
    the draft says "¡Sí! La Ferplast Palladio 4 está disponible a 54,90 €" (an-0225),
    then the 4 names the model asked for: stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("an-0225"), second_reader=None)


def test_the_version_word_drops_out_of_a_denial_that_names_the_product():
    """Given the Shimano 105 Di2 R7100 returned in stock, when the draft says "we don't
    stock the Di2 version of 105" (bc-0009), then "version" is no word the product must
    have: the denial is the Di2 groupset's, and stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("bc-0009"), second_reader=None)


def test_got_any_asks_for_the_named_thing():
    """Given "got any Rapha bib shorts in medium?" and an empty search, when the draft
    says "We do! The Rapha Core bib shorts come in medium" (bc-0068), then the asked
    brand is said carried: stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("bc-0068"), second_reader=None)


def test_nothing_in_stock_says_the_shop_has_none():
    """Given "Got any Cocteau Twins on vinyl?" and an empty search, when the draft says
    "there's nothing by Cocteau Twins in stock right now" (cg-0129), then the clause is
    negative: nothing fails."""
    assert check(blind("cg-0129")) == {}


def test_a_compounds_head_names_the_returned_product():
    """Given the Yixing Clay Teapot returned in stock, when the draft says "We don't
    carry Yixing clay pots" (bf-0062), then "pots" is the head of "teapot": the denial
    is the teapot's, and stock_contradiction fails."""
    assert "stock_contradiction" in check(blind("bf-0062"), second_reader=None)


def test_a_warranty_without_a_term_given_to_a_named_product_beside_a_policy():
    """Given a ladder whose sheet has no warranty and a policy that covers only Bosch and
    Black+Decker tools, when the draft says "la Escalera de aluminio 6 escalones tiene
    garantía de fábrica contra defectos de fabricación" (F-0009), then naming the ladder
    gives it a warranty, term or no term: warranty_without_data fails."""
    assert "warranty_without_data" in check(blind("F-0009"), second_reader=None)
