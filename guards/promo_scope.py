"""Whether a promotion a sentence extends reaches the customer's case, read from the
promotion's own conditions.

A draft that says a promotion "also" applies ("también valen para tu segunda compra",
"we'll sell you the Ridgeline for $149 as well", "igual que con el código…") extends
it beyond what its source states. The reading is structural: an additive focus word
in the sentence (closed class), then the source's own conditions: a promotion for the
first purchase does not reach the second or the next one, and what the source's
sentence excludes after a negation or an exception ("does not apply to … clearance
items", "No incluye accesorios") does not come back when the customer names it. A
thing the source does not name that the sentence says the promotion "also" reaches
fails (a chair is not the source's textiles; a paperback that a source says "books"
of is the price of this reading).
"""

from __future__ import annotations

import re

from guards import scan
from guards.commitments import CUSTOMER, Commitment, read_commitments
from guards.conjugation import fold
from guards.context import GuardContext
from guards.memo import memoised
from guards.phrasebook import PHRASEBOOKS
from guards.text import find_phrase, sentences, without_citations, words
from guards.trust import tainted_chunk

# Additive focus words: the sentence extends something to something else.
_ALSO = {
    "es": ("también", "tambien", "igual que", "lo mismo que", "como el de", "como la de"),
    "en": ("too", "as well", "also", "same as", "just like"),
}
# Comparisons: the second term is a promotion the source gives.
_LIKE = {
    "es": ("igual que", "al igual que", "como el de", "como la de", "como los de", "como las de"),
    "en": ("same as", "just like", "like the", "as with"),
}
_NEGATION = frozenset("no ni nunca not never cannot".split())
_EXCEPT = frozenset("excepto salvo except excluding excluye excludes".split())
# The first purchase is not another one.
_FIRST = frozenset("primera primer first".split())
_OTHER = frozenset(
    "segunda segundo próxima proxima otra otro siguiente second next another".split()
)
_PURCHASE = ("compra", "pedido", "orden", "order", "purchase")
# Words about any case that say nothing about the promotion's scope.
_GENERIC = (
    "pedido orden compra order purchase basket cesta carrito checkout caja pagar pago "
    "producto productos product products artículo articulo item items"
).split()
_STOP = frozenset(
    "el la los las un una unos unas de del al y o a en con por para que es son está "
    "están se su sus tu tus te le lo mi me nos sí no ya hay tiene tienen como pero este "
    "esta eso ese esa sobre desde hasta cuando también aplica aplican vale valen válido "
    "válida sirve claro tenés tienes puede podés puedes "
    "the a an of to in on at for and or is are be it its this that with your you we our "
    "i my me by from as if so do does not no yes can will too also well get gets applies "
    "apply valid works welcome".split()
)


def promotion_beyond_scope(ctx: GuardContext, sentence: str, cited: frozenset[str]) -> str | None:
    """A note when ``sentence`` extends a promotion of this turn's sources to what the
    promotion's own conditions leave out: another purchase than the first, or a thing
    the customer named that the promotion excludes."""
    language = "en" if ctx.language == "en" else "es"
    lower = f" {sentence.lower()} "
    if not any(f" {marker} " in lower or f" {marker}," in lower for marker in _ALSO[language]):
        return None
    tokens = words(sentence)
    if (_NEGATION | _EXCEPT) & set(tokens) or any(t.endswith("n't") for t in tokens):
        return None  # "no aplica a…", "it doesn't cover…": the honest answer
    named = {_stem(t) for t in [*words(ctx.question), *tokens] if content_word(t)}
    for source in promotions_spoken_of(ctx, sentence, cited):
        source_tokens = words(source)
        if _FIRST & set(source_tokens) and (other := _another_purchase(tokens)):
            return f"the promotion is for the first purchase, not the {other!r} one"
        if excluded := named & (_excluded(source) | other_brands(ctx.question, source)):
            return f"the promotion excludes what the customer named ({sorted(excluded)[0]}…)"
        if _likened(sentence, source, language):
            return "it gives a discount likened to the source's promotion, not that one"
    sources = promotions_spoken_of(ctx, sentence, cited)
    if sources and (target := _extended_to(sentence, language)) is not None:
        known = {_stem(t) for source in sources for t in words(source)}
        if _stem(target) not in known:
            return f"it extends the promotion to {target!r}, which its source does not name"
    return None


