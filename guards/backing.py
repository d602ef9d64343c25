"""Where a draft's figures may come from, and whether a figure is backed by them.

Backed means: the same value (any reading of it) is in a source, or the figure is a valid
rounding of a source value, or — for money — the exact sum of two or three distinct
source amounts. The sum search is capped in how many amounts it looks at and in time.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from guards import config, scan
from guards.context import GuardContext
from guards.lexicon import NumberLexicon
from guards.memo import memoised
from guards.numbers import Figure, FigureKind, Reading, extract_figures
from guards.trust import injection_start, record_carries_orders, tainted_chunk
from guards.verdicts import SourceFigure

# JSON keys whose numbers are money even without a currency sign.
MONEY_KEYS = frozenset(
    {"price", "amount", "total", "cost", "precio", "monto", "importe", "subtotal"}
)
MAX_SUM_TERMS = 24  # distinct money amounts the sum search looks at
MAX_SUM_SEARCHES = 40  # draft figures per turn that may trigger a sum search
MAX_SOURCE_FIGURES = 1000
MAX_REPORTED_SOURCES = 24
COARSE_ROUNDING_SLACK = Decimal("0.05")  # rounding to tens or more stays within 5 %


# Which source kinds may back a draft figure of a given kind: "$ 18" is not backed by
# "18 hs", nor "5 días" by "5 €". Plain numbers and years back anything.
COMPATIBLE: dict[FigureKind, frozenset[FigureKind]] = {
    FigureKind.MONEY: frozenset({FigureKind.MONEY, FigureKind.PLAIN, FigureKind.YEAR}),
    FigureKind.PERCENT: frozenset({FigureKind.PERCENT, FigureKind.PLAIN}),
    FigureKind.QUANTITY: frozenset({FigureKind.QUANTITY, FigureKind.PLAIN, FigureKind.YEAR}),
}


@dataclass(frozen=True)
class SourceNumber:
    text: str
    value: Decimal
    origin: str
    money: bool
    kind: FigureKind = FigureKind.PLAIN
    # From a review or a text carrying injected orders (guards.trust): backs percentages
    # only, and a draft figure that only such a source gives is never "in doubt".
    tainted: bool = False
    dimension: str = ""  # what a quantity measures (numbers.Figure.dimension)

    @property
    def backs_claims(self) -> bool:
        return not self.tainted or self.kind == FigureKind.PERCENT

    def to_source_figure(self) -> SourceFigure:
        return SourceFigure(text=self.text, value=format_value(self.value), origin=self.origin)


def format_value(value: Decimal) -> str:
    """A plain decimal string without exponent or trailing zeros (1500000, 79.18)."""
    normalized = value.normalize()
    text = format(normalized, "f")
    return text


def source_texts(ctx: GuardContext) -> Iterator[tuple[str, str | Mapping[str, Any], bool]]:
    """(origin, text or JSON object, tainted) for every source of the turn, in a stable
    order; ``tainted``: a review or a chunk carrying injected orders (guards.trust)."""
    for chunk in ctx.retrieved:
        yield f"chunk:{chunk.source}", chunk.text, tainted_chunk(chunk)
    for call in ctx.tool_outputs:
        yield f"tool:{call.tool}", call.input, False
        yield f"tool:{call.tool}", call.output, False
    if ctx.question:
        yield "customer", ctx.question, False
    for message in ctx.history:
        yield "history", message.text, False


def collect_source_numbers(
    ctx: GuardContext, *, lexicon: NumberLexicon, limit: int = MAX_SOURCE_FIGURES
) -> tuple[SourceNumber, ...]:
    found: list[SourceNumber] = []
    for origin, payload, tainted in source_texts(ctx):
        if isinstance(payload, str):
            found.extend(_source_numbers(origin, payload, tainted, lexicon))
        else:
            found.extend(_record_numbers(origin, payload, tainted, lexicon))
        if len(found) >= limit:
            return tuple(found[:limit])
    return tuple(found)


def _source_numbers(
    origin: str, payload: Any, tainted: bool, lexicon: NumberLexicon
) -> list[SourceNumber]:
    """The numbers of one source (a text or a tool's JSON record), in order."""
    # One search over a record's strings tells whether any of them gives orders;
    # only then is each string cut at its order (most records give none).
    clean = not tainted and not (origin.startswith("tool:") and record_carries_orders(payload))
    where = _Where(origin, tainted, clean)
    found: list[SourceNumber] = []
    if isinstance(payload, str):
        _add_text(found, payload, where=where, money_key=False, lexicon=lexicon)
    else:
        _add_json(found, payload, where=where, money_key=False, lexicon=lexicon)
    return found


class _Record:
    """A tool's record keyed by its JSON text, which tells apart all the reading sees
    (a worker sees the same product records turn after turn: one look-up replaces the
    walk over every string and the search for injected orders)."""

    __slots__ = ("key", "payload")

    def __init__(self, key: str, payload: Any) -> None:
        self.key = key
        self.payload = payload

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Record) and other.key == self.key


