"""Digit tokens in any supported grouping: "1.500.000", "1,500,000", "79,18", "1 500"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from guards.lexicon import NumberLexicon

_SEPARATORS = ".,\u00a0\u202f"
_UNIFY_SEPARATORS = str.maketrans({",": ".", "\u00a0": ".", "\u202f": "."})


@dataclass(frozen=True)
class Reading:
    """One value a written figure may stand for, and how many decimals were written."""

    value: Decimal
    decimals: int


# A run of more digits than this is an identifier or noise, not an amount anyone
# quotes; reading it would also overflow decimal arithmetic (28 significant digits).
MAX_FIGURE_DIGITS = 24


def parse_readings(token: str, *, lexicon: NumberLexicon) -> tuple[Reading, ...]:
    """Every value a digit token may mean under this language's conventions.

    ``1.500.000`` and ``1,500,000`` are unambiguous; ``79,18`` and ``79.18`` are decimals
    everywhere; a single separator followed by exactly three digits is read the local way
    first, and also the other way when the local convention would use the other mark.
    An inconsistent token (``1,2,3``) has no reading.
    """
    if sum(ch.isdigit() for ch in token) > MAX_FIGURE_DIGITS:
        return ()
    marks = [ch for ch in token if ch in _SEPARATORS]
    if not marks:
        return (Reading(Decimal(token), 0),)
    groups = token.translate(_UNIFY_SEPARATORS).split(".")
    spaces = {"\u00a0", "\u202f"}
    if set(marks) <= spaces:
        return _grouped(groups)
    if len(set(marks) - spaces) == 2 or (spaces & set(marks)):
        decimal_mark = marks[-1]
        if decimal_mark in spaces or marks.count(decimal_mark) > 1:
            return ()
        return _grouped(groups[:-1], fraction=groups[-1])
    mark = marks[0]
    if len(marks) > 1:
        return _grouped(groups)
    head, tail = groups
    as_decimal = (Reading(Decimal(f"{head}.{tail}"), len(tail)),)
    if len(tail) != 3 or head == "0" or len(head) > 3:
        return as_decimal
    as_thousands = (Reading(Decimal(head + tail), 0),)
    if mark == lexicon.thousands_sep:
        return as_thousands
    return as_decimal + as_thousands if mark == lexicon.decimal_sep else as_thousands


def _grouped(groups: list[str], *, fraction: str | None = None) -> tuple[Reading, ...]:
    if not groups or not 1 <= len(groups[0]) <= 3:
        return ()
    if any(len(group) != 3 for group in groups[1:]):
        return ()
    digits = "".join(groups)
    if fraction is None:
        return (Reading(Decimal(digits), 0),)
    try:
        return (Reading(Decimal(f"{digits}.{fraction}"), len(fraction)),)
    except InvalidOperation:
        return ()


_WITH_CENTS = {
    "es": (
        re.compile(
            r"\b(\d+) (euros?|pesos?|d[oó]lares?|libras?) con (\d{1,2})"
            r"(?: (?:c[eé]ntimos|centavos))?\b",
            re.IGNORECASE,
        ),
        r"\1,\3 \2",
    ),
    "en": (
        re.compile(
            r"\b(\d+) (dollars?|pounds?|euros?) and (\d{1,2}) (?:cents?|pence)\b", re.IGNORECASE
        ),
        r"\1.\3 \2",
    ),
}


def with_cents(text: str, language: str) -> str:
    """An amount and its cents said apart as one ("cuarenta y dos euros con cincuenta",
    once spelled out "42 euros con 50", is 42,50 euros; "12 dollars and 50 cents")."""
    pattern, replacement = _WITH_CENTS[language]
    return pattern.sub(replacement, text)
