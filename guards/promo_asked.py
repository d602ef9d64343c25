"""Whether a promotion granted to what the customer asked about reaches it, read from
the words of the question the grant repeats.

A customer asks whether a promotion covers their thing ("¿TROMPO15 vale para puzles?",
"does the third pair free work with glove liners too?", "¿me llegan igualmente las
muestras si solo pido maquillaje?") and a model eager to please says yes, repeating the
thing: "los puzles también entran en TROMPO15", "grab two pairs of glove liners and the
third pair's free". The reading is structural: a grant (a yes, an additive focus word
in the answer or the question, or a word of the promotion) that repeats a common noun
of the question which the promotion's source does not have, where the source limits
its promotion to what it names (no "all", "any", "todo"). Capitalised names are the
reading of names' (``guards.promo_names``); a negation, an exception or "only" in the
sentence is the honest answer and leaves it unsaid ("no solo" and "not only" add).
"""

from __future__ import annotations

from guards import scan
from guards.context import GuardContext
from guards.products import Product, returned_products
from guards.promo_names import GRANTS, SHIPPING_WORDS, hedged
from guards.promo_reach import answers_yes
from guards.promo_scope import _stem as stem
from guards.promo_scope import content_word, promotions_spoken_of
from guards.text import find_phrase, sentences, without_citations
from guards.text import words as word_list

_ADDITIVE = frozenset("también tambien igualmente too also well".split())
# "no solo a la perfumería", "not only the fleece": adding, not restricting
_NOT_ONLY = (("no", "solo"), ("no", "sólo"), ("not", "only"), ("no", "solamente"))
_BEFORE_NOUN = frozenset(
    "el la los las un una unos unas del al de para con en mi mis tu tus "
    "the a an for with on of my your some".split()
)
# A source whose promotion reaches everything of its kind limits nothing by its nouns.
_UNIVERSAL = frozenset(
    "todo toda todos todas cualquier any all every everything entire whole".split()
)


def granted_to_what_was_asked(
    ctx: GuardContext, sentence: str, cited: frozenset[str]
) -> str | None:
    """A note when ``sentence`` grants a promotion to a thing of the question that the
    promotion's source does not name (see the module's description)."""
    question = ctx.question
    if not question:
        return None
    lower = sentence.lower()
    if not any(word in lower for word in _ADDITIVE) and not _first_also(ctx):
        return None  # no additive word anywhere: most sentences, read no further
    said = word_list(without_citations(sentence))
    # the answer itself adds ("también", "too"), or opens with a bare "¡También!"
    if not (_ADDITIVE & set(said) or _first_also(ctx)):
        return None
    if hedged(_adding(said)):
        return None
    if not find_phrase(GRANTS[ctx.language], sentence) and not answers_yes(ctx.draft, sentence):
        return None  # "las cuotas también se ven en la ficha": nothing granted
    sources = promotions_spoken_of(ctx, sentence, cited)
    if not sources:
        return None
    capitalised = {w.lower() for w in _written_capitalised(question)}
    records = {stem(w) for p in returned_products(ctx) for w in word_list(_record(p))}
    told = word_list(question)
    asked = {
        stem(t): t
        for before, t in zip(["", *told], told, strict=False)
        # a noun: after an article or a preposition ("para puzles", "a tent"), not
        # "use it online"
        if before in _BEFORE_NOUN
        and content_word(t)
        and t not in capitalised
        and stem(t) not in records
    }
    repeated = {stem(t) for t in said if content_word(t)} & set(asked)
    for source in sources:
        tokens = word_list(source)
        if _UNIVERSAL & set(tokens) or any(t.startswith(SHIPPING_WORDS) for t in tokens):
            continue  # everything of its kind, or an order's shipping: no noun limits it
        known = {stem(t) for t in tokens}
        strangers = sorted(repeated - known)
        if strangers:
            thing = asked[strangers[0]]
            return f"it grants the promotion to {thing!r}, which its source does not name"
    return None


def _record(product: Product) -> str:
    return " ".join((product.name, *product.kinds, *product.tags))


def _adding(tokens: list[str]) -> list[str]:
    """The tokens with "no solo" / "not only" taken out: they add, not restrict."""
    out: list[str] = []
    skip = False
    for first, second in zip(tokens, [*tokens[1:], ""], strict=False):
        if skip:
            skip = False
            continue
        if (first, second) in _NOT_ONLY:
            skip = True
            continue
        out.append(first)
    return out


def _first_also(ctx: GuardContext) -> bool:
    """The draft opens with a bare "¡También!" / "Too!": the next sentence adds."""
    head = ctx.draft[:24].lower()
    if not any(word in head for word in _ADDITIVE):
        return False  # most drafts: no additive word in their first words at all
    parts = sentences(ctx.draft)
    first = word_list(parts[0]) if parts else []
    return 0 < len(first) <= 2 and bool(_ADDITIVE & set(first))


def _written_capitalised(text: str) -> list[str]:
    """Words written with a capital that do not open a sentence."""
    out: list[str] = []
    for part in sentences(text):
        out.extend(w for w in part.split()[1:] if w[:1].isupper())
    return [w.strip("¿?¡!.,;:()") for w in out]


# A promotion its source gives once: "Un solo uso por cliente", "one use per customer".
_ONCE = scan.compile(
    r"(?i)(?:un\s+solo\s+uso|una\s+sola\s+vez|un\s+uso\s+por|one\s+use|single[\s-]use|"
    r"once\s+per|one\s+time\s+(?:only|per))"
)
# Using it a second time: "volver a usar", "otra vez", "de nuevo", "again".
_AGAIN = scan.compile(
    r"(?i)(?:^|[^\pL])(?:volver\s+a\s+usar|vuelvas\s+a\s+usar|otra\s+vez|de\s+nuevo|"
    r"again|second\s+time|segunda\s+vez|re-?use)(?:$|[^\pL])"
)


def used_again(ctx: GuardContext, sentence: str, cited: frozenset[str]) -> str | None:
    """A note when ``sentence`` lets the customer use again a promotion its source
    gives once ("puedes volver a usar TROMPO15 … y tendrás otra vez tu 15 %")."""
    if _AGAIN.search(sentence) is None:
        return None
    said = word_list(without_citations(sentence))
    if hedged(said):
        return None
    sources = promotions_spoken_of(ctx, sentence, cited)
    if any(_ONCE.search(source) for source in sources):
        return "its source gives it once per customer, and the sentence gives it again"
    return None
