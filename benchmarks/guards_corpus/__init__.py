"""Deterministic generator of labelled turns for calibrating the guards.

Spanish (Argentina and Spain number formats) and English; good drafts and bad drafts for
every guard, with distractor numbers (order ids, dates, model names, unrelated chunks).
Each line is a check-format turn plus ``expect: {verdict, guard, extra_figure}``.
``common`` holds what every turn is made of; the four draft modules import only it.
Written by ``python benchmarks/guards_calibration_corpus.py``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from .bad_figures import BAD_FIGURES
from .bad_wording import BAD_WORDING
from .common import FLAVOURS
from .good_figures import GOOD_FIGURES
from .good_wording import GOOD_WORDING

# The order is part of the corpus: the same seed must keep giving the same turns.
GOOD_ORDER = (
    "good_price",
    "good_customer_budget",
    "good_history",
    "good_sum",
    "good_policy",
    "good_order",
    "good_year",
    "good_stock_words",
    "good_warranty",
    "good_trade_in",
    "good_lookalike",
    "good_free_policy",
    "good_refund_policy",
    "good_own_link",
)
_GOOD = {make.__name__: make for make in (*GOOD_FIGURES, *GOOD_WORDING)}
GOOD = [_GOOD[name] for name in GOOD_ORDER]
BAD = [*BAD_FIGURES, *BAD_WORDING]


def generate(*, seed: int = 20260101, count: int = 2400, bad_share: float = 0.45) -> list[dict]:
    """``count`` labelled turns; the same seed always gives the same corpus."""
    rng = random.Random(seed)
    turns = []
    for index in range(count):
        flavour = FLAVOURS[index % len(FLAVOURS)]
        pool = BAD if rng.random() < bad_share else GOOD
        make: Callable = rng.choice(pool)
        turn = make(rng, flavour)
        turns.append({"id": f"cal-{index:05d}-{make.__name__}", **turn})
    return turns


def write(path: Path, turns: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for turn in turns:
            out.write(json.dumps(turn, ensure_ascii=False) + "\n")
    return path
