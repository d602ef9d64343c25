"""Whether a promotion that starts at a number of items reaches the count the customer
has: "Buy 3 bags of coffee, get a fourth free" does not give a free bag to "your 2
bags", nor does "3x2 en remeras" make two remeras pay for one.

Structural: the source's own threshold (a buying verb, "a partir de" or an "NxM" deal,
then the count and the noun it counts) against a count the granting sentence, or else
the customer, gives for the same noun. Counts in words are read up to twelve. A
sentence that negates, sets a condition or advises adding more ("si añades otro",
"add one more") is the honest answer and is left alone.
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.text import sentences, without_citations, words

_SPELLED = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "un": 1, "uno": 1,
    "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7,
    "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12,
}  # fmt: skip
_COUNT = r"(\d{1,2}|" + "|".join(sorted(_SPELLED, key=len, reverse=True)) + r")"
# What buys a number of items: "buy 3 bags", "llevando 4 bolsas o más", "a partir de
# 6 botellas", "comprando 12 latas".
_THRESHOLD = scan.compile(
    r"(?i)(?:^|[^\pL])(?:buy|buying|purchase|order|take|compr\pL*|llev\pL*|adquir\pL*"
    r"|a\s+partir\s+de|desde|from)\s+" + _COUNT + r"\s+(?:or\s+more\s+|o\s+más\s+)?(\pL+)"
)
# "3x2 en remeras básicas", "2x1 on notebooks": the first figure is the items bought.
_DEAL = scan.compile(r"(?i)(?:^|[^\pL\d])(\d)\s*x\s*\d\s+(?:en|on|in)\s+(?:\pL+\s+)?(\pL+)")
# The customer's count of a noun: "your 2 bags", "con dos limoneros"; "una bolsa" may
# be an article, so counts start at two.
_HELD = scan.compile(
    r"(?i)(?:^|[^\pL\d])(\d{1,2}|"
    + "|".join(w for w in sorted(_SPELLED, key=len, reverse=True) if _SPELLED[w] > 1)
    + r")\s+(\pL+)"
)
_HONEST = frozenset(
    "no ni nunca not never si if when cuando add añade añadís añades añadir suma sumá "
    "sumas sumar another more más otro otra falta faltan need needs necesitas "
    "necesitás".split()
)
# Units that count time or money, not items: "desde 2 años", "from 3 months".
_UNITS = frozenset(
    "año años year years mes meses month months día días dias day days semana semanas "
    "week weeks hora horas hour hours euro euros peso pesos dollar dollars pound pounds "
    "libras cuotas instalments installments".split()
)


def count_below_threshold(ctx: GuardContext, sentence: str, promotions: list[str]) -> str | None:
    """A note when ``sentence`` grants one of ``promotions`` (the sources' texts) to a
    count of items below the number its source starts at."""
    tokens = words(sentence)
    if not promotions or _HONEST & set(tokens) or any(t.endswith("n't") for t in tokens):
        return None
    for source in promotions:
        for need, noun in _thresholds(source):
            held = _held(sentence, noun) or _held(ctx.question, noun)
            if held is not None and held < need:
                return f"it starts at {need} {noun} and the customer has {held}"
    return None


def _thresholds(source: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for part in sentences(source):
        for pattern in (_THRESHOLD, _DEAL):
            for match in pattern.finditer(part):
                count, noun = _number(match.group(1)), match.group(2).lower()
                if count and count > 1 and len(noun) >= 3 and noun not in _UNITS:
                    out.append((count, noun))
    return out


def _held(text: str, noun: str) -> int | None:
    for match in _HELD.finditer(without_citations(text)):
        if _same_noun(match.group(2).lower(), noun):
            return _number(match.group(1))
    return None


def _same_noun(one: str, other: str) -> bool:
    """ "bag" and "bags", "limonero" and "limoneros": one noun, singular or plural."""
    a, b = fold(one).rstrip("s"), fold(other).rstrip("s")
    return a == b or a.rstrip("e") == b.rstrip("e")


def _number(text: str) -> int | None:
    lower = text.lower()
    return int(lower) if lower.isdigit() else _SPELLED.get(lower)
