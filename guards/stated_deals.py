"""A promotion a cited sentence stated, said again of this customer's case.

"… tienen envío gratuito en península [envios#1]. Como su compra es de 182 €, no se le
cobrará envío": the second sentence gives nothing the first did not; it applies the
cited promotion to this basket. Two forms are read: the deal word taken back with a
definite article ("el descuento se te aplica al elegir transferencia"), and a charge
denied impersonally for the very thing a cited promotion gives free ("no se le cobrará
envío", "no se le cobrará nada por ella" after the gift the campaign gives), as long as
the turn's amounts reach the promotion's threshold and no group or case is added.
"""

from __future__ import annotations

from guards.lexicon import LEXICONS
from guards.numbers import FigureKind, extract_figures
from guards.phrasebook import PHRASEBOOKS, Phrasebook
from guards.product_asked import first_stretch
from guards.promo_figures import refers_back
from guards.promo_scope import extends
from guards.text import content_words, find_phrase, phrase_regex, sentences, words
from guards.thresholds import PROMO_WORDS
from guards.verbs import ENGLISH, SPANISH

# The verbs whose negation gives something free ("no te cobramos el envío").
_CHARGES = frozenset(v.lemma for v in (*SPANISH, *ENGLISH) if v.when_negated)
# What a page says to give something free: closed class.
_FREE_WORDS = (
    r"gratis",
    r"gratuit[oa]s?",
    r"free",
    r"de\s+regalo",
    r"sin\s+(?:coste|costo|cargo)(?:\s+adicional)?",
    r"at\s+no\s+(?:extra\s+)?(?:cost|charge)",
    r"no\s+charge",
)


def the_stated_deal(sentence: str, language: str, sizes: set) -> bool:
    """The sentence applies the promotion a cited sentence before it stated: its deal
    word with a definite article and no size of its own ("el descuento se te aplica al
    elegir transferencia"), carried to no group or case the source does not name."""
    match = phrase_regex(PHRASEBOOKS[language].discount).search(sentence)
    return (
        match is not None
        and refers_back(sentence, match.start(1), language, sizes)
        and not extends(sentence, language)
    )


def charge_waived_as_stated(
    sentence: str, lemma: str, verb: str, *, language: str, cited_promos: list[str]
) -> bool:
    """The sentence denies a charge ("no se le cobrará envío") for what a promotion
    cited before it gives free: the denied thing is a word of that page's free line, or
    nothing of its own ("nada por ella"), and no group or case is added. The denied
    thing is read after the verb, up to the next punctuation. The threshold
    is the caller's to check against the turn's amounts."""
    if lemma not in _CHARGES or extends(sentence, language):
        return False
    book = PHRASEBOOKS[language]
    at = sentence.lower().find(verb.lower())
    denied = first_stretch(sentence[at + len(verb) :]) if at >= 0 else sentence
    said = {w for w in content_words(denied, book.stopwords) - PROMO_WORDS if w.isalpha()}
    for text in cited_promos:
        for line in sentences(text):
            if find_phrase(_FREE_WORDS, line) is None:
                continue
            if not said or said & content_words(line, book.stopwords):
                return True
    return False


def mentions_the_promotion(sentence: str, phrase: str, book: Phrasebook, language: str) -> bool:
    """ "The discount is applied at checkout": the promotion a source gives, named with a
    definite article and no figure of its own."""
    before = words(sentence.lower().split(phrase.lower(), 1)[0])
    if before[-1:] not in (["del"], ["al"]):  # "antes del descuento": de + el
        before = before[:-2] if before[-1:] == ["de"] else before  # "la etiqueta de"
    before = before[-1:]
    definite = {"the", "this", "that", "el", "la", "este", "esta", "ese", "esa", "dicho"}
    definite |= {"del", "al"}
    # A size of its own ("the discount is 30 %") is a new offer; a price beside it ("at
    # $ 129,900 before the discount") is the number gate's to check.
    lexicon = LEXICONS["en" if language == "en" else "es"]
    sized = any(f.kind == FigureKind.PERCENT for f in extract_figures(sentence, lexicon=lexicon))
    return bool(before) and before[0] in definite and not sized
