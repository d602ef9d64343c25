"""Whether a draft quotes a trade-in value: in its own words, or by giving an amount
that a retrieved trade-in document lists (its table of reference values)."""

from __future__ import annotations

from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.numbers import Figure, FigureKind, extract_figures
from guards.phrasebook import Phrasebook
from guards.products import mentions, returned_products
from guards.text import citations, find_phrase

# The customer asks what the shop would pay for their device: then an amount in the
# reply (other than a price of what the search returned) is that valuation, whatever
# words the reply uses ("Your Pixel 7 is worth 190 € to us", "Por el iPhone 14 serían…").
_ASKED = {
    "es": (
        r"cu[aá]nto\s+(?:me|nos)\s+(?:dan|dais|das|dar[ií]an|dar[ií]ais|pagan|pag[aá]is|"
        r"pag[aá]s|pagar[ií]an|ofrecen|ofrec[eé]is|toman|tom[aá]is)",
        r"(?:quiero|quisiera|querr[ií]a)\s+vender\s+(?:mi|mis|el|la|un|una)",
        r"(?:como|en)\s+parte\s+del?\s+pago",
    ),
    "en": (
        r"(?:what|how\s+much)\s+(?:would|will|do|could|can)\s+you\s+(?:give|pay|offer)",
        r"what(?:'s|\s+is)\s+(?:my|it|this|that)\s+(?:\S+\s+){0,3}worth",
        r"(?:want|like)\s+to\s+sell\s+(?:you\s+)?my",
        r"part[-\s]exchange",
        r"trade[-\s]?in",
    ),
}


def valuation_asked(ctx: GuardContext) -> bool:
    """The customer's message, or an earlier one of theirs, asks for a valuation."""
    asked = _ASKED["es" if ctx.language == "es" else "en"]
    return any(find_phrase(asked, text) for text in ctx.customer_texts())


def trade_in_in_sight(ctx: GuardContext, book: Phrasebook) -> bool:
    """The draft or a retrieved chunk speaks of a trade-in (a cheap test first)."""
    texts = (ctx.draft, *(chunk.text for chunk in ctx.retrieved))
    return any(find_phrase(book.trade_in, text) for text in texts) or valuation_asked(ctx)


def quotes_trade_in(ctx: GuardContext, book: Phrasebook, figures: tuple[Figure, ...]) -> bool:
    """ "Te damos 120 € por tu iPhone 12", or "You'd get $150 [tradein#1]" where the
    cited chunk is the trade-in table that lists $150. Only an amount can be a quote,
    and not the price of a product the search returned (the new phone's price beside
    "send me the details to value yours"); and only with a device in the conversation
    ("canjeá tus puntos por un cupón de $ 5.000" values no phone)."""
    amounts = {r.value for f in figures if f.kind == FigureKind.MONEY for r in f.readings}
    prices = {p.price for p in returned_products(ctx) if p.price is not None}
    if not amounts - prices or not _device_in_sight(ctx):
        return False
    if find_phrase(book.trade_in, ctx.draft) or valuation_asked(ctx):
        return True
    cited = citations(ctx.draft)
    if any(c.source in cited and find_phrase(book.trade_in, c.text) for c in ctx.retrieved):
        return True  # "… around $260 in credit. Quotes are valid for 14 days [tradein#1]"
    lexicon = lexicon_for(ctx.locale)
    # the trade-in document's sections: "tradein#2", the table, beside "tradein#1", which
    # names the programme
    documents = {
        _document(chunk.source) for chunk in ctx.retrieved if find_phrase(book.trade_in, chunk.text)
    }
    for chunk in ctx.retrieved:
        if _document(chunk.source) not in documents:
            continue
        listed = extract_figures(chunk.text, lexicon=lexicon)
        if any(
            r.value in amounts for f in listed if f.kind == FigureKind.MONEY for r in f.readings
        ):
            return True
    return False


def _document(source: str) -> str:
    return source.split("#", 1)[0]


def _device_in_sight(ctx: GuardContext) -> bool:
    """A device named in the reply, by the customer, or in what a tool was asked."""
    told = [ctx.draft, *ctx.customer_texts()]
    told += [str(value) for call in ctx.tool_outputs for value in call.input.values()]
    return any(mentions(text) for text in told)
