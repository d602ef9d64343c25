"""Whether a promotion's threshold ("free over £40", "gratis en compras superiores a
$ 150.000") applies to the amounts of this turn."""

from __future__ import annotations

from decimal import Decimal

import re2

from guards.lexicon import lexicon_for
from guards.numbers import FigureKind, extract_figures

_OVER = {
    "es": r"(?i)(?:superior(?:es)?\s+a|m[aá]s\s+de|mayor(?:es)?\s+a|desde|a\s+partir\s+de|"
    r"super(?:a|e|ando|ás|as)(?:\s+los?)?|por\s+encima\s+de)\s*$",
    "en": r"(?i)(?:over|above|more\s+than|from|of\s+at\s+least|at\s+least|exceeding)\s*$",
}


def threshold(text: str, locale: str) -> Decimal | None:
    """The amount a promotion in ``text`` starts at, if it names one."""
    language = "en" if locale.startswith("en") else "es"
    lexicon = lexicon_for(locale)
    for figure in extract_figures(text, lexicon=lexicon, threshold=0):
        if figure.kind != FigureKind.MONEY:
            continue
        before = text[max(0, figure.start - 40) : figure.start]
        before = re2.sub(r"(?i)[$€£]|\b(?:usd|eur|ars)\b", "", before)
        if re2.search(_OVER[language], before.rstrip()):
            return figure.value
    return None


def amounts(text: str, locale: str) -> list[Decimal]:
    lexicon = lexicon_for(locale)
    return [
        f.value
        for f in extract_figures(text, lexicon=lexicon, threshold=0)
        if f.kind == FigureKind.MONEY
    ]
