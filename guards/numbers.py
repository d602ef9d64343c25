"""Read the figures of a text: digits in any supported format, spelled numbers, multipliers.

The result is a tuple of ``Figure``: what was written, every value it may stand for, and
its kind (money, percent, a quantity with a unit, a date, a year, or a plain number).
All patterns are RE2 (linear time); the per-language words come from ``lexicon.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from text_to_num import alpha2digit

from guards.counted import counted_after_name, counted_compound, counted_noun
from guards.digit_formats import Reading, parse_readings, with_cents
from guards.lexicon import DIMENSIONS, POWER_TOKENS, YEAR_RANGE, NumberLexicon
from guards.memo import memoised
from guards.number_tables import first_word, lexicon_tables

# Digits with optional group/decimal separators inside (NBSP and narrow NBSP group too).
# This one hot pattern uses the stdlib engine: every separator must be followed by a digit
# and digit runs are maximal, so a match never backtracks (linear; see the 100,000-char
# tests). RE2's Python wrapper costs ~10 µs a match, too much for a receipt of numbers.
_TOKEN = re.compile(r"[0-9]+(?:[.,\u00a0\u202f][0-9]+)*")
# A run of letters with inner hyphens ("interest-free"); a simple class, linear in stdlib re.
_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th", "º", "ª", "°", "er", "ero", "do", "da", "ra", "ro")
_LOOK_AHEAD = 48
_LOOK_BEHIND = 10
MILLION = Decimal(10) ** 6


class FigureKind(StrEnum):
    MONEY = "money"
    PERCENT = "percent"
    QUANTITY = "quantity"
    DATE = "date"
    YEAR = "year"
    PLAIN = "plain"


CLAIM_KINDS = frozenset({FigureKind.MONEY, FigureKind.PERCENT, FigureKind.QUANTITY})


@dataclass(frozen=True)
class Figure:
    text: str
    readings: tuple[Reading, ...]
    kind: FigureKind
    start: int
    # What a quantity measures ("time", "volume"; lexicon.DIMENSIONS), "" when unknown.
    dimension: str = ""

    @property
    def value(self) -> Decimal:
        return self.readings[0].value


WORD_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def spell_out_digits(text: str, *, lexicon: NumberLexicon, threshold: int) -> str:
    """Rewrite spelled numbers as digits with text2num; the text is returned on any error."""
    if not any(ch.isalpha() for ch in text):
        return text
    # "two-year", "three-day": text2num only reads the number once the hyphen is a
    # space (same length, so positions in the text stay valid).
    text = WORD_HYPHEN.sub(" ", text)
    try:
        text = alpha2digit(text, lexicon.alpha2digit_lang, threshold=threshold)
    except Exception:  # text2num is a compiled library: never let it take a turn down
        return text
    return with_cents(text, "en" if lexicon.alpha2digit_lang == "en" else "es")


@memoised()  # several guards read the same draft and sources; a worker, the same chunks
def extract_figures(text: str, *, lexicon: NumberLexicon, threshold: int = 0) -> tuple[Figure, ...]:
    """All figures of ``text``. Drafts use the lexicon's threshold, sources read everything."""
    normalized = spell_out_digits(text, lexicon=lexicon, threshold=threshold)
    lower = normalized.lower()
    figures: list[Figure] = []
    skip_until = -1
    for match in _TOKEN.finditer(normalized):
        start, end = match.span()
        if start < skip_until or _is_code(lower, start):
            continue
        attached = _attached_word(lower, end)
        if attached and (
            attached.startswith(_ORDINAL_SUFFIXES) or not _known_suffix(attached, lexicon)
        ):
            continue
        if lower.startswith(("/", ":"), end) and lower[end + 1 : end + 2].isdigit():
            if _date_or_time(lower, start, end):
                continue  # 26/10, 10:30: dates and times are not claims
            # "160/200 cm": two sizes, each read as a figure
        readings = parse_readings(match.group(), lexicon=lexicon)
        if not readings:
            continue
        figure, consumed = _read_figure(normalized, lower, start, end, readings, lexicon)
        skip_until = consumed
        figures.append(figure)
    return tuple(figures)


