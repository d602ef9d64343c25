"""A person approves or denies a refund request: exactly once, by someone allowed to.

The assistant can only *file* a request (support/customer/refunds.py); nothing in its
tools reaches this module. A decision is claimed by a conditional UPDATE (``WHERE
status = 'pending'``), so of any number of concurrent clicks exactly one wins; in the
same transaction it writes the audit row and the staff message to the customer, and
on approval it sends ``refund_approved`` once the transaction has committed (where a
payment step would attach; the project moves no money).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from config.audit.models import AuditEntry
from config.audit.services import audit_record
from config.staff_access import StaffGroup, user_in_groups
from support.models import Conversation, Language, Message, RefundRequest
from support.money import format_money
from support.signals import refund_approved

NOTE_MAX_CHARS = 1000
KEY_MAX_CHARS = 100
KEY_PATTERN = re.compile(r"^[A-Za-z0-9._:-]+$")
APPROVE = "refund.approve"
DENY = "refund.deny"
REFUSED = "refund.decide_refused"


class RefundDecisionError(Exception):
    """A decision that was not made; ``message`` says why, in words for the staff page."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RefundNotFound(RefundDecisionError):
    pass


class DecisionNotAllowed(RefundDecisionError):
    """Separation of duties: not an approver, or the approver asked for the refund."""


class AlreadyDecided(RefundDecisionError):
    pass


class IdempotencyConflict(RefundDecisionError):
    """The key was already used for a different decision (request, verdict, amount,
    note or person)."""


class InvalidDecision(RefundDecisionError):
    pass


@dataclass(frozen=True)
class RefundDecision:
    """What was decided. A replay returns an equal object (``replayed`` is not compared)."""

    refund_request_id: int
    status: str
    order_number: str
    amount: Decimal
    currency: str
    note: str
    decided_by_id: int
    decided_at: datetime
    audit_entry_id: int
    customer_message_id: int | None
    replayed: bool = field(default=False, compare=False)

    @property
    def approved(self) -> bool:
        return self.status == RefundRequest.Status.APPROVED


def refund_request_decide(
    *,
    refund_request_id: int,
    decided_by: Any,
    approve: bool,
    note: str,
    idempotency_key: str | None = None,
    amount: Decimal | None = None,
) -> RefundDecision:
    """Approve or deny one pending refund request.

    ``amount``, when given, is the amount the approver saw: it must equal the request's.
    ``idempotency_key``: the same key replayed with the same decision returns the same
    result and changes nothing; reused for anything else it is refused.
    Raises a ``RefundDecisionError`` subclass when nothing was decided.
    """
    note = (note or "").strip()
    key = (idempotency_key or "").strip()
    if len(note) > NOTE_MAX_CHARS:
        raise InvalidDecision(f"The note is too long: at most {NOTE_MAX_CHARS} characters.")
    if key and (len(key) > KEY_MAX_CHARS or not KEY_PATTERN.match(key)):
        raise InvalidDecision("The idempotency key is malformed.")
    if not user_in_groups(decided_by, (StaffGroup.REFUND_APPROVERS,)):
        _record_refusal(decided_by, refund_request_id, "not a refund approver")
        raise DecisionNotAllowed("Only refund approvers may approve or deny refunds.")

    replay = {
        "refund_request_id": refund_request_id,
        "decided_by": decided_by,
        "approve": approve,
        "note": note,
        "amount": amount,
    }
    if key:
        used = RefundRequest.objects.filter(idempotency_key=key).first()
        if used is not None:
            return _replay(used, **replay)

    refund = (
        RefundRequest.objects.select_related("order__customer", "turn__conversation__customer")
        .filter(pk=refund_request_id)
        .first()
    )
    if refund is None:
        raise RefundNotFound(f"There is no refund request #{refund_request_id}.")
    if _is_requester(decided_by, refund):
        _record_refusal(decided_by, refund.pk, "own request")
        raise DecisionNotAllowed("You cannot decide a refund you requested yourself.")
    if amount is not None and Decimal(amount) != refund.amount:
        raise InvalidDecision(
            f"The request is for {_money(refund)}, not the amount shown to you; "
            "reload the queue and decide again."
        )
    if not approve and not note:
        raise InvalidDecision("A denial needs a note: it is what the customer is told.")
    decision = None
    if refund.status == RefundRequest.Status.PENDING:
        try:
            decision = _decide(refund, decided_by=decided_by, approve=approve, note=note, key=key)
        except IntegrityError:
            # The key was taken meanwhile by another decision (the unique constraint).
            used = RefundRequest.objects.filter(idempotency_key=key).first() if key else None
            if used is None:
                raise
            return _replay(used, **replay)
    if decision is not None:
        return decision

    # Decided already, or another decision won the race: maybe this very call, replayed.
    current = RefundRequest.objects.select_related("order", "decided_by").get(pk=refund.pk)
    if key and current.idempotency_key == key:
        return _replay(current, **replay)
    raise AlreadyDecided(_already_decided_message(current))


