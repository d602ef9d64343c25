"""Free shipping granted to a customer whose place the shipping rule treats apart.

A help centre often gives free shipping from different amounts by region ("Envío
gratis en CABA y GBA desde $60.000. En el resto del país, desde $95.000", "Free UK
mainland delivery over £40. Highlands, Islands and Northern Ireland: free over £75")
and none at all to some ("Canarias, Ceuta y Melilla: sin envío gratuito"). When the
customer has said where they are ("Vivo en Ibiza", "I'm ordering from Belfast") and the
draft grants free shipping under such a rule, the grant must hold for that place: the
part of the rule that names the place decides; a place the rule does not name could be
in any of its regions, so only an amount that reaches every region's threshold, under a
rule that leaves no region out, holds for it. The guards keep no gazetteer: whether
Ibiza is in the Balearic Islands is not read, and the customer's place is not guessed.
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.text import sentences, words
from guards.thresholds import NEGATING, WEIGHED, order_amounts, threshold

# Where the customer says they are: a capitalised name after a word of place.
_PLACE = scan.compile(
    r"(?i:vivo\s+en|estoy\s+en|soy\s+de|desde|env[ií]o\s+a|enviar(?:lo)?\s+a|mandar\w*\s+"
    r"(?:\pL+\s+){0,4}?a|live\s+in|i'm\s+in|i\s+am\s+in|from|based\s+in|ship\w*\s+to|"
    r"deliver\w*\s+to)\s+((?:\p{Lu}[\pL'’-]+)(?:\s+(?:de|del|la|upon|on|y)?\s*\p{Lu}[\pL'’-]+)*)"
)
_FREE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:free|gratis|gratuit[oa]s?|sin\s+cargo|sin\s+coste?|no\s+pag\pL*|"
    r"sin\s+gastos|no\s+(?:tienes|tenés|tiene|hay)\s+gastos|don't\s+pay|no\s+charge)(?:$|[^\pL])"
)
_SHIPPING = scan.compile(r"(?i)env[ií]o|shipping|delivery|entrega|postage|despacho")
# A region the rule gives no free shipping: said with its own words for "none".
_NONE = scan.compile(
    r"(?i)sin\s+env[ií]o\s+gratu|no\s+(?:tiene|hay|aplica)\w*\s+env[ií]o\s+gratu|"
    r"no\s+free|not\s+eligible|charge\s+applies\s+to\s+all|excluded|flat\s+\$|"
    r"se\s+cotiza|se\s+calcula|gastos\s+seg[uú]n|we\s+don't\s+ship|"
    r"(?:are|is)\s+charged|se\s+aplica\s+la\s+tarifa"
)
_PAID = scan.compile(
    r"(?i)(?:^|[^\pL])(?:se\s+paga|se\s+cobra|cuesta|costar[ií]a|pag[aá]s\s+(?:el|los)|"
    r"you\s+pay|you'll\s+pay|costs?|charged?)(?:$|[^\pL])"
)


def region_not_reached(ctx: GuardContext, sentence: str, cited: list[str]) -> str | None:
    """A note when ``sentence`` grants free shipping under a regional rule of ``cited``
    that does not hold for the place the customer gave."""
    if not cited or _FREE.search(sentence) is None:
        return None
    rest = _FREE.sub(" ", sentence)
    if set(words(rest)) & NEGATING or WEIGHED.search(rest) or _PAID.search(sentence):
        return None  # weighed, denied, or the customer pays: no grant
    places = [m.group(1) for t in ctx.customer_texts() for m in _PLACE.finditer(t)]
    if not places:
        return None
    for text in cited:
        if _SHIPPING.search(text) is None:
            continue
        parts = [p for s in sentences(text) for p in s.split(";")]
        rules = [(part, threshold(part, ctx.locale)) for part in parts]
        starts = [t for _, t in rules if t is not None]
        none = [part for part in parts if _NONE.search(part)]
        if len(starts) + len(none) < 2:
            continue  # one rule for everywhere: the threshold guard's to read
        if (excluded := _excluded_named(sentence, none, ctx.locale)) is not None:
            # "shipping to Alaska is free too" where "Alaska … are charged at checkout"
            return f"its source gives {excluded} no free shipping"
        if _named_regions(sentence, parts):
            continue  # "a península", "within the contiguous US": the desk says which
        seen = order_amounts(ctx, set(starts))
        for place in places:
            own = {fold(w) for w in words(place) if len(w) >= 4}
            named = [(p, t) for p, t in rules if own & {fold(w) for w in words(p)}]
            if named:
                part, start = named[0]
                if start is None and _NONE.search(part):
                    return f"its source gives {place} no free shipping"
                if start is not None and seen and max(seen) < start:
                    return f"for {place} it starts at {start}; this order is {max(seen)}"
                continue
            if none:
                return f"its source leaves some regions out, and it names no {place}"
            if seen and max(seen) < max(starts):
                return f"its source names no {place}; only {max(starts)} holds everywhere"
    return None


def _named_regions(sentence: str, parts: list[str]) -> list[int]:
    """The parts of the rule whose own words the sentence says: the region it applies."""
    said = {fold(w) for w in words(sentence) if len(w) >= 4}
    own = [{fold(w) for w in words(part) if len(w) >= 4} for part in parts]
    found = []
    for at, part_words in enumerate(own):
        others = set().union(*(o for i, o in enumerate(own) if i != at))
        if said & (part_words - others):
            found.append(at)
    return found


def _excluded_named(sentence: str, none: list[str], locale: str) -> str | None:
    """A place by its proper name that a part with no free shipping names, granted free
    in a sentence that does not itself say it pays ("shipping to Alaska is free too")."""
    if _NONE.search(sentence):
        return None  # the exclusion restated: "para Baleares se aplica la tarifa"
    said = {fold(w) for w in _CAPITALISED.findall(sentence)[1:] if len(w) >= 4}
    for part in none:
        if threshold(part, locale) is not None:
            continue
        for name in _CAPITALISED.findall(part):
            if fold(name) in said:
                return name
    return None


_CAPITALISED = scan.compile(r"\p{Lu}[\pL'’-]+")
