"""How one guard log note is shown to people: the draft split into plain and extra
segments, the source figures with where each came from, the chunks the guards saw,
and the turn's other draft. Pure functions over stored values: no database."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


def pretty(value: Any) -> str:
    """A stored tool input or output as people read it (strings as they are)."""
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
