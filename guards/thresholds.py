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


# The same boundary seen from below: "justo por debajo de los 25 € del envío gratuito"
# states the condition (and that this order misses it); it gives nothing.
_UNDER = {
    "es": r"(?i)(?:por\s+debajo\s+de(?:\s+los?)?|menos\s+de|inferior(?:es)?\s+a|"
    r"no\s+llega(?:s|n)?\s+a(?:\s+los?)?|falta(?:n)?\s+para(?:\s+los?)?|bajo)\s*$",
    "en": r"(?i)(?:below|under|less\s+than|short\s+of)\s*$",
}


def threshold(text: str, locale: str, *, from_below: bool = False) -> Decimal | None:
    """The amount a promotion in ``text`` starts at, if it names one (``from_below``:
    also when the text names it as the amount the order stays under)."""
    language = "en" if locale.startswith("en") else "es"
    lexicon = lexicon_for(locale)
    patterns = [_OVER[language], *([_UNDER[language]] if from_below else [])]
    for figure in extract_figures(text, lexicon=lexicon, threshold=0):
        if figure.kind != FigureKind.MONEY:
            continue
        before = text[max(0, figure.start - 40) : figure.start]
        before = re2.sub(r"(?i)[$€£]|\b(?:usd|eur|ars)\b", "", before).rstrip()
        if any(re2.search(pattern, before) for pattern in patterns):
            return figure.value
    return None


def amounts(text: str, locale: str) -> list[Decimal]:
    lexicon = lexicon_for(locale)
    return [
        f.value
        for f in extract_figures(text, lexicon=lexicon, threshold=0)
        if f.kind == FigureKind.MONEY
    ]
