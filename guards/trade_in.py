"""Whether a draft quotes a trade-in value: in its own words, or by giving an amount
that a retrieved trade-in document lists (its table of reference values)."""

from __future__ import annotations

from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.numbers import Figure, FigureKind, extract_figures
from guards.phrasebook import Phrasebook
from guards.text import find_phrase


def trade_in_in_sight(ctx: GuardContext, book: Phrasebook) -> bool:
    """The draft or a retrieved chunk speaks of a trade-in (a cheap test first)."""
    texts = (ctx.draft, *(chunk.text for chunk in ctx.retrieved))
    return any(find_phrase(book.trade_in, text) for text in texts)


def quotes_trade_in(ctx: GuardContext, book: Phrasebook, figures: tuple[Figure, ...]) -> bool:
    """ "Te damos 120 € por tu iPhone 12", or "You'd get $150 [tradein#1]" where the
    cited chunk is the trade-in table that lists $150."""
    if find_phrase(book.trade_in, ctx.draft):
        return True
    amounts = {r.value for f in figures if f.kind == FigureKind.MONEY for r in f.readings}
    if not amounts:
        return False
    lexicon = lexicon_for(ctx.locale)
    for chunk in ctx.retrieved:
        if not find_phrase(book.trade_in, chunk.text):
            continue
        listed = extract_figures(chunk.text, lexicon=lexicon)
        if any(
            r.value in amounts for f in listed if f.kind == FigureKind.MONEY for r in f.readings
        ):
            return True
    return False
