"""What tells a returned product apart by its name: the words the other returned
products do not all share, its model numbers, and the sentences that refer to it by
them. Split from ``guards.product_claims``, whose readers of "we have …" use them."""

from __future__ import annotations

from guards.product_variants import COLOURS, agreed
from guards.products import Product, kind_words
from guards.text import words

GENERIC = frozenset(
    "modelo modelos model models producto productos product products unidad unidades "
    "units unit opciones options varias several otro otra other color colores "
    "edición edicion edition versión version cosas things artículos articulos items "
    # a range names its products, not one of its own: "la línea Katana la trabajamos"
    "línea linea líneas lineas gama gamas serie series range ranges line lines".split()
)


def distinctive_words(product: Product, others: tuple[Product, ...]) -> frozenset[str]:
    """The product's name words that the other returned products do not all share."""
    mine = {
        w
        for w in words(product.name)
        if (len(w) >= 3 or any(c.isdigit() for c in w)) and w not in FUNCTION_WORDS
    }
    if len(others) > 1:
        common = set.intersection(*(set(words(p.name)) for p in others))
        mine -= common
    return frozenset(mine - GENERIC)


# Closed class: function words inside a name ("Rascador para gatos") tell nothing apart.
FUNCTION_WORDS = frozenset(
    "para con sin por del las los una unos unas que the and for with from without".split()
)
# "(2-pack)" counts the units in the box: no model number either.
_UNITS = frozenset("gb tb kg g cm mm m ml l lt w mah pulgadas inch in pack pk".split())


def model_numbers(product: Product) -> frozenset[str]:
    """Numbers in the name that name the model ("iPhone 13", "G54"), not a size."""
    tokens = words(product.name)
    return frozenset(
        t
        for i, t in enumerate(tokens)
        if any(c.isdigit() for c in t) and not (i + 1 < len(tokens) and tokens[i + 1] in _UNITS)
    )


def referred(sentence: str, products: tuple[Product, ...]) -> list[Product]:
    """Returned products the sentence refers to: one of the words that tell it apart,
    and every model number it has ("el iPhone 16" is not the returned iPhone 13)."""
    present = set(words(sentence)) - kind_words(sentence)  # "an off-road unicycle": a kind
    present |= {agreed(w) for w in present if w in COLOURS}  # "negras" for "Negro"
    return [
        p
        for p in products
        if model_numbers(p) <= present
        and any(
            (w in present or agreed(w) in present) and (len(w) >= 4 or any(c.isdigit() for c in w))
            for w in distinctive_words(p, products)
        )
    ]
