"""Run the guards in order over one turn, within a time budget, and never crash."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from guards import config
from guards.action_claim import check_action_claim
from guards.catalog_guards import check_stock_contradiction
from guards.codes import GuardCode, GuardMode
from guards.commitments import read_commitments
from guards.context import GuardContext, RetrievedChunk
from guards.lexicon import LEXICONS
from guards.links import check_foreign_link
from guards.number_gate import check_unbacked_figure
from guards.numbers import extract_figures
from guards.offer_guard import check_out_of_stock_offered
from guards.phrasebook import INJECTION_MARKERS, PHRASEBOOKS
from guards.refund_guard import check_refund_promise
from guards.second_reader import SecondReader, default_reader
from guards.text import clauses, phrase_regex
from guards.trade_in import check_quote_without_details
from guards.verdicts import Finding, GuardFailure, PipelineResult
from guards.vocabulary_guard import check_internal_vocabulary
from guards.warranty_guard import check_warranty_without_data
from guards.wording_guards import (
    check_discount_promise,
)

Check = Callable[..., Finding | None]


@dataclass(frozen=True)
class Guard:
    code: GuardCode
    check: Check


DEFAULT_GUARDS: tuple[Guard, ...] = (
    Guard(GuardCode.UNBACKED_FIGURE, check_unbacked_figure),
    Guard(GuardCode.DISCOUNT_PROMISE, check_discount_promise),
    Guard(GuardCode.REFUND_PROMISE, check_refund_promise),
    Guard(GuardCode.INTERNAL_VOCABULARY, check_internal_vocabulary),
    Guard(GuardCode.STOCK_CONTRADICTION, check_stock_contradiction),
    Guard(GuardCode.OUT_OF_STOCK_OFFERED, check_out_of_stock_offered),
    Guard(GuardCode.WARRANTY_WITHOUT_DATA, check_warranty_without_data),
    Guard(GuardCode.QUOTE_WITHOUT_DETAILS, check_quote_without_details),
    Guard(GuardCode.FOREIGN_LINK, check_foreign_link),
    Guard(GuardCode.ACTION_CLAIM, check_action_claim),
)


def warm_up() -> None:
    """Compile every phrase pattern, load text2num and the second reader's weights once,
    so no turn pays for it."""
    default_reader()
    for book in PHRASEBOOKS.values():
        for field in fields(book):
            value = getattr(book, field.name)
            if isinstance(value, tuple) and value and isinstance(value[0], str):
                phrase_regex(value)
        for term in book.internal:
            phrase_regex((term.pattern,))
        clauses("a. b", book.clause_breaks)
    phrase_regex(INJECTION_MARKERS)
    for language in PHRASEBOOKS:
        read_commitments("te lo cancelamos y I've sent it", language)
    config.resolve_modes()
    for language in LEXICONS:
        extract_figures("dos mil 1.500 €", lexicon=LEXICONS[language], threshold=0)


def run_guards(
    ctx: GuardContext,
    *,
    modes: Mapping[str, str] | None = None,
    budget_ms: float | None = None,
    guards: Sequence[Guard] = DEFAULT_GUARDS,
    second_reader: SecondReader | str | None = "default",
) -> PipelineResult:
    """Run every enabled guard and return the verdict with all failures.

    Enforced failures decide the verdict; observe-mode failures are only reported.
    A guard that raises yields ``guard_error``; one that ends past the turn's budget (or
    never starts because the budget is spent) yields ``guard_timeout``. The second
    reader (``guards/second_reader.py``; ``None`` for the rules alone) then sets aside
    the rejections it reads as correct and adds the slips it reads that no rule caught.
    """
    started = time.perf_counter()
    resolved = config.resolve_modes(modes)
    deadline = config.budget_clock() + config.budget_ms(budget_ms) / 1000
    cap = config.max_input_chars()
    failures: list[GuardFailure] = []
    active = [g for g in guards if resolved.get(g.code, GuardMode.ENFORCE) != GuardMode.OFF]
    if len(ctx.draft) > cap:
        detail = f"draft has {len(ctx.draft)} characters, over the cap of {cap}: refused"
        failures = [_failure(g.code, resolved, GuardCode.GUARD_ERROR, detail) for g in active]
        return _result(failures, started)
    capped = cap_context(ctx, max_chars=cap)
    # One clock reading per guard: the end of one guard is the start of the next (the
    # thread's CPU clock is a system call, some 1 µs here, and was read three times).
    now = config.budget_clock()
    for guard in active:
        if now > deadline:
            failures.append(
                _failure(guard.code, resolved, GuardCode.GUARD_TIMEOUT, "not run: budget spent")
            )
            continue
        found, now = _run_one(guard, capped, resolved, deadline, begun=now)
        failures.extend(found)
    # The reader was learned over the default guards' verdicts: a caller's own set of
    # guards gets it only when it passes one.
    if second_reader == "default":
        reader = default_reader() if guards is DEFAULT_GUARDS else None
    else:
        reader = second_reader
    if isinstance(reader, SecondReader) and config.second_reader_on() and now <= deadline:
        failures = reader.apply(capped, failures, resolved)
    return _result(failures, started)


def _run_one(
    guard: Guard,
    ctx: GuardContext,
    resolved: Mapping[GuardCode, GuardMode],
    deadline: float,
    *,
    begun: float,
) -> tuple[list[GuardFailure], float]:
    """The guard's failures, and the clock when it ended."""
    try:
        finding = guard.check(ctx, deadline=deadline)
    except Exception as exc:  # a broken guard must not take the turn down
        detail = f"{type(exc).__name__}: {exc}"[:300]
        failure = _failure(guard.code, resolved, GuardCode.GUARD_ERROR, detail)
        return [failure], config.budget_clock()
    out: list[GuardFailure] = []
    if finding is not None:
        out.append(
            GuardFailure(
                guard=guard.code,
                mode=resolved.get(guard.code, GuardMode.ENFORCE),
                reason=guard.code,
                detail=finding.detail,
                extra_figures=finding.extra_figures,
                source_figures=finding.source_figures,
                firm=finding.firm,
            )
        )
    ended = config.budget_clock()
    if ended > deadline:
        spent = (ended - begun) * 1000
        detail = f"overran the turn's budget (this guard took {spent:.1f} ms)"
        out.append(_failure(guard.code, resolved, GuardCode.GUARD_TIMEOUT, detail))
    return out, ended