# What a promotion is said to reach: the first word of four letters or more after a
# preposition ("se aplica también al rascador", "applies to the Fiskars pruner too",
# "sin cargo también a Córdoba", "también te vale en los de Educa"), the one nearest
# the additive focus word. It must be a
# word of the promotion's own source. A common noun may be a kind of what the source
# names ("paperbacks" are books); measured on the blind development halves, the writers
# of a shop's replies say "también" of such a kind far less often than the model
# stretches a promotion to what its source leaves out, so every noun counts.
_REACH = {
    "es": scan.compile(
        r"(?:^|\s)(?:al|a|en|para)\s+(?:(?:el|la|los|las|tu|tus|su|sus)\s+)?(?:de\s+)?"
        r"(\pL\pL\pL\pL+)"
    ),
    "en": scan.compile(
        r"(?:^|\s)(?:to|on|for)\s+(?:(?:the|your|a|an|all)\s+)?"
        r"(\pL\pL\pL\pL+)"
    ),
}


def _extended_to(sentence: str, language: str) -> str | None:
    text = without_citations(sentence)
    lower = text.lower()
    focus = [lower.find(m) for m in _ALSO[language] if lower.find(m) >= 0]
    if not focus:
        return None
    at = min(focus)
    found = [
        (abs(m.start(1) - at), m.group(1))
        for m in _REACH[language].finditer(text)
        if content_word(m.group(1).lower())
    ]
    return min(found)[1] if found else None


def _likened(sentence: str, source: str, language: str) -> bool:
    """ "te hacemos un 10 % extra…, como el de pago por transferencia": a comparison
    whose second term is the source's promotion makes the first term another one. It
    is backed only when the first term is in the source's words as well."""
    lower = without_citations(sentence.lower())  # the citations name no term
    for marker in _LIKE[language]:
        at = lower.find(f" {marker} ")
        if at < 0:
            continue
        first, second = words(lower[:at]), words(lower[at + len(marker) + 2 :])
        stop = PHRASEBOOKS[language].stopwords
        own = {_stem(t)[:4] for t in words(source)}
        compared = [t for t in second if t not in stop and len(t) > 3]
        claim = [t for t in first if t not in stop and len(t) > 3 and not t.isdigit()]
        if not compared or not claim:
            continue
        names_source = sum(_stem(t)[:4] in own for t in compared) / len(compared) >= 0.5
        backed = sum(_stem(t)[:4] in own for t in claim) / len(claim) >= 0.5
        if names_source and not backed:
            return True
    return False


def _another_purchase(tokens: list[str]) -> str:
    """An ordinal or "next" / "otra" right before a purchase noun: "tu segunda compra",
    "your next order"."""
    for index, token in enumerate(tokens):
        if token in _OTHER and any(t.startswith(_PURCHASE) for t in tokens[index + 1 : index + 3]):
            return token
    return ""


def _excluded(source: str) -> set[str]:
    """Stems of what a source's own sentences exclude: the words after a negation or
    an exception to the end of that sentence ("No incluye accesorios ni piedras",
    "does not apply to marketplace sellers, clearance items or member-only prices")."""
    out: set[str] = set()
    for sentence in sentences(source):
        tokens = words(sentence)
        for index, token in enumerate(tokens):
            if token in _NEGATION or token in _EXCEPT or token.endswith("n't"):
                out |= {_stem(t) for t in tokens[index + 1 :] if content_word(t)}
                break
    return out


# the standard library's findall, all in C (RE2's wrapper pays per match); each repeat
# starts at a separator, so nothing backtracks
_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)*")


@memoised()  # every sentence of a draft asks the same chunks
def _numbers(text: str) -> frozenset[str]:
    return frozenset(_NUMBER.findall(text))


