"""Where a draft's figures may come from: the numbers of this turn's sources (chunks,
tools' records and inputs, the customer's words, earlier messages), each with its kind
and origin. Whether a figure is backed by them is `guards.backing_index`'s to say."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from guards import scan
from guards.context import GuardContext
from guards.lexicon import NumberLexicon
from guards.memo import memoised
from guards.numbers import FigureKind, extract_figures
from guards.trust import injection_start, record_carries_orders, tainted_chunk
from guards.verdicts import SourceFigure

# JSON keys whose numbers are money even without a currency sign.
MONEY_KEYS = frozenset(
    {"price", "amount", "total", "cost", "precio", "monto", "importe", "subtotal"}
)
MAX_SOURCE_FIGURES = 1000


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
