"""Whether a sentence that grants a promotion grants it to something its source leaves
out, read without any additive focus word ("también", "as well").

The customer asks whether a promotion reaches a thing ("Does the 20% include the
Japanese maple tree?") and the draft answers yes. Two structural readings, both over
the promotion's own source:

- **excluded**: the source excludes the thing after a negation or an exception
  ("Excludes trees and shrubs", "does not apply to e-books"), or leaves out "other
  brands" than the ones it names, and the granting sentence names the thing or answers
  the customer's question about it with a yes. Hyphenated compounds are one word here
  ("e-book" is not "book", which the same source may include);
- **too few items**: the source's deal starts at a count the customer does not reach
  (``guards.promo_counts``).

A sentence that restricts ("only", "solo"), excludes or negates anything is the honest
answer and is left alone.
"""

from __future__ import annotations

import re

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.memo import memoised
from guards.price_talk import before_discount
from guards.product_refs import loosely_referred
from guards.products import returned_products
from guards.promo_counts import count_below_threshold
from guards.promo_dates import date_outside_source
from guards.promo_holders import customer_lacks_the_status
from guards.promo_mix import mixed_where_source_keeps_the_same
from guards.promo_names import GRANTS, granted_to_another_name, hedged
from guards.promo_scope import content_word, other_brands, promotions_spoken_of
from guards.promo_sizes import size_outside_source
from guards.text import find_phrase, phrase_regex, sentences, without_citations

# Compounds stay whole: "e-books", "pre-owned". Cut with the standard library, as
# text.words is (RE2's Python wrapper pays per match); the pattern cannot backtrack
# badly: every repeat starts at a hyphen or an apostrophe.
_TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_YES = frozenset("yes yep sure sí claro dale correct exacto exactly".split())
# "Yes, the maple is included", "It is!", "¡Claro!": an answer whose first words say yes.
_YES_OPENERS = ("it is", "it does", "they are", "they do", "of course", "por supuesto", "así es")
_NEGATORS = frozenset("no ni nunca not never cannot excepto salvo except excluding".split())
_EXCLUDERS = frozenset("excludes exclude excluye excluyen".split())
_EXCEPT = frozenset("excepto salvo except".split())
_INCLUDES = frozenset("incluye incluyen includes include".split())
# Words any promotion's text has: naming them names no thing.
_PROMO = frozenset(
    "offer offers oferta ofertas promo promos promoción promocion promociones promotion "
    "discount discounts descuento descuentos code código codigo cupón cupon coupon".split()
)


def promotion_out_of_reach(ctx: GuardContext, sentence: str, cited: frozenset[str]) -> str | None:
    """A note when the sentence grants a promotion of this turn's sources where its
    source does not reach: to a thing it excludes, or to fewer items than it starts at."""
    spoken = promotions_spoken_of(ctx, sentence, cited)
    if not spoken:
        return None
    yes = answers_yes(ctx.draft, sentence)
    if (excluded := granted_to_excluded(ctx, sentence, spoken, answers_yes=yes)) is not None:
        return excluded
    if (few := count_below_threshold(ctx, sentence, spoken)) is not None:
        return few
    grants = yes or find_phrase(GRANTS[ctx.language], sentence) is not None
    if grants and not hedged(_tokens(sentence)):
        found = (
            customer_lacks_the_status(ctx, sentence, spoken, grants=grants)
            or date_outside_source(ctx, sentence, spoken)
            or mixed_where_source_keeps_the_same(sentence, spoken)
            or size_outside_source(ctx, sentence, spoken, answers_yes=yes)
        )
        if found is not None:
            return found
    if (other := granted_to_another_name(ctx, sentence, spoken, answers_yes=yes)) is not None:
        return other
    return widened_to_everything(ctx, sentence, spoken, answers_yes=yes)


# "en todo el pedido", "en toda la tienda", "on your whole order", "site-wide": a grant
# to everything, which a source naming its own scope does not give.
_EVERYTHING = scan.compile(
    r"(?i)(?:^|[^\pL])(?:(?:en|a|para)\s+tod[oa]\s+(?:el|la|tu|su)\s+(?:pedido|compra|tienda|"
    r"carrito|cesta|web)|(?:on|off|across)\s+(?:your|the)\s+(?:whole|entire)\s+(?:order|basket|"
    r"purchase)|(?:site|store)-?wide|on\s+everything)(?:$|[^\pL])"
)
_ANY_SCOPE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:tod[oa]s?|cualquier|all|every|any|entire|whole|everything|"
    r"site-?wide)(?:$|[^\pL])"
)


def widened_to_everything(
    ctx: GuardContext, sentence: str, promotions: list[str], *, answers_yes: bool
) -> str | None:
    """A note when the sentence grants one of ``promotions`` to everything ("tienes un
    20 % de descuento en todo el pedido") while its source names a scope of its own
    ("20 % de descuento en semillas y plantel de hortalizas")."""
    if not promotions or not _EVERYTHING.search(sentence):
        return None
    if not answers_yes and not find_phrase(GRANTS[ctx.language], sentence):
        return None
    if any(_ANY_SCOPE.search(source) for source in promotions):
        return None
    return "its source names a scope of its own, not everything"


