"""The staff dashboard's figures: SQL aggregations (selectors, one query each) feeding
pure functions (filling the days, totals, cost per 1000 questions, chart geometry)
that are tested without a database.

Everything covers one window: the last ``DAYS`` days, today included, in the
project's time zone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Case, CharField, Count, F, Max, OuterRef, Q, Subquery, Sum, Value, When
from django.db.models.functions import TruncDate
from django.utils import timezone

from guards.codes import GuardMode
from guards.models import GuardLog
from support import conf
from support.models import Turn

DAYS = 14
ACTIONS: tuple[str, ...] = (
    Turn.Action.ANSWERED,
    Turn.Action.HANDED_OFF,
    Turn.Action.HELD_FOR_REFUND,
)
ACTION_LABELS = {
    Turn.Action.ANSWERED: "answered",
    Turn.Action.HANDED_OFF: "handed off",
    Turn.Action.HELD_FOR_REFUND: "held for refund",
    "": "not finished",
}
# Colours with a legend and a table beside them: colour never carries meaning alone.
ACTION_COLOURS = {
    Turn.Action.ANSWERED: "#1b6e3a",
    Turn.Action.HANDED_OFF: "#b36b00",
    Turn.Action.HELD_FOR_REFUND: "#1f5fbf",
    "": "#9aa3b2",
}
MODE_COLOURS = {GuardMode.ENFORCE: "#a3261b", GuardMode.OBSERVE: "#e0a19a"}
# Handoff notes start with the reason (support.services.turn and answering).
HANDOFF_REASONS: tuple[tuple[str, str, str], ...] = (
    ("guards", "guards rejected", "guards rejected both drafts"),
    ("step_limit", "step limit", "step limit reached"),
    ("token_cap", "input token cap", "input token cap passed"),
    ("provider", "model provider failed", "model provider failed"),
)
OTHER_REASON = ("other", "other")


# --- selectors (SQL) ---------------------------------------------------------------


def window(today: date, days: int = DAYS) -> tuple[date, date]:
    """The first and the last day of the window ending ``today`` (both included)."""
    return today - timedelta(days=days - 1), today


def turns_by_day_and_action(start: date, end: date) -> list[dict[str, Any]]:
    """``{"day", "action", "n"}`` rows: turns started per day, per final action."""
    tz = timezone.get_current_timezone()
    return list(
        Turn.objects.filter(created_at__date__gte=start, created_at__date__lte=end)
        .annotate(day=TruncDate("created_at", tzinfo=tz))
        .values("day", "action")
        .annotate(n=Count("id"))
        .order_by("day", "action")
    )


def handoff_reason_counts(start: date, end: date) -> list[dict[str, Any]]:
    """``{"reason", "n"}`` rows: handed-off turns grouped by the start of their note."""
    whens = [
        When(error__startswith=prefix, then=Value(code)) for code, prefix, _ in HANDOFF_REASONS
    ]
    reason = Case(*whens, default=Value(OTHER_REASON[0]), output_field=CharField())
    return list(
        Turn.objects.filter(
            action=Turn.Action.HANDED_OFF,
            created_at__date__gte=start,
            created_at__date__lte=end,
        )
        .annotate(reason=reason)
        .values("reason")
        .annotate(n=Count("id"))
        .order_by("-n", "reason")
    )


def handoff_guard_counts(start: date, end: date) -> list[dict[str, Any]]:
    """``{"guard", "turns"}``: for handed-off turns, which enforced guards rejected
    their last draft (a turn counts once per guard)."""
    handed_off = Turn.objects.filter(
        action=Turn.Action.HANDED_OFF, created_at__date__gte=start, created_at__date__lte=end
    ).values("pk")
    last_attempt = (
        GuardLog.objects.filter(turn_id=OuterRef("turn_id"))
        .values("turn_id")
        .annotate(last=Max("attempt"))
        .values("last")
    )
    return list(
        GuardLog.objects.filter(mode=GuardMode.ENFORCE, turn_id__in=handed_off)
        .annotate(last=Subquery(last_attempt))
        .filter(attempt=F("last"))
        .values("guard")
        .annotate(turns=Count("turn_id", distinct=True))
        .order_by("-turns", "guard")
    )


def rejections_per_guard(start: date, end: date) -> list[dict[str, Any]]:
    """``{"guard", "enforced", "observed", "false_positives"}`` for notes written in
    the window (false positives: those of them marked so far)."""
    return list(
        GuardLog.objects.filter(created_at__date__gte=start, created_at__date__lte=end)
        .values("guard")
        .annotate(
            enforced=Count("id", filter=Q(mode=GuardMode.ENFORCE)),
            observed=Count("id", filter=Q(mode=GuardMode.OBSERVE)),
            false_positives=Count("id", filter=Q(false_positive=True)),
        )
        .order_by("guard")
    )


def false_positive_marks(start: date, end: date) -> dict[str, int]:
    """Marks made in the window, and all marks ever."""
    return GuardLog.objects.aggregate(
        in_window=Count(
            "id",
            filter=Q(false_positive=True, marked_at__date__gte=start, marked_at__date__lte=end),
        ),
        total=Count("id", filter=Q(false_positive=True)),
    )


def usage_totals(start: date, end: date) -> dict[str, Any]:
    """Finished turns of the window: how many, tokens in and out, and what they cost."""
    return Turn.objects.filter(
        status=Turn.Status.DONE, created_at__date__gte=start, created_at__date__lte=end
    ).aggregate(
        questions=Count("id"),
        input_tokens=Sum("input_tokens"),
        output_tokens=Sum("output_tokens"),
        cost=Sum("cost"),
    )


# --- pure aggregation --------------------------------------------------------------


@dataclass(frozen=True)
class DayCounts:
    day: date
    counts: Mapping[str, int]  # action ("" for unfinished) -> turns

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def get(self, action: str) -> int:
        return self.counts.get(action, 0)


def fill_days(rows: Iterable[Mapping[str, Any]], start: date, end: date) -> list[DayCounts]:
    """One entry per day from ``start`` to ``end``, zero where no turn was started."""
    by_day: dict[date, dict[str, int]] = {}
    for row in rows:
        action = row.get("action") or ""
        counts = by_day.setdefault(row["day"], {})
        counts[action] = counts.get(action, 0) + int(row["n"])
    days = []
    day = start
    while day <= end:
        days.append(DayCounts(day, by_day.get(day, {})))
        day += timedelta(days=1)
    return days


def action_totals(days: Sequence[DayCounts]) -> dict[str, int]:
    """Turns per final action over the days (the three actions always present)."""
    totals = {action: 0 for action in ACTIONS}
    for day in days:
        for action, n in day.counts.items():
            totals[action] = totals.get(action, 0) + n
    if not totals.get(""):
        totals.pop("", None)
    return totals


def share(part: int, whole: int) -> str:
    """``part`` as a percentage of ``whole``, one decimal ("—" when whole is 0)."""
    if whole <= 0:
        return "—"
    return f"{Decimal(part * 100) / Decimal(whole):.1f} %"


def handoff_reason_rows(rows: Iterable[Mapping[str, Any]]) -> list[tuple[str, int]]:
    """(label, turns) for the reason codes of ``handoff_reason_counts``."""
    labels = {code: label for code, _, label in HANDOFF_REASONS}
    labels[OTHER_REASON[0]] = OTHER_REASON[1]
    return [(labels.get(row["reason"], str(row["reason"])), int(row["n"])) for row in rows]


def cost_per_1000(cost: Decimal | None, questions: int) -> Decimal | None:
    """What 1000 questions cost at the window's average (None without questions)."""
    if not questions:
        return None
    return (cost or Decimal(0)) / Decimal(questions) * 1000


