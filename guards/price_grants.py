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

from guards import config, scan
from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.memo import per_turn
from guards.number_gate import check_unbacked_figure
from guards.numbers import extract_figures
from guards.product_refs import loosely_referred
from guards.products import returned_products
from guards.text import negated_clause, sentences
from guards.thresholds import amounts
from guards.trust import trusted_strings

_GRANT = {
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:let\s+you|you\s+can|you\s+could|you'll|you\s+may)\s+"
        r"(?:have|get|take|keep)\s+(?:it|them|one|the\s+[\pL\d]+(?:\s+[\pL\d]+)?)\s+(?:at|for)"
        # the speaker's own verb with the customer as its object: "we can meet you at",
        # "I'll do you a deal for"; or the speaker's price coming down: "we can go down to"
        r"|(?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)?\s+(?:\pL+\s+){0,2}?"
        r"(?:meet|do|give|charge|offer)\s+you\s+(?:a\s+\pL+\s+)?(?:at|for|down\s+to)"
        r"|(?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)\s+(?:come|go)\s+down\s+to"
        # the price brought down, a deal closed: "I'll bring it down to", "I can do the
        # Aeron for", "let's call it", "your price is now" (not "for you,": "if the new
        # date works for you, moving the $200 deposit…")
        r"|(?:bring|knock|take|drop|get)\s+(?:it|that|this|them|the\s+price)\s+down\s+to"
        r"|(?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)?\s+do\s+"
        r"(?:it|that|this|them|the\s+\pL+(?:\s+\pL+)?)\s+(?:for|at)"
        r"|let's\s+call\s+it|your\s+(?:new\s+|final\s+)?price\s+(?:is\s+now|will\s+be)"
        # a price held for the customer: "we'll keep you on the 1.99 rate", "lock you in at"
        r"|(?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)?\s+(?:keep|lock)\s+"
        r"you(?:\s+in)?\s+(?:on|at))"
        r"(?:$|[^\pL])"
    ),
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:te|se|le|os)\s+(?:lo|la|los|las)\s+(?:dejo|dejamos|dejaré|"
        r"dejaremos|vendo|vendemos|cobro|cobramos)\s+(?:a|en|por)"
        # the price it comes to for the customer: "las Samba te quedan en $150.000"
        r"|(?:te|le|os|para\s+(?:vos|ti|usted|ustedes|vosotros|vosotras))\s+"
        r"(?:queda|quedan|quedaría|quedarían)\s+(?:en|a)"
        # the price brought down, a deal closed: "te bajo el precio a", "por ser usted,"
        # (not "para vos,": "lo mejor para vos, con tus $200…" names the customer's own)
        r"|(?:te|le|os|les)\s+(?:bajo|bajamos|rebajo|rebajamos)\s+(?:el\s+precio\s+)?(?:a|hasta)"
        r"|por\s+ser\s+(?:vos|t[uú]|usted|ustedes|vosotros|vosotras)\s*[,:—–-]"
        r"|(?:tu|su|vuestro)\s+precio\s+final\s+(?:queda|quedaría|es|será)\s+(?:en|de)?"
        # a price held for the customer: "te mantenemos el precio de 1,99"
        r"|(?:te|le|os|les)\s+(?:mantengo|mantenemos|mantendremos|congelo|congelamos)\s+"
        r"(?:el\s+precio|la\s+tarifa)\s+(?:a|en|de))"
        r"(?:$|[^\pL])"
    ),
}
_THEIR_PRICE = {
    "en": scan.compile(r"(?i)^\s*(?:that|the\s+same|their|your|this)\s+price"),
    "es": scan.compile(r"(?i)^\s*(?:ese|el\s+mismo|su|tu|aquel)\s+(?:precio|valor|importe)"),
}
# A price said by another product's: "for the price of the P95", "al precio del Lite".
_OTHERS_PRICE = {
    "en": scan.compile(r"(?i)^\s*(?:the\s+)?(?:same\s+)?price\s+(?:of|as)\s"),
    "es": scan.compile(r"(?i)^\s*(?:el\s+|al\s+)?(?:mismo\s+)?precio\s+(?:de|del|que)\s"),
}
_SPAN = 40  # characters after the grant where its price is said
# A price held where it is for this customer, by reference and with no figure: "we'll
# hold your premium at this year's level", "te congelamos la cuota actual".
_HELD = {
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:we|i)(?:'ll|'d|\s+can|\s+could|\s+will|\s+would)?\s+"
        r"(?:hold|keep|freeze|lock)\s+(?:in\s+)?your\s+(?:\pL+\s+){0,2}?"
        r"(?:price|premium|rate|fee|subscription)s?\s+(?:at|on|to|as\s+it\s+is|where\s+it\s+is)"
        r"(?:\s+(?:this|last|the\s+current|today's|the\s+same|your\s+current|the\s+old|the\s+"
        r"existing|its\s+current))?)(?:$|[^\pL])"
    ),
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])((?:te|le|os|les)\s+(?:mantengo|mantenemos|mantendremos|mantendré|"
        r"congelo|congelamos|congelaremos|congelaré|respeto|respetamos|respetaremos|respetaré)\s+"
        r"(?:el\s+precio|la\s+tarifa|la\s+cuota|la\s+prima)\s+(?:actual|de\s+este\s+año|"
        r"del\s+año\s+pasado|de\s+siempre|anterior|que\s+(?:ya\s+)?(?:tenés|tienes|tiene|pagás|"
        r"pagas|paga|pagabas|pagaba)))(?:$|[^\pL])"
    ),
}
_HOLD_VERBS = {"en": ("hold", "keep", "freez", "lock"), "es": ("manten", "congel", "respet")}
# What a shop's page says when it holds prices itself ("renewal prices are locked for
# two years"): a hold word and a price word in one sentence; the hold is then its
# terms, which the promotion readers judge.
_HOLDS_PRICES = scan.compile(r"(?i)(?:freez|lock|held\b|hold\b|congel|mantien|mantendr|garantiz)")
_PRICE_WORDS = scan.compile(r"(?i)(?:price|premium|rate|fee|precio|tarifa|cuota|prima)")


def price_granted(ctx: GuardContext, sentence: str) -> str | None:
    """What the grant does wrong, when its price is the customer's alone or no source
    gives it at all; otherwise None."""
    lang = "en" if ctx.language == "en" else "es"
    if (held := _held(ctx, sentence, lang)) is not None:
        return held
    grant = _GRANT[lang].search(sentence)
    if grant is None:
        return None
    after = sentence[grant.end(1) : grant.end(1) + _SPAN]
    if _THEIR_PRICE[lang].search(after):
        return f"sells at a price only the customer named ({grant.group(1)!r})"
    if (cheaper := _at_a_cheaper_ones_price(ctx, grant.group(1), after, lang)) is not None:
        return f"sells {cheaper} ({grant.group(1)!r})"
    said = amounts(after, ctx.locale)[:1]
    customer = {v for text in ctx.customer_texts() for v in amounts(text, ctx.locale)}
    if not said:
        # a price written with its cents and no currency ("the 1.99 rate"), which the
        # customer's words hold as a bare figure too ("I paid 1.99 the first year")
        said = [v for v in _ordered_values(after, ctx.locale) if v != v.to_integral_value()][:1]
        customer = {v for text in ctx.customer_texts() for v in _values(text, ctx.locale)}
    if not said:
        return None
    # the shop's sources, and what the desk itself said earlier
    shop_texts = [*trusted_strings(ctx), *(m.text for m in ctx.history if m.role == "assistant")]
    shop = {v for text in shop_texts for v in _values(text, ctx.locale)}
    if said[0] in customer and said[0] not in shop:
        return f"sells at a price only the customer named ({grant.group(1)!r})"
    if said[0] not in shop and said[0] in unbacked_amounts(ctx) and not _promoted(said[0], shop):
        # the desk's own price: "I'll bring it down to $1,150", "por ser usted, 1.150 €"
        return f"sells at a price no source gives ({grant.group(1)!r})"
    return None


def _held(ctx: GuardContext, sentence: str, lang: str) -> str | None:
    """The customer's price held where it is, when no trusted source holds prices."""
    lower = sentence.lower()
    if not any(verb in lower for verb in _HOLD_VERBS[lang]):
        return None  # most sentences hold nothing: no pattern run
    held = _HELD[lang].search(sentence)
    if held is None or negated_clause(sentence[: held.end(1)], lang):
        return None
    for text in trusted_strings(ctx):
        if any(_HOLDS_PRICES.search(s) and _PRICE_WORDS.search(s) for s in sentences(text)):
            return None
    return f"holds the customer's price where no source does ({held.group(1)!r})"