def promotions_spoken_of(ctx: GuardContext, sentence: str, cited: frozenset[str]) -> list[str]:
    """The promotions the sentence speaks of (the shop's own chunks that give a
    discount): the ones it cites, or else one whose figure the sentence repeats. Read
    once per sentence of the turn: six readings of the discount guard ask it."""
    held = ctx.__dict__.setdefault("_promotions_spoken_of", {})
    key = (sentence, cited)
    if key not in held:
        held[key] = _promotions_spoken_of(ctx, sentence, cited)
    return list(held[key])


def _promotions_spoken_of(ctx: GuardContext, sentence: str, cited: frozenset[str]) -> list[str]:
    promo_words = (*PHRASEBOOKS[ctx.language].discount, r"free", r"gratis", r"off")
    # a multi-buy: "3x2", "mix any 3 … for $10", "bundle deal"
    promo_words += (r"\d+\s*%", r"\dx\d", r"\d\s+(?:for|por)\s+[$€£]?\s?\d", r"bundle")
    chunks = [c for c in ctx.retrieved if not tainted_chunk(c) and find_phrase(promo_words, c.text)]
    named = [c.text for c in chunks if c.source in cited]
    if named:
        return named
    # whole numbers as written: "19,90 €" does not repeat the "4,90 €" of a chunk
    figures = _numbers(without_citations(sentence))
    repeated = [c.text for c in chunks if figures and figures & _numbers(c.text)]
    # "…[promos#1], pero también te vale en los de Educa": with one promotion in the
    # turn, a sentence that neither cites, repeats nor states one speaks of that one
    alone = len(chunks) == 1 and not figures and not find_phrase(promo_words, sentence)
    return repeated or ([chunks[0].text] if alone else [])


# A source that leaves out "other brands" ("Other brands are not included", "No aplica a
# otras marcas") excludes every brand it does not name.
_OTHER_BRANDS = scan.compile(r"(?i)(?:other|otras?|otros?)\s+(?:brands?|marcas?)")
# A run of capitalised words ("Faro Kitchen sprays", "uno de Educa"): its first word
# names the brand; a word that opens a sentence is capitalised for the sentence.
_CAPITALISED_RUN = scan.compile(r"(?:[\pL\pN,;]\s+)(\p{Lu}[\pL'-]+)(?:\s+\p{Lu}[\pL'-]*)*")


def other_brands(question: str, source: str) -> set[str]:
    """Stems of the brands the customer names that a source leaving out "other brands"
    does not name: "a Brillo glass cleaner" under "mix any 3 Faro Kitchen products …
    Other brands are not included"."""
    if not _OTHER_BRANDS.search(source):
        return set()
    known = {_stem(t) for t in words(source)}
    runs = _CAPITALISED_RUN.findall(question)
    return {_stem(run) for run in runs if len(run) >= 3 and _stem(run) not in known}


def content_word(token: str) -> bool:
    return (
        len(token) >= 4
        and not any(ch.isdigit() for ch in token)
        and token not in _STOP
        and not token.startswith(tuple(_GENERIC))
    )


def _stem(token: str) -> str:
    """Folded, a plural "-s" dropped, cut to five letters: "packs" is "pack"."""
    folded = fold(token.lower())
    return (folded[:-1] if len(folded) > 3 and folded.endswith("s") else folded)[:5]


def said_in_its_clause(
    sentence: str, start: int, sources: list[str], stopwords: frozenset[str]
) -> bool:
    """The free or discounted thing is said in the source's own terms in the clause
    around the phrase ("te explico cómo hacer la devolución en tienda, que es
    gratuita" where the policy says "La devolución en tienda es gratuita"): every
    content word of the few words before it and the phrase itself is the source's,
    and there are at least three."""
    before = words(sentence[:start])[-5:]
    after = words(sentence[start:])[:1]
    claim = [t for t in [*before, *after] if t not in stopwords and len(t) > 2]
    if len(claim) < 3 or any(ch.isdigit() for t in claim for ch in t):
        return False
    return any(set(claim) <= set(words(source)) for source in sources)


