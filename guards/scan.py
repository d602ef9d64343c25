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
"""

from __future__ import annotations

from typing import Any

import re2

Pattern = Any  # re2._Regexp; the wrapper does not export the class under a public name

_UNANCHORED = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)


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


def split(pattern: Pattern, text: str) -> list[str]:
    """``pattern.split(text)`` for a pattern without groups."""
    scanned = None if pattern.groups else _match_spans(pattern, text)
    if scanned is None:
        return pattern.split(text)
    encoded, found = scanned
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
    """``pattern.findall(text)`` for a pattern with exactly one group."""
    scanned = _match_spans(pattern, text) if pattern.groups == 1 else None
    if scanned is None:
        return pattern.findall(text)
    encoded, found = scanned
    source: str | bytes = text if len(encoded) == len(text) else encoded
    out = []
    for spans in found:
        start, end = spans[1]
        piece = source[start:end] if start >= 0 else ""
        out.append(piece if isinstance(piece, str) else piece.decode("utf-8"))
    return out
