"""The figures of a promotion sentence: the percentages it gives, whether they are the
ones its source gives, and whether a discount word refers back to a promotion stated
before ("con el descuento")."""

from __future__ import annotations

from guards.lexicon import LEXICONS, lexicon_for
from guards.numbers import FigureKind, extract_figures
from guards.text import words

BACK_ARTICLES = frozenset("el la del al the this that ese esa este esta dicho dicha".split())


def percents_of(sentence: str, language: str) -> set:
    lexicon = LEXICONS["en" if language == "en" else "es"]
    figures = extract_figures(sentence, lexicon=lexicon)
    return {f.value for f in figures if f.kind == FigureKind.PERCENT}


def refers_back(sentence: str, start: int, language: str, stated: set | None = None) -> bool:
    """The discount word takes a definite article and the sentence gives no size of its
    own, or the size of a promotion an earlier sentence stated: it is that promotion
    ("con el descuento", "o transferencia con el 15 % off")."""
    before = words(sentence[:start])[-2:]
    sized = bool(percents_of(sentence, language) - (stated or set()))
    # "con el descuento", "antes del descuento", "the missing discount": in English one
    # word of its own may stand between the article and the discount
    article = bool(before) and (
        before[-1] in BACK_ARTICLES
        or (
            language == "en"  # a Spanish adjective follows its noun: "el descuento faltante"
            and len(before) == 2
            and before[0] in BACK_ARTICLES
            and before[1].isalpha()
        )
    )
    return article and not sized


def same_figures(sentence: str, source: str, locale: str) -> bool:
    """Every percentage of the sentence (the size of an offer) is one the source gives;
    prices beside it are the number gate's to check. A size the source gives only as a
    ceiling ("hasta el 40 % en textil seleccionado") backs the ceiling, not that size
    given flat to one item ("la camiseta tiene el 40 % de descuento")."""
    lexicon = lexicon_for(locale)
    said = [
        f
        for f in extract_figures(sentence, lexicon=lexicon, threshold=0)
        if f.kind == FigureKind.PERCENT
    ]
    if not said:
        return True
    figures = extract_figures(source, lexicon=lexicon, threshold=0)
    given = {f.value for f in figures}
    flat = {f.value for f in figures if not _ceiling(source, f.start)}
    return all(f.value in given and (f.value in flat or _ceiling(sentence, f.start)) for f in said)


def _ceiling(text: str, start: int) -> bool:
    """The figure at ``start`` is a ceiling: "hasta el 40 %", "de hasta un 30 %", "up to
    40%" (the most any item gets)."""
    before = [w for w in words(text[:start])[-3:] if w not in ("el", "un", "a")]
    return bool(before) and (before[-1] == "hasta" or before[-2:] == ["up", "to"])
