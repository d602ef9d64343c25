"""A customer's requests about their data: everything held about them as one JSON
document (access), and an erasure that anonymises it at once. Each writes one audit
row naming the customer only by a keyed hash of their e-mail (support/privacy/subject.py)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from config.audit.services import audit_record
from guards.models import GuardLog
from support.models import Conversation, Customer, Order, RefundRequest, Turn
from support.privacy.anonymise import Anonymised, anonymise_conversations
from support.privacy.subject import normalise_email, pseudonym

EXPORT_ACTION = "privacy.export"
ERASE_ACTION = "privacy.erase"
ERASED_NAME = "[erased]"


def find_customers(*, email: str) -> list[Customer]:
    """Every customer record with this e-mail: one person may buy in several of the
    desk's shops, and each shop keeps its own record."""
    found = Customer.objects.filter(email__iexact=normalise_email(email))
    return list(found.select_related("shop").order_by("pk"))


def find_customer(*, email: str) -> Customer | None:
    customers = find_customers(email=email)
    return customers[0] if customers else None


def export_customer(*, email: str, actor: Any | None = None, actor_label: str = "") -> dict:
    """Everything held about the person with this e-mail, in every shop (an empty
    ``customer`` when there is none), and an audit row saying an export happened."""
    customers = find_customers(email=email)
    document: dict[str, Any] = {
        "exported_at": timezone.now().isoformat(),
        "subject": pseudonym(email),
        "customer": None,
        "shops": [c.shop.slug for c in customers],
        "orders": [],
        "conversations": [],
    }
    if customers:
        first = customers[0]
        document["customer"] = {
            "name": first.name,
            "email": first.email,
            "has_login": any(c.user_id is not None for c in customers),
        }
        for customer in customers:
            document["orders"] += [_order(o) for o in customer.orders.order_by("number")]
            document["conversations"] += [
                _conversation(c) for c in customer.conversations.order_by("created_at", "pk")
            ]
    audit_record(
        actor=actor,
        actor_label=actor_label,
        action=EXPORT_ACTION,
        data={
            "subject": document["subject"],
            "found": bool(customers),
            "conversations": len(document["conversations"]),
        },
    )
    return document


def erase_customer(
    *, email: str, actor: Any | None = None, actor_label: str = ""
) -> Anonymised | None:
    """Anonymise every conversation of this person now, in every shop, and their
    customer records (name, e-mail, the login's personal fields). Orders and refund
    amounts and decisions stay, for the accounts. None when nobody has that e-mail
    (a second run)."""
    subject = pseudonym(email)
    with transaction.atomic():
        customers = list(
            Customer.objects.select_for_update()
            .filter(email__iexact=normalise_email(email))
            .order_by("pk")
        )
        done = None
        if customers:
            ids = [pk for c in customers for pk in c.conversations.values_list("pk", flat=True)]
            done = anonymise_conversations(ids=ids)
            RefundRequest.objects.filter(order__customer__in=customers).update(reason="")
            for customer in customers:
                _erase_customer_record(customer)
        audit_record(
            actor=actor,
            actor_label=actor_label,
            action=ERASE_ACTION,
            data={"subject": subject, "found": bool(customers)} | (done.as_json() if done else {}),
        )
    return done


def _erase_customer_record(customer: Customer) -> None:
    user = customer.user
    customer.name = ERASED_NAME
    customer.email = f"erased-{customer.pk}@erased.invalid"
    customer.user = None
    customer.save(update_fields=["name", "email", "user"])
    if user is not None and not user.is_staff:
        user.username = f"erased-customer-{customer.pk}"
        user.email = ""
        user.first_name = ""
        user.last_name = ""
        user.is_active = False
        user.set_unusable_password()
        user.save()


def _order(order: Order) -> dict[str, Any]:
    return {
        "number": order.number,
        "status": order.status,
        "eta": order.eta.isoformat() if order.eta else None,
        "items": order.items,
        "total": str(order.total),
        "currency": order.currency,
        "refund_requests": [
            {
                "amount": str(r.amount),
                "status": r.status,
                "reason": r.reason,
                "note": r.note,
                "created_at": r.created_at.isoformat(),
                "decided_at": r.decided_at.isoformat() if r.decided_at else None,
            }
            for r in RefundRequest.objects.filter(order=order).order_by("pk")
        ],
    }


def _conversation(conversation: Conversation) -> dict[str, Any]:
    turns = list(Turn.objects.filter(conversation=conversation).order_by("pk"))
    notes = GuardLog.objects.filter(turn_id__in=[t.pk for t in turns]).order_by("pk")
    return {
        "id": conversation.public_id,
        "shop": conversation.shop,
        "language": conversation.language,
        "status": conversation.status,
        "created_at": conversation.created_at.isoformat(),
        "handoff_note": conversation.handoff_note,
        "messages": [
            {
                "role": m.role,
                "text": m.text,
                "masked": m.masked,
                "sources": m.sources,
                "created_at": m.created_at.isoformat(),
            }
            for m in conversation.messages.order_by("pk")
        ],
        "turns": [
            {
                "message": t.message_id,
                "action": t.action,
                "tool_calls": t.tool_calls,
                "drafts": t.drafts,
                "created_at": t.created_at.isoformat(),
            }
            for t in turns
        ],
        "guard_notes": [
            {"guard": n.guard, "reason": n.reason, "draft": n.draft, "question": n.question}
            for n in notes
        ],
    }
