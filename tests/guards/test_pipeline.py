"""Modes, budget, errors, input caps; the pipeline never crashes."""

import gc
import subprocess
import sys
import time
from pathlib import Path

import pytest

from guards.codes import GuardCode
from guards.context import GuardContext
from guards.pipeline import DEFAULT_GUARDS, Guard, run_guards
from guards.verdicts import Finding

from .helpers import turn

PLAN = {"planes#1": "El plan cuesta 79,18 € al mes."}
BAD = turn("El plan cuesta 3 €.", chunks=PLAN)


def test_observe_mode_reports_but_does_not_reject():
    # given the gate in observe mode; when a bad figure is drafted
    result = run_guards(BAD, modes={"unbacked_figure": "observe"}, budget_ms=1000)
    # then the verdict passes, and the would-be rejection is kept with its figure
    assert result.verdict == "pass" and result.failures == ()
    [seen] = result.observed
    assert (seen.guard, seen.mode, seen.extra_figures) == (
        GuardCode.UNBACKED_FIGURE,
        "observe",
        ("3",),
    )


def test_off_mode_skips_the_guard():
    result = run_guards(BAD, modes={"unbacked_figure": "off"}, budget_ms=1000)
    assert (result.verdict, result.failures, result.observed) == ("pass", (), ())


def test_unknown_mode_or_guard_is_a_clear_error():
    with pytest.raises(ValueError, match="bogus"):
        run_guards(BAD, modes={"bogus": "enforce"})
    with pytest.raises(ValueError):
        run_guards(BAD, modes={"unbacked_figure": "maybe"})


def _boom(ctx, *, deadline):
    raise RuntimeError("kaboom")


def _slow(ctx, *, deadline):
    # 30 ms of the thread's own CPU time: the budget counts work, not waiting
    end = time.thread_time() + 0.03
    while time.thread_time() < end:
        pass
    return None


def _descheduled(ctx, *, deadline):
    # waiting (a busy machine taking the core away) spends no CPU time
    time.sleep(0.03)
    return None


COLLECTIONS: list[float] = []


def _sets_off_a_full_collection(ctx, *, deadline):
    # a guard whose allocation happens to start a collection of the process's heap
    began = time.thread_time()
    gc.collect()
    COLLECTIONS.append(time.thread_time() - began)
    return None


def _rejects(ctx, *, deadline):
    return Finding(detail="no")


def test_a_guard_that_raises_becomes_guard_error_and_others_still_run():
    guards = (Guard(GuardCode.DISCOUNT_PROMISE, _boom), Guard(GuardCode.REFUND_PROMISE, _rejects))
    result = run_guards(BAD, guards=guards, budget_ms=1000)
    assert result.verdict == "fail"
    assert [(f.guard, f.reason) for f in result.failures] == [
        (GuardCode.DISCOUNT_PROMISE, GuardCode.GUARD_ERROR),
        (GuardCode.REFUND_PROMISE, GuardCode.REFUND_PROMISE),
    ]
    assert "kaboom" in result.failures[0].detail


def test_a_guard_that_overruns_becomes_guard_timeout_and_the_rest_are_not_run():
    guards = (Guard(GuardCode.DISCOUNT_PROMISE, _slow), Guard(GuardCode.REFUND_PROMISE, _rejects))
    result = run_guards(BAD, guards=guards, budget_ms=10)
    assert [(f.guard, f.reason) for f in result.failures] == [
        (GuardCode.DISCOUNT_PROMISE, GuardCode.GUARD_TIMEOUT),
        (GuardCode.REFUND_PROMISE, GuardCode.GUARD_TIMEOUT),
    ]


def test_a_garbage_collection_inside_a_guard_is_not_the_guards_time():
    # given a guard during which the collector runs over a heap for longer than the budget
    COLLECTIONS.clear()
    heap = [[{}, []] for _ in range(400_000)]
    guards = (Guard(GuardCode.DISCOUNT_PROMISE, _sets_off_a_full_collection),)
    # when the turn runs with a 10 ms budget
    result = run_guards(BAD, guards=guards, budget_ms=10)
    # then the collection took more than the budget, and the draft still passes: the
    # collector's pause is the process's, not the guard's (a CI run once failed a correct
    # draft this way with 32 turns in one grown process)
    assert COLLECTIONS and COLLECTIONS[0] > 0.010
    assert (result.verdict, result.failures) == ("pass", ())
    del heap


def test_a_guard_delayed_by_a_busy_machine_is_not_a_timeout():
    # given a guard whose wall-clock time is long but whose own work is tiny
    guards = (Guard(GuardCode.DISCOUNT_PROMISE, _descheduled),)
    # when it runs under a 10 ms budget, then it passes (a loaded worker once turned
    # correct answers into refund holds this way)
    assert run_guards(BAD, guards=guards, budget_ms=10).failures == ()


def test_guard_error_in_observe_mode_does_not_fail_the_turn():
    guards = (Guard(GuardCode.DISCOUNT_PROMISE, _boom),)
    result = run_guards(BAD, guards=guards, modes={"discount_promise": "observe"}, budget_ms=1000)
    assert result.verdict == "pass" and result.observed[0].reason == GuardCode.GUARD_ERROR


def test_oversized_draft_is_refused_before_any_pattern_runs(settings):
    settings.GUARDS_MAX_INPUT_CHARS = 100
    result = run_guards(turn("x" * 101), budget_ms=1000)
    assert result.verdict == "fail"
    assert {f.reason for f in result.failures} == {GuardCode.GUARD_ERROR}
    assert len(result.failures) == len(DEFAULT_GUARDS)


def test_oversized_sources_are_truncated_and_still_judged(settings):
    settings.GUARDS_MAX_INPUT_CHARS = 50
    ctx = turn("El plan cuesta 79 €.", chunks={"x#1": "a" * 60 + " cuesta 79,18 €"})
    # the price sits past the cap, so it is not seen: the figure is unbacked, not a crash
    assert [f.extra_figures for f in run_guards(ctx, budget_ms=1000).failures] == [("79",)]


def test_modes_and_budget_come_from_django_settings(settings):
    settings.GUARDS_MODES = {"unbacked_figure": "observe"}
    assert run_guards(BAD, budget_ms=1000).verdict == "pass"


def test_pipeline_imports_and_runs_without_django_settings():
    # given a fresh interpreter with no DJANGO_SETTINGS_MODULE
    root = Path(__file__).resolve().parents[2]
    code = (
        "from guards.pipeline import run_guards; from guards.context import GuardContext;"
        "r = run_guards(GuardContext(locale='es', question='', draft='Cuesta 3 €.'));"
        "print(r.verdict, r.failures[0].extra_figures)"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=60
    )
    # then it works on defaults
    assert out.stdout.strip() == "fail ('3',)", out.stderr


def test_context_from_json_names_the_bad_field():
    with pytest.raises(ValueError, match="draft"):
        GuardContext.from_json({"locale": "es"})
    with pytest.raises(ValueError, match=r"retrieved\[0\]\.text"):
        GuardContext.from_json({"draft": "x", "retrieved": [{"source": "a"}]})
    with pytest.raises(ValueError, match=r"history\[0\]\.role"):
        GuardContext.from_json({"draft": "x", "history": [{"role": "bot", "text": "y"}]})
    with pytest.raises(ValueError, match="locale"):
        GuardContext.from_json({"draft": "x", "locale": "fr"})
    ctx = GuardContext.from_json({"draft": "x", "locale": "es-AR", "whatever": 1})
    assert ctx.language == "es" and GuardContext.from_json(ctx.to_json()) == ctx