def euro(value: Decimal | None, places: str = "0.01") -> str:
    if value is None:
        return "—"
    return "€" + str(value.quantize(Decimal(places), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Usage:
    questions: int
    input_tokens: int
    output_tokens: int
    cost: Decimal
    per_1000: Decimal | None
    budget: Decimal
    questions_per_day: int = 0

    @property
    def month_cost(self) -> Decimal | None:
        """A 30-day month at the configured questions per day, at this window's price."""
        if self.per_1000 is None:
            return None
        return self.per_1000 * self.questions_per_day * 30 / 1000

    @property
    def within_budget(self) -> bool | None:
        return None if self.per_1000 is None else self.per_1000 <= self.budget

    @property
    def input_per_question(self) -> int:
        return round(self.input_tokens / self.questions) if self.questions else 0

    @property
    def output_per_question(self) -> int:
        return round(self.output_tokens / self.questions) if self.questions else 0


def usage(totals: Mapping[str, Any], budget: Decimal, questions_per_day: int = 0) -> Usage:
    """The usage figures from ``usage_totals`` (SQL sums are None on no rows)."""
    questions = int(totals.get("questions") or 0)
    cost = Decimal(totals.get("cost") or 0)
    return Usage(
        questions=questions,
        input_tokens=int(totals.get("input_tokens") or 0),
        output_tokens=int(totals.get("output_tokens") or 0),
        cost=cost,
        per_1000=cost_per_1000(cost, questions),
        budget=Decimal(budget),
        questions_per_day=questions_per_day,
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
