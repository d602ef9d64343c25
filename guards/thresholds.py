"""Whether a promotion's threshold ("free over £40", "gratis en compras superiores a
$ 150.000") applies to the amounts of this turn: the amount a text names as a
threshold, the money amounts of a text, and the discount guard's reading of a
promotion granted below its threshold."""

from __future__ import annotations

from decimal import Decimal

from guards import scan
from guards.context import GuardContext
from guards.exceptions import waives_a_rule
from guards.lexicon import lexicon_for
from guards.numbers import FigureKind, extract_figures, spell_out_digits
from guards.phrasebook import PHRASEBOOKS
from guards.products import returned_products
from guards.promo_scope import applied_clause
from guards.text import content_words, find_phrase, sentences, words

_OVER = {
    "es": r"(?i)(?:superior(?:es)?\s+a|m[aá]s\s+de|mayor(?:es)?\s+a|desde|a\s+partir\s+de|"
    r"super(?:a|e|ando|ás|as)(?:\s+los?)?|por\s+encima\s+de|"
    r"(?:arranca|empieza|comienza)n?\s+en(?:\s+los?)?)\s*$",
    "en": r"(?i)(?:over|above|more\s+than|from|of\s+at\s+least|at\s+least|exceeding|"
    r"(?:starts?|starting|begins?|kicks?\s+in)\s+at)\s*$",
}
_OVER = {language: scan.compile(pattern) for language, pattern in _OVER.items()}


# The same boundary seen from below: "justo por debajo de los 25 € del envío gratuito"
# states the condition (and that this order misses it); it gives nothing.
_UNDER = {
    "es": r"(?i)(?:por\s+debajo\s+de(?:\s+los?)?|menos\s+de|inferior(?:es)?\s+a|"
    r"no\s+llega(?:s|n)?\s+a(?:\s+los?)?|falta(?:n)?\s+para(?:\s+los?)?|bajo|"
    r"para\s+(?:llegar|alcanzar)(?:\s+a)?(?:\s+los?)?)\s*$",
    "en": r"(?i)(?:below|under|less\s+than|short\s+of|to\s+(?:reach|get\s+to))(?:\s+the)?\s*$",
}
_UNDER = {language: scan.compile(pattern) for language, pattern in _UNDER.items()}
_CURRENCY = scan.compile(r"(?i)[$€£]|\b(?:usd|eur|ars)\b")


def threshold(text: str, locale: str, *, from_below: bool = False) -> Decimal | None:
    """The amount a promotion in ``text`` starts at, if it names one (``from_below``:
    also when the text names it as the amount the order stays under)."""
    language = "en" if locale.startswith("en") else "es"
    lexicon = lexicon_for(locale)
    patterns = [_OVER[language], *([_UNDER[language]] if from_below else [])]
    # a figure's start is a position in the text with its spelled numbers as digits
    # ("First" → "1st", "un" → "1"): the words around it are read there too
    text = spell_out_digits(text, lexicon=lexicon, threshold=0)
    for figure in extract_figures(text, lexicon=lexicon, threshold=0):
        if figure.kind != FigureKind.MONEY:
            continue
        before = text[max(0, figure.start - 40) : figure.start]
        before = "".join(scan.split(_CURRENCY, before)).rstrip()
        if any(pattern.search(before) for pattern in patterns):
            return figure.value
        after = text[figure.start + len(figure.text) : figure.start + len(figure.text) + 20]
        if _OR_MORE.match(after):
            return figure.value  # "on orders of $75 or more", "de 60 € o más"
    return None


_OR_MORE = scan.compile(r"(?i)\s*(?:[$€£]\s*)?(?:or\s+(?:more|above|over)|o\s+m[aá]s)(?:$|[^\pL])")


def amounts(text: str, locale: str) -> list[Decimal]:
    lexicon = lexicon_for(locale)
    return [
        f.value
        for f in extract_figures(text, lexicon=lexicon, threshold=0)
        if f.kind == FigureKind.MONEY
    ]


# What every promotion sentence shares: not a sign that two speak of the same thing.
PROMO_WORDS = frozenset("gratis gratuito gratuita free sin cargo".split())


