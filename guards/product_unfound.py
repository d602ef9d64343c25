"""What the shop says it has after a search that found nothing: "we have X" with X a
thing (not a pronoun, not only generic words), or X as the subject of "available / in
stock". The search is this turn's record of what the shop carries; an empty one backs
no thing by name."""

from __future__ import annotations

from guards import scan
from guards.product_also import (
    _ARTICLES,
    _HAVE_EN,
    _HAVE_ES,
    _IGNORED,
    _OPENERS,
    _emphatic,
    _object_phrase,
)
from guards.product_claims import SHOP_HOLDS_ES
from guards.text import words

# "we have X" said by the shop itself, not "tienes", "hay" nor "there is".
_SHOP_HAS = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(no\s+)?(?:" + _HAVE_ES + r"|" + SHOP_HOLDS_ES + r")\s+([^.;:!?()\[\]]+)"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:not|\pL*n't|cannot|can't)\s+(?:\S+\s+){0,3})?we\s+(?:also\s+)?"
        + _HAVE_EN
        + r"\s+([^.;:!?()\[\]]+)"
    ),
}
_PRONOUNS = frozenset("it them one ones lo la los las eso esa ese".split())
_FOCUS = frozenset("sí si también tambien todavía todavia aún aun ya".split())


# Words that open an embedded question or a condition: what follows them is asked or
# supposed, not said to be there ("puedo mirar qué tenemos disponible"). An unaccented
# "si" is often a "sí" (a focus word, dropped above), so it is not one of them.
_ASKED_WHAT = frozenset("qué cuál cuáles cuánto cuántos cuántas what which whether if".split())


def had_after_empty_search(clause: str, language: str) -> str | None:
    """After a search that returned nothing, the object of "we have / tenemos" when it
    names a thing (not a pronoun, not only generic words) and is not negated."""
    lang = "en" if language == "en" else "es"
    for match in _SHOP_HAS[lang].finditer(clause):
        if match.group(1):
            continue
        before = words(clause[: match.start() + 1])
        while before and before[-1] in _FOCUS:
            before.pop()  # "de los que sí trabajamos": the focus word stays in the relative
        phrase = _object_phrase(match.group(2))
        if _ASKED_WHAT & set(before[-3:]):
            continue  # "te cuento qué clavas tenemos", "whether we have it": a question
        if before[-1:] in (["que"], ["that"], ["which"]) and not _emphatic(before):
            # "en las bicis que vendemos las cubiertas cuentan…": a relative clause, unless
            # a copula names what it is ("los que sí tenemos son los Garrett AT Gold")
            if phrase[:1] not in (["son"], ["es"], ["are"], ["is"]):
                continue
            phrase = phrase[1:]
        content = [w for w in phrase if w not in _IGNORED and w not in _PRONOUNS and len(w) >= 3]
        if content:
            return " ".join(phrase)
    return None


# A thing said to be on offer as the subject of "available" / "in stock": "Makita
# drills are available in-store", "Las bordeadoras Gamma están disponibles".
_AVAILABLE_SUBJECT = {
    "es": scan.compile(
        r"(?i)([^.;:!?()\[\],]+?)\s+(?:está|están|esta|estan)\s+(?:disponibles?|en\s+stock)"
        r"(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)([^.;:!?()\[\],]+?)\s+(?:is|are)\s+(?:available|in\s+stock)(?:$|[^\pL])"
    ),
}
_NEGATORS = frozenset("no not nunca never ya".split())


def available_after_empty_search(clause: str, language: str) -> str | None:
    """After a search that returned nothing, a thing said to be available or in stock
    as the subject of the clause (not a pronoun, not only generic words, not negated)."""
    lang = "en" if language == "en" else "es"
    for match in _AVAILABLE_SUBJECT[lang].finditer(clause):
        before = words(match.group(1))
        start = max((i + 1 for i, w in enumerate(before) if w in _OPENERS), default=0)
        phrase = [w for w in before[start:][-6:] if w not in _ARTICLES]
        if not phrase or phrase[-1] in _NEGATORS or _NEGATORS & set(phrase):
            continue
        content = [w for w in phrase if w not in _IGNORED and w not in _PRONOUNS and len(w) >= 3]
        if content:
            return " ".join(phrase)
    return None
