"""Trade-in quotes: whether a draft quotes a trade-in value, in its own words or by
giving an amount that a retrieved trade-in document lists (its table of reference
values), and the guard that fails a quote given before the customer's details."""

from __future__ import annotations

import re
from itertools import pairwise

import re2

from guards import scan
from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.numbers import Figure, FigureKind, extract_figures, spell_out_digits
from guards.phrasebook import PHRASEBOOKS, Phrasebook
from guards.products import is_model_code, mentions, returned_products
from guards.text import citations, find_phrase, words
from guards.verdicts import Finding

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


def check_quote_without_details(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """A trade-in price before the conversation has the model, capacity and battery health."""
    book = PHRASEBOOKS[ctx.language]
    if not trade_in_in_sight(ctx, book):
        return None
    lexicon = lexicon_for(ctx.locale)
    draft_figures = extract_figures(ctx.draft, lexicon=lexicon, threshold=lexicon.draft_threshold)
    if not any(f.kind == FigureKind.MONEY for f in draft_figures):
        return None
    if not quotes_trade_in(ctx, book, draft_figures):
        return None
    told = spell_out_digits(" \n ".join(_customer_side(ctx)), lexicon=lexicon, threshold=0).lower()
    missing = []
    if not mentions(told) and not _code_named_again(told, ctx, book):
        missing.append("model")
    units = "|".join(book.capacity_units)
    if not re2.search(
        f"(?:^|[^\\pL\\pN])\\d{{1,4}}\\s*(?:{units})(?:$|[^\\pL])", told
    ) and not _BARE_CAPACITY.search(told):
        missing.append("capacity")
    if not _battery_given(told, book):
        missing.append("battery health")
    if not missing:
        return None
    return Finding(detail=f"trade-in quote without {', '.join(missing)} from the customer")


def _code_named_again(told: str, ctx: GuardContext, book: Phrasebook) -> bool:
    """A model code the customer gave without its maker ("Regular S21, 128 GB") that
    the reply or a retrieved page names too ("Galaxy S21"): the model is given."""
    units = tuple(book.capacity_units)
    codes = {
        t
        for t in words(told)
        if is_model_code(t) and any(c.isalpha() for c in t) and not t.endswith(units)
    }
    if not codes:
        return False
    named = words(" ".join((ctx.draft, *(chunk.text for chunk in ctx.retrieved))).lower())
    return not codes.isdisjoint(named)


# A storage size said without its unit: "un iPhone 13 de 128 con batería al 90%".
_BARE_CAPACITY = scan.compile(
    r"(?:^|[^\pL])(?:de|of|with|con)\s+(?:32|64|128|256|512)(?:$|[^\d%.,]|[.,](?:$|\s))"
)


def _battery_given(told: str, book) -> bool:
    """A battery health the customer gave: a number after the word for the battery
    that is not a storage size ("No sé la batería, es de 128 GB" gives none), or a
    percentage before it."""
    battery = "|".join(book.battery)
    if re2.search(f"\\d{{1,3}}\\s*%[^\\n]{{0,40}}(?:{battery})", told):
        return True
    # bounded repeats on one line: the standard library's search stays linear here
    for match in re.finditer(f"(?:{battery})[^\\n]{{0,40}}?(\\d{{1,3}})\\s*(\\w*)", told):
        if match.group(2) not in book.capacity_units and not match.group(2).isdigit():
            return True
    return False


_PERCENT = scan.compile(r"\d\s*%|(?i:por\s+ciento|percent)")


def _customer_side(ctx: GuardContext) -> list[str]:
    texts = list(ctx.customer_texts())
    # An answer carries the question it answers: "¿Me decís la salud de la batería?"
    # then "Fijate, dice 87 %" gives the battery health, on one line with the question.
    messages = [*ctx.history, None]
    for before, message in pairwise(messages):
        text = ctx.question if message is None else message.text
        if before is None or before.role != "assistant" or (message and message.role != "customer"):
            continue
        asked = [s for s in re.split(r"(?<=[.!?])\s+", before.text) if s.rstrip().endswith("?")]
        if asked and _PERCENT.search(text):  # a health is a percentage, not "el 12"
            texts.append(f"{asked[-1]} {text}".replace("\n", " "))
    for call in ctx.tool_outputs:
        texts.extend(str(value) for value in call.input.values())
    return texts
