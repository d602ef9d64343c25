"""Things said to be on their way to the customer, and a lookup that reports an order
moving.

"El mate nuevo ya está en camino", "a replacement is already on its way", "the receipt
is on its way to your inbox": something moving toward this customer that only a send
could have set moving, unless a tool's record reports it moving. Split from
``guards.result_states`` (money arriving), which shares the customer's modal.
"""

from __future__ import annotations

import re

from guards.acts import Act
from guards.moods import on_condition
from guards.result_states import MODAL
from guards.text import words

# Something already moving toward the customer: "ya está en camino", "already on its
# way", "la devolución ya está en marcha". Only with "ya" / "already" / "now": "llega
# en camino de 48 h" or "on the way to the depot" in a lookup's words is not a claim.
_UNDERWAY = {
    "es": ("en camino", "en marcha", "en curso", "en viaje"),
    "en": (
        *("on its way", "on the way", "on their way", "underway", "in motion"),
        # "a replacement antenna is going out to you with UPS this week"
        *("going out to you", "heading your way", "headed your way", "heading to you"),
    ),
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
# What may stand before the phrase when the clause names no thing of its own: links,
# "ya / already", the copula and a subject pronoun ("pero ya está en marcha", "and it's
# already underway").
_NO_SUBJECT = frozenset(
    "pero y e así asi que ahora ya todo eso esto está esta están estan "
    "and but so now already it it's its is they they're are that's that this all".split()
)


def subject_elided(sentence: str, phrase: str) -> bool:
    """The clause of ``phrase`` says what is underway with no noun of its own: "No te
    puedo asegurar el resultado, pero ya está en marcha" speaks of what the draft said
    before it, not of a thing sent."""
    lower = sentence.lower()
    before = _CLAUSE_BREAK.split(lower[: lower.find(phrase)])[-1]
    return all(word in _NO_SUBJECT for word in words(before))


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


# Closed class: what is sent that is not the parcel a lookup reports as shipped, and
# the channels only a message travels by ("te lo mandé también por WhatsApp").
_DOCUMENTS = frozenset(
    "factura facturas invoice invoices etiqueta label labels comprobante receipt recibo "
    "mail email e-mail link enlace código codigo code voucher cupón cupon quote presupuesto "
    "whatsapp sms mensaje message text".split()
)


def a_document_sent(act: Act, verb: str, sentence: str, asked: str = "") -> bool:
    """ "I've just resent the invoice": a lookup that says the order shipped reports the
    parcel, not a document sent to the customer (the object, within a few words after
    the verb). A pronoun before the verb ("ya se lo mandamos") or right after it ("I'll
    resend it") stands for what the customer asked to be sent: a document when their
    message names one."""
    tokens = words(sentence)
    if act != Act.SEND or verb not in tokens:
        return False
    at = tokens.index(verb)
    if _DOCUMENTS & set(tokens[at + 1 : at + 6]):
        return True
    start = at - 2
    if at >= 2 and tokens[at - 1] in ("a", "de"):
        start = at - 4  # an auxiliary between: "te la volví a mandar"
    around = {*tokens[max(0, start) : at], *tokens[at + 1 : at + 2]}  # "resend it"
    pronoun = bool(around & _OBJECT_PRONOUNS)
    return pronoun and bool(_DOCUMENTS & set(words(asked)))


_OBJECT_PRONOUNS = frozenset("lo la los las it them".split())