def _failure(
    code: GuardCode, resolved: Mapping[GuardCode, GuardMode], reason: GuardCode, detail: str
) -> GuardFailure:
    mode = resolved.get(code, GuardMode.ENFORCE)
    return GuardFailure(guard=code, mode=mode, reason=reason, detail=detail)


def _result(failures: list[GuardFailure], started: float) -> PipelineResult:
    enforced = tuple(f for f in failures if f.mode == GuardMode.ENFORCE)
    observed = tuple(f for f in failures if f.mode == GuardMode.OBSERVE)
    return PipelineResult(
        verdict="fail" if enforced else "pass",
        failures=enforced,
        observed=observed,
        ms=round((time.perf_counter() - started) * 1000, 3),
    )


def cap_context(ctx: GuardContext, *, max_chars: int) -> GuardContext:
    """Truncate every source text to ``max_chars`` before any pattern runs on it."""
    return replace(
        ctx,
        question=ctx.question[:max_chars],
        retrieved=tuple(RetrievedChunk(c.source[:200], c.text[:max_chars]) for c in ctx.retrieved),
        tool_outputs=tuple(
            replace(
                t,
                tool=t.tool[:200],
                input=_cap_json(t.input, max_chars),
                output=_cap_json(t.output, max_chars),
                acts=t.acts[:20],
            )
            for t in ctx.tool_outputs
        ),
        history=tuple(replace(m, text=m.text[:max_chars]) for m in ctx.history),
        link_hosts=tuple(h[:253] for h in ctx.link_hosts[:100]),
    )


def _cap_json(value: Any, budget: int) -> Any:
    """Copy a JSON value keeping at most ``budget`` characters of strings in total."""
    if _fits(value, budget):
        return value  # the copy would be equal, item for item: no guard writes to it
    remaining = [budget]

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            kept = item[: max(remaining[0], 0)]
            remaining[0] -= len(kept)
            return kept
        if isinstance(item, Mapping):
            return {str(k)[:100]: walk(v) for k, v in item.items() if remaining[0] > 0}
        if isinstance(item, list | tuple):
            return [walk(v) for v in item if remaining[0] > 0]
        remaining[0] -= 8
        return item

    return walk(value)


warm_up()


_LEAVES = (int, float, bool, type(None))
_MAX_DEPTH = 32


def _fits(value: Any, budget: int) -> bool:
    """Whether ``_cap_json`` would cut nothing and copy every item as it is: plain JSON
    types only (a tuple would become a list), keys text of 100 characters at most, and
    the strings' characters plus 8 a scalar under the budget (as ``walk`` counts them)."""
    stack = [(value, 0)]
    cost = 0
    while stack:
        item, depth = stack.pop()
        kind = type(item)
        if kind is str:
            cost += len(item)
        elif kind is dict or kind is list:
            if depth >= _MAX_DEPTH:
                return False
            if kind is dict:
                for key in item:
                    if type(key) is not str or len(key) > 100:
                        return False
            stack.extend((child, depth + 1) for child in (item.values() if kind is dict else item))
        elif kind in _LEAVES:
            cost += 8
        else:
            return False
        if cost >= budget:
            return False
    return True
