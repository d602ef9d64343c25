"""A number that names a thing ("locker 21", "casillero 14", "talle 42", "order #50318")
is no quantity, but it is a reference: when the sources give the same noun with its
number and the draft gives that noun another number nobody wrote, the customer is sent
to the wrong locker. The note names the number the sources give."""

from __future__ import annotations

from collections import defaultdict

import re2

_TOKEN = re2.compile(r"\pL+|\d+(?:[.,:/]\d+)*|#")
_CITATION = re2.compile(r"\[[^\[\]\s]{1,80}\]")
_SKIP = frozenset(("#", "n", "nº", "no", "nro", "número", "number"))


def _pairs(text: str) -> list[tuple[str, str]]:
    """(noun, number) for each number written right after a word of four letters or
    more ("locker 21", "talle 42", "casillero nº 14"); prices and times are left out."""
    tokens = _TOKEN.findall(_CITATION.sub(" ", text))  # "[tallas#1]" names a source
    out = []
    for i, token in enumerate(tokens):
        if not token.isdigit() or len(token) > 6:
            continue
        j = i - 1
        while j >= 0 and tokens[j].lower() in _SKIP:
            j -= 1
        if j >= 0 and tokens[j].isalpha() and len(tokens[j]) >= 4:
            out.append((tokens[j].lower()[:5], token))
    return out


_HASH = re2.compile(r"#\s*(\d{4,})")


def labelled_numbers(text: str) -> dict[str, set[str]]:
    """Noun (its first five letters, lower case) → the numbers written right after it."""
    out: dict[str, set[str]] = defaultdict(set)
    for noun, number in _pairs(text):
        out[noun].add(number)
    return out


def wrong_label(draft: str, records: str, sources: str) -> tuple[str, str] | None:
    """(the draft's number, the number a record gives that noun), if any: the draft's
    number is one digit changed or two swapped from the record's ("locker 12" for the
    order's locker 21, "talle 43" for its 42) and no source writes it. ``records``: the
    tools' outputs about this customer's case (an order), not a product search, where
    another model number is another product."""
    given = labelled_numbers(records)
    if not given:
        return None
    anywhere = set(re2.findall(r"\d+", sources))
    for noun, number in _pairs(draft):
        known = given.get(noun)
        if not known or number in known or number in anywhere:
            continue
        for source in sorted(known):
            if one_edit(number, source):
                return number, source
    return None


def hashed_numbers(draft: str) -> list[str]:
    """References written with "#" ("Order #50381"), which the number reader skips."""
    return _HASH.findall(draft)


def one_edit(a: str, b: str) -> bool:
    """Same length, and one adjacent transposition or one changed digit apart."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 1:
        return True
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )
