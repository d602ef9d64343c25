"""Refund decisions: one per request even under concurrent clicks, idempotent replays,
separation of duties, the audit row, the payment hook and the customer's message."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import threading
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.db import connections

from config.audit.models import AuditEntry
from support.backoffice.refund_decisions import (
    AlreadyDecided,
    DecisionNotAllowed,
    IdempotencyConflict,
    InvalidDecision,
    RefundNotFound,
    refund_request_decide,
)
from support.models import (
    Conversation,
    Customer,
    Message,
    Order,
    RefundRequest,
    Shop,
    Turn,
)
from support.signals import refund_approved

ROOT = Path(__file__).resolve().parents[2]


# --- helpers (also used by the staff page tests) ----------------------------------


def make_refund(
    *,
    number: str = "7001",
    amount: str = "49.90",
    currency: str = "EUR",
    language: str = "en",
    customer_user: User | None = None,
    customer_text: str = "The blender arrived broken, I want my money back for order 7001.",
) -> RefundRequest:
    """A pending refund request filed by the assistant in a customer's conversation."""
    shop, _ = Shop.objects.get_or_create(slug="demo-shop", defaults={"name": "Demo Shop"})
    customer = Customer.objects.create(
        shop=shop, name="Carla Cliente", email=f"carla-{number}@example.com", user=customer_user
    )
    order = Order.objects.create(
        shop=shop,
        number=number,
        customer=customer,
        status=Order.Status.DELIVERED,
        total=Decimal(amount),
        currency=currency,
    )
    conversation = Conversation.objects.create(customer=customer, language=language)
    Message.objects.create(conversation=conversation, role=Message.Role.CUSTOMER, text="Hello")
    ask = Message.objects.create(
        conversation=conversation, role=Message.Role.CUSTOMER, text=customer_text
    )
    reply = Message.objects.create(
        conversation=conversation,
        role=Message.Role.ASSISTANT,
        text="A person will review your refund request.",
    )
    turn = Turn.objects.create(
        conversation=conversation,
        message=ask,
        reply=reply,
        status=Turn.Status.DONE,
        action=Turn.Action.HELD_FOR_REFUND,
    )
    return RefundRequest.objects.create(
        order=order, amount=order.total, reason=customer_text, turn=turn
    )


def staff_user(username: str, *groups: str, superuser: bool = False) -> User:
    """A staff user without a password hash (fast); groups are created if a flush
    of an earlier transactional test removed them."""
    user = User.objects.create(username=username, is_superuser=superuser)
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    return user


def staff_messages(refund: RefundRequest) -> list[Message]:
    return list(
        Message.objects.filter(
            conversation=refund.turn.conversation, role=Message.Role.STAFF
        ).order_by("id")
    )


def decisions_audited(refund: RefundRequest) -> int:
    return AuditEntry.objects.filter(
        target_type="support.refundrequest",
        target_id=str(refund.pk),
        action__in=("refund.approve", "refund.deny"),
    ).count()


@pytest.fixture
def payment_hook():
    """Every refund_approved signal received, in order."""
    received: list[dict] = []
    lock = threading.Lock()

    def receiver(sender, **kwargs):
        with lock:
            received.append(kwargs)

    refund_approved.connect(receiver, dispatch_uid="test-payment-hook", weak=False)
    yield received
    refund_approved.disconnect(dispatch_uid="test-payment-hook")


# --- one decision, its effects -------------------------------------------------------


@pytest.mark.django_db
def test_an_approval_is_audited_tells_the_customer_and_calls_the_payment_hook(
    payment_hook, django_capture_on_commit_callbacks
):
    # given a pending request and an approver
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")

    # when she approves it
    with django_capture_on_commit_callbacks(execute=True):
        result = refund_request_decide(
            refund_request_id=refund.pk, decided_by=rita, approve=True, note="Photo checks out"
        )

    # then the request is approved by her, once
    refund.refresh_from_db()
    assert refund.status == RefundRequest.Status.APPROVED
    assert refund.decided_by == rita and refund.decided_at is not None
    assert result.approved and not result.replayed
    # and the audit row carries amount, order and note
    entry = AuditEntry.objects.get(action="refund.approve")
    assert entry.actor == rita and entry.target_id == str(refund.pk)
    assert entry.data["amount"] == "49.90" and entry.data["currency"] == "EUR"
    assert entry.data["order"] == "7001" and entry.data["note"] == "Photo checks out"
    # and the customer reads it in their conversation, in English
    (message,) = staff_messages(refund)
    assert "approved" in message.text and "€49.90" in message.text and "7001" in message.text
    assert result.customer_message_id == message.pk
    # and the payment hook was called once, after the commit
    assert len(payment_hook) == 1
    assert payment_hook[0]["refund_request_id"] == refund.pk
    assert payment_hook[0]["amount"] == Decimal("49.90")


