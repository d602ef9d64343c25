"""Which language a source is written in, and what a source in another language can
back.

A shop's help centre is often in one language while a customer writes in another: an
English reply over Spanish documents ("Returns in store are free [devoluciones#1]"
over "La devolución en tienda es gratuita"). Word overlap, which tells a restatement
from a new promise within one language, says nothing across two; what still holds is
that the reply cites the source and every figure it gives is the source's.
"""

from __future__ import annotations

import re

from guards.lexicon import lexicon_for
from guards.memo import memoised
from guards.numbers import FigureKind, extract_figures
from guards.phrasebook import PHRASEBOOKS
from guards.text import find_phrase, words

_NAME = re.compile(r"[^\W_]+")
# A text in which the other language's function words clearly outnumber this one's.
_MARGIN = 2


@memoised()
def written_in(text: str) -> str | None:
    """ "es" or "en" by function words, or None when the text is too short to tell."""
    tokens = words(text.lower())
    counts = {
        language: sum(1 for t in tokens if t in book.stopwords)
        for language, book in PHRASEBOOKS.items()
    }
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    (first, top), (_, second) = ranked[0], ranked[1]
    return first if top >= second + _MARGIN else None


def other_language(text: str, language: str) -> bool:
    found = written_in(text)
    return found is not None and found != language


def figures_all_given(sentence: str, source: str, locale: str) -> bool:
    """Every money, percent and quantity figure of the sentence is a value of the
    source (read with the sentence's locale: "3,95 €" and "3,95 €" alike)."""
    lexicon = lexicon_for(locale)
    wanted = {
        f.value
        for f in extract_figures(sentence, lexicon=lexicon, threshold=0)
        if f.kind in (FigureKind.MONEY, FigureKind.PERCENT, FigureKind.QUANTITY)
    }
    if not wanted:
        return True
    given = {
        r.value for f in extract_figures(source, lexicon=lexicon, threshold=0) for r in f.readings
    }
    return wanted <= given


def states_an_offer(source: str) -> bool:
    """The source, in its own language, speaks of a discount or something free."""
    book = PHRASEBOOKS[written_in(source) or "es"]
    return find_phrase((*book.discount, r"free", r"gratis"), source) is not None


def names_in(text: str) -> set[str]:
    """Capitalised words past a sentence's first word: places, brands, plans ("Villa
    Martelli", "Huellitas"), which read the same in both languages."""
    out: set[str] = set()
    for sentence in text.replace("\n", ". ").split(". "):
        found = _NAME.findall(sentence)[1:]
        out.update(w.lower() for w in found if w[:1].isupper() and len(w) > 2)
    return out


def backed_across_languages(
    sentence: str, source: str, *, language: str, locale: str, cited: bool
) -> bool:
    """A source in another language that states an offer backs the sentence when every
    figure of the sentence is the source's, and the sentence cites it, or gives a
    figure, or names what the source names."""
    if not other_language(source, language) or not states_an_offer(source):
        return False
    if not figures_all_given(sentence, source, locale):
        return False
    if cited:
        return True
    lexicon = lexicon_for(locale)
    if extract_figures(sentence, lexicon=lexicon, threshold=0):
        return True
    return bool(names_in(sentence) & set(words(source)))
