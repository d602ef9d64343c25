"""A promotion limited to a size granted to a product of another size.

"20% off Jo Malone London colognes in the 100ml size" and a draft that grants it to "the
30ml": the source names the sizes it gives the promotion for (or the smallest one, "de
50 ml o más"), the returned product's name gives its own, and the two decide. Sizes are
read as a number and a unit of volume or weight (ml, cl, l, g, kg, oz), each compared
only with sizes of the same unit.
"""

from __future__ import annotations

import re
from decimal import Decimal

from guards.context import GuardContext
from guards.product_refs import loosely_referred
from guards.product_variants import IN_BASE
from guards.products import returned_products

# A size: the standard library's pattern (bounded, nothing backtracks).
_SIZE = re.compile(
    r"(?i)(?<![\w.,])(\d{1,4}(?:[.,]\d{1,2})?)\s?(ml|cl|l|g|kg|oz|litros?|liters?|litres?|"
    r"mililitros|millilit(?:er|re)s|gramos|grams|kilos|kilogramos)(?![\w])"
    r"(\s+(?:o\s+m[aá]s|or\s+more|or\s+larger|y\s+m[aá]s|and\s+up|en\s+adelante))?"
)


def size_outside_source(
    ctx: GuardContext, sentence: str, promotions: list[str], *, answers_yes: bool
) -> str | None:
    """A note when the product the sentence grants the promotion to has a size the
    promotion's source leaves out."""
    said = f"{sentence} {ctx.question}" if answers_yes else sentence
    products = loosely_referred(said, returned_products(ctx))
    if len(products) != 1:
        return None  # several products, or none: which size is granted is not read
    own = _sizes(products[0].name)
    for source in promotions:
        given = _sizes(source)
        for unit, entries in own.items():
            if unit not in given:
                continue
            value = entries[0][0]
            floors = [v for v, more in given[unit] if more]
            exact = [v for v, more in given[unit] if not more]
            if (floors and value >= min(floors)) or value in exact:
                continue
            shown = ", ".join(str(v) for v, _ in given[unit])
            return f"its source gives it for {shown} {unit}; the product is {value} {unit}"
    return None


def _sizes(text: str) -> dict[str, list[tuple[Decimal, bool]]]:
    """Each unit's sizes in the text, with whether "or more" follows."""
    found: dict[str, list[tuple[Decimal, bool]]] = {}
    for match in _SIZE.finditer(text):
        value = Decimal(match.group(1).replace(",", "."))
        unit = match.group(2).lower()
        # one unit per kind, written out or not: "latas de 20 litros" beside "10 L",
        # "500 ml" beside "1 l"
        unit, factor = IN_BASE.get(_SYMBOL.get(unit, unit), (unit, Decimal(1)))
        found.setdefault(unit, []).append(((value * factor).normalize(), bool(match.group(3))))
    return found


# Units written out, as their symbols.
_SYMBOL = {
    **dict.fromkeys(("mililitros", "milliliters", "millilitres"), "ml"),
    **dict.fromkeys(("litro", "litros", "liter", "liters", "litre", "litres"), "l"),
    **dict.fromkeys(("gramos", "grams"), "g"),
    **dict.fromkeys(("kilos", "kilogramos"), "kg"),
}
