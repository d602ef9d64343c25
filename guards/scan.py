"""RE2 searches, splits and group lists without the Python wrapper's per-call overhead.

The wrapper's ``search`` / ``split`` / ``findall`` run a generator that maps every byte
offset of every match back to a character offset and builds a match object for each:
some 13 µs for a search that finds something and 37 µs for a split of one short
sentence, where RE2's own matcher takes 2-3 µs. The guards cut and search the same
short texts dozens of times a turn, so these helpers ask the matcher directly and slice
the UTF-8 bytes (a match always starts and ends on a character boundary; for ASCII
text, bytes and characters are the same offsets). Each falls back to the wrapper's
public method when the wrapper does not expose its matcher, and on any empty match
(whose stepping rules only the wrapper needs to know): the answer is always the one
the wrapper gives.

``compile`` gives a ``Regex``: the same pattern with the wrapper's methods, each asking
the matcher directly in the same way, so a module compiles its patterns once here and
every ``search``, ``match``, ``finditer`` or ``split`` on them is the cheap one.
"""

from __future__ import annotations

from typing import Any

import re2

Pattern = Any  # re2._Regexp; the wrapper does not export the class under a public name

_ANCHOR = getattr(re2, "_Anchor", None)
_UNANCHORED = getattr(_ANCHOR, "UNANCHORED", None)
_ANCHOR_START = getattr(_ANCHOR, "ANCHOR_START", None)
_ANCHOR_BOTH = getattr(_ANCHOR, "ANCHOR_BOTH", None)


def _matcher(pattern: Pattern) -> Any:
    return getattr(pattern, "_regexp", None) if _UNANCHORED is not None else None


def first_group(pattern: Pattern, text: str) -> str | None:
    """Group 1 of the first match (``pattern.search(text).group(1)``), or None."""
    matcher = _matcher(pattern)
    if matcher is None:
        match = pattern.search(text)
        return match.group(1) if match else None
    encoded = text.encode("utf-8")
    spans = matcher.Match(_UNANCHORED, encoded, 0, len(encoded))
    if spans[0][0] < 0:
        return None
    start, end = spans[1]
    return encoded[start:end].decode("utf-8")


def _match_spans(pattern: Pattern, text: str) -> tuple[bytes, list[Any]] | None:
    """The text in UTF-8 and the spans of every match, left to right; None when the
    wrapper must answer (no matcher exposed, or a match is empty)."""
    matcher = _matcher(pattern)
    if matcher is None:
        return None
    encoded = text.encode("utf-8")
    size = len(encoded)
    found = []
    pos = 0
    while pos <= size:
        spans = matcher.Match(_UNANCHORED, encoded, pos, size)
        start, end = spans[0]
        if start < 0:
            break
        if start == end:
            return None
        found.append(spans)
        pos = end
    return encoded, found


def split(pattern: Pattern, text: str, maxsplit: int = 0) -> list[str]:
    """``pattern.split(text, maxsplit)`` for a pattern without groups."""
    scanned = None if pattern.groups or maxsplit < 0 else _match_spans(pattern, text)
    if scanned is None:
        return pattern.split(text, maxsplit)
    encoded, found = scanned
    if maxsplit:
        found = found[:maxsplit]
    if not found:
        return [text]
    source: str | bytes = text if len(encoded) == len(text) else encoded
    pieces = []
    last = 0
    for spans in found:
        start, end = spans[0]
        pieces.append(source[last:start])
        last = end
    pieces.append(source[last:])
    if source is text:
        return pieces  # type: ignore[return-value]
    return [piece.decode("utf-8") for piece in pieces]  # type: ignore[union-attr]


def findall(pattern: Pattern, text: str) -> list[str]:
    """``pattern.findall(text)`` for a pattern with no group (the matches) or exactly
    one (the group's text)."""
    group = pattern.groups
    scanned = _match_spans(pattern, text) if group <= 1 else None
    if scanned is None:
        return pattern.findall(text)
    encoded, found = scanned
    source: str | bytes = text if len(encoded) == len(text) else encoded
    out = []
    for spans in found:
        start, end = spans[group]
        piece = source[start:end] if start >= 0 else ""
        out.append(piece if isinstance(piece, str) else piece.decode("utf-8"))
    return out


