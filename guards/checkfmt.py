"""The check format (JSON lines in, JSON lines out) as pure functions the command calls."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from guards.codes import GuardCode, parse_guard_code
from guards.context import GuardContext
from guards.pipeline import run_guards
from guards.verdicts import PipelineResult


@dataclass(frozen=True)
class Expectation:
    verdict: str
    guard: GuardCode | None
    extra_figure: str | None


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