# What the customer would have to do to reach a threshold: advice, not a grant.
_ADVICE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:need|needs|add|adding|falta|faltan|faltaría|sumá|suma|sumar|agregá|"
    r"agregar|añade|añadir|tendrías|deberías|would\s+have\s+to)(?:$|[^\pL])"
)


# The customer's own reaching of an amount, as a sentence's condition: "si añades otro
# queso y llegas a esa cifra, se aplicaría", "if you add one more, it would apply".
_REACHING = scan.compile(
    r"(?i)^[^\pL]*(?:si|if|once|cuando|en\s+cuanto)\s+(?:\pL+\s+){0,2}?"
    r"(?:añad|agreg|sum|lleg|alcanz|super|pas|complet|add|reach|spend|get\s+to|go\s+over|top)"
)


def on_reaching(sentence: str, locale: str, promos: list[str]) -> bool:
    """The sentence grants a promotion on the condition that the customer reaches the
    amount a source starts it at: the promotion's rule, said of this basket."""
    if _REACHING.search(sentence) is None:
        return False
    return any(threshold(part, locale) is not None for text in promos for part in sentences(text))


def threshold_reached(ctx: GuardContext, sentence: str, promos: list[str]) -> bool:
    """The sentence names what a promotion gives from an amount on, and this turn's
    amounts reach that amount: "Como $124.000 supera ese monto, tu compra entra en el
    envío gratis" after "más de $120.000 tienen envío gratis [envios#1]"."""
    book = PHRASEBOOKS[ctx.language]
    offered = {w for w in content_words(sentence, book.stopwords) - PROMO_WORDS if w.isalpha()}
    promo_words = (*book.discount, r"free", r"gratis")
    parts = [part for text in promos for part in sentences(text) if find_phrase(promo_words, part)]
    parts = [part for part in parts if offered & content_words(part, book.stopwords)]
    starts = [t for t in (threshold(part, ctx.locale) for part in parts) if t is not None]
    seen = [a for a in amounts(ctx.draft, ctx.locale) if a not in starts]
    return bool(starts and seen) and max(seen) >= min(starts)


def below_threshold(ctx: GuardContext, sentence: str, promos: list[str]) -> str | None:
    """A promotion that starts at an amount, said to apply when this turn's amounts are
    all below it ("gratis" for a $ 119.999 order when shipping is free over $ 150.000).
    A sentence that states the condition itself ("free over £40") is the rule, not a
    claim that it applies."""
    applied = applied_clause(sentence, ctx.language)
    if threshold(applied, ctx.locale, from_below=True) is not None and not (
        waives_a_rule(applied, ctx.language) and threshold(applied, ctx.locale) is None
    ):
        return None  # not "on us, even though it's under the $75 threshold"
    if applied is not sentence and (_ADVICE.search(applied) or _DENIED.search(applied)):
        # "…, so you'd need to add a bit more for free shipping": advice; "…, so I
        # can't promise it would be free": no claim
        return None
    # The promotion sentence that speaks of what this sentence offers decides: "retirar
    # gratis en el local" is the free pick-up, not the home delivery free from $ 80.000.
    # With nothing in common ("te lo dejamos gratis"), every threshold counts.
    book = PHRASEBOOKS[ctx.language]
    offered = content_words(sentence, book.stopwords) - PROMO_WORDS
    promo_words = (*book.discount, r"free", r"gratis")
    parts = [part for text in promos for part in sentences(text) if find_phrase(promo_words, part)]
    shared = [len(offered & content_words(part, book.stopwords)) for part in parts]
    if shared and max(shared):
        parts = [part for part, n in zip(parts, shared, strict=True) if n == max(shared)]
    starts = [t for t in (threshold(part, ctx.locale) for part in parts) if t is not None]
    if not starts:
        return None
    start = min(starts)
    for part in parts:
        net = _net_of_deductions(ctx, part)
        if net is not None and threshold(part, ctx.locale) == start and net < start:
            return f"it starts at {start} after deductions and this order comes to {net}"
    seen = [a for a in amounts(ctx.draft, ctx.locale) if a not in starts]
    if not seen:
        seen = [p.price for p in returned_products(ctx) if p.price is not None]
    if not seen:  # the customer's own figure: "mi pedido da $ 43.800"
        told = ctx.customer_texts()
        seen = [a for text in told for a in amounts(text, ctx.locale) if a not in starts]
    if seen and max(seen) < start:
        return f"it starts at {start} and this turn's amounts reach only {max(seen)}"
    return None


