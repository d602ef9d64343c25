"""The number lexicon reshaped for the figure reader's hot path, and the word a stretch
of text opens with (read by ``guards.numbers``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from guards.lexicon import LEXICONS, NumberLexicon

_WORD_START = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@dataclass(frozen=True)
class Tables:
    """The lexicon reshaped for O(1) look-ups on the hot path."""

    prefix_symbols: frozenset[str]
    prefix_words: frozenset[str]
    suffix_symbols: frozenset[str]
    suffix_words: frozenset[str]
    percent_symbols: frozenset[str]
    percent_words: frozenset[str]
    units: frozenset[str]
    signs: tuple[str, ...]
    fillers: frozenset[str]
    months: frozenset[str]
    multipliers: tuple[tuple[str, Decimal], ...]


def lexicon_tables(lexicon: NumberLexicon) -> Tables:
    return _tables_for(lexicon.language)


@cache
def _tables_for(language: str) -> Tables:
    lexicon = LEXICONS[language]

    def symbols(items: tuple[str, ...]) -> frozenset[str]:
        return frozenset(i for i in items if not i[0].isalpha())

    def wordlike(items: tuple[str, ...]) -> frozenset[str]:
        return frozenset(i for i in items if i[0].isalpha())

    return Tables(
        prefix_symbols=symbols(lexicon.currency_prefixes),
        prefix_words=wordlike(lexicon.currency_prefixes),
        suffix_symbols=symbols(lexicon.currency_suffixes),
        suffix_words=wordlike(lexicon.currency_suffixes),
        percent_symbols=symbols(lexicon.percent_suffixes),
        percent_words=wordlike(lexicon.percent_suffixes),
        units=frozenset(lexicon.units),
        signs=tuple(u for u in lexicon.units if not u[0].isalpha()),
        fillers=frozenset(lexicon.unit_fillers),
        months=frozenset(lexicon.months),
        multipliers=tuple(sorted(lexicon.multipliers.items(), key=lambda kv: -len(kv[0]))),
    )


def first_word(rest: str) -> str:
    """The word a text opens with (a square or cubic unit with its power)."""
    match = _WORD_START.match(rest)
    if not match:
        return ""
    word, end = match.group(), match.end()
    # "500 m2", "3 cm3": a square or cubic unit typed without its superscript
    power = rest[end : end + 1]
    if word in _POWERED and power in ("2", "3") and not rest[end + 1 : end + 2].isalnum():
        return word + ("²" if power == "2" else "³")
    return word


_POWERED = frozenset({"m", "cm", "km", "ft"})
