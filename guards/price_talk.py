"""Discount words that grant nothing: a comparison of prices ("la ST 100 es más barata",
"el más barato con stock"), an act that is free to do ("Registrarse es gratuito"), and a
limit on how many a customer may use ("un solo cupón por compra") or on whom the offer
is for ("el envío gratis es solo para Madrid capital"). Plain functions over
the sentence's words; ``guards.wording_guards`` asks them before it reads an offer."""

from __future__ import annotations

from guards import scan
from guards.text import words

_COPULAS = frozenset("es son sale salen resulta resultan queda quedan is are".split())


def compares_prices(sentence: str, start: int) -> bool:
    """A comparative after a copula ("la ST 100 es más barata"), an article ("el más
    barato con stock", "the cheapest") or a noun with its article ("el Sony más barato",
    "la bici más económica": a superlative after its noun) compares prices."""
    before = words(sentence[:start])[-3:]
    after = sentence[start:].lower()
    if not before or not after.startswith(("más", "mas", "cheaper", "cheapest")):
        return False
    if before[-1] in _COPULAS or before[-1] in _ARTICLES:
        return True
    seen = before[-2] if before[-1] in ("it", "them") and len(before) > 1 else before[-1]
    if seen in _SEEN or seen.startswith(_FOUND):
        return True  # "te fastidie verlo más barato", "if you found it cheaper": a report
    return after.startswith(("más", "mas")) and before[-2:-1] != [] and before[-2] in _ARTICLES


_ARTICLES = frozenset("el la los las lo the".split())
# Seeing or finding a thing at a price (closed class): the comparative after them says
# how the customer saw it elsewhere, not what the shop gives.
_SEEN = frozenset(
    """ver verlo verla verlos verlas vi viste vio vimos vieron visto vista ves veas
    saw seen see seeing spotted""".split()
)
_FOUND = ("encontr", "encuentr", "consegu", "consig", "hall", "found", "find")


_INFINITIVE = scan.compile(r"(?i)^\s*(?:\pL+(?:ar|er|ir|arse|erse|irse)|\pL+ing)\s*$")


# A quantity of one, said as a limit (closed class): "un solo cupón", "only one code".
_ONLY_ONE = (["un", "solo"], ["una", "sola"], ["solo", "un"], ["sólo", "un"], ["solo", "una"])
_ONLY_ONE += (["sólo", "una"], ["only", "one"], ["just", "one"], ["máximo", "un"], ["max", "one"])


def limited_to_one(sentence: str, start: int) -> bool:
    """The discount word follows "un solo", "only one": how many a customer may use."""
    return words(sentence[:start])[-2:] in _ONLY_ONE


def free_to_do(sentence: str, start: int) -> bool:
    """An act is the subject of "free" ("Registrarse es gratuito", "Signing up is free"):
    what costs nothing is doing it, not a thing given to this customer."""
    head = words(sentence[:start])
    return len(head) == 2 and head[1] in _COPULAS and _INFINITIVE.match(head[0]) is not None


# "el envío gratis es solo para Madrid capital", "free delivery is only for members":
# the offer's own limit, said of no one in particular.
_ONLY = frozenset("solo sólo solamente únicamente unicamente only just exclusively".split())


def limited_scope(sentence: str, end: int) -> bool:
    """The discount words are the subject of a copula and "only": a scope, not a grant."""
    after = words(sentence[end:])[:3]
    return len(after) >= 2 and after[0] in _COPULAS and after[1] in _ONLY


def before_discount(sentence: str, start: int) -> bool:
    """ "Suma antes de cualquier descuento", "£115.00 before the discount": a figure
    without the discount, which gives none."""
    before = words(sentence[:start])[-3:]
    return "before" in before or "antes" in before or "prior" in before