def _date_or_time(lower: str, start: int, end: int) -> bool:
    """ "26/10", "10:30", "3/11/2026": parts a day, a month or an hour can be. "160/200"
    (two sizes) is neither."""
    first = lower[start:end]
    match = re.match(r"\d+", lower[end + 1 :])
    second = match.group() if match else ""
    return first.isdigit() and second.isdigit() and int(first) <= 31 and int(second) <= 59


def _is_code(lower: str, start: int) -> bool:
    """Digits glued to letters or to a code (G54, A15, IP13-128, delivery#1) are names."""
    if start == 0:
        return False
    before = lower[start - 1]
    if before == "#":  # "delivery#1" names a chunk; "order #50381" is still a number
        return start >= 2 and (lower[start - 2].isalnum() or lower[start - 2] in "#_")
    if before.isalpha() or before == "_":
        return True
    if before in "-/" and start >= 2 and lower[start - 2].isalnum():
        if before == "/" and _plain_number_before(lower, start - 1):
            j = start - 2
            while j > 0 and lower[j - 1].isdigit():
                j -= 1
            return _date_or_time(lower, j, start - 1)  # "160/200 cm": the second size
        return not (before == "-" and _plain_number_before(lower, start - 1))
    return False


def _plain_number_before(lower: str, hyphen: int) -> bool:
    """ "5-8 días", "1.500-2.000": a number before the hyphen makes a range; letters
    glued to it ("ip13-128") make a code."""
    j = hyphen - 1
    while j >= 0 and (lower[j].isdigit() or lower[j] in ".,"):
        j -= 1
    return j < hyphen - 1 and (j < 0 or not (lower[j].isalnum() or lower[j] in "#_-"))


def _attached_word(lower: str, end: int) -> str:
    stop = end
    while stop < len(lower) and stop - end < 12 and lower[stop].isalpha():
        stop += 1
    return lower[end:stop]


def _known_suffix(word: str, lexicon: NumberLexicon) -> bool:
    tables = lexicon_tables(lexicon)
    return word in tables.units or word in lexicon.multipliers or word in tables.suffix_words


def _read_figure(
    normalized: str,
    lower: str,
    start: int,
    end: int,
    readings: tuple[Reading, ...],
    lexicon: NumberLexicon,
) -> tuple[Figure, int]:
    token = normalized[start:end]
    text = token
    scale, scale_word, cursor = _multiplier_after(lower, end, lexicon)
    scaled = scale is not None
    if scale is not None:
        # "500 mil", "1,5 millones", "2 million", optionally "... y medio".
        half = _followed_by(lower, cursor, lexicon.half_after)
        bonus = scale / 2 if half else Decimal(0)
        cursor += half
        readings = tuple(Reading(r.value * scale + bonus, r.decimals) for r in readings)
        text = f"{token} {scale_word}" + (f" {lexicon.half_after[0]}" if half else "")
    elif token in POWER_TOKENS and _preceded_by(lower, start, lexicon.half_before):
        # "medio millón" / "half a million" (alpha2digit left "medio 1000000").
        readings = tuple(Reading(r.value / 2, r.decimals) for r in readings)
        text = f"{lexicon.half_before[0]} {_display_power(token, lexicon)}"
        scaled = True
    elif readings[0].decimals == 0 and readings[0].value and readings[0].value % MILLION == 0:
        # "un millón y medio" arrives from alpha2digit as "1000000 y medio".
        half = _followed_by(lower, cursor, lexicon.half_after)
        if half:
            cursor += half
            readings = tuple(Reading(r.value + MILLION / 2, 0) for r in readings)
            text = f"{token} {lexicon.half_after[0]}"
            scaled = True
    elif readings[0].decimals == 0 and lexicon.alpha2digit_lang == "es":
        # "cuatro litros y medio", "dos horas y media": the half after the unit
        if (half_unit := _HALF_AFTER_UNIT.match(lower, cursor)) is not None:
            readings = tuple(Reading(r.value + Decimal("0.5"), 1) for r in readings)
            unit = (half_unit.group(1) or "").strip()
            text = " ".join(w for w in (token, unit, lexicon.half_after[0]) if w)
    kind = _classify(lower, start, cursor, readings, scaled=scaled, lexicon=lexicon)
    dimension = _dimension(lower, cursor, lexicon) if kind == FigureKind.QUANTITY else ""
    if kind == FigureKind.PLAIN and _PACK_OF.search(lower[max(0, start - 20) : start]):
        kind = FigureKind.QUANTITY  # "a pack of 12": how many the pack holds is a count
    return Figure(text, readings, kind, start, dimension), cursor


