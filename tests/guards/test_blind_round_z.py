"""False alarms found on the development halves in session 9, each kept exactly as its
writer wrote it, and hand-written turns that pin the rule each one taught."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        "p-0110",  # "I couldn't find the 1460 in Cherry Red in UK 10" (the UK 9 came back)
        "w-0127",  # "El Double Black no lo encontré" beside the Black Label
        "s-0228",  # the G54 "con stock, y el G84, que está sin stock"
        "t-0106",  # "I don't have warranty details for the PetSafe one"
        "t-0262",  # "…el LS2 Rapid, del que no tengo datos de garantía"
        "I-0286",  # "I don't have the details of Samsonite's terms for the Spark Backpack"
        "s-0007",  # "I don't have warranty details for that one"
        "y-248",  # "I've sent a refund request for the difference": a request, not a refund
        "y-047",  # "so a colleague can review the missing discount": the stated one
        "y-204",  # "a refund request for the missing discount on order 7001"
        "y-221",  # "sale $ 780.000 antes del descuento": the promotion just stated
        "z-010",  # "Tienes dos semanas: 14 días naturales": the same time in weeks
        "z-108",  # "Te paso la comparación": information handed over in the chat
        "z-126",  # "Con eso te paso el valor de referencia"
        "z-226",  # "ticket regalo", "pídele a quien te lo regaló": nobody here gives it
        "z-289",  # "Como alternativa … el Moto G54 … tiene 12 meses de garantía"
        "zz-009",  # the 128 GB black's warranty, not the 256 GB green sibling's
        "zz-028",  # "the silver iPad 10th gen 64 GB … with a warranty of 1 year"
        "zz-043",  # "The 64 gig one, the iPad 10th gen 64 GB in silver …"
        "zz-227",  # "la de 55 pulgadas … con 12 meses de garantía", the 50 is sin stock
        "zz-062",  # "Como lector electrónico tenemos el Kindle Paperwhite": a role
        "zz-190",  # a term for the Catit, and none for the PetSafe, said so
        "zz-008",  # "como todos los colchones que vendemos, tiene…": no object
    ],
)
def test_a_correct_reply_passes(case_id):
    assert check(blind(case_id)) == {}


G54 = phone("Motorola Moto G54 256 GB", "399999")
G84 = {**phone("Motorola Moto G84 256 GB", "499999"), "in_stock": False}


def test_a_missing_thing_with_a_name_of_its_own_is_another_product():
    tools = [search(G54)]
    ok = "No me aparece el Edge 50, pero el Moto G54 256 GB está a $ 399.999."
    assert "stock_contradiction" not in check(turn(ok, locale="es-AR", tools=tools))
    # and the returned product itself said missing is still a denial
    bad = "El Moto G54 256 GB no lo encontré."
    assert "stock_contradiction" in check(turn(bad, locale="es-AR", tools=tools))


def test_out_of_stock_is_said_of_the_product_its_own_words_name():
    tools = [search(G54, G84)]
    ok = "Tenemos el Moto G54 256 GB con stock, y el Moto G84 256 GB, que está sin stock."
    assert check(turn(ok, locale="es-AR", tools=tools)) == {}
    bad = "El Moto G84 256 GB tiene stock, y el Moto G54 256 GB está sin stock."
    assert "stock_contradiction" in check(turn(bad, locale="es-AR", tools=tools))


def test_a_product_the_draft_says_it_has_no_warranty_details_for_gets_no_term():
    shoe = {**phone("Zapatillas Trail X", "89999"), "warranty": None}
    bag = {**phone("Mochila Urbana Z", "49999"), "warranty": "12 meses"}
    tools = [search(bag, shoe)]
    ok = (
        "La Mochila Urbana Z y las Zapatillas Trail X tienen stock, con 12 meses de garantía. "
        "De las Zapatillas Trail X no tengo datos de garantía."
    )
    assert "warranty_without_data" not in check(turn(ok, locale="es-AR", tools=tools))
    bad = "La Mochila Urbana Z y las Zapatillas Trail X tienen stock, con 12 meses de garantía."
    assert "warranty_without_data" in check(turn(bad, locale="es-AR", tools=tools))


def test_a_refund_noun_that_modifies_a_request_names_the_request():
    # given no refund request ran: "I've sent a refund" is money, "a refund request" is not
    assert "refund_promise" in check(turn("I've sent a refund to your card.", locale="en"))
    assert "refund_promise" not in check(
        turn("I've sent a refund request to the team; a person will review it.", locale="en")
    )


def test_weeks_are_backed_by_a_whole_number_of_days_only():
    chunks = {"devoluciones#2": "Tienes 14 días naturales para devolver un artículo."}
    assert check(turn("Tienes dos semanas para devolverlo.", locale="es-ES", chunks=chunks)) == {}
    assert check(turn("Tienes tres semanas para devolverlo.", locale="es-ES", chunks=chunks)) == {
        "unbacked_figure": ("3",)
    }


def test_a_comparison_names_its_standard_with_a_determiner():
    # "like their drills" still lends the drills' term to the blower (blind s-0130)
    assert "warranty_without_data" in check(blind("s-0130"))


@pytest.mark.parametrize("case_id", ["s-0028", "u-0103"])
def test_a_term_said_of_both_or_likened_still_reaches_the_bare_product(case_id):
    # "Both have a 5-year warranty"; "tiene 2 años de garantía, igual que el Medela"
    assert "warranty_without_data" in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        "z-003",  # "vas a tener el importe completo de vuelta … [devoluciones#2]"
        "o-0381",  # "you'll have the money back within 5 working days [refunds#1]"
        "J-0061",  # "you'll have the full amount back on your card within 5 working days"
        "v-0188",  # "Don't worry, you'll get every penny back": a reassurance, no negation
        "k-0167",  # "Se te reintegrará el importe … [reembolsos#1]": the passive future, yours
    ],
)
def test_the_policy_said_as_this_customers_own_outcome_is_a_promise(case_id):
    assert "refund_promise" in check(blind(case_id))


def test_the_same_outcome_on_a_condition_is_the_policy():
    chunks = {"returns#2": "Once a refund is approved, the money is back on the card in 5 days."}
    ok = "Once it's approved, you'll have the money back on your card in 5 days [returns#2]."
    assert "refund_promise" not in check(turn(ok, locale="en", chunks=chunks))
    bad = "You'll have the money back on your card in 5 days [returns#2]."
    assert "refund_promise" in check(turn(bad, locale="en", chunks=chunks))
