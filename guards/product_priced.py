"""An out-of-stock product sold by its price: the draft names it with the price the search
gave it, and nowhere says that anything is unavailable ("el juego de percal gris de 150 cm
está a 54,90 € y además tiene el 25 %"). A price with no word of the stock reads to a
customer as "you can buy it"; the guard reads it only when the whole draft is silent on
stock, so "the Vista V2 is $999.99 but it is out of stock" is judged by the guard itself.
"""

from __future__ import annotations

from guards.lexicon import lexicon_for
from guards.numbers import FigureKind, extract_figures
from guards.product_offers import offers_an_alternative, said_for_later
from guards.product_refs import loosely_referred
from guards.product_variants import by_attributes, by_own_words
from guards.products import Product
from guards.text import negated_clause, sentences


def priced_as_offered(
    draft: str, *, locale: str, language: str, products: tuple[Product, ...]
) -> Product | None:
    """The out-of-stock product a sentence names with its own price."""
    gone = [p for p in products if p.in_stock is False and p.price]
    if not gone:
        return None
    lexicon = lexicon_for(locale)
    for sentence in sentences(draft):
        if said_for_later(sentence) or offers_an_alternative(sentence):
            continue
        prices = {
            reading.value
            for figure in extract_figures(sentence, lexicon=lexicon, threshold=0)
            if figure.kind == FigureKind.MONEY
            for reading in figure.readings
        }
        if not prices:
            continue
        named = [p for p in products if loosely_referred(sentence, (p,))]
        if len(named) > 1:
            named = by_attributes(sentence, named)
        if len(named) > 1:
            named = by_own_words(sentence, named)
        priced = [p for p in named if p.price in prices]
        if len(priced) == 1 and priced[0] in gone and not negated_clause(sentence, language):
            return priced[0]
    return None
