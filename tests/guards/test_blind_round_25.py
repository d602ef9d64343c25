"""False alarms and misses found in session 25 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

from guards.commitments import read_commitments
from tests.guards.helpers import check, turn
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
