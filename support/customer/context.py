"""Retrieval in context: what a customer message is searched with.

Deterministic and offline. A message either stands on its own (searched alone, so
an old topic never leaks into a new question) or leans on the conversation ("¿y a
Canarias?", "and how many days do I have for that?"), and is then searched with
the previous customer message it leans on; a correction ("perdón, quería decir
Ibiza, no Canarias") is searched as the previous message with what it corrects
taken out. The choice is made from the message itself: topic-change markers,
correction markers, a leading "y…/and…/what about…", an e-mail address given with
little else (the answer to the desk asking for it), pronouns and ellipsis, and how
many content words are left after stop words (Spanish and English).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from knowledge.embedders import get_embedder
from knowledge.search import QueryError, SearchHit, hybrid_search
from support import conf
from support.customer.selectors import EMAIL


class Mode:
    FIRST = "first"  # nothing earlier to lean on
    ALONE = "alone"  # a complete question, searched on its own
    NEW_TOPIC = "new_topic"  # says it changes the subject
    LEANING = "leaning"  # searched with the previous customer message
    CORRECTION = "correction"  # the previous message, corrected


@dataclass(frozen=True)
class SearchPlan:
    query: str
    mode: str
    reason: str
    previous: str = ""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


WORD = re.compile(r"[^\W\d_]+|\d+(?:[.,]\d+)*", re.UNICODE)
# Said to change the subject: the message is a new question.
NEW_TOPIC = (
    "cambiando de tema",
    "otra consulta",
    "otra pregunta",
    "otra cosa",
    "aparte de eso",
    "y aparte",
    "por otro lado",
    "por cierto",
    "ya que estoy",
    "different question",
    "another question",
    "unrelated",
    "on another note",
    "changing the subject",
    "something else",
    "by the way",
    "also, ",
)
CORRECTION = (
    "perdon",
    "perdona",
    "quise decir",
    "queria decir",
    "me referia",
    "me confundi",
    "me equivoque",
    "me he liado",
    "me lie",
    "lei mal",
    "en realidad",
    "ah no",
    "uy no",
    "no, es",
    "sorry",
    "i meant",
    "i mean ",
    "my mistake",
    "actually",
    "correction",
)
# A message that opens like this continues the previous one.
LEAD_INS = (
    "y ",
    "e ",
    "o ",
    "pero ",
    "entonces",
    "ok y",
    "ok, y",
    "dale, y",
    "dale y",
    "and ",
    "or ",
    "but ",
    "so ",
    "what about",
    "how about",
    "what if",
    "ok and",
    "ok, and",
    "and if",
    "y si",
)
# Words that point back at something named before.
POINTERS = frozenset(
    """eso esa ese esos esas esto esta este ello alli ahi lo la los las le les
    mismo misma it that this those these them there one ones same""".split()
)
STOP = frozenset(
    """a al algo algun alguna alguno ante antes aqui asi bien como con cual cuales
    cuando cuanto cuanta cuantos cuantas de del desde donde el en entre es esta estan
    estoy hay hacen hace hola buenas buenos dias tardes noches gracias la las le les lo
    los me mi mis mas muy nos o para pero poco por puedo pueden puede podes que se
    si sin sobre son su sus tambien te tengo tiene tienen tu un una uno unos unas usted
    vos y ya yo favor quiero queria necesito sale cuesta ok dale vale bueno
    a about an and any are as at be can could do does did for from have has how i if
    in is it its me my no not of on or our please should so that the their them there
    this to us was we what when where which who why will with would you your hi hello
    hey thanks ok okay much many get got also""".split()
)
GREETING = frozenset(
    """hola buenas buenos buen dia dias tardes noches tal saludos gracias hi hello hey
    there thanks good morning afternoon evening everyone how are you""".split()
)
NEGATED = re.compile(r"\b(?:no|not)\s+(?:(?:en|a|al|de|la|el|the|in|to|a)\s+)?(\w+)", re.I)


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def content_words(text: str) -> list[str]:
    return [w for w in WORD.findall(fold(text)) if w not in STOP and w not in POINTERS]


def _has(folded: str, phrases: Sequence[str]) -> str:
    padded = f" {folded} "
    for phrase in phrases:
        if f" {phrase}" in padded or padded.lstrip(" ¿¡").startswith(phrase):
            return phrase
    return ""


def classify(text: str) -> tuple[str, str]:
    """(mode, reason) for a message that has a previous customer message."""
    folded = fold(text).strip()
    stripped = folded.lstrip(" ¿¡\"'")
    if marker := _has(folded, NEW_TOPIC):
        return Mode.NEW_TOPIC, f"says it changes the subject ({marker.strip()})"
    if marker := _has(folded, CORRECTION):
        return Mode.CORRECTION, f"corrects the previous message ({marker.strip()})"
    for lead in LEAD_INS:
        if stripped.startswith(lead):
            return Mode.LEANING, f"opens with “{lead.strip()}”"
    if EMAIL.search(text):
        # "ana@example.com", "my email is …": the address answers the order question
        # before it (the desk asks for it), so the message leans on that question.
        rest = content_words(EMAIL.sub(" ", text))
        if len(rest) <= int(conf.get("SUPPORT_CONTEXT_MAX_CONTENT_WORDS")):
            return Mode.LEANING, "gives an e-mail address"
    words = WORD.findall(folded)
    content = content_words(text)
    pointers = [w for w in words if w in POINTERS]
    if len(content) <= int(conf.get("SUPPORT_CONTEXT_MAX_CONTENT_WORDS")):
        return Mode.LEANING, f"{len(content)} content words"
    if pointers and len(content) <= 2 * int(conf.get("SUPPORT_CONTEXT_MAX_CONTENT_WORDS")):
        return Mode.LEANING, f"points back ({pointers[0]})"
    return Mode.ALONE, f"a complete question ({len(content)} content words)"


def leaned_on(earlier: Sequence[str]) -> str:
    """The last earlier customer message with something to search (not "hola")."""
    for text in reversed(earlier):
        if any(w not in GREETING for w in content_words(text)):
            return text
    return ""


def corrected(previous: str, correction: str) -> str:
    """The previous message without what the correction says it was not."""
    wrong = {fold(w) for w in NEGATED.findall(correction)}
    kept = [w for w in previous.split() if fold(w).strip("¿?¡!.,;:") not in wrong]
    return " ".join(kept)


def plan_search(text: str, *, earlier: Sequence[str]) -> SearchPlan:
    previous = leaned_on(earlier)
    if not previous:
        return SearchPlan(text, Mode.FIRST, "no earlier question")
    mode, reason = classify(text)
    if mode == Mode.CORRECTION:
        return SearchPlan(f"{corrected(previous, text)} {text}", mode, reason, previous)
    if mode == Mode.LEANING:
        return SearchPlan(f"{previous} {text}", mode, reason, previous)
    return SearchPlan(text, mode, reason)


def search(query: str, *, shop: str = "", vector: Any = None) -> list[SearchHit]:
    """The chunks for a query, from the shop's documents and the shared ones."""
    try:
        return hybrid_search(
            query, k=conf.get("SUPPORT_RETRIEVAL_K"), shop=shop or None, vector=vector
        )
    except QueryError:
        return []


