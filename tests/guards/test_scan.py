"""guards.scan gives exactly what RE2's wrapper gives, on the patterns the guards cut with
and on texts that stress offsets: accents, emoji, empty strings, matches at either end."""

from __future__ import annotations

import random

import re2

from guards import scan
from guards.text import _CITATION, _CONTRAST, _FULL_STOP, _SENTENCE_END, _clause_regex

_ALPHABET = [*"ab .!?;,\n[]#1é€ñ😀 ", "pero", "but", " y ", "[envio#1]", "\t"]


def _texts(count: int = 400) -> list[str]:
    rng = random.Random(5)
    texts = ["", ".", "\n", "a", "é.", "[x]", "pero", " but ", "…¿qué?  ¡sí!"]
    for _ in range(count):
        texts.append("".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 40))))
    return texts


def test_split_is_the_wrappers() -> None:
    patterns = [_SENTENCE_END, _FULL_STOP, _CONTRAST, _clause_regex(("pero", "but"))]
    for pattern in patterns:
        for text in _texts():
            assert scan.split(pattern, text) == pattern.split(text), (pattern.pattern, text)


def test_findall_is_the_wrappers() -> None:
    optional = re2.compile(r"(\d)?[a-z]")
    for pattern in (_CITATION, optional):
        for text in _texts():
            assert scan.findall(pattern, text) == pattern.findall(text), (pattern.pattern, text)


def test_empty_matches_and_groups_fall_back() -> None:
    empty = re2.compile(r"x*")
    grouped = re2.compile(r"([.;])")
    for text in _texts(100):
        assert scan.split(empty, text) == empty.split(text)
        assert scan.split(grouped, text) == grouped.split(text)
        assert scan.findall(empty, text) == empty.findall(text)


def test_first_group_is_the_wrappers() -> None:
    pattern = re2.compile(r"(?:^|[^\pL])(ñ+|€|pero)(?:$|[^\pL])")
    for text in _texts():
        match = pattern.search(text)
        assert scan.first_group(pattern, text) == (match.group(1) if match else None)
