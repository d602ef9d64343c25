"""Each guard's own time per ordinary turn, the guards called one by one.

    python benchmarks/guards_per_guard.py [--count 2400] [--passes 2]

The pipeline's p99 on a shared machine moves by tens of percent from one minute to the
next; calling each guard's check directly over the bench corpus, with the collector off
and after a warm-up on turns of another seed, says which guard costs what and compares
two trees far more steadily (run it in each and compare the totals).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from guards_corpus import generate

from guards import memo
from guards.checkfmt import parse_case
from guards.pipeline import DEFAULT_GUARDS, run_guards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args()
    cases = [parse_case(turn) for turn in generate(seed=args.seed, count=args.count)]
    for turn in generate(seed=args.seed + 1, count=args.count):
        run_guards(parse_case(turn).ctx)
    memo.clear()
    gc.collect()
    gc.freeze()
    gc.disable()
    spent: dict[str, float] = {}
    for _ in range(args.passes):
        for case in cases:
            for guard in DEFAULT_GUARDS:
                started = time.perf_counter()
                guard.check(case.ctx, deadline=started + 10)
                spent[str(guard.code)] = spent.get(str(guard.code), 0.0) + (
                    time.perf_counter() - started
                )
    turns = args.count * args.passes
    for code, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        print(f"{code:28s} {seconds * 1000 / turns:.3f} ms a turn")
    print(f"{'all ten':28s} {sum(spent.values()) * 1000 / turns:.3f} ms a turn")


if __name__ == "__main__":
    main()
