"""The dashboard's charts as geometry: pure functions that turn the figures into
rectangles and labels. The template only draws what is computed here (inline SVG,
no script), with a table beside each chart for screen readers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from guards.codes import GuardMode
from support.backoffice.dashboard_stats import (
    ACTION_COLOURS,
    ACTION_LABELS,
    ACTIONS,
    MODE_COLOURS,
    DayCounts,
    euro,
)

# --- charts (inline SVG geometry; the template only draws what is computed here) ----


def nice_ceiling(value: float) -> int:
    """The smallest 1, 2 or 5 × 10ⁿ at or above ``value`` (at least 1): the axis top."""
    if value <= 1:
        return 1
    magnitude = 1
    while magnitude * 10 < value:
        magnitude *= 10
    for step in (1, 2, 5, 10):
        if step * magnitude >= value:
            return step * magnitude
    return 10 * magnitude  # pragma: no cover - the loop always returns


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    width: int
    height: int
    fill: str
    title: str  # a tooltip; the table beside the chart is the real alternative


@dataclass(frozen=True)
class Label:
    x: int
    y: int
    text: str
    anchor: str = "middle"


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    summary: str
    rects: list[Rect] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    lines: list[tuple[int, int, int, int]] = field(default_factory=list)


def day_columns_chart(
    days: Sequence[DayCounts], *, width: int = 700, height: int = 220, top: int = 20
) -> Chart:
    """Stacked columns, one per day, one segment per final action."""
    bottom = height - 30  # room for the day labels
    plot = bottom - top
    axis = nice_ceiling(max((d.total for d in days), default=0))
    slot = width // max(len(days), 1)
    bar = max(int(slot * 0.7), 1)
    rects: list[Rect] = []
    labels: list[Label] = []
    for i, day in enumerate(days):
        x = i * slot + (slot - bar) // 2
        running = 0
        for action in (*ACTIONS, ""):
            n = day.get(action)
            if not n:
                continue
            y_top = bottom - round((running + n) * plot / axis)
            y_low = bottom - round(running * plot / axis)
            running += n
            title = f"{day.day:%d %b}: {n} {ACTION_LABELS[action]}"
            rects.append(Rect(x, y_top, bar, max(y_low - y_top, 1), ACTION_COLOURS[action], title))
        if day.total:
            labels.append(
                Label(x + bar // 2, bottom - round(day.total * plot / axis) - 4, str(day.total))
            )
        labels.append(Label(x + bar // 2, height - 12, f"{day.day:%d %b}"))
    total = sum(d.total for d in days)
    busiest = max(days, key=lambda d: d.total, default=None)
    summary = f"{total} turns in {len(days)} days"
    if busiest is not None and busiest.total:
        summary += f"; busiest day {busiest.day:%d %b} with {busiest.total}"
    return Chart(
        width=width,
        height=height,
        summary=summary + ".",
        rects=rects,
        labels=labels,
        lines=[(0, bottom, width, bottom)],
    )


@dataclass(frozen=True)
class GuardRow:
    guard: str
    enforced: int
    observed: int
    false_positives: int

    @property
    def total(self) -> int:
        return self.enforced + self.observed


def guard_rows(rows: Iterable[Mapping[str, Any]]) -> list[GuardRow]:
    """Per guard, most rejections first."""
    out = [
        GuardRow(
            guard=str(row["guard"]),
            enforced=int(row.get("enforced") or 0),
            observed=int(row.get("observed") or 0),
            false_positives=int(row.get("false_positives") or 0),
        )
        for row in rows
    ]
    return sorted(out, key=lambda r: (-r.total, r.guard))


def guard_bars_chart(
    rows: Sequence[GuardRow], *, width: int = 700, row_height: int = 26, label_width: int = 200
) -> Chart:
    """Horizontal bars, one per guard: enforced then observed rejections."""
    axis = nice_ceiling(max((r.total for r in rows), default=0))
    plot = width - label_width - 50
    rects: list[Rect] = []
    labels: list[Label] = []
    for i, row in enumerate(rows):
        y = 6 + i * row_height
        x = label_width
        for mode, n in ((GuardMode.ENFORCE, row.enforced), (GuardMode.OBSERVE, row.observed)):
            if not n:
                continue
            w = max(round(n * plot / axis), 1)
            rects.append(
                Rect(x, y, w, row_height - 8, MODE_COLOURS[mode], f"{row.guard}: {n} {mode}")
            )
            x += w
        labels.append(Label(label_width - 8, y + row_height // 2 + 1, row.guard, anchor="end"))
        labels.append(Label(x + 6, y + row_height // 2 + 1, str(row.total), anchor="start"))
    height = max(len(rows), 1) * row_height + 12
    total = sum(r.total for r in rows)
    summary = f"{total} rejections by {len(rows)} guards"
    if rows:
        summary += f"; most by {rows[0].guard} ({rows[0].total})"
    return Chart(width=width, height=height, summary=summary + ".", rects=rects, labels=labels)


def cost_meter(per_1000: Decimal | None, budget: Decimal, *, width: int = 700) -> Chart:
    """One bar for the cost per 1000 questions, with a line at the budget."""
    height = 40
    scale_top = max(Decimal(budget) * Decimal("1.5"), per_1000 or Decimal(0), Decimal("0.01"))
    budget_x = int(Decimal(width) * Decimal(budget) / scale_top)
    rects: list[Rect] = []
    if per_1000 is not None:
        over = per_1000 > budget
        w = max(int(Decimal(width) * per_1000 / scale_top), 1)
        colour = "#a3261b" if over else "#1b6e3a"
        rects.append(Rect(0, 8, w, 18, colour, f"{euro(per_1000)} per 1000 questions"))
        summary = f"{euro(per_1000)} per 1000 questions against a budget of {euro(budget)}"
        summary += ": over budget." if over else ": within budget."
    else:
        summary = f"No finished question yet; the budget is {euro(budget)} per 1000."
    labels = [Label(min(budget_x + 4, width - 4), 38, f"budget {euro(budget)}", "start")]
    if budget_x + 4 > width - 90:
        labels = [Label(budget_x - 4, 38, f"budget {euro(budget)}", "end")]
    return Chart(
        width=width,
        height=height + 4,
        summary=summary,
        rects=rects,
        labels=labels,
        lines=[(budget_x, 2, budget_x, 30)],
    )
