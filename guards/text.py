"""Text pieces the wording guards share: sentences, clauses, words, citations, phrase regexes."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import re2

_SENTENCE_END = re2.compile(r"[.!?;]+(?:\s+|$)|\n+")
_WORD = re2.compile(r"[\pL\pN]+(?:'[\pL]+)?")
_CITATION = re2.compile(r"\[([^\[\]\s]{1,80})\]")


@lru_cache(maxsize=256)
def phrase_regex(fragments: tuple[str, ...]) -> re2._Regexp:
    """One case-insensitive RE2 that finds any fragment between word boundaries."""
    body = "|".join(f"(?:{fragment})" for fragment in fragments)
    return re2.compile(f"(?i)(?:^|[^\\pL\\pN])({body})(?:$|[^\\pL\\pN])")


def find_phrase(fragments: tuple[str, ...], text: str) -> str | None:
    match = phrase_regex(fragments).search(text)
    return match.group(1) if match else None


def sentences(text: str) -> list[str]:
    parts = [part.strip() for part in _SENTENCE_END.split(text)]
    return [part for part in parts if part]


def clauses(text: str, breaks: tuple[str, ...]) -> list[str]:
    """Sentences cut again at contrastive links ("pero", "but"), where polarity flips."""
    splitter = _clause_regex(breaks)
    out: list[str] = []
    for sentence in sentences(text):
        out.extend(part.strip() for part in splitter.split(sentence) if part.strip())
    return out


@lru_cache(maxsize=16)
def _clause_regex(breaks: tuple[str, ...]) -> re2._Regexp:
    return re2.compile(f"(?i)[,;]?\\s+(?:{'|'.join(breaks)})\\s+")


def words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def content_words(text: str, stopwords: Iterable[str]) -> set[str]:
    stop = set(stopwords)
    return {w for w in words(text) if w not in stop and (len(w) > 2 or w.isdigit())}


def citations(text: str) -> set[str]:
    return set(_CITATION.findall(text))