# A unit word, then "y medio / y media" (not "y media docena", a count of its own).
_HALF_AFTER_UNIT = re.compile(
    r"(\s{1,3}[a-záéíóúñ]{1,20})?\s{1,3}y\s{1,3}medi[oa](?![a-záéíóúñ])(?!\s{1,3}docena)"
)


# A container and "of / de" right before a number (closed class): the number counts
# what it holds ("a pack of 12", "cajas de 500", "set de 6").
_PACK_OF = re.compile(
    r"(?:^|[^\w])(?:packs?|box(?:es)?|sets?|bags?|cases?|tins?|jars?|cajas?|paquetes?|"
    r"bolsas?|estuches?|latas?|frascos?|sobres?)\s+(?:of|de)\s+$"
)


def _dimension(lower: str, cursor: int, lexicon: NumberLexicon) -> str:
    """What the unit after the number measures ("5 working days" → time)."""
    ahead = lower[cursor : cursor + _LOOK_AHEAD]
    # a line break ends what the figure names: "… los 30 mil\n\nAmbos con stock"
    rest = ahead.lstrip().removeprefix("-").split("\n", 1)[0]
    if "\n" in ahead[: len(ahead) - len(ahead.lstrip())]:
        rest = ""
    for sign in lexicon_tables(lexicon).signs:
        if rest.startswith(sign):
            return DIMENSIONS.get(sign, "")
    first = first_word(rest)
    if first in lexicon_tables(lexicon).fillers:
        first = first_word(rest[len(first) :].lstrip())
    return DIMENSIONS.get(first, "")


def _multiplier_after(
    lower: str, cursor: int, lexicon: NumberLexicon
) -> tuple[Decimal | None, str, int]:
    """A multiplier word or alpha2digit's power token right after the digits."""
    rest = lower[cursor : cursor + _LOOK_AHEAD]
    gap = len(rest) - len(rest.lstrip(" "))
    if gap > 1:
        return None, "", cursor
    body = rest[gap:]
    if body[:1] == "1":
        for token, power in POWER_TOKENS.items():
            if gap and body.startswith(token) and not body[len(token) : len(token) + 1].isalnum():
                return power, _display_power(token, lexicon), cursor + gap + len(token)
    if not body[:1].isalpha():
        return None, "", cursor
    for word, power in lexicon_tables(lexicon).multipliers:
        if body.startswith(word) and not body[len(word) : len(word) + 1].isalpha():
            return power, word, cursor + gap + len(word)
    return None, "", cursor


def _display_power(token: str, lexicon: NumberLexicon) -> str:
    power = POWER_TOKENS[token]
    for word, value in lexicon.multipliers.items():
        if value == power:
            return word
    return token


def _display_half(lexicon: NumberLexicon) -> str:
    return lexicon.half_before[0]


def _preceded_by(lower: str, start: int, words: tuple[str, ...]) -> bool:
    before = lower[max(0, start - 16) : start].rstrip()
    return any(before.endswith(word) for word in words)


def _followed_by(lower: str, cursor: int, phrases: tuple[str, ...]) -> int:
    rest = lower[cursor : cursor + 24]
    stripped = rest.lstrip(" ")
    for phrase in phrases:
        if stripped.startswith(phrase) and not stripped[len(phrase) : len(phrase) + 1].isalpha():
            return len(rest) - len(stripped) + len(phrase)
    return 0


