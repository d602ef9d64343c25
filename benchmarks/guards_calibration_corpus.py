"""Write the guards calibration corpus (the generator is the guards_corpus package).

python benchmarks/guards_calibration_corpus.py --out var/guards-corpus.jsonl
"""

from __future__ import annotations

import argparse
from pathlib import Path

from guards_corpus import generate, write


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("var/guards-corpus.jsonl"))
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--count", type=int, default=2400)
    args = parser.parse_args()
    path = write(args.out, generate(seed=args.seed, count=args.count))
    print(f"wrote {args.count} turns to {path}")


if __name__ == "__main__":
    main()
