"""Things said to be on their way to the customer, and a lookup that reports an order
moving.

"El mate nuevo ya está en camino", "a replacement is already on its way", "the receipt
is on its way to your inbox": something moving toward this customer that only a send
could have set moving, unless a tool's record reports it moving. Split from
``guards.result_states`` (money arriving), which shares the customer's modal.
"""

from __future__ import annotations

import re

from guards.moods import on_condition
from guards.result_states import MODAL
from guards.text import words

# Something already moving toward the customer: "ya está en camino", "already on its
# way", "la devolución ya está en marcha". Only with "ya" / "already" / "now": "llega
# en camino de 48 h" or "on the way to the depot" in a lookup's words is not a claim.
_UNDERWAY = {
    "es": ("en camino", "en marcha", "en curso", "en viaje"),
    "en": ("on its way", "on the way", "on their way", "underway", "in motion"),
}
_ALREADY = {"es": frozenset(("ya",)), "en": frozenset(("already", "now"))}
_REPLACEMENT = frozenset(
    "replacement replacements reemplazo reposición reposicion repuesto "
    # a document on its way to the customer: "a returns label is on its way to your inbox"
    "label labels etiqueta etiquetas invoice factura receipt comprobante voucher vale".split()
)
# A lookup's words for an order or a return that is moving.
_MOVING = (
    "ship",
    "dispatch",
    "transit",
    "on its way",
    "out for delivery",
    "despach",
    "enviad",
    "en camino",
    "tránsito",
    "transito",
    "reparto",
    "en viaje",
    "collected",
    "retirad",
    "envío realizado",
)


def underway(sentence: str, language: str) -> str | None:
    """The phrase when ``sentence`` says something is already on its way."""
    lang = "en" if language == "en" else "es"
    lower = sentence.lower()
    tokens = words(lower)
    if not _ALREADY[lang] & set(tokens) and not _REPLACEMENT & set(tokens):
        return None  # "a replacement charger is on its way": sent only if someone sent it
    phrase = next((phrase for phrase in _UNDERWAY[lang] if phrase in lower), None)
    if phrase is not None and MODAL & set(words(lower[: lower.find(phrase)])[-4:]):
        return None  # "so it may still be on its way": what the lookup leaves open
    if phrase is not None and on_condition(_CLAUSE_BREAK.split(lower[: lower.find(phrase)])[-1]):
        return None  # "si ya tiene un pedido en curso, dígame…": supposed, not said
    return phrase


_CLAUSE_BREAK = re.compile(r"[,;:—–]")


# Participles of an order moving, which a lookup reports in its own words ("shipped"
# for "fue despachado").
_MOVING_PARTICIPLES = ("envi", "despach", "ship", "dispatch", "sent", "mandad", "sali")


def moving_participle(word: str) -> bool:
    """The participle says an order moved ("despachado", "dispatched")."""
    return word.startswith(_MOVING_PARTICIPLES)


def shipping_reported(outputs: str) -> bool:
    """A tool's output says an order or a return is moving."""
    lower = outputs.lower()
    return any(word in lower for word in _MOVING)
