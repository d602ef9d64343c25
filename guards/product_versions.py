"""Another version of a returned product, said carried though the search did not return it.

"Además del Látex Exterior 20 L, está la versión de 10 litros", "también tenemos la
versión con los números en inglés", "la edición en tapa dura sí la tenemos", "we also
stock the cordless version": the noun "version" / "edition" names a sibling of a product
by what sets it apart, and that difference is the claim. When a word of it (or a
figure) is on no returned product's name, SKU or page, and every returned product is
named elsewhere in the draft (so none is left for the version to be), the shop says it
has a product the search did not return. A version that a returned name describes (a
bracketed name after it, a word inside a name's word), or whose price or sold-out state
the draft gives, is that returned product. The noun is a closed class; the difference
is read from the turn itself, against the names the search gave, so no list of sizes
or features is needed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from guards import scan
from guards.conjugation import fold, genderless
from guards.phrasebook import PHRASEBOOKS
from guards.product_asked import first_stretch, stock_clauses
from guards.product_claims import SHOP_HAS_EN, SHOP_HAS_ES, SHOP_HOLDS_ES
from guards.products import Product, stem
from guards.text import negated_clause, words

# The nouns that name a sibling by its difference: closed class.
_VERSION = {
    "es": scan.compile(r"(?i)(?:^|[^\pL])(?:versi[oó]n|edici[oó]n|variante)(?:$|[^\pL])"),
    "en": scan.compile(r"(?i)(?:^|[^\pL])(?:version|edition|variant)(?:$|[^\pL])"),
}
# The shop saying it has it: its own stock verbs, or "está / hay" the version, or "there
# is" one. A question to the customer or an offer to look is no such claim.
_HAS = {
    "es": scan.compile(
        rf"(?i)(?:^|[^\pL])(?:{SHOP_HAS_ES}|{SHOP_HOLDS_ES}|hay|está|están|esta|"
        r"disponible|disponibles)(?:$|[^\pL])"
    ),
    "en": scan.compile(
        rf"(?i)(?:^|[^\pL])(?:we(?:'ve|\s+have)?\s+(?:also\s+|do\s+)?(?:{SHOP_HAS_EN}|got)|"
        r"there(?:'s|\s+is)|(?:is|are)\s+(?:also\s+)?available)(?:$|[^\pL])"
    ),
}
# English puts the difference before the noun: back to the article that opens the phrase.
_EN_OPENERS = frozenset("the a an our its their this that".split())
_QUESTION = scan.compile(r"\?\s*$")
# Where the difference ends: the verb or adverb of the clause that says something of the
# version ("la versión de 8 kg está agotada", "la edición de Anagrama cuesta…"), a
# relative, a link to the next thing. Closed class.
_ENDS = frozenset(
    "está están esta es son era cuesta cuestan sale salen vale valen viene vienen queda "
    "quedan tiene tienen también tambien sí si ya ahora que y o pero por a al tenemos "
    "trabajamos vendemos manejamos hay is are was costs cost comes come sells goes also "
    "too now and or but at for which that who we it have carry stock sell got".split()
)
# The dimension's own name, or a word that ranks a version without saying how it differs
# ("la versión en color salvia", "la versión estándar"): they set nothing apart that a
# name could show. Closed class.
_DIMENSIONS = frozenset(
    "color colour colores colours talla tallas size sizes tamaño tamaños modelo modelos "
    "model models formato formatos format formats acabado acabados finish finishes "
    "estándar estandar standard básica básico basic normal clásica clásico classic "
    "original regular nueva nuevo new anterior previous última último latest actual "
    "current misma mismo same range line gama línea linea colección collection".split()
)


@cache
def _stop_stems(lang: str) -> frozenset[str]:
    return frozenset(stem(fold(w)) for w in PHRASEBOOKS[lang].stopwords)


_DIGITS = scan.compile(r"\d+(?:[.,]\d+)?")


def _mark(word: str) -> str:
    """A figure by its digits ("2TB" is the "2" of "2 TB"); a word by its stem without a
    Spanish gender ending."""
    if (figure := _DIGITS.search(word)) is not None:
        return figure.group()
    return genderless(stem(fold(word.lower())))


def _marks(text: str, lang: str) -> set[str]:
    """The text's words of four letters or more and its figures, as ``_mark`` keeps them."""
    out = {_mark(w) for w in words(text) if len(w) >= 4 or any(ch.isdigit() for ch in w)}
    return out - _stop_stems(lang)


def _until_end(text: str) -> list[str]:
    kept = []
    for w in words(first_stretch(text)):
        if w.lower() in _ENDS:
            break
        kept.append(w)
    return kept