@pytest.mark.django_db
def test_a_spanish_conversation_is_told_in_spanish(django_capture_on_commit_callbacks):
    # given a request from a Spanish conversation about a peso order
    refund = make_refund(language="es", amount="449999", currency="ARS")
    rita = staff_user("rita", "refund_approvers")
    # when it is approved
    with django_capture_on_commit_callbacks(execute=True):
        refund_request_decide(refund_request_id=refund.pk, decided_by=rita, approve=True, note="")
    # then the staff message is in Spanish, with the amount as the shop writes it
    (message,) = staff_messages(refund)
    assert message.text.startswith("Buenas noticias")
    assert "$ 449.999" in message.text and "pedido 7001" in message.text


@pytest.mark.django_db
def test_a_denial_tells_the_customer_the_note_and_pays_nothing(
    payment_hook, django_capture_on_commit_callbacks
):
    # given a pending request
    refund = make_refund(language="es")
    rita = staff_user("rita", "refund_approvers")
    # when it is denied with a note
    with django_capture_on_commit_callbacks(execute=True):
        result = refund_request_decide(
            refund_request_id=refund.pk,
            decided_by=rita,
            approve=False,
            note="El plazo de devolución venció.",
        )
    # then it is denied and audited, the customer reads the note, the hook is not called
    assert result.status == "denied"
    assert AuditEntry.objects.filter(action="refund.deny").count() == 1
    (message,) = staff_messages(refund)
    assert "no pudimos aprobarla" in message.text
    assert "El plazo de devolución venció." in message.text
    assert payment_hook == []


@pytest.mark.django_db
def test_a_request_without_a_conversation_is_decided_without_a_message(
    payment_hook, django_capture_on_commit_callbacks
):
    # given a request whose turn is gone (filed outside a conversation)
    refund = make_refund()
    RefundRequest.objects.filter(pk=refund.pk).update(turn=None)
    rita = staff_user("rita", "refund_approvers")
    # when it is approved
    with django_capture_on_commit_callbacks(execute=True):
        result = refund_request_decide(
            refund_request_id=refund.pk, decided_by=rita, approve=True, note=""
        )
    # then it is decided and audited, and nobody is messaged
    assert result.approved and result.customer_message_id is None
    assert AuditEntry.objects.get(action="refund.approve").data["conversation"] is None
    assert not Message.objects.filter(role=Message.Role.STAFF).exists()
    assert len(payment_hook) == 1


@pytest.mark.django_db
def test_a_denial_without_a_note_is_refused_and_changes_nothing():
    # given a pending request
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")
    # when it is denied with a blank note, then it is refused with a reason
    with pytest.raises(InvalidDecision, match="needs a note"):
        refund_request_decide(refund_request_id=refund.pk, decided_by=rita, approve=False, note=" ")
    # and nothing changed
    refund.refresh_from_db()
    assert refund.status == RefundRequest.Status.PENDING
    assert decisions_audited(refund) == 0 and staff_messages(refund) == []


@pytest.mark.django_db
def test_deciding_an_already_decided_request_is_refused_with_who_decided(payment_hook):
    # given a request approved by Rita
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")
    rafa = staff_user("rafa", "refund_approvers")
    refund_request_decide(refund_request_id=refund.pk, decided_by=rita, approve=True, note="")
    # when Rafa denies it afterwards, then he is told it was already approved by Rita
    with pytest.raises(AlreadyDecided, match="already approved by rita"):
        refund_request_decide(
            refund_request_id=refund.pk, decided_by=rafa, approve=False, note="no"
        )
    # and the first decision stands alone
    refund.refresh_from_db()
    assert refund.status == "approved" and refund.decided_by == rita
    assert decisions_audited(refund) == 1 and len(staff_messages(refund)) == 1


@pytest.mark.django_db
def test_an_unknown_request_is_refused():
    rita = staff_user("rita", "refund_approvers")
    with pytest.raises(RefundNotFound, match="no refund request #999999"):
        refund_request_decide(refund_request_id=999999, decided_by=rita, approve=True, note="")


