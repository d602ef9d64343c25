"""Which of the products a clause names its "out of stock" is said of.

A clause may name several products and deny the stock of one: the one named last
before the denial, unless another product's model code stands between them, or the
product comes only after a consequence ("…, but it's out of stock, so the 800 is the
one I can offer") and the draft named another before.
"""

from __future__ import annotations

from guards import scan
from guards.moods import REASONS, subordinator_pattern
from guards.phrasebook import Phrasebook
from guards.products import Product, is_model_code
from guards.text import find_phrase, phrase_regex, words


def denied_subject(clause: str, book: Phrasebook, named: list[Product]) -> list[Product]:
    """Of the products a clause names, the one its "out of stock" is said of: the one
    named last before it ("el G54 con stock, y el G84, que está sin stock"), or with
    none before it, every one ("sin stock: el G54 y el G84")."""
    match = phrase_regex(book.unavailable).search(clause)
    if match is None or len(named) < 2:
        return named
    return named_last_before(clause, named, match.start(1))


def said_of_another(
    clause: str, product: Product, products: tuple[Product, ...], position: int
) -> bool:
    """After the product's own words and before the "out of stock", a model code of
    another returned product that is out of stock: the denial is said of that one
    ("the Bambu Lab A1 mini is in stock, while the full-size A1 is out of stock")."""
    tokens = words(clause[:position].lower())
    for other in products:
        if other.in_stock or other is product:
            continue
        # the words that tell the product from this other one ("mini", "180")
        own = [i for i, t in enumerate(tokens) if t in product.model_words - other.model_words]
        codes = {w for w in other.model_words if is_model_code(w)}
        if own and set(tokens[max(own) + 1 :]) & codes:
            return True
    return False


# A connective that opens a consequence or a contrast: what follows it is another
# statement, not the subject of the "out of stock" before it.
_CONSEQUENCE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:so|but|while|whereas|instead|therefore|así\s+que|asi\s+que|"
    r"por\s+eso|por\s+lo\s+que|entonces|pero|mientras|en\s+cambio)(?:$|[^\pL])"
)


def named_after_consequence(clause: str, product: Product, end: int) -> bool:
    """The product is named only after the "out of stock", past a consequence or a
    contrast ("…, but it's out of stock, so the 800 is the one I can offer")."""
    at = _first_at(clause.lower(), product, [])
    return at >= end and _CONSEQUENCE.search(clause[end:at]) is not None


# A fronted clause of reason or time that holds the denial: "since it's unavailable
# right now, the wall mailbox is the one you can get" (closed class of subordinators).
_REASON = scan.compile(r"(?i)(?:^|[^\pL])(?:" + subordinator_pattern(REASONS) + r")\s+[^,;]*$")


def named_after_reason(clause: str, product: Product, start: int, end: int) -> bool:
    """The "out of stock" is said in a fronted clause of reason whose comma closes it
    before the product is named: its subject is a thing named before the clause."""
    at = _first_at(clause.lower(), product, [])
    if at < end or "," not in clause[end:at]:
        return False
    return _REASON.search(clause[:start]) is not None


def named_last_before(clause: str, named: list[Product], position: int) -> list[Product]:
    """The product named last before ``position``; with none before it, every one."""
    lower = clause.lower()
    at = {p: _first_at(lower, p, [q for q in named if q != p]) for p in named}
    before = [p for p in named if 0 <= at[p] < position]
    return [max(before, key=lambda p: at[p])] if before else named


def _first_at(lower: str, product: Product, others: list[Product]) -> int:
    """Where the clause first names the product, by the words of its model that the
    other named products lack ("G84", not the "Moto" both share)."""
    shared = {w for other in others for w in other.model_words}
    own = [w for w in product.model_words if w and w not in shared] or product.model_words
    places = [lower.find(w) for w in own if w and lower.find(w) >= 0]
    return min(places) if places else -1


# Every product a stretch names, denied at once: "neither length is in stock", "none of
# them is available", "both are out of stock", "ninguna de las dos está disponible",
# "no tenemos ninguna cocotte Le Creuset disponible". A closed class of negative and
# universal quantifiers; in Spanish "ningún / ninguna" + the kind, which is returned.
_EVERY_DENIED = {
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:(?:neither|none)(?:\s+of\s+(?:them|these|those|the\s+\pL+))?"
        r"(?:\s+\pL+)?\s+(?:is|are)\s+(?:currently\s+|now\s+)?(?:in\s+stock|available)|"
        r"(?:both|all)(?:\s+of\s+them)?\s+(?:are|were)\s+(?:currently\s+|now\s+)?"
        r"(?:out\s+of\s+stock|sold\s+out|unavailable))(?:$|[^\pL])"
    ),
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:ningun[oa]\s+de\s+(?:las|los)\s+(?:dos|tres)\s+(?:está|esta|queda)\s+"
        r"(?:en\s+stock|disponible)|(?:(?:las|los)\s+(?:dos|tres)|ambas|ambos|todas|todos)\s+"
        r"(?:están|estan)\s+(?:agotad[oa]s|sin\s+stock)|no\s+(?:tenemos|hay|queda)\s+"
        r"(?:ningún|ningun|ninguna|ninguno)\s+([^.;:,!?]+?)\s+(?:disponibles?|en\s+stock))"
        r"(?:$|[^\pL])"
    ),
}
_NOT_KIND = frozenset("de del la el los las para con en y".split())


def every_one_denied(stretch: str, language: str) -> list[str] | None:
    """The words of the kind the stretch denies every product of, by a quantifier ([]
    when it names none: "neither length"), or None."""
    match = _EVERY_DENIED["en" if language == "en" else "es"].search(stretch)
    if match is None:
        return None
    kind = match.group(1) if language != "en" else None
    return [w for w in words(kind or "") if w not in _NOT_KIND]


# Words that make "I don't have …" about information, not about the product.
_INFO = (
    r"informaci[oó]n",
    r"datos",
    r"detalles",
    r"information",
    r"info",
    r"details",
    r"data",
)
# A promotion denied, not the stock: "no hay ningún descuento del 50 % para ese kendama".
_PROMO_DENIED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:no\s+(?:hay|tenemos|tengo|existe)|there(?:'s|\s+is)\s+no|we\s+have\s+no)"
    r"\s+(?:ning[uú]n\w*\s+|any\s+)?(?:descuentos?|promo\w*|ofertas?|cup[oó]n\w*|discounts?|"
    r"coupons?|deals?|offers?)(?:$|[^\pL])"
)


def about_info_or_promotion(text: str) -> bool:
    """What "no tengo / no hay" denies is information or a promotion, not the product."""
    return find_phrase(_INFO, text) is not None or _PROMO_DENIED.search(text) is not None
