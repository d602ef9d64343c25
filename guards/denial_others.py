"""Denials about another thing than a returned product: a missing thing with a name of
its own ("El Double Black no lo encontré" when the Black Label came back), or "no hay"
said of a noun no returned name has ("no hay ninguna promoción para el Papel X")."""

from __future__ import annotations

from guards import scan
from guards.product_denials import (
    _AND,
    _CLASSIFIER,
    _DEMONSTRATIVE,
    _FUNCTION,
    _NAMING,
    _STOP,
)
from guards.product_refs import stem
from guards.products import Product, name_stems
from guards.text import words


def names_another(clause: str, start: int, end: int, product: Product) -> bool:
    """The thing said to be missing, right before or after the phrase that says so
    ("El Double Black no lo encontré", "No me aparece el Edge 50", "I couldn't find
    the 1460 in UK 10"), has a name of its own — a capitalised word or a figure that
    the returned product's name lacks — so it is another product, not this one."""
    name = product.stems
    before = _AND.split(_STOP.split(clause[:start])[-1])[-1]
    after = _STOP.split(clause[end:])[0]
    beside = set(words(f"{before} {after}"))
    if any(any(c.isdigit() for c in w) and stem(w) not in name for w in beside):
        return True  # "the 1460 in UK 10" when the UK 9 came back: a figure it lacks
    if len(product.model_words & beside) >= 2:
        return False  # "y el taladro Bosch GSB 13 RE tampoco lo tenemos": this one
    for stretch in (before, after):
        for token in _NAMING.findall(stretch):
            lower = token.lower().strip(".'")
            if lower in _FUNCTION or lower in _DEMONSTRATIVE or lower in _CLASSIFIER:
                continue
            proper = token[0].isupper() or any(c.isdigit() for c in token)
            if proper and stem(lower) not in name and lower not in name:
                return True
    return False


# What "no hay" / "there is no" may deny of a product: its stock, units, the product.
_STOCK_NOUNS = frozenset(
    "stock existencias unidades unidad disponibilidad inventario units unit availability "
    "inventory more más".split()
)
_QUANTIFIERS = frozenset(
    "ningún ningun ninguna ninguno any no el la los las un una the a an".split()
)
_THERE_IS_NO = scan.compile(r"(?i)(?:^|[^\pL])(?:no\s+hay|there\s+(?:is|are)\s+no)\s+(\pL[^,;:.]*)")


def denies_another_thing(clause: str, products: tuple[Product, ...]) -> bool:
    """ "No hay ninguna promoción publicada para el Papel Navigator": what the clause
    says there is none of is a noun no returned product's name has (a promotion, a
    discount, news), said of the product, not the product itself."""
    match = _THERE_IS_NO.search(clause)
    if match is None:
        return False
    rest = [w for w in words(match.group(1))][:4]
    while rest and rest[0] in _QUANTIFIERS:
        rest = rest[1:]
    if not rest or rest[0] in _STOCK_NOUNS or not rest[0].isalpha():
        return False
    named = name_stems(products)
    return stem(rest[0]) not in named
