"""The product the customer asked for, said carried when the search did not return it.

"¿Tienen el Pioneer MVH-S325BT?" answered "Sí, el Pioneer MVH-S325BT nos entró la
semana pasada" after a search that returned only the MVH-S215BT: the question names
the thing, the answer says yes, and no returned product carries the names that tell
it apart (a capitalised word that does not open the question, a word with a digit).
The names are read from the customer's own words, so no list of brands is needed;
the draft must repeat one of them in a clause that says the shop has it (or open with
a bare "yes" to the question) and no clause of its may deny it.
"""

from __future__ import annotations

from itertools import pairwise

from guards import scan
from guards.conjugation import fold
from guards.phrasebook import PHRASEBOOKS
from guards.product_claims import SHOP_HAS_EN, SHOP_HAS_ES, SHOP_HOLDS_ES
from guards.products import Product, stem
from guards.text import clauses, negated_clause, words

# "¿Tienen …?", "do you have / carry / sell / stock …?": the question asks what the shop
# carries; the object runs to the question mark.
_ASKS = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:tienen|ten[eé]s|ten[eé]is|tiene|venden|vend[eé]s|vend[eé]is|"
        r"trabajan|manejan|traen|"
        r"(?:segu[ií]s|sigues|sigue|siguen)\s+(?:teniendo|vendiendo|trabajando))\s+([^?.!]+)"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:do\s+you\s+(?:have|carry|sell|stock)|have\s+you\s+got|got\s+any)"
        r"\s+([^?.!]+)"
    ),
}
# The shop says it has it: the claims reader's verbs, or the thing "came in".
_HAS = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:" + SHOP_HAS_ES + r"|" + SHOP_HOLDS_ES + r"|"
        r"(?:nos|ya)\s+(?:entr[oó]|entraron|lleg[oó]|llegaron)|en\s+stock|disponibles?)"
        r"(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:we\s+" + SHOP_HAS_EN + r"|we've\s+got|in\s+stock|"
        r"available|just\s+came\s+in|came\s+back\s+in|in\s+our\s+(?:range|catalogue|catalog))"
        r"(?:$|[^\pL])"
    ),
}
# A bare "yes" that opens the reply: "¡Sí!", "Sí, …", "Yes!", "We do!".
_YES = {
    "es": scan.compile(r"(?i)^\W*(?:s[ií]|claro)\s*(?:[!,.—–]|$)"),
    "en": scan.compile(r"(?i)^\W*(?:yes|yep|we\s+(?:sure\s+)?do)\s*(?:[!,.—–]|$)"),
}
# What follows "for my / para mi" is the customer's own thing, not the one asked for.
_OWN = scan.compile(r"(?i)(?:^|[^\pL])(?:for|with|para|con)\s+(?:my|mi|mis)(?:$|[^\pL])")
# What follows "for the / para el" is what the asked thing goes with.
_FOR_THE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:for|para)\s+(?:the|your|el|la|los|las|tu|tus|su|sus)(?:$|[^\pL])"
)
_FOR = scan.compile(r"(?i)(?:^|[^\pL])(?:for|para)(?:$|[^\pL])")


def _goes_with(question: str, language: str) -> tuple[str, ...]:
    """The asked names that come after "for the / para el" in the question."""
    match = _ASKS[language].search(question)
    cut = _FOR_THE.search(match.group(1)) if match is not None else None
    if match is None or cut is None:
        return ()
    before = set(asked_names(question[: match.start(1) + cut.start()], language))
    return tuple(n for n in asked_names(question, language) if n not in before)


# A consequence opens a clause of its own for what the shop has: "…no nos queda stock,
# así que hoy la opción sería el PO0649" says nothing of the PO0649's stock.
CONSEQUENCE = {"es": (r"as[ií]\s+que",), "en": ()}