def granted_to_excluded(
    ctx: GuardContext, sentence: str, promotions: list[str], *, answers_yes: bool
) -> str | None:
    """A note when ``sentence`` (which speaks of one of ``promotions``, the sources'
    texts) grants it to a thing the source excludes and the customer asked about:
    named again in the sentence, or answered with a yes."""
    tokens = _tokens(sentence)
    if not promotions or hedged(tokens):
        return None
    if not answers_yes and not find_phrase(GRANTS[ctx.language], sentence):
        return None  # "En cuanto a leches infantiles, te recomiendo…" grants nothing
    grant = phrase_regex(GRANTS[ctx.language]).search(sentence)
    if grant is not None and before_discount(sentence, grant.start(1)):
        return None  # "so £115.00 before the event discount on the earrings": a price
    # The thing is one the customer asked about, named again or answered with a yes.
    asked = {_stem(t) for t in _tokens(ctx.question) if _thing(t)}
    about = asked if answers_yes else asked & {_stem(t) for t in tokens if _thing(t)}
    # answered with a yes, the returned product the sentence and the question name, by
    # its own name: "El adversario – … (Anagrama, Compactos)" under "No incluye la
    # colección Compactos"
    if answers_yes:
        said = f"{sentence} {ctx.question}"
        for product in loosely_referred(said, returned_products(ctx)):
            about |= {_stem(t) for t in _tokens(product.name) if _thing(t)}
    for source in promotions:
        excluded = (_excluded(source) - _included(source)) | _brands_left_out(ctx, source)
        if hit := sorted(about & excluded):
            return f"its source excludes {hit[0]!r}"
    return None


_NOT = ("n't", "n’t")
# What a subject is not, after a negation, with no object of its own: part of the
# offer, included, eligible ("no aplica a X", "does not include X" name theirs after).
_LEFT_OUT = ("part", "included", "incluid", "eligib", "parte", "particip", "entra")
# "no se acumula con cuotas sin interés" excludes a pairing, not a thing: the stacking
# reading (promo_conditions.stacked_against_source) is the one for it.
_STACKING = ("acumul", "combin", "stack", "junt")


def answers_yes(draft: str, sentence: str) -> bool:
    """The sentence is the draft's yes: it opens with one, or follows a first sentence
    that is no more than one ("It is!", "¡Sí!")."""
    parts = [_tokens(part) for part in sentences(without_citations(draft))]
    own = _tokens(sentence)
    if not parts or not own:
        return False
    if _opens_with_yes(own):
        return own == parts[0] or (len(parts) > 1 and own == parts[1] and len(parts[0]) <= 3)
    return len(parts) > 1 and own == parts[1] and len(parts[0]) <= 3 and _opens_with_yes(parts[0])


def _opens_with_yes(tokens: tuple[str, ...]) -> bool:
    return bool(tokens) and (tokens[0] in _YES or " ".join(tokens[:2]) in _YES_OPENERS)


_IF = frozenset(("si", "if", "unless"))


@memoised()  # a worker reads the same promotion turn after turn
def _excluded(source: str) -> frozenset[str]:
    """Stems of what the source's sentences exclude: the words after a negation, an
    exception or "excludes", to the end of that sentence."""
    out: set[str] = set()
    for sentence in sentences(source):
        tokens = _tokens(sentence)
        for index, token in enumerate(tokens):
            if token in _NEGATORS or token in _EXCLUDERS or token.endswith(_NOT):
                if index and tokens[index - 1] in _IF:
                    continue  # "si no te adaptas a los cristales, se cambian": a condition
                rest = tokens[index + 1 :]
                if token in _EXCEPT and _INCLUDES & set(rest):
                    break  # "35 € por mueble, salvo en la gama Nórdica, que incluye montaje
                    # gratuito": the exception is to a charge, and it gives
                if not any(fold(t).startswith(_STACKING) for t in rest[:4]):
                    out |= {_stem(t) for t in rest if _thing(t)}
                if rest[:2] and any(fold(t).startswith(_LEFT_OUT) for t in rest[:2]):
                    # "Huggies, Pampers Pure and wipes are not part of the offer": the
                    # subject before the negated "be part of" is what is left out
                    out |= {_stem(t) for t in tokens[:index] if _thing(t)}
                break
    return frozenset(out)


@memoised()
def _included(source: str) -> frozenset[str]:
    """Stems the source also names outside its exclusions ("full-price books … not
    e-books"): a word on both sides excludes nothing by itself."""
    out: set[str] = set()
    for sentence in sentences(source):
        tokens = _tokens(sentence)
        cut = next(
            (
                i
                for i, t in enumerate(tokens)
                if t in _NEGATORS or t in _EXCLUDERS or t.endswith(_NOT)
            ),
            len(tokens),
        )
        if any(fold(t).startswith(_LEFT_OUT) for t in tokens[cut + 1 : cut + 3]):
            continue  # "Huggies … are not part of the offer": the subject is left out
        out |= {_stem(t) for t in tokens[:cut] if _thing(t)}
    return frozenset(out)


def _brands_left_out(ctx: GuardContext, source: str) -> set[str]:
    """The brands the customer named that a source leaving out other brands does not
    name, stemmed as the rest of this reading is."""
    return {_stem(brand) for brand in other_brands(ctx.question, source)}


def _thing(token: str) -> bool:
    return token not in _PROMO and content_word(token.replace("-", ""))


@memoised()  # the draft's sentences, the question and the sources, asked again
def _tokens(text: str) -> tuple[str, ...]:
    return tuple(t.lower() for t in _TOKEN.findall(without_citations(text)))


def _stem(token: str) -> str:
    """Folded, a plural "-s" dropped, cut to five letters: "trees" and "tree" meet,
    "herramientas" and "herramienta" too."""
    folded = fold(token).replace("-", "")
    if len(folded) > 3 and folded.endswith("s"):
        folded = folded[:-1]
    return folded[:5]
