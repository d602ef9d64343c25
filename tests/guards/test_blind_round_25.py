"""False alarms and misses found in session 25 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

from guards.commitments import read_commitments
from tests.guards.helpers import check
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
