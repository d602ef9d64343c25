"""Logistic regression over present-or-absent features, in numpy alone: how the second
reader's weights are learned (``benchmarks/guards_learn.py`` calls it; nothing at run
time does). Full-batch Adam on the L2-penalised log loss, from zero weights, in a fixed
number of steps: the same data gives the same weights on every machine.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class SparseRows:
    """Rows of feature indices (a feature present once or not at all)."""

    def __init__(self, rows: Sequence[Sequence[int]], width: int) -> None:
        self.width = width
        self.count = len(rows)
        lengths = np.fromiter((len(r) for r in rows), dtype=np.int64, count=len(rows))
        self.row_of = np.repeat(np.arange(len(rows)), lengths)
        self.columns = np.fromiter(
            (c for r in rows for c in r), dtype=np.int64, count=int(lengths.sum())
        )

    def dot(self, weights: np.ndarray) -> np.ndarray:
        return np.bincount(self.row_of, weights=weights[self.columns], minlength=self.count)

    def back(self, per_row: np.ndarray) -> np.ndarray:
        return np.bincount(self.columns, weights=per_row[self.row_of], minlength=self.width)


def fit_logistic(
    x: SparseRows,
    y: np.ndarray,
    *,
    c: float = 1.0,
    steps: int = 400,
    rate: float = 0.05,
    weight: np.ndarray | None = None,
) -> tuple[np.ndarray, float]:
    """Weights and bias minimising the summed log loss (each row counted ``weight``
    times) plus ``|w|² / 2c``."""
    w = np.zeros(x.width)
    b = 0.0
    m_w = np.zeros_like(w)
    v_w = np.zeros_like(w)
    m_b = v_b = 0.0
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    target = y.astype(float)
    counts = np.ones(len(target)) if weight is None else weight.astype(float)
    for step in range(1, steps + 1):
        p = 1.0 / (1.0 + np.exp(-(x.dot(w) + b)))
        error = (p - target) * counts
        g_w = x.back(error) + w / c
        g_b = float(error.sum())
        m_w = beta1 * m_w + (1 - beta1) * g_w
        v_w = beta2 * v_w + (1 - beta2) * g_w * g_w
        m_b = beta1 * m_b + (1 - beta1) * g_b
        v_b = beta2 * v_b + (1 - beta2) * g_b * g_b
        correct1 = 1 - beta1**step
        correct2 = 1 - beta2**step
        w -= rate * (m_w / correct1) / (np.sqrt(v_w / correct2) + eps)
        b -= rate * (m_b / correct1) / (np.sqrt(v_b / correct2) + eps)
    return w, b