# The difference paid back to the customer: "we'll refund the difference", "te
# devolvemos la diferencia".
_DIFFERENCE_BACK = {
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:refund|reimburse|pay|give|credit|send)\s+(?:you\s+)?(?:back\s+)?"
        r"the\s+(?:price\s+)?difference(?:$|[^\pL])"
    ),
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:te|le|os|les)\s+(?:\pL+\s+)?(?:devolv|devuelv|reintegr|reembols|abon|"
        r"acredit)\pL*\s+la\s+diferencia(?:$|[^\pL])"
    ),
}
# Another seller's price: a closed class of "elsewhere" in both languages.
_ELSEWHERE = {
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:elsewhere|somewhere\s+else|another\s+(?:\pL+\s+)?(?:shop|store|retailer|"
        r"seller|site|website)|other\s+(?:\pL+\s+)?(?:shops|stores|retailers|sellers|sites)|"
        r"competitors?)(?:$|[^\pL])"
    ),
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:otra\s+tienda|otras\s+tiendas|otro\s+(?:comercio|sitio|lado|negocio|"
        r"vendedor)|en\s+otro\s+lado|la\s+competencia)(?:$|[^\pL])"
    ),
}


def price_matched(ctx: GuardContext, sentence: str) -> str | None:
    """A price match: the difference to another seller's price paid back to this
    customer ("if you find it cheaper at another shop, we'll refund the difference"),
    when no trusted source of the shop says it matches other sellers (a price-match
    policy, which the readings of promotions then judge; "we don't price-match other
    retailers" is none). A price drop in the shop's own catalogue paid back is money
    back, read by the refund guard."""
    lang = "en" if ctx.language == "en" else "es"
    found = _DIFFERENCE_BACK[lang].search(sentence)
    if found is None:
        return None
    # the stretch that pays it back, from the last break before it: "No worries at all:
    # … we'll refund the difference" is not negated by the "No" of "No worries"
    opening = max(sentence.rfind(mark, 0, found.start()) for mark in ",:;—")
    if negated_clause(sentence[opening + 1 : found.end()], lang):
        return None
    asked = " ".join(ctx.customer_texts())
    if not (_ELSEWHERE[lang].search(sentence) or _ELSEWHERE[lang].search(asked)):
        return None
    for text in trusted_strings(ctx):
        for said in sentences(text):
            if _ELSEWHERE[lang].search(said) and not negated_clause(said, lang):
                return None  # "we match any UK retailer's price": a policy, judged elsewhere
    return f"matches another seller's price: {sentence!r}"


def _at_a_cheaper_ones_price(ctx: GuardContext, granted: str, after: str, lang: str) -> str | None:
    """The grant's price is a cheaper returned product's, given to a dearer one the
    grant itself names: "we can let you have the P100 pair for $24.00" (the P95's
    price) or "… for the price of the P95". A grant of "it" is left to the readers of
    the price: the words cannot tell which product it stands for."""
    products = [p for p in returned_products(ctx) if p.price is not None]
    if len(products) < 2:
        return None
    if _OTHERS_PRICE[lang].search(after):
        at = loosely_referred(after, tuple(products))
    else:
        said = amounts(after, ctx.locale)[:1]
        at = [p for p in products if said and p.price == said[0]]
    if len(at) != 1:
        return None
    dearer = [
        p
        for p in loosely_referred(granted, tuple(products))
        if p is not at[0] and p.price is not None and p.price > at[0].price
    ]
    if not dearer:
        return None
    return f"{dearer[0].name!r} at the price of {at[0].name!r}"


def _promoted(value: Decimal, shop: set[Decimal]) -> bool:
    """The value is a shop price less a percentage a shop text gives ("de 89,00 € le
    queda en 71,20 €" under "20 % de descuento"): the promotion's arithmetic, which the
    number gate judges, not a price the desk grants."""
    cut = [p for p in shop if 0 < p < 100]
    return any(
        abs(price * (100 - p) / 100 - value) < Decimal("0.01") for price in shop for p in cut
    )


@per_turn
def unbacked_amounts(ctx: GuardContext) -> frozenset[Decimal]:
    """The values of the amounts the number gate finds no source for."""
    found = check_unbacked_figure(ctx, deadline=config.budget_clock() + _GATE_SECONDS)
    if found is None:
        return frozenset()
    return frozenset(v for text in found.extra_figures for v in _values(text, ctx.locale))


_GATE_SECONDS = 0.05


def _ordered_values(text: str, locale: str) -> list[Decimal]:
    return [f.value for f in extract_figures(text, lexicon=lexicon_for(locale), threshold=0)]


def _values(text: str, locale: str) -> set[Decimal]:
    """Every figure of a shop's text: a catalogue price is often a bare "599.00"."""
    return set(_ordered_values(text, locale))
