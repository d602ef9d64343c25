"""Whether a draft's figure is backed by the turn's source numbers.

Backed means: the same value (any reading of it) is in a source, or the figure is a valid
rounding of a source value, or — for money — the exact sum of two or three distinct
source amounts. The sum search is capped in how many amounts it looks at and in time.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from decimal import Decimal

from guards import config
from guards.backing import SourceNumber
from guards.numbers import Figure, FigureKind, Reading
from guards.verdicts import SourceFigure

MAX_SUM_TERMS = 24  # distinct money amounts the sum search looks at
MAX_SUM_SEARCHES = 40  # draft figures per turn that may trigger a sum search
MAX_REPORTED_SOURCES = 24
COARSE_ROUNDING_SLACK = Decimal("0.05")  # rounding to tens or more stays within 5 %


# A plain number written in groups of thousands ("la que está a 45.000"): in a shop's
# conversation that is a price said without its sign, a term of a sum like the others.
_GROUPED = re.compile(r"\d{1,3}(?:[.,\u00a0\u202f]\d{3})+")


def _grouped(number: SourceNumber) -> bool:
    return number.kind == FigureKind.PLAIN and _GROUPED.fullmatch(number.text) is not None


# Which source kinds may back a draft figure of a given kind: "$ 18" is not backed by
# "18 hs", nor "5 días" by "5 €". Plain numbers and years back anything.
COMPATIBLE: dict[FigureKind, frozenset[FigureKind]] = {
    FigureKind.MONEY: frozenset({FigureKind.MONEY, FigureKind.PLAIN, FigureKind.YEAR}),
    FigureKind.PERCENT: frozenset({FigureKind.PERCENT, FigureKind.PLAIN}),
    FigureKind.QUANTITY: frozenset({FigureKind.QUANTITY, FigureKind.PLAIN, FigureKind.YEAR}),
}


class BackingIndex:
    """The turn's source values, sorted for rounding look-ups, with a capped sum search."""

    def __init__(self, numbers: tuple[SourceNumber, ...]) -> None:
        self.numbers = numbers
        self._all = {n.value for n in numbers}
        self._values = {
            kind: sorted({n.value for n in numbers if n.kind in allowed})
            for kind, allowed in COMPATIBLE.items()
        }
        terms: list[int] = []
        # a value twice among the tools' records is two things at that price ("la
        # Rockrider en talla S y en talla M cuestan 449 € cada una … 898 €"): a term twice
        listed = Counter(n.value for n in numbers if n.money and n.origin.startswith("tool:"))
        for number in numbers:
            cents = _cents(number.value)
            if not (number.money or _grouped(number)) or cents is None or cents <= 0:
                continue
            if cents not in terms or (terms.count(cents) == 1 and listed[number.value] > 1):
                terms.append(cents)
                if len(terms) == MAX_SUM_TERMS:
                    break
        self._terms = terms
        self._measured: dict[tuple[FigureKind, str], list[Decimal]] = {}
        self._pairs: dict[int, list[tuple[int, int]]] | None = None
        self.sum_searches = 0

    @property
    def full(self) -> bool:
        """The sum search already looks at as many amounts as it may."""
        return len(self._terms) >= MAX_SUM_TERMS

    def add_terms(self, values: list[Decimal]) -> None:
        """Amounts the draft writes as money and a source gives as a bare number ("mi
        pedido es de 39,90" → "39,90 €"): terms of a sum like the sources' own amounts."""
        for value in values:
            cents = _cents(value)
            if (
                cents
                and cents > 0
                and cents not in self._terms
                and len(self._terms) < MAX_SUM_TERMS
            ):
                self._terms.append(cents)
                self._pairs = None

    def _values_for(self, figure: Figure) -> list[Decimal]:
        """The source values that may back this figure: of a compatible kind and, for a
        quantity that measures something, not measuring something else."""
        if not figure.dimension:
            return self._values.get(figure.kind, [])
        key = (figure.kind, figure.dimension)
        if key not in self._measured:
            allowed = COMPATIBLE[figure.kind]
            self._measured[key] = sorted(
                {
                    n.value
                    for n in self.numbers
                    if n.kind in allowed and n.dimension in ("", figure.dimension)
                }
            )
        return self._measured[key]

    @property
    def empty(self) -> bool:
        return not self._all

    def backs(
        self, figure: Figure, *, deadline: float, counts: frozenset[int] = frozenset()
    ) -> bool:
        """Backed as written, as a valid rounding, as a backed amount times a count the
        conversation states ("las 2 salen $ 17.998"), or as a sum of backed amounts."""
        if self.backs_as_written(figure):
            return True
        if figure.kind == FigureKind.MONEY and any(
            self._is_multiple(r.value, counts) for r in figure.readings
        ):
            return True
        if figure.kind != FigureKind.MONEY or self.sum_searches >= MAX_SUM_SEARCHES:
            return False
        self.sum_searches += 1
        return any(
            self._is_sum(r.value, deadline=deadline) or self._is_multiple_plus(r.value, counts)
            for r in figure.readings
        )

    def backs_as_written(self, figure: Figure) -> bool:
        """Backed as written or as a valid rounding: the first test of ``backs``, which
        needs no counts and spends no sum search."""
        values = self._values_for(figure)
        return any(self._backs_reading(r, values) for r in figure.readings)

    @staticmethod
    def rounds_one_of(figure: Figure, backed: list[Figure]) -> bool:
        """A rounding of another figure of the draft that the sources back ("53,94 €, es
        decir, unos 54 €" after a sum): the rounding of a backed value, said twice."""
        if figure.kind != FigureKind.MONEY:
            return False  # sums are of money; "2 días" is no rounding of "1.7 L"
        values = sorted(
            {r.value for other in backed if other.kind == FigureKind.MONEY for r in other.readings}
        )
        return bool(values) and any(BackingIndex._backs_reading(r, values) for r in figure.readings)

    @staticmethod
    def _backs_reading(reading: Reading, values: list[Decimal]) -> bool:
        value = reading.value
        if value == 0:
            return True
        top = value.normalize().as_tuple().exponent
        if not isinstance(top, int):
            return False
        low = min(-reading.decimals, top)
        for place in range(low, top + 1):
            half = Decimal(5).scaleb(place - 1)
            lo, hi = value - half, value + half
            if place > 0:  # coarse rounding (tens, thousands...) must stay close
                lo = max(lo, value / (1 + COARSE_ROUNDING_SLACK))
                hi = min(hi, value / (1 - COARSE_ROUNDING_SLACK))
            index = bisect_left(values, lo)
            if index < len(values) and values[index] < hi:
                return True
        return False

    def _is_multiple(self, value: Decimal, counts: frozenset[int]) -> bool:
        target = _cents(value)
        if target is None or not counts:
            return False
        return any(term and target % term == 0 and target // term in counts for term in self._terms)

    def _is_multiple_plus(self, value: Decimal, counts: frozenset[int]) -> bool:
        """A stated count of one backed amount plus another backed amount: "two tees
        ($24 each) plus the jean ($88) come to $136"."""
        target = _cents(value)
        if target is None or not counts or len(self._terms) < 2:
            return False
        terms = set(self._terms)
        return any(
            target - count * term in terms and target - count * term != term
            for count in counts
            for term in terms
            if term
        )

    def _is_sum(self, value: Decimal, *, deadline: float) -> bool:
        target = _cents(value)
        if target is None or len(self._terms) < 2:
            return False
        pairs = self._pair_sums()
        if target in pairs:
            return True
        for k, term in enumerate(self._terms):
            if config.budget_clock() > deadline:
                return False
            for i, j in pairs.get(target - term, ()):
                if k != i and k != j:
                    return True
        return False

    def rounds_a_sum(self, figure: Figure) -> bool:
        """A valid rounding of the sum of two backed amounts ("casi 249 €" for 199,00 € and
        49,95 €): asked only of a figure said as an approximation."""
        if figure.kind != FigureKind.MONEY or len(self._terms) < 2:
            return False
        sums = sorted(Decimal(total) / 100 for total in self._pair_sums())
        return any(self._backs_reading(r, sums) for r in figure.readings)

    def _pair_sums(self) -> dict[int, list[tuple[int, int]]]:
        if self._pairs is None:
            pairs: dict[int, list[tuple[int, int]]] = {}
            terms = self._terms
            for i in range(len(terms)):
                for j in range(i + 1, len(terms)):
                    pairs.setdefault(terms[i] + terms[j], []).append((i, j))
            self._pairs = pairs
        return self._pairs

    def reported(self, limit: int = MAX_REPORTED_SOURCES) -> tuple[SourceFigure, ...]:
        seen: set[tuple[str, str]] = set()
        out: list[SourceFigure] = []
        for number in self.numbers:
            key = (number.text, number.origin)
            if key in seen:
                continue
            seen.add(key)
            out.append(number.to_source_figure())
            if len(out) == limit:
                break
        return tuple(out)


def _cents(value: Decimal) -> int | None:
    scaled = value * 100
    if scaled != scaled.to_integral_value():
        return None
    return int(scaled)
