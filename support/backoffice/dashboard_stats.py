"""The staff dashboard's figures: SQL aggregations (selectors, one query each) feeding
pure functions (filling the days, totals, cost per 1000 questions)
that are tested without a database.

Everything covers one window: the last ``DAYS`` days, today included, in the
project's time zone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.db.models import Case, CharField, Count, F, Max, OuterRef, Q, Subquery, Sum, Value, When
from django.db.models.functions import TruncDate
from django.utils import timezone

from guards.codes import GuardMode
from guards.models import GuardLog
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
# Handoff notes start with the reason (support.customer.turn and answering).
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
