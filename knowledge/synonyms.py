"""A shop's synonyms dictionary: the file format, its checks, and how a query is
expanded with it (pure Python; the model, service and cached selector live in
knowledge/models.py, knowledge/services/synonyms.py and knowledge/selectors.py).

The format (shared with benchmarks/retrieval_eval.py's ``DIR/synonyms.txt``): UTF-8
text, one group per line, terms separated by commas, a term may be several words,
``#`` starts a comment, blank lines are ignored; every term of a group means the
same. Example: ``celular, cel, movil, telefono``.

Terms are matched on folded text (lower case, accents removed, punctuation read as a
space) and on whole words, the longest term first, so "telefono" in a query matches
the term "teléfono" and "cel" never matches inside "celeste". A term may be in more
than one group; a query that says it is expanded with each.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

MAX_CHARS = 100_000
MAX_GROUPS = 2_000
MAX_TERMS_PER_GROUP = 30
MAX_TERM_CHARS = 80
MAX_TERM_WORDS = 6
# A query is expanded with at most this many groups (a long story mentions many
# words; the first ones found are kept).
MAX_GROUPS_PER_QUERY = 8

WORD = re.compile(r"\w+")


class SynonymFormatError(ValueError):
    """The file does not parse; ``errors`` are "line N: what" strings, one per line."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


def fold(text: str) -> str:
    """Lower case without accents, words separated by one space (ñ → n too)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(WORD.findall(plain))


@dataclass(frozen=True)
class SynonymGroup:
    line: int
    terms: tuple[str, ...]  # as the editor wrote them (trimmed, spaces collapsed)


def parse_synonyms(text: str) -> list[SynonymGroup]:
    """The groups of a synonyms file; raises SynonymFormatError naming every bad
    line (nothing is half-read)."""
    if len(text) > MAX_CHARS:
        raise SynonymFormatError([f"the file is {len(text):,} characters; the limit is 100,000"])
    errors: list[str] = []
    groups: list[SynonymGroup] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        problem, terms = _check_line(line)
        if problem is not None:
            errors.append(f"line {number}: {problem}")
            continue
        groups.append(SynonymGroup(number, tuple(terms)))
    if len(groups) > MAX_GROUPS:
        errors.append(f"{len(groups):,} groups; the limit is {MAX_GROUPS:,}")
    if errors:
        raise SynonymFormatError(errors)
    return groups


def _check_line(line: str) -> tuple[str | None, list[str]]:
    terms = [" ".join(t.split()) for t in line.split(",")]
    if any(not t for t in terms):
        return "an empty term (two commas together, or a comma at an end)", []
    for term in terms:
        if not fold(term):
            return f"“{term}” has no letters or digits", []
        if len(term) > MAX_TERM_CHARS:
            return f"a term over {MAX_TERM_CHARS} characters (“{term[:30]}…”)", []
        if len(fold(term).split()) > MAX_TERM_WORDS:
            return f"“{term}” has over {MAX_TERM_WORDS} words", []
    unique: dict[str, str] = {}
    for term in terms:
        unique.setdefault(fold(term), term)
    if len(unique) < 2:
        return "a group needs at least two different terms, separated by commas", []
    if len(unique) > MAX_TERMS_PER_GROUP:
        return f"{len(unique)} terms; a group takes at most {MAX_TERMS_PER_GROUP}", []
    return None, list(unique.values())


def format_synonyms(groups: Iterable[SynonymGroup]) -> str:
    return "".join(", ".join(g.terms) + "\n" for g in groups)


@dataclass(frozen=True)
class Expansion:
    """A query with its synonyms: ``text_query`` for the keyword arm (the query and
    every other term of each matched group, OR-ed there like the query's own words),
    ``vector_query`` for the embedding (the query with the matched groups' other
    terms appended); ``groups`` is what matched (empty: the query as it is)."""

    query: str
    text_query: str
    vector_query: str
    groups: tuple[tuple[str, ...], ...] = ()
    # the query with only each matched group's first term appended (when the query
    # did not say that one): the vector arm's "first" mode
    first_query: str = ""


@dataclass
class CompiledSynonyms:
    """Every term of a scope's groups, folded, longest first, for matching."""

    groups: list[tuple[str, ...]] = field(default_factory=list)
    # first word of a folded term → (its words, the groups it is in), longest term
    # first; a term may be in several groups: a query that says it gets each
    _by_first: dict[str, list[tuple[tuple[str, ...], list[int]]]] = field(default_factory=dict)

    @classmethod
    def from_groups(cls, groups: Iterable[Iterable[str]]) -> CompiledSynonyms:
        compiled = cls()
        where: dict[tuple[str, ...], list[int]] = {}
        for terms in groups:
            terms = tuple(terms)
            index = len(compiled.groups)
            compiled.groups.append(terms)
            for term in terms:
                in_groups = where.setdefault(tuple(fold(term).split()), [])
                if index not in in_groups:
                    in_groups.append(index)
        for words, in_groups in sorted(where.items(), key=lambda item: -len(item[0])):
            compiled._by_first.setdefault(words[0], []).append((words, in_groups))
        return compiled

    def __bool__(self) -> bool:
        return bool(self.groups)

    def matches(self, query: str) -> list[tuple[str, int]]:
        """(folded term, group index) of the terms found in the query, read left to
        right, the longest term at each word; each group once, in query order."""
        words = fold(query).split()
        found: list[tuple[str, int]] = []
        seen: set[int] = set()
        start = 0
        while start < len(words) and len(found) < MAX_GROUPS_PER_QUERY:
            for term_words, in_groups in self._by_first.get(words[start], ()):
                size = len(term_words)
                if tuple(words[start : start + size]) == term_words:
                    for group in in_groups:
                        if group not in seen:
                            seen.add(group)
                            found.append((" ".join(term_words), group))
                    start += size
                    break
            else:
                start += 1
        return found[:MAX_GROUPS_PER_QUERY]

    def expand(self, query: str) -> Expansion:
        matched = self.matches(query) if self.groups else []
        if not matched:
            return Expansion(query, query, query)
        extra: list[str] = []
        firsts: list[str] = []
        groups = []
        for term, index in matched:
            terms = self.groups[index]
            groups.append(terms)
            extra.extend(t for t in terms if fold(t) != term and t not in extra)
            if fold(terms[0]) != term and terms[0] not in firsts:
                firsts.append(terms[0])
        return Expansion(
            query=query,
            text_query=f"{query} {' '.join(extra)}",
            vector_query=f"{query} ({', '.join(extra)})",
            groups=tuple(groups),
            first_query=f"{query} ({', '.join(firsts)})" if firsts else query,
        )


EMPTY = CompiledSynonyms()
