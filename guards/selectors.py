"""Reads for the guard log's staff pages, and the pure helpers that shape one note
for display (highlighted draft segments, source-figure origins). No writes here."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Case, CharField, F, OuterRef, QuerySet, Subquery, Value, When

from guards.models import GuardLog
from support.models import Turn

# --- reads -------------------------------------------------------------------------


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


# --- pure helpers ------------------------------------------------------------------


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
                "input": _pretty(item.get("input")),
                "output": _pretty(item.get("output")),
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


def _pretty(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, indent=2, sort_keys=True, default=str)


def other_draft(drafts: list[dict[str, Any]], *, attempt: int) -> dict[str, Any] | None:
    """The turn's draft of another attempt than ``attempt`` (the retry of a first try,
    or the first try of a retry); None when the turn had a single draft."""
    for draft in drafts or []:
        if isinstance(draft, dict) and draft.get("attempt") != attempt:
            return draft
    return None


@dataclass(frozen=True)
class Segment:
    """A piece of a draft; ``extra`` pieces are shown inside <mark class="extra">."""

    text: str
    extra: bool = False


# A figure ends where no further digit of the same number follows ("3" is not in
# "13" nor in "3,5"), and starts after anything but a letter, a digit or a
# separator that follows a digit.
_LEFT = r"(?<!\w)(?<!\d[.,])"
_RIGHT = r"(?!\w)(?![.,]\d)"


def _figure_pattern(figure: str) -> re.Pattern[str] | None:
    words = figure.split()
    if not words:
        return None
    body = r"\s+".join(re.escape(word) for word in words)
    return re.compile(_LEFT + body + _RIGHT, re.IGNORECASE)


def highlight_figures(text: str, figures: list[str] | tuple[str, ...]) -> list[Segment]:
    """Split ``text`` into plain and extra segments: every standalone occurrence of
    each figure is extra (longest first where two overlap). The text is never
    altered: joining the segments gives it back; escaping is the template's job."""
    spans: list[tuple[int, int]] = []
    for figure in dict.fromkeys(figures):
        pattern = _figure_pattern(str(figure))
        if pattern is not None:
            spans.extend(m.span() for m in pattern.finditer(text) if m.end() > m.start())
    spans.sort(key=lambda span: (span[0], -(span[1] - span[0])))
    segments: list[Segment] = []
    cursor = 0
    for start, end in spans:
        if start < cursor:
            continue  # overlaps a span already taken
        if start > cursor:
            segments.append(Segment(text[cursor:start]))
        segments.append(Segment(text[start:end], extra=True))
        cursor = end
    if cursor < len(text):
        segments.append(Segment(text[cursor:]))
    return segments


def figures_not_in_text(text: str, figures: list[str] | tuple[str, ...]) -> list[str]:
    """Extra figures that cannot be pointed at verbatim (a number written in words is
    read as digits by the gate, e.g. "novecientos" → 900)."""
    missing = []
    for figure in dict.fromkeys(figures):
        pattern = _figure_pattern(str(figure))
        if pattern is None or not pattern.search(text):
            missing.append(str(figure))
    return missing


@dataclass(frozen=True)
class Origin:
    """Where a source figure came from, for people: a kind and a name."""

    kind: str  # chunk, tool, customer, history, other
    name: str
    label: str


def describe_origin(origin: str) -> Origin:
    """``chunk:delivery#1`` → chunk delivery#1; ``tool:search_products`` → tool;
    ``customer`` → the customer's question; ``history`` → an earlier message."""
    kind, _, name = str(origin).partition(":")
    if kind == "chunk" and name:
        return Origin("chunk", name, f"chunk {name}")
    if kind == "tool" and name:
        return Origin("tool", name, f"tool {name}")
    if kind == "customer" and not name:
        return Origin("customer", "", "the customer's question")
    if kind == "history" and not name:
        return Origin("history", "", "an earlier message")
    return Origin("other", str(origin), str(origin))


@dataclass(frozen=True)
class SourceFigureRow:
    text: str
    value: str
    origin: Origin


def source_figure_rows(source_figures: list[Any]) -> list[SourceFigureRow]:
    """The stored source figures (``{"text", "value", "origin"}``), tolerant of
    malformed rows (shown as they are, never a crash)."""
    rows = []
    for item in source_figures or []:
        if isinstance(item, dict):
            rows.append(
                SourceFigureRow(
                    text=str(item.get("text", "")),
                    value=str(item.get("value", "")),
                    origin=describe_origin(str(item.get("origin", ""))),
                )
            )
        else:
            rows.append(SourceFigureRow(text=str(item), value="", origin=describe_origin("")))
    return rows


def draft_extras(draft: dict[str, Any]) -> list[str]:
    """The extra figures of a stored draft (its enforced and observed failures)."""
    figures: list[str] = []
    for key in ("failures", "observed"):
        for failure in draft.get(key) or []:
            if isinstance(failure, dict):
                figures += [str(f) for f in failure.get("extra_figures") or []]
    return list(dict.fromkeys(figures))


@dataclass(frozen=True)
class ChunkRow:
    source: str
    text: str
    score: Any = None
    vector_rank: Any = None
    text_rank: Any = None


def retrieved_chunks(context_retrieved: Any, turn_retrieved: Any = None) -> list[ChunkRow]:
    """The chunks the guards saw (text from the note's stored context), with the
    search's score and ranks from the turn when it is stored."""
    ranks: dict[str, dict[str, Any]] = {}
    for item in turn_retrieved or []:
        if isinstance(item, dict) and item.get("source"):
            ranks.setdefault(str(item["source"]), item)
    rows = []
    for item in context_retrieved or []:
        if not isinstance(item, dict):
            continue
        source = str(item.get("source", ""))
        rank = ranks.get(source, {})
        rows.append(
            ChunkRow(
                source=source,
                text=str(item.get("text", "")),
                score=rank.get("score"),
                vector_rank=rank.get("vector_rank"),
                text_rank=rank.get("text_rank"),
            )
        )
    return rows
