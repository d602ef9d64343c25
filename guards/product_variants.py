"""A variant claimed "also" in stock that no returned product is.

"Las tenemos también en la 40", "también lo tenemos en terciopelo verde", "we also have
it in black": an additive focus word and a stock verb in one clause carry the returned
product to another size, colour or material. The dimensions a variant differs by are
closed classes (a size number after its word, colours, common materials), so the check
reads them only, and passes when some returned product's name or SKU has the word.
"""

from __future__ import annotations

import re

from guards.products import Product
from guards.text import negated_clause, words

_ALSO = {
    "es": frozenset(("también", "tambien", "además", "ademas")),
    "en": frozenset(("also", "too")),
}
_STOCK = {
    "es": frozenset(
        "tenemos tengo manejamos trabajamos vendemos hay disponible disponibles".split()
    ),
    "en": frozenset("have carry stock sell available".split()),
}
COLOURS = frozenset(
    """negro negra negros negras blanco blanca blancos blancas rojo roja azul azules verde
    verdes gris grises amarillo amarilla rosa rosado marrón marron beige naranja violeta
    lila celeste dorado dorada plateado plateada bordó bordo turquesa crema
    black white red blue green grey gray yellow pink brown orange purple violet silver
    gold navy cream""".split()
)
MATERIALS = frozenset(
    """cuero piel ante gamuza terciopelo lino algodón algodon lana seda madera roble nogal
    pino metal aluminio acero vidrio mimbre
    leather suede velvet linen cotton wool silk wood oak walnut pine metal aluminium
    aluminum steel glass wicker""".split()
)
# A size: the number after its word ("talle 40", "size 9"), or "en la 40".
_SIZE = re.compile(r"(?i)(?:talles?|tallas?|size|n[úu]mero|en\s+(?:la|el))\s+(\d{1,3})(?![\d.,%])")


def unreturned_variant(clause: str, language: str, products: tuple[Product, ...]) -> str | None:
    """The size, colour or material a clause says the shop "also" has, when no returned
    product has it; None otherwise."""
    lang = "en" if language == "en" else "es"
    tokens = words(clause)
    if not products or not _ALSO[lang] & set(tokens) or not _STOCK[lang] & set(tokens):
        return None
    if negated_clause(clause, language):
        return None
    names = {w for p in products for w in words(f"{p.name} {p.sku}")}
    wanted = [m.group(1) for m in _SIZE.finditer(clause)]
    wanted += [t for t in tokens if t in COLOURS or t in MATERIALS]
    for word in wanted:
        if word not in names:
            return word
    return None