# "Si", "if", "would": the sentence weighs a case, it does not say this one is in.
WEIGHED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:si|if|once|cuando|en\s+cuanto|would|could|might|ser[ií]a|"
    r"tendr[ií]as|podr[ií]as|unless|salvo\s+que|a\s+menos\s+que)(?:$|[^\pL])"
)


def cited_promotion_below(ctx: GuardContext, sentence: str, cited: list[str]) -> str | None:
    """A sentence that tells this customer a cited promotion is theirs ("Sí, BIENVENIDA10
    te da un 10 % [cupones#1]", "Yes: you get 2 free samples [samples#1]") while the
    promotion starts at an amount this turn's amounts do not reach: the same reading as
    a granted discount word, for a grant said with any verb. A sentence that weighs a
    case, denies or advises says nothing of this one."""
    said = set(words(sentence))
    if not cited or not _YOURS & said or NEGATING & said:
        return None
    if WEIGHED.search(sentence) or _DENIED.search(sentence) or _ADVICE.search(sentence):
        return None
    if threshold(sentence, ctx.locale, from_below=True) is not None:
        return None  # the sentence says the condition itself: its own reading judges it
    lexicon = lexicon_for(ctx.locale)
    given = {f.value for text in cited for f in extract_figures(text, lexicon=lexicon)}
    sizes = {
        f.value for f in extract_figures(sentence, lexicon=lexicon) if f.kind == FigureKind.PERCENT
    }
    free = _BENEFIT.search(sentence) is not None
    # an amount off that the cited promotion gives ("HOLA15 te descuenta los 15 €"), not
    # the amount it starts at
    starts_at = {
        t for text in cited for part in sentences(text) if (t := threshold(part, ctx.locale))
    }
    off = set(amounts(sentence, ctx.locale)) & (given - starts_at)
    if not (sizes & given or free or off) or _COST.search(sentence):
        return None  # the benefit is not said to be theirs, or a price is said instead
    # the cited sentences that give this benefit from an amount on
    starts = [
        start
        for text in cited
        for part in sentences(text)
        if (
            sizes & _percent_values(part, lexicon)
            or (free and _BENEFIT.search(part))
            or off & set(amounts(part, ctx.locale))
        )
        # a help centre in the other language than the reply says its amounts its way
        and (start := threshold(part, ctx.locale) or threshold(part, _OTHER[ctx.language]))
        is not None
    ]
    if not starts:
        return None
    # the order's amounts: not the thresholds, nor the amount the promotion takes off
    seen = order_amounts(ctx, {*starts, *off})
    if seen and max(seen) < min(starts):
        return f"it starts at {min(starts)} and this turn's amounts reach only {max(seen)}"
    return None


_OTHER = {"es": "en", "en": "es"}


def order_amounts(ctx: GuardContext, left_out: set[Decimal]) -> list[Decimal]:
    """What this turn's order comes to, as far as the turn says: the draft's money
    amounts, else the returned products' prices, else the customer's own figures;
    never the amounts in ``left_out`` (thresholds, an amount taken off)."""
    seen = [a for a in amounts(ctx.draft, ctx.locale) if a not in left_out]
    seen = seen or [p.price for p in returned_products(ctx) if p.price is not None]
    seen = seen or [a for t in ctx.customer_texts() for a in amounts(t, ctx.locale)]
    return [a for a in seen if a not in left_out]


def _percent_values(text: str, lexicon) -> set:
    return {f.value for f in extract_figures(text, lexicon=lexicon) if f.kind == FigureKind.PERCENT}