def customer_earns_it(claim: Commitment, sources: list[str], language: str) -> bool:
    """The source has the customer doing what the speaker claims to do for them
    ("sumás 1 punto por cada $ 1.000" against "te sumo los puntos que faltan"): the
    promotion is earned by the customer's own acts, not given by the shop."""
    if claim.actor == CUSTOMER:
        return False
    for source in sources:
        for sentence in sentences(source):
            same = [c for c in read_commitments(sentence, language) if c.lemma == claim.lemma]
            if same and all(c.actor == CUSTOMER for c in same):
                return True
    return False


# Words that join a rule to its application: "free over £40, so the kettle comes free".
_SO = (", so ", " so the ", " so your ", " so you ", " así que ", " por lo que ", " por eso ")
_SO += (" therefore ", " which means ", " entonces ")


def applied_clause(sentence: str, language: str) -> str:
    """The part of a sentence that applies a rule it states first ("…over £40, so the
    Breville kettle comes with free delivery"), when that part gives the discount
    itself; else the whole sentence ("free over £40, so add £5 more" is the rule)."""
    lower = f" {sentence.lower()} "
    cut = max((lower.rfind(joint) + len(joint) for joint in _SO if joint in lower), default=0)
    book = PHRASEBOOKS["en" if language == "en" else "es"]
    if cut and find_phrase((*book.discount, r"free", r"gratis"), lower[cut:]):
        return lower[cut:]
    return sentence


# Verbs that carry an offer past its terms for this customer: extending it, keeping it
# after its date ("te mantenemos el 10 % en el pedido que hagas esta semana"), honouring
# it where it would not hold ("te respetamos el descuento de julio"): one only honours
# what does not apply by itself.
WIDENING = frozenset({"extender", "extend", "mantener", "respetar", "honour", "honor"})


def extends(sentence: str, language: str) -> bool:
    """The sentence carries an additive focus word ("también", "as well"): it says
    something holds for more than its source names, so a mere restatement of the source
    cannot back it."""
    return find_phrase(_ALSO["es" if language == "es" else "en"], sentence) is not None


# More than the source's own amount: "a little extra on top of the usual bonus", "un
# 10 % más", "un descuento adicional" (closed class).
_ON_TOP = scan.compile(
    r"(?i)(?:^|[^\pL])(?:on\s+top\s+of|(?:a\s+little\s+)?extra|additional|adicional|"
    r"encima\s+del?|%\s+m[aá]s|por\s+encima)(?:$|[^\pL])"
)


def beyond_its_amount(sentence: str) -> bool:
    """The shop gives more than a promotion's own amount."""
    return _ON_TOP.search(sentence) is not None


# What a source says is charged whatever the order: "llevan siempre un recargo de 3 €",
# "always carries a £2 fee" (closed class of "always").
_ALWAYS = frozenset("siempre always todos every cualquier any".split())
_CHARGES = ("cobr", "charg", "recarg", "surcharg", "fee", "tasa", "cargo")


def waives_what_its_source_charges(lemma: str, sentence: str, sources: list[str]) -> bool:
    """ "no te cobramos el recargo del embalaje" where the source says the surcharge
    always applies: the negated charge's object is, in a source, charged always."""
    if fold(lemma) not in ("cobrar", "charge"):
        return False
    said = {_stem(t) for t in words(sentence) if content_word(t) and t.startswith(_CHARGES)}
    for source in sources:
        for part in sentences(source):
            tokens = words(part)
            if _ALWAYS & set(tokens) and said & {_stem(t) for t in tokens}:
                return True
    return False


# A thing given for nothing: a source that gives no free thing (a percentage, an amount
# off) does not back "te regalamos una funda".
_GIVEN_FREE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:regal\pL*|grat\pL*|free|sin\s+cargo|obsequi\pL*|complimentary)"
    r"(?:$|[^\pL])"
)


def same_kind(sentence: str, source: str) -> bool:
    """A free thing in the sentence is backed only by a source that gives one."""
    return not _GIVEN_FREE.search(sentence) or _GIVEN_FREE.search(source) is not None
