"""Reads for the back office pages: the refund queue, the handoff inbox and the
guard log (its notes with their turns). No writes here."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import (
    Case,
    CharField,
    F,
    Max,
    OuterRef,
    Prefetch,
    QuerySet,
    Subquery,
    Value,
    When,
    Window,
)
from django.db.models.functions import RowNumber

from guards.models import GuardLog
from guards.notes import (
    draft_extras,
    figures_not_in_text,
    highlight_figures,
    other_draft,
    pretty,
    retrieved_chunks,
    source_figure_rows,
)
from support.models import Conversation, Message, RefundRequest, Turn
from support.money import format_money

# --- the refund queue and the inbox -------------------------------------------------

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


# --- the guard log -----------------------------------------------------------------


@dataclass(frozen=True)
class GuardLogFilters:
    """Validated filters of the guard log list; an empty value means "any"."""

    guard: str = ""
    mode: str = ""
    action: str = ""
    date_from: date | None = None
    date_to: date | None = None
    false_positive: bool | None = None


def guard_log_list(filters: GuardLogFilters | None = None) -> QuerySet[GuardLog]:
    """Rejection notes, newest first, each annotated with its turn's final action
    (``turn_action``, None when the note has no stored turn)."""
    filters = filters or GuardLogFilters()
    turn_action = Turn.objects.filter(pk=OuterRef("turn_id")).values("action")[:1]
    label = Case(
        *(When(turn_action=value, then=Value(text)) for value, text in Turn.Action.choices),
        default=F("turn_action"),
        output_field=CharField(),
    )
    logs = (
        GuardLog.objects.annotate(turn_action=Subquery(turn_action))
        .annotate(turn_action_label=label)
        .defer("context", "source_figures")
    )
    if filters.guard:
        logs = logs.filter(guard=filters.guard)
    if filters.mode:
        logs = logs.filter(mode=filters.mode)
    if filters.action:
        logs = logs.filter(turn_id__in=Turn.objects.filter(action=filters.action).values("pk"))
    if filters.date_from is not None:
        logs = logs.filter(created_at__date__gte=filters.date_from)
    if filters.date_to is not None:
        logs = logs.filter(created_at__date__lte=filters.date_to)
    if filters.false_positive is not None:
        logs = logs.filter(false_positive=filters.false_positive)
    return logs.order_by("-created_at", "-id")


def paginate(logs: QuerySet[GuardLog], *, page: str | None, per_page: int) -> Page:
    """One page of notes; a missing, malformed or out-of-range page number gives the
    first or the last page, never an error."""
    return Paginator(logs, per_page).get_page(page)


@dataclass(frozen=True)
class GuardLogDetail:
    """One note with what explains it: its turn (if stored), the turn's other draft
    (the retry, or the first try when this note is about the retry) and the other
    failures of the same draft."""

    log: GuardLog
    turn: Turn | None
    other_draft: dict[str, Any] | None
    siblings: list[GuardLog] = field(default_factory=list)


def guard_log_detail(log_id: int) -> GuardLogDetail | None:
    log = GuardLog.objects.filter(pk=log_id).first()
    if log is None:
        return None
    turn = None
    siblings: list[GuardLog] = []
    if log.turn_id is not None:
        turn = Turn.objects.filter(pk=log.turn_id).first()
        siblings = list(
            GuardLog.objects.filter(turn_id=log.turn_id, attempt=log.attempt)
            .exclude(pk=log.pk)
            .only("id", "guard", "mode", "reason", "false_positive")
            .order_by("id")
        )
    other = other_draft(turn.drafts if turn is not None else [], attempt=log.attempt)
    return GuardLogDetail(log=log, turn=turn, other_draft=other, siblings=siblings)


def explain_note(detail: GuardLogDetail) -> dict[str, Any]:
    """What the note's page shows, shaped from the stored note and its turn: the
    draft split into plain and extra segments, the source figures with their
    origins, the chunks, tools and history the guards saw, and the other draft."""
    log, turn, other = detail.log, detail.turn, detail.other_draft
    context = log.context if isinstance(log.context, dict) else {}
    extras = list(log.extra_figures or [])
    return {
        "log": log,
        "turn": turn,
        "siblings": detail.siblings,
        "segments": highlight_figures(log.draft, extras),
        "unlocated": figures_not_in_text(log.draft, extras),
        "source_rows": source_figure_rows(log.source_figures),
        "chunks": retrieved_chunks(context.get("retrieved"), turn.retrieved if turn else None),
        "tools": [
            {
                "tool": str(item.get("tool", "")),
                "input": pretty(item.get("input")),
                "output": pretty(item.get("output")),
            }
            for item in context.get("tool_outputs") or []
            if isinstance(item, dict)
        ],
        "history": [m for m in context.get("history") or [] if isinstance(m, dict)],
        "other_draft": other,
        "other_segments": (
            highlight_figures(str(other.get("text", "")), draft_extras(other)) if other else []
        ),
    }