def _difference(clause: str, at: int, end: int, lang: str) -> list[str]:
    """The words that set the version apart: after the noun in Spanish ("versión de 10
    litros", "edición en tapa dura"), before it in English ("the cordless version"),
    not after ("a white version in the range")."""
    after = [w for w in _until_end(clause[end:]) if w.lower() not in _DIMENSIONS]
    if lang == "es":
        return after
    before = []
    for w in reversed(clause[:at].split()):
        if w.lower().strip("*_") in _EN_OPENERS:
            break
        before.append(w)
    return list(reversed(before[:3]))


_BRACKETED = scan.compile(r"\(([^()]*)\)")


def _named_after(rest: str, names: list[str]) -> bool:
    """The version is named in brackets right after it ("la versión baja (Moab 3 GTX)"):
    every word in them is in one returned name."""
    found = _BRACKETED.search(rest)
    if found is None or any(mark in rest[: found.start()] for mark in ".;:!?,"):
        return False
    said = [fold(w.lower()) for w in words(found.group(1))]
    return bool(said) and any(all(w in words(name) for w in said) for name in names)


_FIGURE = scan.compile(r"\d[\d.,]*")
_SOLD_OUT = {
    "es": scan.compile(r"(?i)agotad|sin\s+stock|sin\s+existencias"),
    "en": scan.compile(r"(?i)out\s+of\s+stock|sold\s+out"),
}


def _digits(value: object) -> str:
    text = str(value)
    whole = text.split(".")[0] if text.count(".") == 1 and len(text.split(".")[1]) == 2 else text
    return "".join(ch for ch in whole if ch.isdigit())


def _described(rest: str, prices: set[str]) -> bool:
    """What the clause says of the version after naming it is a returned product's data:
    its price ("la versión negra sí está disponible a $389.999") or its being sold out
    ("la versión de 4,7 L está agotada"). The draft then describes a product the search
    returned, whatever words it calls it by."""
    if any(_SOLD_OUT[lang].search(rest) for lang in ("es", "en")):
        return True
    for figure in _FIGURE.findall(rest):
        whole = scan.compile(r"[.,]\d{2}$").sub("", figure)
        if "".join(ch for ch in whole if ch.isdigit()) in prices:
            return True
    return False


def _all_named_elsewhere(text: str, products: tuple[Product, ...]) -> bool:
    """Every returned product is named outside the version's own words, so the version
    is none of them: by its model words, or by the words of its name that set it apart
    from the other returned names (any two of its words when it has no such word)."""
    said = {fold(w.lower()) for w in words(text)}
    own = [{fold(w.lower()) for w in words(p.name) if len(w) >= 4} for p in products]
    shared = set.intersection(*own) if len(own) > 1 else set()
    for p, mine in zip(products, own, strict=True):
        if p.model_words and p.model_words <= set(words(text)):
            continue
        apart = mine - shared
        if apart:
            if not apart <= said:
                return False
        elif not mine or len(mine & said) < min(2, len(mine)):
            return False
    return True


def affirms_unreturned_version(
    draft: str, *, language: str, products: tuple[Product, ...], pages: Iterable[str] = ()
) -> str | None:
    """The version the draft says the shop has when a word or figure that sets it apart
    is on no returned product and no page of the shop's; None otherwise."""
    if not products:
        return None  # an empty search is read by the claims after it
    lang = "en" if language == "en" else "es"
    if _VERSION[lang].search(draft) is None:
        return None
    returned = set()
    for text in (*(f"{p.name} {p.sku}" for p in products), *pages):
        returned |= _marks(text, lang)
    names = [fold(p.name.lower()) for p in products]
    prices = {_digits(p.price) for p in products if p.price is not None}
    for clause in stock_clauses(draft, lang):
        if _QUESTION.search(clause) or negated_clause(clause, lang):
            continue
        if _HAS[lang].search(clause) is None:
            continue
        for found in _VERSION[lang].finditer(clause):
            difference = " ".join(_difference(clause, found.start(), found.end(), lang))
            unreturned = _marks(difference, lang) - _DIMENSIONS - returned
            # part of a returned name's word: "de bolsillo" in "(Debolsillo)"
            unreturned = {w for w in unreturned if not any(w in name for name in names)}
            rest = clause[found.end() :]
            if (
                unreturned
                and not _named_after(rest, names)
                and not _described(rest, prices)
                and _all_named_elsewhere(draft.replace(clause[found.start() :], " "), products)
            ):
                return f"{found.group().strip()} {difference}"
    return None