@pytest.mark.django_db
def test_the_amount_shown_must_be_the_amount_requested():
    # given a pending request for 49.90
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")
    # when an approval claims another amount, then it is refused and nothing changes
    with pytest.raises(InvalidDecision, match="not the amount shown"):
        refund_request_decide(
            refund_request_id=refund.pk,
            decided_by=rita,
            approve=True,
            note="",
            amount=Decimal("499.00"),
        )
    refund.refresh_from_db()
    assert refund.status == "pending"


# --- idempotency ---------------------------------------------------------------------


@pytest.mark.django_db
def test_a_replayed_approval_returns_the_same_result_and_has_one_effect(
    payment_hook, django_capture_on_commit_callbacks
):
    # given an approval made with an idempotency key
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")
    call = {
        "refund_request_id": refund.pk,
        "decided_by": rita,
        "approve": True,
        "note": "ok",
        "idempotency_key": "key-123",
        "amount": Decimal("49.90"),
    }
    with django_capture_on_commit_callbacks(execute=True):
        first = refund_request_decide(**call)
    # when the same call is replayed with the same key
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        second = refund_request_decide(**call)
    # then the result is the same, marked as a replay, and nothing happened twice
    assert second == first and second.replayed and not first.replayed
    assert callbacks == []
    assert decisions_audited(refund) == 1
    assert len(staff_messages(refund)) == 1
    assert len(payment_hook) == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"amount": Decimal("99.90")}, "another amount"),
        ({"approve": False}, "the other decision"),
        ({"note": "something else"}, "another note"),
        ({"other_request": True}, "another refund request"),
    ],
)
def test_a_key_reused_for_a_different_decision_is_refused(change, why):
    # given an approval of one request made with a key, and a second pending request
    refund = make_refund()
    other = make_refund(number="7002")
    rita = staff_user("rita", "refund_approvers")
    call = {
        "refund_request_id": refund.pk,
        "decided_by": rita,
        "approve": True,
        "note": "ok",
        "idempotency_key": "key-xyz",
        "amount": Decimal("49.90"),
    }
    refund_request_decide(**call)
    # when the key is reused with something changed
    changed = {**call, **change}
    if changed.pop("other_request", False):
        changed["refund_request_id"] = other.pk
    # then it is refused, naming the difference
    with pytest.raises(IdempotencyConflict, match=why):
        refund_request_decide(**changed)
    # and nothing changed: one decision, the other request still pending
    refund.refresh_from_db()
    other.refresh_from_db()
    assert refund.status == "approved" and refund.note == "ok"
    assert other.status == "pending"
    assert decisions_audited(refund) == 1 and decisions_audited(other) == 0


@pytest.mark.django_db
def test_a_key_replayed_by_another_approver_is_refused():
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")
    rafa = staff_user("rafa", "refund_approvers")
    refund_request_decide(
        refund_request_id=refund.pk, decided_by=rita, approve=True, note="", idempotency_key="k1"
    )
    with pytest.raises(IdempotencyConflict, match="another person"):
        refund_request_decide(
            refund_request_id=refund.pk,
            decided_by=rafa,
            approve=True,
            note="",
            idempotency_key="k1",
        )


# --- separation of duties ------------------------------------------------------------


@pytest.mark.django_db
def test_an_approver_cannot_decide_their_own_refund_request():
    # given an approver who is also the customer who asked
    rita = staff_user("rita", "refund_approvers")
    refund = make_refund(customer_user=rita)
    # when she approves her own request, then it is refused
    with pytest.raises(DecisionNotAllowed, match="requested yourself"):
        refund_request_decide(refund_request_id=refund.pk, decided_by=rita, approve=True, note="")
    # and nothing was decided; the attempt is in the audit log
    refund.refresh_from_db()
    assert refund.status == "pending" and decisions_audited(refund) == 0
    refused = AuditEntry.objects.get(action="refund.decide_refused")
    assert refused.actor == rita and refused.data["reason"] == "own request"


@pytest.mark.django_db
def test_even_a_superuser_cannot_decide_their_own_refund_request():
    boss = staff_user("boss", superuser=True)
    refund = make_refund(customer_user=boss)
    with pytest.raises(DecisionNotAllowed):
        refund_request_decide(refund_request_id=refund.pk, decided_by=boss, approve=True, note="")


