"""Which returned products a sentence says the shop does not carry.

Read by the sentence's structure, not by whole phrases: a negated first-person verb of
carrying ("no lo vendemos", "ya no trabajamos", "we don't stock", "lo discontinuamos")
and its object — the words before it ("Relojes no tenemos", "De Topper no tenemos
nada") or after it ("no trabajamos Asics", "we don't carry JBL"). The object denies a
returned product when every content word it has (singular or plural) is one of that
product's words and no number in it is foreign to the product ("el iPhone 16 no lo
tenemos" does not deny the returned iPhone 13). A pointing object ("ese", "esa marca",
"that one", "ese modelo") denies what the customer asked about: a returned product the
question names. An attribute ("ese color", "en la 40", "in blue") is never a denial of
the product itself.
"""

from __future__ import annotations

from functools import lru_cache

import re2

from guards.products import Product
from guards.text import words

_CARRY_ES = (
    r"tenemos|tenemos\s+m[aá]s|vendemos|trabajamos|manejamos|llevamos|comercializamos|"
    r"ofrecemos|traemos|disponemos\s+de|contamos\s+con|hacemos"
)
_DENIAL = {
    "es": (
        r"(?i)(?:^|[^\pL])((?:ya\s+)?(?:no|nunca)\s+(?:(?:lo|la|los|las|le|les)\s+)?"
        rf"(?:{_CARRY_ES})|(?:(?:lo|la|los|las)\s+)?discontinuamos|descatalogad[oa]s?|"
        r"dejamos\s+de\s+(?:vender|trabajar|traer|tener)(?:l[oa]s?)?)(?:$|[^\pL])"
    ),
    "en": (
        r"(?i)(?:^|[^\pL])((?:we|i)\s+(?:do\s+not|don't|no\s+longer|never|doesn't|dont)\s+"
        r"(?:have|carry|stock|sell|offer|do|work\s+with)|(?:we\s+)?(?:have\s+|'ve\s+)?"
        r"discontinued|(?:we've|we\s+have)\s+stopped\s+(?:selling|carrying|stocking))"
        r"(?:$|[^\pL])"
    ),
}
# Words of the object that say nothing about which product.
_FILLER = frozenset(
    "el la los las lo un una unos unas de del al ese esa eso esos esas este esta esto "
    "estos estas aquel aquella nada ningún ninguna ninguno ya sí si lo siento perdón "
    "concreto concreta exacto exacta mismo misma por ahora momento en este tampoco "
    "the a an that this those these one ones it them any anything right now at moment "
    "sorry unfortunately also either we i no yes currently anymore".split()
)
# Object words that point at the thing asked about without naming it.
_POINTING = frozenset(
    "modelo modelos producto productos artículo artículos articulo marca marcas gama "
    "línea linea item items model models product products brand brands range line".split()
)
# Object words about a variant, not the product: a denial of those is about the variant.
_ATTRIBUTE = frozenset(
    "color colores colour colours talla tallas talle talles tamaño tamaños medida medidas "
    "versión version versiones size sizes capacidad capacity edición edition".split()
)
_OBJECT_STOP = frozenset(
    "a en por con que desde para hasta y o pero porque como ni at in for with which that "
    "from and or but because like nor to sino solo only just".split()
)
_MAX_OBJECT = 5


@lru_cache(maxsize=512)
def denied_objects(clause: str, language: str) -> tuple[tuple[str, ...], ...]:
    """The object of each negated carrying verb in the clause, as lower-case words."""
    out = []
    for match in re2.finditer(_DENIAL[language], clause):
        before = words(clause[: match.start(1)])
        after = words(clause[match.end(1) :])
        obj = _object(list(reversed(before)))[::-1] if before else []
        if not _content(obj):
            obj = _object(after)
        out.append(tuple(obj))
    return tuple(out)


def _object(tokens: list[str]) -> list[str]:
    out: list[str] = []
    for token in tokens:
        if token in _OBJECT_STOP or len(out) >= _MAX_OBJECT:
            break
        out.append(token)
    return out


def _content(obj: list[str] | tuple[str, ...]) -> list[str]:
    return [w for w in obj if w not in _FILLER]


def denied_products(
    clause: str, language: str, products: tuple[Product, ...], question: str
) -> list[Product]:
    """Returned products the clause says the shop does not carry."""
    out: list[Product] = []
    for obj in denied_objects(clause, language):
        content = _content(obj)
        if any(w in _ATTRIBUTE for w in content):
            continue
        naming = [w for w in content if w not in _POINTING]
        if not naming:
            asked = set(words(question))
            out.extend(p for p in products if _names(p, [w for w in asked if len(w) >= 4]))
            continue
        out.extend(p for p in products if _denies(naming, p))
    return out


def _denies(naming: list[str], product: Product) -> bool:
    own = product.words
    return all(_in(w, own) for w in naming)


def _names(product: Product, asked: list[str]) -> bool:
    own = {w for w in product.words if len(w) >= 4 and not w.isdigit()}
    return any(_in(w, own) for w in asked)


def _in(word: str, own: frozenset[str] | set[str]) -> bool:
    """The word, or its singular ("relojes" → "reloj", "pipetas" → "pipeta")."""
    if word in own:
        return True
    for cut in ("es", "s"):
        if word.endswith(cut) and len(word) > len(cut) + 2 and word[: -len(cut)] in own:
            return True
    return any(w.endswith("s") and w[:-1] == word for w in own)
