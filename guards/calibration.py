"""Measure each guard on labelled or unlabelled turns: rejections, false positives/negatives."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from guards.checkfmt import CheckCase
from guards.codes import GUARD_CODES, GuardCode, GuardMode
from guards.pipeline import run_guards
from guards.verdicts import PipelineResult

TOP_FIGURES = 5


@dataclass
class GuardStats:
    seen: int = 0
    rejections: int = 0
    extra_figures: Counter[str] = field(default_factory=Counter)
    false_positives: list[str] = field(default_factory=list)
    false_negatives: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.rejections / self.seen if self.seen else 0.0


@dataclass
class CalibrationReport:
    guards: dict[GuardCode, GuardStats]
    labelled_good: int = 0
    labelled_bad: int = 0
    false_positive_turns: list[str] = field(default_factory=list)
    false_negative_turns: list[str] = field(default_factory=list)

    @property
    def fp_rate(self) -> float:
        return len(self.false_positive_turns) / self.labelled_good if self.labelled_good else 0.0

    @property
    def fn_rate(self) -> float:
        return len(self.false_negative_turns) / self.labelled_bad if self.labelled_bad else 0.0


def calibrate(cases: Iterable[CheckCase], *, guard: GuardCode | None = None) -> CalibrationReport:
    """Run every case with the measured guards enforced (the others off) and tally."""
    measured = (guard,) if guard else GUARD_CODES
    modes = {
        str(code): str(GuardMode.ENFORCE if code in measured else GuardMode.OFF)
        for code in GUARD_CODES
    }
    report = CalibrationReport(guards={code: GuardStats() for code in measured})
    for case in cases:
        result = run_guards(case.ctx, modes=modes, budget_ms=1000)
        _tally(report, case, result, measured)
    return report


def _tally(
    report: CalibrationReport,
    case: CheckCase,
    result: PipelineResult,
    measured: tuple[GuardCode, ...],
) -> None:
    case_id = str(case.id)
    fired: dict[GuardCode, list[str]] = {}
    for failure in result.failures:
        fired.setdefault(failure.guard, []).extend(failure.extra_figures)
    for code in measured:
        stats = report.guards[code]
        stats.seen += 1
        if code in fired:
            stats.rejections += 1
            stats.extra_figures.update(fired[code])
    expect = case.expect
    if expect is None:
        return
    expected_guard = expect.guard if expect.verdict == "fail" else None
    if expected_guard is not None and expected_guard not in measured:
        return  # a turn labelled for a guard we are not measuring says nothing here
    if expected_guard is None:
        for code in fired:
            report.guards[code].false_positives.append(case_id)
        report.labelled_good += 1
        if fired:
            report.false_positive_turns.append(case_id)
        return
    report.labelled_bad += 1
    caught = expected_guard in fired and expect.named_in(fired[expected_guard])
    if not caught:
        report.guards[expected_guard].false_negatives.append(case_id)
        report.false_negative_turns.append(case_id)


def format_report(report: CalibrationReport, *, show_ids: int = 20) -> str:
    lines = []
    for code, stats in report.guards.items():
        top = ", ".join(f"{text} ×{n}" for text, n in stats.extra_figures.most_common(TOP_FIGURES))
        lines.append(
            f"{code}: seen {stats.seen}, rejections {stats.rejections} ({stats.rate:.1%})"
            + (f"; most frequent extra figures: {top}" if top else "")
        )
        if report.labelled_good or report.labelled_bad:
            lines.append(
                f"  false positives {len(stats.false_positives)}: "
                f"{_ids(stats.false_positives, show_ids)}"
            )
            lines.append(
                f"  false negatives {len(stats.false_negatives)}: "
                f"{_ids(stats.false_negatives, show_ids)}"
            )
    if report.labelled_good or report.labelled_bad:
        lines.append(
            f"labelled: {report.labelled_good} good, {report.labelled_bad} bad; "
            f"false-positive rate {report.fp_rate:.2%} ({len(report.false_positive_turns)}), "
            f"false-negative rate {report.fn_rate:.2%} ({len(report.false_negative_turns)})"
        )
    return "\n".join(lines)


def _ids(ids: list[str], limit: int) -> str:
    shown = ", ".join(ids[:limit])
    return shown + (f" … (+{len(ids) - limit})" if len(ids) > limit else "") if ids else "-"