@pytest.mark.django_db
@pytest.mark.parametrize("group", ["editors", "agents"])
def test_editors_and_agents_cannot_decide(group):
    # given a pending request and a staff member who is not a refund approver
    refund = make_refund()
    someone = staff_user("someone", group)
    # when they approve it, then it is refused and nothing changes
    with pytest.raises(DecisionNotAllowed, match="Only refund approvers"):
        refund_request_decide(
            refund_request_id=refund.pk, decided_by=someone, approve=True, note=""
        )
    refund.refresh_from_db()
    assert refund.status == "pending" and decisions_audited(refund) == 0


@pytest.mark.django_db
def test_a_superuser_may_decide():
    refund = make_refund()
    boss = staff_user("boss", superuser=True)
    result = refund_request_decide(
        refund_request_id=refund.pk, decided_by=boss, approve=True, note=""
    )
    assert result.approved


def test_the_assistants_tools_have_no_path_to_the_decision_service():
    # given the tools module the model's tool calls run through
    source = (ROOT / "support" / "customer" / "tools.py").read_text()
    imported = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
            imported.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    # then it does not import the decision service, nor name it
    assert not any("refund_decisions" in name for name in imported)
    assert "refund_request_decide" not in source
    # and nothing the assistant's turn loads imports it either (a fresh interpreter)
    code = (
        "import sys, django; django.setup(); "
        "import support.customer.tools, support.customer.turn, support.customer.answering; "
        "import support.tasks; "
        "print('support.backoffice.refund_decisions' in sys.modules)"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        # settings only parse this URL; nothing connects, no embedded server starts
        "DATABASE_URL": "postgres://nobody@127.0.0.1:9/none",
    }
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.django_db
def test_the_tools_offer_no_approval():
    from support.customer.tools import TOOLS

    assert {tool["name"] for tool in TOOLS} == {
        "get_order_status",
        "search_products",
        "request_refund",
    }


# --- the race, with real transactions -------------------------------------------------


def _run_concurrently(calls: list, worker) -> list[tuple[str, object]]:
    """Run ``worker(call)`` for each call in its own thread (its own database
    connection), released together by a barrier; each thread closes its connection."""
    outcomes: list[tuple[str, object]] = []
    lock = threading.Lock()
    barrier = threading.Barrier(len(calls))

    def run(call):
        try:
            barrier.wait(timeout=60)
            result = worker(call)
            outcome = ("decided", result)
        except AlreadyDecided as error:
            outcome = ("already", error)
        except Exception as error:  # reported by the assertion below
            outcome = ("error", error)
        finally:
            connections.close_all()
        with lock:
            outcomes.append(outcome)

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_approvals_make_exactly_one_decision(payment_hook):
    # given one pending request and twenty approvers who click at the same moment
    refund = make_refund()
    approvers = [staff_user(f"approver{i}", "refund_approvers") for i in range(20)]

    # when all twenty approve it concurrently, each in its own transaction
    outcomes = _run_concurrently(
        approvers,
        lambda user: refund_request_decide(
            refund_request_id=refund.pk, decided_by=user, approve=True, note="go"
        ),
    )

    # then exactly one decision was made and nineteen were told it was already made
    kinds = sorted(kind for kind, _ in outcomes)
    assert kinds == ["already"] * 19 + ["decided"], outcomes
    (winner,) = [result for kind, result in outcomes if kind == "decided"]
    refund.refresh_from_db()
    assert refund.status == "approved" and refund.decided_by_id == winner.decided_by_id
    # with one audit row, one staff message and one payment hook call
    assert decisions_audited(refund) == 1
    assert len(staff_messages(refund)) == 1
    assert len(payment_hook) == 1
    connections.close_all()


@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_replays_of_one_key_return_one_result(payment_hook):
    # given one pending request and one approver whose request is sent twenty times at once
    refund = make_refund()
    rita = staff_user("rita", "refund_approvers")

    # when the twenty copies, all with the same idempotency key, run concurrently
    outcomes = _run_concurrently(
        list(range(20)),
        lambda _: refund_request_decide(
            refund_request_id=refund.pk,
            decided_by=rita,
            approve=True,
            note="",
            idempotency_key="double-click-1",
        ),
    )

    # then every copy gets the same result, and there was one effect
    assert [kind for kind, _ in outcomes] == ["decided"] * 20, outcomes
    results = [result for _, result in outcomes]
    assert all(result == results[0] for result in results)
    assert sum(not result.replayed for result in results) == 1
    assert decisions_audited(refund) == 1
    assert len(staff_messages(refund)) == 1
    assert len(payment_hook) == 1
    connections.close_all()
