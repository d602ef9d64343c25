"""A price granted to this customer that only the customer named.

"Since you've found it at £89, you can have it at that price from us", "I'll let you
have the Malbec at £9 this time", "te lo dejo en $40.000 como en la otra tienda": the
desk sells at a price the customer brought (another shop's, a remembered one), which
no source of the shop gives. The grant is a closed construction — the speaker lets the
customer have or take the thing at or for a price — and the price is either a figure
that the customer's words hold and no trusted source does, or the customer's price by
reference ("that price", "ese precio", "el mismo precio").
"""

from __future__ import annotations

from decimal import Decimal

from guards import scan
from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.numbers import extract_figures
from guards.thresholds import amounts
from guards.trust import trusted_strings

_GRANT = {
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:let\s+you|you\s+can|you\s+could|you'll|you\s+may)\s+"
        r"(?:have|get|take|keep)\s+(?:it|them|one|the\s+\pL+(?:\s+\pL+)?)\s+(?:at|for)"
        # the speaker's own verb with the customer as its object: "we can meet you at",
        # "I'll do you a deal for"; or the speaker's price coming down: "we can go down to"
        r"|(?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)?\s+(?:\pL+\s+){0,2}?"
        r"(?:meet|do|give|charge|offer)\s+you\s+(?:a\s+\pL+\s+)?(?:at|for|down\s+to)"
        r"|(?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)\s+(?:come|go)\s+down\s+to)"
        r"(?:$|[^\pL])"
    ),
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:te|se|le|os)\s+(?:lo|la|los|las)\s+(?:dejo|dejamos|dejaré|"
        r"dejaremos|vendo|vendemos|cobro|cobramos)\s+(?:a|en|por)"
        # the price it comes to for the customer: "las Samba te quedan en $150.000"
        r"|(?:te|le|os|para\s+(?:vos|ti|usted|ustedes|vosotros|vosotras))\s+"
        r"(?:queda|quedan|quedaría|quedarían)\s+(?:en|a))(?:$|[^\pL])"
    ),
}
_THEIR_PRICE = {
    "en": scan.compile(r"(?i)^\s*(?:that|the\s+same|their|your|this)\s+price"),
    "es": scan.compile(r"(?i)^\s*(?:ese|el\s+mismo|su|tu|aquel)\s+(?:precio|valor|importe)"),
}
_SPAN = 40  # characters after the grant where its price is said


def price_granted(ctx: GuardContext, sentence: str) -> str | None:
    """The grant, when its price is the customer's alone; otherwise None."""
    lang = "en" if ctx.language == "en" else "es"
    grant = _GRANT[lang].search(sentence)
    if grant is None:
        return None
    after = sentence[grant.end(1) : grant.end(1) + _SPAN]
    if _THEIR_PRICE[lang].search(after):
        return grant.group(1)
    said = amounts(after, ctx.locale)[:1]
    if not said:
        return None
    customer = {v for text in ctx.customer_texts() for v in amounts(text, ctx.locale)}
    # the shop's sources, and what the desk itself said earlier
    shop_texts = [*trusted_strings(ctx), *(m.text for m in ctx.history if m.role == "assistant")]
    shop = {v for text in shop_texts for v in _values(text, ctx.locale)}
    if said[0] in customer and said[0] not in shop:
        return grant.group(1)
    return None


def _values(text: str, locale: str) -> set[Decimal]:
    """Every figure of a shop's text: a catalogue price is often a bare "599.00"."""
    return {f.value for f in extract_figures(text, lexicon=lexicon_for(locale), threshold=0)}