def stock_clauses(text: str, language: str) -> tuple[str, ...]:
    """The text cut where the stock guards read one claim: at the phrasebook's contrast
    links, at a consequence, and at a dash that opens a clause of the shop's own ("We
    don't carry Paslode — we stock Milwaukee", "— tenemos la Bosch")."""
    lang = "en" if language == "en" else "es"
    out: list[str] = []
    for clause in clauses(text, PHRASEBOOKS[lang].clause_breaks + CONSEQUENCE[lang]):
        cuts = [found.start(1) for found in _DASH_SUBJECT[lang].finditer(clause)]
        out.extend(
            piece.strip()
            for piece in (clause[a:b] for a, b in pairwise([0, *cuts, len(clause)]))
            if piece.strip()
        )
    return tuple(out)


# A dash, then the shop speaking: "we", "I", or a verb of "nosotros" ("vendemos").
_DASH_SUBJECT = {
    "en": scan.compile(r"(?i)\s[—–]\s+((?:we|i)(?:'\pL+)?(?:$|[^\pL']))"),
    "es": scan.compile(r"(?i)\s[—–]\s+((?:nosotros|\pL+(?:amos|emos|imos))(?:$|[^\pL]))"),
}


_WORD = scan.compile(r"[\pL\pN][\pL\pN-]*")


def asked_names(question: str, language: str) -> tuple[str, ...]:
    """The names that tell the asked thing apart, lower case and folded, in the
    question's order: codes with a digit, capitalised names."""
    match = _ASKS[language].search(question)
    if match is None:
        return ()
    asked = _OWN.split(match.group(1), 1)[0]
    written = _WORD.findall(asked)
    found = [fold(part) for w in written for part in words(w) if _naming(part, w)]
    # a number right after a name is the model's ("Palladio 4"), not a size or a price
    found += [w for before, w in pairwise(written) if w.isdigit() and _naming(before, before)]
    return tuple(dict.fromkeys(found))


def _naming(part: str, written: str) -> bool:
    """A code of letters and digits ("s325bt", "air60", the letters of "MBK-85"), or a
    capitalised name that is not an acronym ("Laser", not "HDMI"); a bare number is a
    size, a price, an age."""
    if any(c.isdigit() for c in part):
        return any(c.isalpha() for c in part)
    if "-" in written and any(c.isdigit() for c in written):
        if written[:1].isdigit() and part in written and len(part) >= 3:
            return False  # "12-year-old", "3-pack": a count before a lower-case word
        return len(part) >= 2  # "MBK-85": the letters of a hyphenated code name it
    return written[:1].isupper() and not written.isupper() and len(part) >= 3


def affirms_unreturned_ask(
    draft: str, question: str, language: str, products: tuple[Product, ...]
) -> str | None:
    """The asked name the draft says the shop has, when no returned product has every
    asked name (or the search returned nothing); None otherwise."""
    lang = "en" if language == "en" else "es"
    names = asked_names(question, lang)
    if not names:
        return None
    for product in products:
        have = {stem(fold(w)) for w in words(f"{product.name} {product.sku}")}
        if all(stem(n) in have for n in names):
            return None  # the search returned the asked thing
    returned = {stem(fold(w)) for p in products for w in words(f"{p.name} {p.sku}")}
    missing = [n for n in names if stem(n) not in returned]
    if not missing:
        return None  # each name is some product's: a mix the words cannot settle
    # an emoji between ("¡Sí, la tenemos! 🙌 La FLIR One Edge Pro es…") is no clause
    parts = [c for c in stock_clauses(draft, lang) if words(c)]
    # a name the question gives after "for the" ("a solar panel for the Argus") is what
    # the thing goes with: said carried only in a clause that says what it is for
    goes_with = set(_goes_with(question, lang))
    said = [
        c
        for c in parts
        if set(missing) & {fold(w) for w in words(c)}
        and (_FOR.search(c) or not goes_with >= set(missing) & {fold(w) for w in words(c)})
    ]
    if not said or any(negated_clause(c, lang) for c in said):
        return None
    # a bare "yes" answers for the thing named right with it or in the next clause
    opens_yes = bool(parts) and _YES[lang].search(parts[0]) is not None
    for clause in said:
        if (opens_yes and clause in parts[:2]) or _HAS[lang].search(clause):
            return " ".join(missing)
    return None