class Found:
    """A match, as the wrapper's: ``group``, ``groups``, ``start``, ``end``, ``span``
    and indexing, in character offsets of the searched text."""

    __slots__ = ("_encoded", "_spans", "string")

    def __init__(self, text: str, encoded: bytes | None, spans: Any) -> None:
        self.string = text
        self._encoded = encoded  # None when bytes and characters are the same offsets
        self._spans = spans

    def span(self, group: int = 0) -> tuple[int, int]:
        start, end = self._spans[group]
        if start < 0 or self._encoded is None:
            return start, end
        head = self._encoded[:start].decode("utf-8")
        return len(head), len(head) + len(self._encoded[start:end].decode("utf-8"))

    def start(self, group: int = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int = 0) -> int:
        return self.span(group)[1]

    def _text(self, group: int) -> str | None:
        start, end = self._spans[group]
        if start < 0:
            return None
        if self._encoded is None:
            return self.string[start:end]
        return self._encoded[start:end].decode("utf-8")

    def group(self, *groups: int) -> Any:
        if len(groups) > 1:
            return tuple(self._text(g) for g in groups)
        return self._text(groups[0] if groups else 0)

    __getitem__ = _text

    def groups(self, default: Any = None) -> tuple[Any, ...]:
        found = (self._text(g) for g in range(1, len(self._spans)))
        return tuple(default if text is None else text for text in found)


class Regex:
    """An RE2 pattern whose searches skip the wrapper's per-call work (see above); what
    it cannot answer directly (an empty match, a position in non-ASCII text, a
    replacement) it asks the wrapped pattern, so every answer is the wrapper's. Groups
    are read by number: the guards' patterns name none."""

    __slots__ = ("_regexp", "groups", "pattern", "wrapped")

    def __init__(self, source: str) -> None:
        self.wrapped = re2.compile(source)
        self.pattern: str = self.wrapped.pattern
        self.groups: int = self.wrapped.groups
        self._regexp = _matcher(self.wrapped)

    def __repr__(self) -> str:
        return f"scan.compile({self.pattern!r})"

    def _one(self, anchor: Any, text: str, pos: int | None, endpos: int | None) -> Any:
        encoded = text.encode("utf-8")
        size = len(encoded)
        plain = size == len(text)
        if self._regexp is None or (not plain and (pos or endpos is not None)):
            return None, True
        start = 0 if pos is None else max(0, min(pos, size))
        stop = size if endpos is None else max(0, min(endpos, size))
        if start > stop:
            return None, False
        spans = self._regexp.Match(anchor, encoded, start, stop)
        if spans[0][0] < 0:
            return None, False
        return Found(text, None if plain else encoded, spans), False

    def search(self, text: str, pos: int | None = None, endpos: int | None = None) -> Any:
        found, ask = self._one(_UNANCHORED, text, pos, endpos)
        return self.wrapped.search(text, pos, endpos) if ask else found

    def match(self, text: str, pos: int | None = None, endpos: int | None = None) -> Any:
        found, ask = self._one(_ANCHOR_START, text, pos, endpos)
        return self.wrapped.match(text, pos, endpos) if ask else found

    def fullmatch(self, text: str, pos: int | None = None, endpos: int | None = None) -> Any:
        found, ask = self._one(_ANCHOR_BOTH, text, pos, endpos)
        return self.wrapped.fullmatch(text, pos, endpos) if ask else found

    def finditer(self, text: str) -> Any:
        scanned = _match_spans(self.wrapped, text)
        if scanned is None:
            return self.wrapped.finditer(text)
        encoded, found = scanned
        held = None if len(encoded) == len(text) else encoded
        return iter([Found(text, held, spans) for spans in found])

    def findall(self, text: str) -> list[Any]:
        return findall(self.wrapped, text) if self.groups <= 1 else self.wrapped.findall(text)

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        return split(self.wrapped, text, maxsplit)

    def sub(self, repl: Any, text: str, count: int = 0) -> str:
        return self.wrapped.sub(repl, text, count)

    def subn(self, repl: Any, text: str, count: int = 0) -> tuple[str, int]:
        return self.wrapped.subn(repl, text, count)


def compile(source: str) -> Regex:  # re2.compile's name, for its call sites
    """The pattern, compiled once, with the cheap methods."""
    return Regex(source)
