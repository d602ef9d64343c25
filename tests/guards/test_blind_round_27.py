"""False alarms and misses found in session 27 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # products: a brand denied with the customer's kind of several words ("de Marmot
        # no trabajamos bolsas de dormir" over a returned Marmot bag)
        ("dw-0024", "stock_contradiction"),
        # "la versión con GPS del Ojo Vial 4K no la trabajamos" is that returned product
        ("df-0022", "stock_contradiction"),
        # "we don't stock the Di2 version of 105": "version" drops out, the 105 Di2 is denied
        ("bc-0009", "stock_contradiction"),
        # "We don't carry Yixing clay pots": "pots" is the head of the returned "teapot"
        ("bf-0062", "stock_contradiction"),
        # asked: "Have you got the Conti GP5000 in 28mm?" answered yes over a 700x25c
        ("an-0009", "stock_contradiction"),
        # asked: the letters of "MAC MBK-85" name it; only the MTH-80 came back
        ("an-0150", "stock_contradiction"),
        # asked: the 4 of "Palladio 4" is the model's; only the Palladio 3 came back
        ("an-0225", "stock_contradiction"),
        # asked: "got any Rapha bib shorts?" after an empty search, answered "We do!"
        ("bc-0068", "stock_contradiction"),
        # warranties: "garantizada" is a warranty (a whip whose sheet has none)
        ("dt-0145", "warranty_without_data"),
        # "Este tiene garantía de fábrica…": the umbrella named before, term or no term
        ("cx-0123", "warranty_without_data"),
        # "also covered for a year": "a year" is a term, given to the Onn tablet
        ("ea-0026", "warranty_without_data"),
        # "It's covered by the manufacturer's standard electrical warranty": the pot's
        ("cb-0129", "warranty_without_data"),
        # beside a policy for other tools, "la Escalera … tiene garantía de fábrica"
        ("F-0009", "warranty_without_data"),
        # acts: "I've checked booking 7810 and extended your rental by two days"
        ("dz-0048", "action_claim"),
        # "Ya se cambió el transporte a expreso", the lookup still showing the old carrier
        ("bs-0029", "action_claim"),
        # "CA-5701 is upgraded to 2-day shipping": an order code makes it this case's
        ("bk-0143", "action_claim"),
    ],
)
def test_a_slip_read_from_a_development_half_fails_its_guard(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read the draft, then
    the guard the writer named fails."""
    assert guard in check(blind(case_id), second_reader=None)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Cargué el pedido de reembolso de la visita…": the request request_refund filed
        "dz-0147",
        # "keep the collection receipt until the return has been processed": a step
        "ch-0130",
        # "Perdón, me equivoqué: yo no puedo mandar etiquetas…": no deed of the speaker's
        "aq-0069",
        # "there's nothing by Cocteau Twins in stock right now": a negative clause
        "cg-0129",
    ],
)
def test_a_correct_answer_read_from_a_development_half_passes(case_id):
    """Given the correct answer as its writer wrote it, then no guard fails it."""
    assert check(blind(case_id)) == {}


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


def test_of_course_is_an_assent_not_a_negation():
    """Given no tool that sends, when the draft says "Cómo no, le enviamos el comprobante
    de la seña a su correo en el transcurso del día" (bo-0102), then "cómo no" says yes:
    the promise to send stands and action_claim fails; "No, no le enviamos nada" does not."""
    assert "action_claim" in check(blind("bo-0102"), second_reader=None)
    assert "action_claim" not in check(turn("No, no le enviamos nada."), second_reader=None)


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
