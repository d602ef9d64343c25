"""The mood of an act's sentence: an offer or a condition, a condition on a person's
decision, or a negation inside the verb group. Read by the commitments and the deeds
readers alike; plain functions over words."""

from __future__ import annotations

from itertools import pairwise

from guards.conjugation import fold
from guards.text import words
from guards.verb_groups import (
    _CHAIN_EN,
    _CHAIN_ES,
    _NEGATION_EN,
    _NEGATION_ES,
    _OFFER_CUES_EN,
    _OFFER_CUES_ES,
    _OFFER_OPENERS_EN,
    _OFFER_OPENERS_ES,
    _WINDOW,
)


def is_offer(lower: str, language: str) -> bool:
    # "por si quiere añadir algo" is "in case", not a condition on the act.
    lower = lower.replace("por si ", "por caso ")
    stripped = lower.lstrip("¿¡ \"'«")
    if lower.rstrip().endswith("?") or "¿" in lower:
        return True
    openers = _OFFER_OPENERS_ES if language == "es" else _OFFER_OPENERS_EN
    cues = _OFFER_CUES_ES if language == "es" else _OFFER_CUES_EN
    return stripped.startswith(openers) or any(cue in lower for cue in cues)


# A condition on a person's decision: the act waits for approval or review.
_APPROVAL_CUES = (
    "aprob",
    "aprue",
    "approv",
    "si corresponde",
    "si procede",
    "if eligible",
    "if accepted",
    "once accepted",
    "acepta",
    "revis",
    "review",
    "inspecci",
    "inspect",
    "verific",
)


def on_approval(sentence: str) -> bool:
    """The sentence makes its act wait on a person's decision ("si se aprueba",
    "once the team has reviewed it", "if eligible")."""
    lower = fold(sentence.lower())
    return any(cue in lower for cue in _APPROVAL_CUES)


def negated_at(tokens: list[str], index: int, language: str) -> bool:
    """A negation inside the verb group: "no te lo puedo cancelar", "I haven't sent"."""
    negation = _NEGATION_ES if language == "es" else _NEGATION_EN
    chain = _CHAIN_ES if language == "es" else _CHAIN_EN
    j = index - 1
    while j >= 0 and index - j <= _WINDOW:
        token = tokens[j]
        if token in negation or token.endswith("n't"):
            return True
        if token not in chain:
            return False
        j -= 1
    return False


# Closed classes: subordinators of a condition, and of a later time ("una vez" and "en
# caso" are read as pairs: "una" alone is an article, "caso" alone a case).
_IF = frozenset(("si", "if", "unless"))
_LATER = frozenset("once when after cuando tras después".split())


def on_condition(sentence: str) -> bool:
    """The sentence puts a condition the customer has yet to meet ("si no aparece,
    decime y te paso con una persona", "en caso de que…"), not "le paso su caso"."""
    tokens = words(sentence.lower())
    if _IF & set(tokens):
        return True
    return any(a == "en" and b == "caso" for a, b in pairwise(tokens))


def conditional(sentence: str) -> bool:
    """The sentence holds a condition or a time to come ("if approved", "cuando se
    apruebe", "una vez recibido")."""
    tokens = words(sentence.lower())
    if on_condition(sentence) or _LATER & set(tokens):
        return True
    return any(a == "una" and b == "vez" for a, b in pairwise(tokens))


_DECIDED = ("en tu caso", "en su caso", "en vuestro caso", "in your case", " ya ", " already ")


def decided(sentence: str) -> bool:
    """The sentence says how this customer's case came out ("en tu caso ya se te ha
    abonado", "in your case it'll be a refund"), whatever rule it cites first."""
    lower = f" {sentence.lower()} "
    return any(marker in lower for marker in _DECIDED)