def _decide(
    refund: RefundRequest, *, decided_by: Any, approve: bool, note: str, key: str
) -> RefundDecision | None:
    """Claim and record the decision in one transaction; None when it was already taken."""
    status = RefundRequest.Status.APPROVED if approve else RefundRequest.Status.DENIED
    now = timezone.now()
    with transaction.atomic():
        claimed = RefundRequest.objects.filter(
            pk=refund.pk, status=RefundRequest.Status.PENDING
        ).update(
            status=status, decided_by=decided_by, decided_at=now, note=note, idempotency_key=key
        )
        if claimed != 1:
            return None
        order = refund.order
        conversation = refund.turn.conversation if refund.turn_id else None
        message = None
        if conversation is not None:
            message = Message.objects.create(
                conversation=conversation,
                role=Message.Role.STAFF,
                text=customer_notice(refund=refund, approved=approve, note=note),
            )
        entry = audit_record(
            actor=decided_by,
            action=APPROVE if approve else DENY,
            target=refund,
            data={
                "amount": str(refund.amount),
                "currency": order.currency,
                "order": order.number,
                "note": note,
                "idempotency_key": key,
                "conversation": conversation.public_id if conversation else None,
                "customer_message_id": message.pk if message else None,
            },
        )
        if approve:
            payload = {
                "refund_request_id": refund.pk,
                "order_number": order.number,
                "amount": refund.amount,
                "currency": order.currency,
                "decided_by_id": decided_by.pk,
            }
            transaction.on_commit(
                lambda: refund_approved.send(sender=RefundRequest, **payload), robust=True
            )
    return RefundDecision(
        refund_request_id=refund.pk,
        status=status,
        order_number=order.number,
        amount=refund.amount,
        currency=order.currency,
        note=note,
        decided_by_id=decided_by.pk,
        decided_at=now,
        audit_entry_id=entry.pk,
        customer_message_id=message.pk if message else None,
    )


def _replay(
    used: RefundRequest,
    *,
    refund_request_id: int,
    decided_by: Any,
    approve: bool,
    note: str,
    amount: Decimal | None,
) -> RefundDecision:
    """The earlier decision made with this key, if this call asks for exactly that."""
    wanted = RefundRequest.Status.APPROVED if approve else RefundRequest.Status.DENIED
    differences = []
    if used.pk != refund_request_id:
        differences.append("another refund request")
    if used.status != wanted:
        differences.append("the other decision")
    if amount is not None and Decimal(amount) != used.amount:
        differences.append("another amount")
    if used.note != note:
        differences.append("another note")
    if used.decided_by_id != getattr(decided_by, "pk", None):
        differences.append("another person")
    if differences:
        raise IdempotencyConflict(
            "This idempotency key was already used for a different decision ("
            + ", ".join(differences)
            + "); nothing was changed."
        )
    entry = (
        AuditEntry.objects.filter(
            target_type=RefundRequest._meta.label_lower,
            target_id=str(used.pk),
            action__in=(APPROVE, DENY),
        )
        .order_by("id")
        .first()
    )
    order = used.order
    return RefundDecision(
        refund_request_id=used.pk,
        status=used.status,
        order_number=order.number,
        amount=used.amount,
        currency=order.currency,
        note=used.note,
        decided_by_id=used.decided_by_id,
        decided_at=used.decided_at,
        audit_entry_id=entry.pk if entry else 0,
        customer_message_id=entry.data.get("customer_message_id") if entry else None,
        replayed=True,
    )


def _is_requester(user: Any, refund: RefundRequest) -> bool:
    """True when ``user`` is the customer who asked (the order's, or the conversation's)."""
    owners = {refund.order.customer.user_id}
    if refund.turn_id and refund.turn.conversation.customer_id:
        owners.add(refund.turn.conversation.customer.user_id)
    owners.discard(None)
    return getattr(user, "pk", None) in owners


def _record_refusal(user: Any, refund_request_id: int, reason: str) -> None:
    """A refused attempt at someone else's money is worth a line in the log."""
    if not getattr(user, "is_authenticated", False):
        return
    audit_record(
        actor=user,
        action=REFUSED,
        data={"refund_request_id": refund_request_id, "reason": reason},
    )


def _money(refund: RefundRequest) -> str:
    return format_money(refund.amount, refund.order.currency)


def _already_decided_message(refund: RefundRequest) -> str:
    who = refund.decided_by.get_username() if refund.decided_by_id else "someone"
    when = f" on {refund.decided_at:%Y-%m-%d %H:%M} UTC" if refund.decided_at else ""
    return (
        f"This refund request was already {refund.status} by {who}{when}; "
        "your decision was not recorded."
    )


NOTICES = {
    Language.ENGLISH: {
        True: "Good news: the refund of {amount} for your order {order} has been approved.",
        False: (
            "We reviewed your refund request for order {order} and could not approve it. "
            "Reason: {note}"
        ),
    },
    Language.SPANISH: {
        True: "Buenas noticias: se aprobó el reembolso de {amount} de tu pedido {order}.",
        False: (
            "Revisamos tu solicitud de reembolso del pedido {order} y no pudimos aprobarla. "
            "Motivo: {note}"
        ),
    },
}


def customer_notice(*, refund: RefundRequest, approved: bool, note: str) -> str:
    """The staff message the customer reads in the widget, in the conversation's language."""
    conversation: Conversation | None = refund.turn.conversation if refund.turn_id else None
    language = conversation.language if conversation else Language.ENGLISH
    texts = NOTICES.get(language, NOTICES[Language.ENGLISH])
    return texts[approved].format(amount=_money(refund), order=refund.order.number, note=note)