def _record_numbers(
    origin: str, payload: Any, tainted: bool, lexicon: NumberLexicon
) -> tuple[SourceNumber, ...] | list[SourceNumber]:
    try:
        key = json.dumps(payload, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # a type JSON has not: read afresh
        return _source_numbers(origin, payload, tainted, lexicon)
    return _known_record_numbers(origin, _Record(key, payload), tainted, lexicon)


@memoised()
def _known_record_numbers(
    origin: str, record: _Record, tainted: bool, lexicon: NumberLexicon
) -> tuple[SourceNumber, ...]:
    found = tuple(_source_numbers(origin, record.payload, tainted, lexicon))
    record.payload = None  # the key outlives the turn: it keeps only the JSON text
    return found


@dataclass(frozen=True)
class _Where:
    origin: str
    tainted: bool
    clean: bool = False  # known to carry no injected order: no string is cut


def _add_text(
    found: list[SourceNumber], text: str, *, where: _Where, money_key: bool, lexicon: NumberLexicon
) -> None:
    found.extend(_text_numbers(text, where, money_key, lexicon))


@memoised()  # a worker reads the same chunks and product records turn after turn
def _text_numbers(
    text: str, where: _Where, money_key: bool, lexicon: NumberLexicon
) -> tuple[SourceNumber, ...]:
    found: list[SourceNumber] = []
    origin = where.origin
    if text.isdigit() and len(text) < 30:
        kind = FigureKind.MONEY if money_key else FigureKind.PLAIN
        found.append(SourceNumber(text, Decimal(text), origin, money_key, kind, where.tainted))
        return tuple(found)
    # A string of a tool's output (a product name) that gives the model orders: the
    # figures from the order's bracket or sentence on are the attack's, not the record's.
    record = origin.startswith("tool:")
    order_at = None if where.tainted or where.clean else injection_start(text, record=record)
    parts = (
        [(text, where.tainted)]
        if order_at is None
        else [
            (text[:order_at], False),
            (text[order_at:], True),
        ]
    )
    for part, tainted in parts:
        for figure in extract_figures(part, lexicon=lexicon, threshold=0):
            money = money_key or figure.kind == FigureKind.MONEY
            kind = FigureKind.MONEY if money else figure.kind
            found.extend(
                SourceNumber(figure.text, r.value, origin, money, kind, tainted, figure.dimension)
                for r in figure.readings
            )
        if "x" not in part and "X" not in part and "×" not in part:
            continue  # no "3x2" nor "x54": both patterns need the letter
        # "3x2": take three, pay two; both are counts the promotion gives
        for deal in _DEAL.finditer(part):
            found.extend(
                SourceNumber(n, Decimal(n), origin, False, FigureKind.PLAIN, tainted)
                for n in deal.groups()
            )
        # "Pañales Dodot Talla 4 x54": the units of the pack
        found.extend(
            SourceNumber(n, Decimal(n), origin, False, FigureKind.PLAIN, tainted)
            for n in _PACK.findall(part)
        )
    return tuple(found)


_PACK = scan.compile(r"(?:^|\s)[xX×]\s?(\d{1,4})(?:$|[^\pL\pN])")
_DEAL = scan.compile(r"(?:^|[^\pL\pN])(\d)\s?[xX]\s?(\d)(?:$|[^\pL\pN])")


def _add_json(
    found: list[SourceNumber],
    payload: Any,
    *,
    where: _Where,
    money_key: bool,
    lexicon: NumberLexicon,
) -> None:
    if isinstance(payload, bool) or payload is None:
        return
    if isinstance(payload, int | float):
        value = Decimal(str(payload))
        kind = FigureKind.MONEY if money_key else FigureKind.PLAIN
        number = SourceNumber(str(payload), value, where.origin, money_key, kind, where.tainted)
        found.append(number)
    elif isinstance(payload, str):
        _add_text(found, payload, where=where, money_key=money_key, lexicon=lexicon)
    elif isinstance(payload, Mapping):
        for key, item in payload.items():
            is_money = str(key).lower() in MONEY_KEYS
            _add_json(found, item, where=where, money_key=is_money, lexicon=lexicon)
    elif isinstance(payload, list | tuple):
        for item in payload:
            _add_json(found, item, where=where, money_key=money_key, lexicon=lexicon)


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
            if not number.money or cents is None or cents <= 0:
                continue
            if cents not in terms or (terms.count(cents) == 1 and listed[number.value] > 1):
                terms.append(cents)
                if len(terms) == MAX_SUM_TERMS:
                    break
        self._terms = terms
        self._measured: dict[tuple[FigureKind, str], list[Decimal]] = {}
        self._pairs: dict[int, list[tuple[int, int]]] | None = None
        self.sum_searches = 0

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
