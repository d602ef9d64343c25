"""The check format (JSON lines in, JSON lines out) as pure functions the command calls."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from guards.codes import GuardCode, parse_guard_code
from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.numbers import spell_out_digits
from guards.pipeline import run_guards
from guards.verdicts import PipelineResult


@dataclass(frozen=True)
class Expectation:
    verdict: str
    guard: GuardCode | None
    extra_figure: str | None

    def named_in(self, figures: Iterable[str]) -> bool:
        """The rejection names the expected extra figure (or none was expected). A
        label may write the figure with its currency or unit ("$24.983", "678 €") where
        the guard names the number itself ("24.983"): the number is compared."""
        if self.extra_figure is None:
            return True
        want = _number_part(self.extra_figure)
        return any(_number_part(figure) == want for figure in figures)


def _number_part(figure: str) -> str:
    """The figure as written without what surrounds its digits: "$ 1.500,50" -> "1.500,50".
    A figure written in words ("seis meses", "three boxes") is its number in digits: the
    guard names the value it read ("6")."""
    match = _NUMBER.search(figure) or _NUMBER.search(_in_digits(figure))
    return match.group(0) if match else figure.strip()


def _in_digits(figure: str) -> str:
    for language in ("es", "en"):
        lexicon = lexicon_for(language)
        digits = spell_out_digits(figure, lexicon=lexicon, threshold=0)
        if _NUMBER.search(digits):
            return digits
    return figure


_NUMBER = re.compile(r"\d(?:[\d.,' \u00a0\u202f]{0,40}\d)?")


@dataclass(frozen=True)
class CheckCase:
    id: Any
    ctx: GuardContext
    expect: Expectation | None


@dataclass(frozen=True)
class LineOutcome:
    """One output line: ``case`` and ``result`` on success, ``error`` otherwise."""

    payload: dict[str, Any]
    case: CheckCase | None = None
    result: PipelineResult | None = None

    @property
    def malformed(self) -> bool:
        return "error" in self.payload


def parse_case(obj: Any) -> CheckCase:
    if not isinstance(obj, Mapping):
        raise ValueError("a turn must be a JSON object")
    return CheckCase(id=obj.get("id"), ctx=GuardContext.from_json(obj), expect=_expectation(obj))


def _expectation(obj: Mapping[str, Any]) -> Expectation | None:
    expect = obj.get("expect")
    if expect is None:
        return None
    if not isinstance(expect, Mapping) or expect.get("verdict") not in ("pass", "fail"):
        raise ValueError("expect: an object with verdict 'pass' or 'fail'")
    guard = expect.get("guard")
    extra = expect.get("extra_figure")
    return Expectation(
        verdict=expect["verdict"],
        guard=parse_guard_code(guard) if guard else None,
        extra_figure=str(extra) if extra is not None else None,
    )


def verdict_payload(case_id: Any, result: PipelineResult) -> dict[str, Any]:
    return {
        "id": case_id,
        "verdict": result.verdict,
        "failures": [failure.to_json() for failure in result.failures],
        "ms": result.ms,
    }


def check_lines(
    lines: Iterable[str], *, modes: Mapping[str, str] | None = None
) -> Iterator[LineOutcome]:
    """One outcome per non-blank input line, in order; a bad line never stops the run."""
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        case_id: Any = None
        try:
            obj = json.loads(line)
            if isinstance(obj, Mapping):
                case_id = obj.get("id")
            case = parse_case(obj)
        except (ValueError, TypeError) as exc:
            message = f"line {number}: {exc}"
            yield LineOutcome(payload={"id": case_id, "error": message})
            continue
        result = run_guards(case.ctx, modes=modes)
        yield LineOutcome(payload=verdict_payload(case.id, result), case=case, result=result)


def case_payload(case_id: Any, ctx: GuardContext, expect: Expectation | None = None) -> dict:
    """A check-format line for ``ctx`` (used to export false positives as regressions)."""
    payload: dict[str, Any] = {"id": case_id, **ctx.to_json()}
    if expect is not None:
        payload["expect"] = {
            "verdict": expect.verdict,
            "guard": str(expect.guard) if expect.guard else None,
            "extra_figure": expect.extra_figure,
        }
    return payload
