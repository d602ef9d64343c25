"""A promotion for an age group given to a customer who said an age outside it.

"Carné joven (menores de 30): 10 % en calzado" and a customer who wrote "tengo 34
años": the promotion's source bounds the customer's age, the customer gave theirs, and
the two figures decide it. Bounds are read in a closed set of forms (menores de N,
hasta N años, mayores de N, N años o más, entre N y M años; under N, up to N, over N,
N and over, N+, aged N to M); the customer's age in another (tengo N años, cumplí N;
I'm N, I am N years old, N years old).
"""

from __future__ import annotations

from guards import scan
from guards.context import GuardContext
from guards.trust import tainted_chunk

_NUM = r"(\d{1,3})"
# The forms of an age bound: an upper one, a lower one, both.
_UPPER = scan.compile(
    rf"(?i)(?:menores\s+de|under|younger\s+than|below)\s+{_NUM}(?:\s+(?:años|years))?"
)
_UP_TO = scan.compile(rf"(?i)(?:hasta|up\s+to|aged\s+up\s+to)\s+{_NUM}\s+(?:años|years)")
_LOWER = scan.compile(
    rf"(?i)(?:mayores\s+de|over|older\s+than|above)\s+{_NUM}(?:\s+(?:años|years))?"
)
_FROM = scan.compile(
    rf"(?i){_NUM}\s*(?:años\s+o\s+más|años\s+en\s+adelante|\+|(?:years\s+)?and\s+over|or\s+over)"
)
_BETWEEN = scan.compile(
    rf"(?i)(?:entre|between|aged|de)\s+{_NUM}\s*(?:y|and|a|to|-|–)\s*{_NUM}\s+(?:años|years)"
)
_CUSTOMER_AGE = scan.compile(
    rf"(?i)(?:tengo|cumplí|cumplo|i'm|i\s+am|soy\s+de)\s+{_NUM}(?:\s+(?:años|years(?:\s+old)?))?"
    rf"(?:$|[^\pL\pN])|(?:^|[^\pN]){_NUM}\s+years\s+old"
)


def age_outside_source(ctx: GuardContext, cited: frozenset[str]) -> str | None:
    """A note when the customer's stated age is outside the age bound of a promotion
    the sentence cites; None when either is missing."""
    age = _customer_age(ctx)
    if age is None:
        return None
    for chunk in ctx.retrieved:
        if chunk.source not in cited or tainted_chunk(chunk):
            continue
        low, high = _bounds(chunk.text)
        if low is not None and age < low:
            return f"the source gives it from {low}; the customer is {age}"
        if high is not None and age > high:
            return f"the source gives it up to {high}; the customer is {age}"
    return None


def _customer_age(ctx: GuardContext) -> int | None:
    for text in ctx.customer_texts():
        match = _CUSTOMER_AGE.search(text)
        if match:
            return int(match.group(1) or match.group(2))
    return None


# A source speaks of ages only with a word for them: "pedidos menores de 30 €" bounds an
# amount, not a customer.
_AGE_WORDS = scan.compile(
    r"(?i)(?:^|[^\pL])(?:edad|años|joven|jóvenes|jubilad\pL*|age|aged|years|young|senior\pL*|"
    r"pensioner\pL*)(?:$|[^\pL])"
)
_NOT_AN_AGE = frozenset("€$£%0123456789.,")


def _bounds(text: str) -> tuple[int | None, int | None]:
    """The lowest and highest age a source allows (inclusive), where it bounds one."""
    if not _AGE_WORDS.search(text):
        return None, None
    if match := _age(_BETWEEN, text):
        return int(match.group(1)), int(match.group(2))
    low = high = None
    # "menores de 30", "over 65": the boundary year itself is given the benefit of the doubt
    if match := _age(_UPPER, text):
        high = int(match.group(1))
    elif match := _age(_UP_TO, text):
        high = int(match.group(1))
    if match := _age(_LOWER, text):
        low = int(match.group(1))
    elif match := _age(_FROM, text):
        low = int(match.group(1))
    return low, high


def _age(pattern: scan.Regex, text: str) -> scan.Found | None:
    """A bound whose figure is not an amount ("over 50 €", "menores de 30 %")."""
    for match in pattern.finditer(text):
        rest = text[match.end() :].lstrip()
        if not rest[:1] or rest[0] not in _NOT_AN_AGE:
            return match
    return None
