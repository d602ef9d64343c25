"""Misses and false alarms found in session 45 on the development halves of the blind
files IZ, JA, JB and JC, read once their first figures were taken, each kept exactly as
its writer wrote it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "so we'll return the fee for your last session as a gesture of good faith"
        ("jb-0043", "refund_promise"),
        # "te queda a favor el valor de esa sesión para usar cuando quieras"
        ("jb-0109", "discount_promise"),
        # "we'll match what the other auction house charges and refund you the difference"
        ("jb-0142", "discount_promise"),
        # kept: "…the remaining 50% when you approve the first samples, which we call T1
        # [tooling#2]. Once the tool is approved, production can be scheduled"
        ("jc-0024", None),
        # kept: "I checked order 5881: it was sent by standard shipping … I've filed a
        # refund request for order 5881 for the express fee" (request_refund ran)
        ("iz-0129", None),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


@pytest.mark.parametrize(
    ("draft", "question", "failed"),
    [
        ("We'll return the fee for your last session.", "", True),
        ("As a goodwill gesture we'll return your deposit in full.", "", True),
        ("We'll return the difference to your card by Friday.", "", True),
        # goods, and the customer's own step
        ("We'll return the parcel to the sender.", "", False),
        ("Once you return the lamp, we'll check it.", "", False),
        # a pronoun after a question about money is the goods: "return" takes no
        # object from the conversation
        (
            "If the pen is unused, it can be returned within the month.",
            "It's cheaper now. Can I get the difference back?",
            False,
        ),
        ("We can't return the fee once the session has taken place.", "", False),
    ],
)
def test_what_was_paid_returned_is_money_back(draft, question, failed):
    """Given no refund was approved, when the speaker returns what the customer paid (a
    fee, a deposit, the difference), then it is money back; goods returned, the
    customer's step, a refusal, and an "it" that the conversation's money words
    surround promise nothing."""
    ctx = turn(draft, locale="en", question=question)
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("No te preocupes: te queda a favor el valor de esa sesión.", True),
        ("Te dejamos a favor el importe de la cuota para la próxima.", True),
        ("El importe de la sesión queda a su favor para otro servicio.", True),
        # "a favor" of no money
        ("Tenés el tiempo a tu favor: la inscripción cierra en junio.", False),
        ("La garantía legal queda a su favor en este caso.", False),
    ],
)
def test_money_left_in_the_customers_favour_is_credit(draft, failed):
    """Given no source gives credit, when the draft leaves what was paid "a favor" of
    the customer, then it grants store credit by another name; "a favor" of time or of
    a law grants nothing."""
    ctx = turn(draft, locale="es-AR", question="No pude ir a la última sesión.")
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("We'll match what the other auction house charges.", True),
        ("We'll match their price on this lot.", True),
        # refused
        ("I'm afraid we can't match what other houses charge.", False),
    ],
)
def test_matching_what_another_house_charges_is_a_price_match(draft, failed):
    """Given no source offers a price match, when the speaker matches what another
    seller charges, then it gives a lower price; refused, it gives none."""
    ctx = turn(draft, locale="en", question="Another house ships prints for less.")
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("output", "failed"),
    [
        ("LR-29878 — inspection completed 6 June; deposit returned 9 June", False),
        # the customer paid it: nothing came back
        ("LR-29878 — cancelled 5 June; deposit $240.00 paid", True),
        # a review ("reseña") sent back holds no deposit ("seña")
        ("LR-29878 — cancelled 5 June; reseña devuelta al autor", True),
    ],
)
def test_a_deposit_the_lookup_reports_returned_is_no_promise(output, failed):
    """Given a lookup, when the draft says the deposit was returned, then it reports
    what the lookup says if the lookup says the deposit went back; a lookup that says
    only that the deposit was paid reports no refund."""
    ctx = turn(
        "I've looked up LR-29878: the deposit was returned on 9 June.",
        locale="en",
        question="Where's my deposit?",
        tools=[("get_order_status", {"order_id": "LR-29878"}, output)],
    )
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Billing is split: the rest when you approve the samples, which we call T1.", False),
        ("You approve the first samples (we call that T1), then we schedule production.", False),
        # a call made, to the customer or to a carrier
        ("We'll call you when the samples are ready.", True),
        ("I'll call that courier for you now.", True),
    ],
)
def test_call_giving_a_name_calls_no_one(draft, failed):
    """Given no tool ran, when "call" gives a name ("which we call T1", "we call that
    T1"), then no one was called; a call to the customer or to "that courier" is an
    act."""
    ctx = turn(draft, locale="en", question="How do you bill tooling?")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("chunk", "failed"),
    [
        ("Tooling is invoiced 50% on order and 50% on approval of first samples.", False),
        ("Invoices are sent 50% on order and 50% on approval of first samples.", True),
    ],
)
def test_a_word_the_shops_page_uses_in_ing_is_its_own(chunk, failed):
    """Given a page of the turn, when the draft says "the tool" and the page says
    "Tooling", then it is the shop's word (the mould); over a page without it, "the
    tool" is the machinery."""
    ctx = turn(
        "Once the tool is approved [tooling#2], production can be scheduled.",
        locale="en",
        question="When does production start?",
        chunks={"tooling#2": chunk},
    )
    assert ("internal_vocabulary" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("I checked order 5881: it was sent by standard shipping on 10 June.", False),
        ("We'll send the refund to your card today.", True),
        ("We'll send the money back to your card today.", True),
    ],
)
def test_it_sent_beside_a_refund_is_the_order(draft, failed):
    """Given a question about a refund, when the draft says "it was sent" of the order,
    then "send" reads no money from the conversation for its "it"; the refund or the
    money said in the clause is money back."""
    ctx = turn(
        draft,
        locale="en",
        question="I paid for express shipping but it came standard. Can I get a refund?",
    )
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed
