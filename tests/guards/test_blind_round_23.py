"""Misses and false alarms found in session 23 on the development halves of the blind
files, each kept exactly as its writer wrote it, with the correct answers that pin
where each new reading stops."""

from __future__ import annotations

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


def test_money_back_once_the_parcel_arrives_promises_the_reviews_outcome():
    """Given a pending refund request and a policy that pays "after the returned item is
    inspected"; when the draft says "you'll have your money back within 5 business days
    once we get the tent [returns#1]", then the money is promised: receiving the parcel
    is not the decision (xx-0086)."""
    assert "refund_promise" in check(blind("xx-0086"))


_PENDING = [
    (
        "request_refund",
        {"order_id": "HO-2198", "reason": "pole snapped"},
        "order HO-2198: refund request pending, a colleague will review it",
    )
]


def test_money_back_once_it_is_approved_still_waits_on_the_person():
    """The same sentence made to wait on the approval the policy names passes."""
    ctx = turn(
        "I've filed the refund request for HO-2198. Once it's approved, you'll have your "
        "money back within 5 business days [returns#1].",
        locale="en",
        chunks={
            "returns#1": "Approved refunds go back to the original payment method within "
            "5 business days."
        },
        tools=_PENDING,
    )
    assert "refund_promise" not in check(ctx)