# Closed classes: words that deny or put off ("todavía no llegas", "not yet"), what a
# promotion gives without a size of its own, and what the customer pays instead.
NEGATING = frozenset("no not ni nunca never todavía aún yet isn't doesn't don't won't".split())
_BENEFIT = scan.compile(
    r"(?i)(?:^|[^\pL])(?:free|gratis|gratuit[oa]s?|regal\pL*|sin\s+cargo|sin\s+coste?|"
    r"at\s+no\s+(?:extra\s+)?cost)(?:$|[^\pL])"
)
_COST = scan.compile(
    r"(?i)(?:^|[^\pL])(?:cuesta|costar[ií]a|cuestan|cost|costs|pay|pag[aá]s|pagas|pagar[ií]as|"
    r"cobra\pL*|charge[sd]?|recargo|surcharge)(?:$|[^\pL])"
)


# The customer in a sentence: the promotion is said of their case.
_YOURS = frozenset("you your you're you'll te tu tus tenés tienes vos usted le su os".split())


# A claim denied with a verb ("I can't promise it would be free", "no te puedo
# asegurar que salga gratis"); "at no charge" and "sin cargo" deny nothing.
_DENIED = scan.compile(
    r"(?i)(?:^|[^\pL'’])(?:can't|cannot|can’t|won't|won’t|not|never|no\s+(?:puedo|podemos|"
    r"te\s+puedo|le\s+puedo|sé|se\s+puede))(?:$|[^\pL])"
)


# A threshold counted after something is taken off: "after discounts", "excluding gift
# cards", "(after returns)", "después de aplicar cupones", "importe final". Each kind
# names the words by which the customer speaks of what is taken off.
_AFTER_KIND = {
    "discount": scan.compile(
        r"(?i)after\s+(?:any\s+)?(?:discounts?|coupons?|promotions?)|después\s+de\s+"
        r"(?:aplicar\s+)?(?:los\s+)?(?:cupones|descuentos|promociones)|importe\s+final"
    ),
    "gift card": scan.compile(
        r"(?i)excluding\s+gift\s*cards?|sin\s+contar\s+(?:las\s+)?(?:gift\s*cards?|tarjetas"
        r"\s+regalo)|excluye(?:ndo)?\s+(?:las\s+)?(?:gift\s*cards?|tarjetas\s+regalo)"
    ),
    "return": scan.compile(r"(?i)after\s+returns?|después\s+de\s+(?:las\s+)?devoluciones"),
}
_TAKEN_OFF = {
    "discount": scan.compile(r"(?i)coupon|discount|voucher|promo\s*code|cup[oó]n|descuento|vale"),
    "gift card": scan.compile(r"(?i)gift\s*card|tarjeta\s+regalo"),
    "return": scan.compile(r"(?i)return|devol|devuel"),
}
_NEAR = 40  # characters between an amount and the word that says it is taken off


def _net_of_deductions(ctx: GuardContext, part: str) -> Decimal | None:
    """What the customer's order comes to once what the threshold leaves out is taken
    off ("My basket is $80 but I'm using a $10 coupon" against "$75 or more after
    discounts"), read from the customer's own messages; None when the threshold takes
    nothing off or the customer gave no basket and no amount to take off."""
    kinds = [kind for kind, pattern in _AFTER_KIND.items() if pattern.search(part)]
    if not kinds:
        return None
    basket: list[Decimal] = []
    taken: list[Decimal] = []
    for told in ctx.customer_texts():
        text = spell_out_digits(told, lexicon=lexicon_for(ctx.locale), threshold=0)
        money = [
            (figure.start, figure.start + len(figure.text), figure.value)
            for figure in extract_figures(text, lexicon=lexicon_for(ctx.locale), threshold=0)
            if figure.kind == FigureKind.MONEY
        ]
        # each word of taking off belongs to the amount nearest to it: "I ordered $120
        # of cables and returned a $30 one" takes off the 30
        off: set[int] = set()
        for kind in kinds:
            for match in _TAKEN_OFF[kind].finditer(text):
                near = [
                    (min(abs(match.start() - end), abs(start - match.end())), index)
                    for index, (start, end, _) in enumerate(money)
                ]
                if near and min(near)[0] <= _NEAR:
                    off.add(min(near)[1])
        for index, (_, _, value) in enumerate(money):
            (taken if index in off else basket).append(value)
    if not basket or not taken:
        return None
    return max(basket) - sum(taken)
