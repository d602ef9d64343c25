"""Reads for the back office pages: the guard log's notes with their turns. No writes here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Case, CharField, F, OuterRef, QuerySet, Subquery, Value, When

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
from support.models import Turn

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
