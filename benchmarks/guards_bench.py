"""Per-turn time of the guard pipeline over the calibration corpus, plus an adversarial turn.

    python benchmarks/guards_bench.py [--count 2400] [--seed 20260101] [--no-collector]
                                      [--rules-only]

Prints p50/p99 per ordinary turn, and for the adversarial turn (a tool output with 5,000
figures, a draft with 200) its time against the budget and its peak memory growth.
``--no-collector`` times the ordinary turns with Python's cyclic collector switched off:
the pipeline's own work, without the collector's pauses (the worker keeps it on).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from guards_corpus import generate

from guards import config, memo
from guards.checkfmt import parse_case
from guards.context import GuardContext, ToolCall
from guards.pipeline import run_guards

MEMORY_LIMIT_MB = 50


def adversarial_turn(*, seed: int = 7) -> GuardContext:
    """A receipt-like tool output with 5,000 amounts and a draft quoting 200 figures."""
    rng = random.Random(seed)
    amounts = [
        f"$ {rng.randrange(1, 999)}.{rng.randrange(0, 999):03d},{rng.randrange(0, 99):02d}"
        for _ in range(5000)
    ]
    receipt = "Comprobante: " + " ".join(f"item {i % 97}: {a}" for i, a in enumerate(amounts))
    quoted = [f"$ {rng.randrange(1, 999)}.{rng.randrange(0, 999):03d}" for _ in range(200)]
    draft = "Según el comprobante: " + ", ".join(quoted) + "."
    return GuardContext(
        locale="es-AR",
        question="¿Me confirmás los montos del comprobante?",
        draft=draft,
        tool_outputs=(ToolCall("describe_receipt", {"image": "receipt.jpg"}, receipt),),
    )


def time_turns(cases: list, *, fresh: bool, rules_only: bool = False) -> list[float]:
    """Milliseconds per turn; ``fresh`` empties the memoised readings before each;
    ``rules_only`` runs the guards without the second reader."""
    extra = {"second_reader": None} if rules_only else {}
    times = []
    for case in cases:
        if fresh:
            memo.clear()
        started = time.perf_counter()
        run_guards(case.ctx, budget_ms=1000, **extra)
        times.append((time.perf_counter() - started) * 1000)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument(
        "--no-collector", action="store_true", help="time the ordinary turns with gc off"
    )
    parser.add_argument(
        "--rules-only", action="store_true", help="time the rules without the second reader"
    )
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")

    cases = [parse_case(turn) for turn in generate(seed=args.seed, count=args.count)]
    # A long-running worker has compiled every pattern and read other turns: one pass
    # over turns from another seed (the first use of a rare path compiles a pattern,
    # which no worker pays twice), then the memo is emptied.
    for turn in generate(seed=args.seed + 1, count=args.count):
        run_guards(parse_case(turn).ctx)
    memo.clear()
    gc.collect()
    gc.freeze()  # as the Celery worker does once started (config/celery.py)
    if args.no_collector:
        gc.disable()
    times = time_turns(cases, fresh=False, rules_only=args.rules_only)
    print(
        f"ordinary turns: {len(times)}; p50 {percentile(times, 0.5):.3f} ms, "
        f"p99 {percentile(times, 0.99):.3f} ms, mean {statistics.mean(times):.3f} ms, "
        f"max {max(times):.3f} ms"
    )
    # The corpus repeats drafts far more than a shop's traffic does, so the memoised
    # readings help it more than production: the same turns with every memo emptied
    # before each one is the figure without any help from an earlier turn.
    cold = time_turns(cases, fresh=True, rules_only=args.rules_only)
    print(
        f"the same, memo emptied before each turn: p50 {percentile(cold, 0.5):.3f} ms, "
        f"p99 {percentile(cold, 0.99):.3f} ms, mean {statistics.mean(cold):.3f} ms"
    )

    gc.enable()
    turn = adversarial_turn()
    budget = config.budget_ms()
    print(
        f"adversarial turn: tool output {len(turn.tool_outputs[0].output):,} chars "
        f"(5,000 figures; cap {config.max_input_chars():,} chars/field), draft 200 figures"
    )
    run_guards(turn)
    gc.collect()
    runs = []
    for _ in range(5):  # timed without tracemalloc, which slows Python several-fold
        memo.clear()  # each run reads the turn afresh, as its one real run would
        result = run_guards(turn)
        runs.append(result.ms)
    elapsed = statistics.median(runs)
    tracemalloc.start()
    base_current, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    memo.clear()
    run_guards(turn, budget_ms=10_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    growth_mb = (peak - base_current) / 1e6
    reasons = sorted({str(f.reason) for f in result.failures})
    print(
        f"adversarial: median of 5 runs {elapsed:.2f} ms, worst {max(runs):.2f} ms "
        f"(budget {budget:.0f} ms) -> verdict {result.verdict} "
        f"{reasons}; peak memory growth {growth_mb:.2f} MB (limit {MEMORY_LIMIT_MB} MB)"
    )
    ok = elapsed <= budget and growth_mb < MEMORY_LIMIT_MB and "guard_timeout" not in reasons
    print("adversarial within budget and memory limit:", "yes" if ok else "NO")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
