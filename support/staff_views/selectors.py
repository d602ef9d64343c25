"""Reads for the refund queue and the handoff inbox."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import F, Max, OuterRef, Prefetch, QuerySet, Subquery, Window
from django.db.models.functions import RowNumber

from support.models import Conversation, Message, RefundRequest, Turn
from support.money import format_money

EXCERPT_MESSAGES = 4
DECIDED_LIMIT = 50
PENDING_LIMIT = 200
INBOX_LIMIT = 200


def _refunds() -> QuerySet[RefundRequest]:
    return RefundRequest.objects.select_related(
        "order__customer", "turn__conversation", "decided_by"
    )


def _with_excerpts(refunds: list[RefundRequest]) -> list[RefundRequest]:
    """Attach ``excerpt`` (the last few messages of the conversation that asked) and
    ``amount_display`` (the amount as the shop writes it)."""
    conversation_ids = {r.turn.conversation_id for r in refunds if r.turn_id}
    last: dict[int, list[Message]] = defaultdict(list)
    if conversation_ids:
        ranked = (
            Message.objects.filter(conversation_id__in=conversation_ids)
            .annotate(
                rank=Window(RowNumber(), partition_by=F("conversation_id"), order_by=F("id").desc())
            )
            .filter(rank__lte=EXCERPT_MESSAGES)
            .order_by("conversation_id", "id")
        )
        for message in ranked:
            last[message.conversation_id].append(message)
    for refund in refunds:
        refund.excerpt = last.get(refund.turn.conversation_id, []) if refund.turn_id else []
        refund.amount_display = format_money(refund.amount, refund.order.currency)
    return refunds


def refunds_pending() -> list[RefundRequest]:
    """Pending requests, oldest first (first come, first decided)."""
    pending = _refunds().filter(status=RefundRequest.Status.PENDING).order_by("id")
    return _with_excerpts(list(pending[:PENDING_LIMIT]))


def refunds_pending_count() -> int:
    return RefundRequest.objects.filter(status=RefundRequest.Status.PENDING).count()


def refunds_decided() -> list[RefundRequest]:
    """The latest decisions, newest first."""
    decided = _refunds().exclude(status=RefundRequest.Status.PENDING)
    return _with_excerpts(list(decided.order_by("-decided_at", "-id")[:DECIDED_LIMIT]))


def refund_for_row(*, refund_request_id: int) -> RefundRequest | None:
    found = _refunds().filter(pk=refund_request_id).first()
    return _with_excerpts([found])[0] if found is not None else None


def conversations_handed_off() -> list[Conversation]:
    """Conversations waiting for a person, the most recently active first, each with
    ``last_message_at`` and ``last_customer_text``."""
    last_customer = (
        Message.objects.filter(conversation=OuterRef("pk"), role=Message.Role.CUSTOMER)
        .order_by("-id")
        .values("text")[:1]
    )
    handed_off = (
        Conversation.objects.filter(status=Conversation.Status.HANDED_OFF)
        .select_related("customer")
        .annotate(
            last_message_at=Max("messages__created_at"),
            last_customer_text=Subquery(last_customer),
        )
        .order_by(F("last_message_at").desc(nulls_last=True), "-id")
    )
    return list(handed_off[:INBOX_LIMIT])


def conversation_for_staff(*, public_id: str) -> Conversation | None:
    """One conversation with its messages, each with its turn (for customer messages)."""
    return (
        Conversation.objects.filter(public_id=public_id)
        .select_related("customer")
        .prefetch_related(
            Prefetch(
                "messages",
                queryset=Message.objects.order_by("id").prefetch_related(
                    Prefetch(
                        "turns",
                        queryset=Turn.objects.defer("retrieved", "model_calls", "drafts"),
                    )
                ),
            )
        )
        .first()
    )