def blended_vector(current: str, previous: str) -> Any:
    """The query vector of a leaning message: the current message's embedding and the
    previous one's, weighted towards the current (what is asked now) and normalised."""
    weight = float(conf.get("SUPPORT_CONTEXT_CURRENT_WEIGHT"))
    now, before = get_embedder().embed_queries([current[:2000], previous[:2000]])
    vector = weight * np.asarray(now) + (1 - weight) * np.asarray(before)
    return vector / (np.linalg.norm(vector) or 1.0)


def retrieve_in_context(
    text: str, *, earlier: Sequence[str], shop: str = ""
) -> tuple[list[SearchHit], SearchPlan]:
    """The chunks for this message in its conversation, and the plan that found them.
    A leaning message whose composed query finds nothing falls back to the message
    searched alone."""
    plan = plan_search(text, earlier=earlier)
    vector = None
    if plan.mode == Mode.LEANING and conf.get("SUPPORT_CONTEXT_CURRENT_WEIGHT") is not None:
        vector = blended_vector(text, plan.previous)
    hits = search(plan.query, shop=shop, vector=vector)
    if not hits and plan.query != text:
        alone = search(text, shop=shop)
        if alone:
            return alone, SearchPlan(text, plan.mode, plan.reason + "; composed found nothing")
    return hits, plan
