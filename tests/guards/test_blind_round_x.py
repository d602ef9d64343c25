"""Claimed actions found on the development half of blind file X (and two of V): a
state only an act could have made, said as made; a reply that opens by declaring the
request done; deeds of verbs a list would not foresee. Each case is kept exactly as
its writer wrote it; the hand-written turns pin what must still pass."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        "x-169",  # "your pharmacist has been informed": a passive perfect of any verb
        "x-207",  # "a replacement mouse has been dispatched", nothing moving in the turn
        "x-266",  # "the gift message has been added"
        "x-190",  # "la entrega quedó pasada para el viernes"
        "x-245",  # "ya quedó gestionado el cambio de talle", after a lookup only
        "x-024",  # "queda anotado": the sentence opens on the state
        "x-007",  # "Hecho." in a turn whose tools did nothing
        "x-142",  # "Ya está: el pedido 19505 saldrá envuelto para regalo"
        "v-0165",  # "Done — your account e-mail is now the new work address"
        "x-046",  # "ya te las dejé reservadas": a plural participle left behind
        "x-089",  # "I went ahead and removed the lamp from order 4411"
        "x-225",  # "I've let the courier know": a third party told
        "x-228",  # "I've set up a replacement": the replacement is the customer's case
        "x-185",  # refund requests "for both orders, 3301 and 3302": one was filed
        "t-0103",  # "I've extended the return window on order 10288 … [returns#1]"
        "v-0070",  # "A manager will reach out to you this afternoon", no handoff
        "x-150",  # "The team is already preparing the replacement pair for you"
        "x-070",  # "ya tiene la nueva dirección actualizada en el pedido"
        "x-143",  # "Ya lo reporté para que no vuelva a pasar"
    ],
)
def test_a_claimed_act_no_tool_did_is_stopped(case_id):
    assert "action_claim" in check(blind(case_id))


def test_a_state_the_record_or_the_customer_made_passes():
    # given the lookup's record and the customer's own cancellation (blind t-0062)
    assert "action_claim" not in check(blind("t-0062"))
    # and an order the lookup shows shipped may be said to have been shipped
    lookup = [("get_order_status", {"order_id": "4411"}, "4411 — shipped on 2 May")]
    draft = "Your order 4411 has been dispatched and is with the courier."
    assert "action_claim" not in check(turn(draft, locale="en", tools=lookup))
    # but with a lookup that shows it still being prepared, the same draft claims it
    waiting = [("get_order_status", {"order_id": "4411"}, "4411 — being prepared")]
    assert "action_claim" in check(turn(draft, locale="en", tools=waiting))


def test_a_condition_a_negation_or_a_source_leaves_a_state_unsaid():
    chunks = {"returns#2": "Once your return has been inspected, the label is archived."}
    for draft in (
        "Once your return has been inspected, a colleague will write to you [returns#2].",
        "Your address hasn't been changed; you can edit it from My orders.",
        "Once your return has been inspected, the label is archived [returns#2].",
    ):
        assert "action_claim" not in check(turn(draft, locale="en", chunks=chunks)), draft


def test_done_opens_a_reply_only_when_the_turn_did_nothing():
    refund = [
        ("request_refund", {"order_id": "7502", "reason": "broken"}, {"status": "pending_review"})
    ]
    draft = "Hecho: pedí el reembolso del pedido 7502 y una persona del equipo lo va a revisar."
    assert "action_claim" not in check(turn(draft, locale="es-AR", tools=refund))
    assert "action_claim" in check(turn(draft, locale="es-AR"))
    # and "Listo" in the middle of a sentence, or "done" as a word of it, is no opener
    ok = "You can mark the return as done from My orders once you've packed it."
    assert "action_claim" not in check(turn(ok, locale="en"))


def test_a_cited_source_backs_how_things_are_done_not_a_deed_done_for_this_case():
    chunks = {"returns#1": "We extend the return window to 60 days for faulty items."}
    ok = "For faulty items we extend the return window to 60 days [returns#1]."
    assert "action_claim" not in check(turn(ok, locale="en", chunks=chunks))
    bad = "I've extended the return window on order 10288 to 60 days [returns#1]."
    assert "action_claim" in check(turn(bad, locale="en", chunks=chunks))
