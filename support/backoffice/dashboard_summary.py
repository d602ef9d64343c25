"""The whole staff dashboard: the selectors' figures, aggregated and drawn, in one
object the template reads."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import timezone

from guards.codes import GuardMode
from support import conf
from support.backoffice.dashboard_charts import (
    Chart,
    GuardRow,
    cost_meter,
    day_columns_chart,
    guard_bars_chart,
    guard_rows,
)
from support.backoffice.dashboard_stats import (
    ACTION_COLOURS,
    ACTION_LABELS,
    ACTIONS,
    DAYS,
    MODE_COLOURS,
    DayCounts,
    Usage,
    action_totals,
    false_positive_marks,
    fill_days,
    handoff_guard_counts,
    handoff_reason_counts,
    handoff_reason_rows,
    rejections_per_guard,
    share,
    turns_by_day_and_action,
    usage,
    usage_totals,
    window,
)

# --- the whole dashboard -----------------------------------------------------------


@dataclass(frozen=True)
class Dashboard:
    start: date
    end: date
    days: list[DayCounts]
    actions: dict[str, int]
    handoff_reasons: list[tuple[str, int]]
    handoff_guards: list[tuple[str, int]]
    guards: list[GuardRow]
    marks_in_window: int
    marks_total: int
    usage: Usage
    turns_chart: Chart
    guards_chart: Chart
    cost_chart: Chart

    @property
    def total_turns(self) -> int:
        return sum(self.actions.values())

    @property
    def day_table(self) -> list[tuple[date, int, int, int, int]]:
        """(day, answered, handed off, held for refund, total): the chart as a table."""
        return [(d.day, *(d.get(a) for a in ACTIONS), d.total) for d in self.days]

    @property
    def turns_legend(self) -> list[tuple[str, str]]:
        shown = [*ACTIONS, ""] if "" in self.actions else list(ACTIONS)
        return [(ACTION_COLOURS[a], ACTION_LABELS[a]) for a in shown]

    @property
    def guards_legend(self) -> list[tuple[str, str]]:
        return [(MODE_COLOURS[m], str(m)) for m in (GuardMode.ENFORCE, GuardMode.OBSERVE)]

    @property
    def action_rows(self) -> list[tuple[str, str, int, str, str]]:
        """(action, label, turns, share, colour) in display order."""
        total = self.total_turns
        return [
            (a, ACTION_LABELS.get(a, a), n, share(n, total), ACTION_COLOURS.get(a, "#9aa3b2"))
            for a, n in self.actions.items()
        ]


def build_dashboard(
    *,
    start: date,
    end: date,
    day_rows: Iterable[Mapping[str, Any]],
    reason_rows: Iterable[Mapping[str, Any]],
    handoff_guard_rows: Iterable[Mapping[str, Any]],
    guard_count_rows: Iterable[Mapping[str, Any]],
    marks: Mapping[str, Any],
    usage_row: Mapping[str, Any],
    budget: Decimal,
    questions_per_day: int = 0,
) -> Dashboard:
    """Pure: the dashboard from the selectors' rows."""
    days = fill_days(day_rows, start, end)
    guards = guard_rows(guard_count_rows)
    spent = usage(usage_row, budget, questions_per_day)
    return Dashboard(
        start=start,
        end=end,
        days=days,
        actions=action_totals(days),
        handoff_reasons=handoff_reason_rows(reason_rows),
        handoff_guards=[(str(r["guard"]), int(r["turns"])) for r in handoff_guard_rows],
        guards=guards,
        marks_in_window=int(marks.get("in_window") or 0),
        marks_total=int(marks.get("total") or 0),
        usage=spent,
        turns_chart=day_columns_chart(days, width=900, height=240),
        guards_chart=guard_bars_chart(guards),
        cost_chart=cost_meter(spent.per_1000, spent.budget, width=420),
    )


def dashboard_stats(*, today: date | None = None, days: int = DAYS) -> Dashboard:
    """Run the selectors for the window ending ``today`` and build the dashboard."""
    start, end = window(today or timezone.localdate(), days)
    return build_dashboard(
        start=start,
        end=end,
        day_rows=turns_by_day_and_action(start, end),
        reason_rows=handoff_reason_counts(start, end),
        handoff_guard_rows=handoff_guard_counts(start, end),
        guard_count_rows=rejections_per_guard(start, end),
        marks=false_positive_marks(start, end),
        usage_row=usage_totals(start, end),
        budget=Decimal(str(conf.get("SUPPORT_BUDGET_PER_1000"))),
        questions_per_day=int(conf.get("SUPPORT_QUESTIONS_PER_DAY")),
    )