def _classify(
    lower: str,
    start: int,
    cursor: int,
    readings: tuple[Reading, ...],
    *,
    scaled: bool,
    lexicon: NumberLexicon,
) -> FigureKind:
    tables = lexicon_tables(lexicon)
    # "10-year warranty", "30-day return": the unit after a hyphen is still the unit.
    ahead = lower[cursor : cursor + _LOOK_AHEAD]
    # a line break ends what the figure names: "… los 30 mil\n\nAmbos con stock"
    rest = ahead.lstrip().removeprefix("-").split("\n", 1)[0]
    if "\n" in ahead[: len(ahead) - len(ahead.lstrip())]:
        rest = ""
    behind = lower[max(0, start - _LOOK_BEHIND) : start]
    before = behind.rstrip()
    # a symbol that ends the line above is the last figure's ("… 119,00 €\n2. Batería"):
    # a currency written before its amount stays on the amount's line
    same_line = "\n" not in behind[len(before) :]
    first = first_word(rest)
    head = rest[:1]
    two = f"{first} {first_word(rest[len(first) :].lstrip())}" if first else ""
    if (
        head in tables.percent_symbols
        or first in tables.percent_words
        or two in tables.percent_words
    ):
        return FigureKind.PERCENT
    if head in tables.suffix_symbols or first in tables.suffix_words:
        return FigureKind.MONEY
    last = before.rsplit(None, 1)[-1] if before else ""
    if same_line and (
        before[-1:] in tables.prefix_symbols
        or last in tables.prefix_words
        or last in tables.prefix_symbols
    ):
        return FigureKind.MONEY
    second = two.partition(" ")[2]
    if first in lexicon.linkers and second in tables.suffix_words:
        return FigureKind.MONEY
    if first in tables.units or (first in tables.fillers and second in tables.units):
        return FigureKind.QUANTITY
    if any(rest.startswith(u) and not rest[len(u) : len(u) + 1].isalpha() for u in tables.signs):
        return FigureKind.QUANTITY  # "15°F", "20 °C": a unit written with a sign
    if counted_noun(first, lexicon) or first in lexicon.irregular_plurals:
        return FigureKind.QUANTITY  # "3 boxes", "4 colores", "272 pages": a count
    if lower[cursor : cursor + 1] == "-" and counted_compound(first, lexicon):
        return FigureKind.QUANTITY  # "a 5-piece punch set": a count in a compound
    if counted_after_name(rest, lexicon, tables.months):
        return FigureKind.QUANTITY  # "all 3 MSR IsoPro canisters": a count of named things
    wider = lower[max(0, start - 24) : start].rstrip()
    if first in _STOCK_AFTER or two in _STOCK_AFTER or _STOCK_BEFORE.search(wider):
        return FigureKind.QUANTITY  # "only 2 left", "6 of them", "quedan 3": units in stock
    if scaled:
        return FigureKind.MONEY
    if (second_end := _range_end(lower, cursor, readings[0].value)) is not None:
        # "de 3 a 5 días", "3-5 days": the first end of a range takes the second's unit
        at, end = second_end
        kind = _classify(lower, at, end, readings, scaled=False, lexicon=lexicon)
        if kind in (FigureKind.QUANTITY, FigureKind.MONEY, FigureKind.PERCENT):
            return kind
    if first in tables.months or (first in lexicon.linkers and second in tables.months):
        return FigureKind.DATE
    if last.strip(",.") in tables.months:
        return FigureKind.DATE
    value = readings[0].value
    if readings[0].decimals == 0 and YEAR_RANGE[0] <= value <= YEAR_RANGE[1]:
        return FigureKind.YEAR
    return FigureKind.PLAIN


# Units in stock said without a noun: "only 2 left", "6 of them", "quedan solo 3" ("in
# stock" after a number is as often a model's: "the Pixel 8 in stock").
_STOCK_AFTER = frozenset(("left", "remaining", "of them", "de ellos", "de ellas"))
# The shop's "we have" right before a bare number is a count too: "we've got 20 on the
# shelf", "tenemos 12 en el depósito".
_STOCK_BEFORE = re.compile(
    r"(?:^|\s)(?:quedan?|restan?|tenemos|we\s+have|we've\s+got|we\s+have\s+got)"
    r"(?:\s+(?:s[oó]lo|solamente|apenas|only|just))?$"
)
# The second end as written: "3 a 5", "de 1.000 a 2.000 W" (thousands grouped by three)
_RANGE_LINK = re.compile(
    r" {0,3}(?:-|–|a|al|y|o|u|hasta|to|and|or) {0,3}(\d{1,3}(?:[.,]\d{3})+|\d{1,4})(?![\d.,])"
)


def _range_end(lower: str, cursor: int, first: Decimal) -> tuple[int, int] | None:
    """Where the second number of a range starts and ends, right after the first and
    greater than it ("3 a 5", not "pedido 1042 y 2 unidades")."""
    match = _RANGE_LINK.match(lower, cursor, cursor + _LOOK_AHEAD)
    if match is None or Decimal(re.sub(r"[.,]", "", match.group(1))) <= first:
        return None
    return match.start(1), match.end(1)
