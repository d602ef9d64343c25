"""Guard ``unbacked_figure``: every money, percent and quantity figure must be backed."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from itertools import pairwise

from guards import scan
from guards.approximations import said_about
from guards.backing import SourceNumber, collect_source_numbers
from guards.backing_index import BackingIndex
from guards.context import GuardContext
from guards.instalments import unbacked_plan
from guards.lexicon import lexicon_for
from guards.markers import BRANDS
from guards.measure_totals import MAX_TIMES, totals_a_measure
from guards.memo import per_turn
from guards.numbers import CLAIM_KINDS, FigureKind, extract_figures, spell_out_digits
from guards.products import returned_products
from guards.text import sentences, words
from guards.verdicts import Finding

MAX_DRAFT_FIGURES = 400
DANGEROUS_KINDS = frozenset({FigureKind.MONEY, FigureKind.PERCENT})


def check_unbacked_figure(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Reject the draft when one of its claims is not backed by any source of the turn.

    Dates and years are not claims; money always is. With no number at all in the
    sources, only money and percentages are rejected (a quantity then passes: doubt).
    A payment plan's count is a claim however small ("en 3 plazos").
    """
    found = _unbacked(ctx, deadline=deadline)
    if found is None and (plan := unbacked_plan(ctx)) is not None:
        return Finding(
            detail=f"{plan}: a payment plan no source of this turn gives",
            extra_figures=(plan,),
        )
    return found


def _unbacked(ctx: GuardContext, *, deadline: float) -> Finding | None:
    lexicon = lexicon_for(ctx.locale)
    figures = extract_figures(ctx.draft, lexicon=lexicon, threshold=lexicon.draft_threshold)
    claims = [f for f in figures if f.kind in CLAIM_KINDS][:MAX_DRAFT_FIGURES]
    if not claims and not any(f.kind == FigureKind.PLAIN for f in figures):
        return None  # dates and years only, or no figure: nothing to back, no source read
    numbers = collect_source_numbers(ctx, lexicon=lexicon) + _product_count(ctx)
    if not claims:
        return _changed_number(ctx, figures, numbers) or _relabelled(ctx, figures, numbers)
    index = BackingIndex(tuple(n for n in numbers if n.backs_claims))
    if index.empty:
        # Nothing to compare with: only the dangerous kinds fail, and any figure that a
        # review or an injected text supplies (that is no doubt: it is the attack).
        tainted = BackingIndex(tuple(n for n in numbers if not n.backs_claims))
        extra = [
            f
            for f in claims
            if (f.kind in DANGEROUS_KINDS and f.value != 0)
            or (not tainted.empty and tainted.backs(f, deadline=deadline))
        ]
    else:
        # Most turns back every claim as written; the counts (another reading of the
        # draft) are read only for a claim that needs them. ``backs`` repeats the first
        # test, which is pure, so each figure gets the same answer in the same order.
        unbacked = [f for f in claims if not index.backs_as_written(f)]
        if not index.full and any(f.kind == FigureKind.MONEY for f in unbacked):
            open_ = {id(f) for f in unbacked}
            index.add_terms(
                [f.value for f in claims if f.kind == FigureKind.MONEY and id(f) not in open_]
            )
        counts = _counts(ctx, lexicon) if unbacked else frozenset()
        extra = [f for f in unbacked if not index.backs(f, deadline=deadline, counts=counts)]
        if extra:
            open_ = {id(f) for f in extra}
            backed = [f for f in claims if id(f) not in open_]
            extra = [f for f in extra if not BackingIndex.rounds_one_of(f, backed)]
        extra = [f for f in extra if not _enumerated(ctx.draft, f, lexicon)]
        said = spell_out_digits(ctx.draft, lexicon=lexicon, threshold=lexicon.draft_threshold)
        extra = [f for f in extra if not _weeks_of_days(said, f, numbers)]
        extra = [f for f in extra if not _same_time(f, numbers)]
        if extra:
            open_ = {id(f) for f in extra}
            backed = [f for f in claims if id(f) not in open_]
            extra = [f for f in extra if not _times_a_unit_price(said, f, backed)]
        if extra:
            extra = [f for f in extra if not _anaphoric(said, ctx.draft, f)]
        extra = [f for f in extra if not _one_or_two(said, f)]
        extra = [f for f in extra if not (said_about(said, f.start) and index.rounds_a_sum(f))]
        extra = [f for f in extra if not totals_a_measure(ctx.draft, f, numbers, lexicon)]
    if not extra:
        return _changed_number(ctx, figures, numbers) or _relabelled(ctx, figures, numbers)
    texts = tuple(dict.fromkeys(f.text for f in extra))
    where = "the sources have no numbers" if index.empty else "no source gives this value"
    return Finding(
        detail=f"{', '.join(texts)}: {where} (nor a valid rounding or a sum of amounts)",
        extra_figures=texts,
        source_figures=index.reported(),
    )


MAX_COUNT = 12

# A price said per person, per unit or each: "$85 per person", "13,50 € cada uno".
_PER_UNIT = re.compile(
    r"^\s*(?:(?:[$€£]|euros?|pesos?|dollars?|pounds?)\s*)?(?:,\s*)?(?:per\s+\w|each\b|apiece\b|"
    r"a\s+head\b|cada\b|c/u\b|la\s+unidad\b|por\s+(?!el\b|la\b|los\b|las\b|un\b|una\b|su\b|"
    r"tu\b|favor\b|ciento\b)\w)",
    re.IGNORECASE,
)


def _times_a_unit_price(said: str, figure, backed: list) -> bool:
    """Two or three times a backed price the draft gives per person, per unit or each
    ("$85 per person, so $170 for you and your daughter"): the sum of that amount said
    two or three times. A price with no such word doubled ("the jumper is £65.00, so
    £130.00") counts nothing and stays unbacked."""
    if figure.kind != FigureKind.MONEY:
        return False
    totals = {r.value for r in figure.readings}
    for price in backed:
        if price.kind != FigureKind.MONEY:
            continue
        end = price.start + len(price.text)
        if _PER_UNIT.match(said[end : end + 40]) is None:
            continue
        if any(r.value * n in totals for r in price.readings for n in (2, 3)):
            return True
    return False


_ITEM_BREAK = re.compile(r",|;|\s(?:y|e|o|and|or)\s")


def _enumerated(draft: str, figure, lexicon) -> bool:
    """A count the draft backs itself with the list it announces: "necesito tres datos:
    el modelo, la capacidad y la batería" names its three."""
    value = figure.value
    if value != value.to_integral_value() or not 2 <= value <= MAX_COUNT:
        return False
    if figure.dimension:
        return False  # a measure ("2 horas, y en modo bajo 50") counts no listed things
    for sentence in sentences(draft):
        # the list follows a colon, or a comma ("son dos garantías que corren a la vez,
        # la legal de 3 años y la del fabricante de 10 años"), up to a semicolon
        for at, mark in enumerate(sentence):
            if mark not in ":,":
                continue
            head, tail = sentence[:at], sentence[at + 1 :].split(";", 1)[0]
            if not tail.strip():
                continue
            counts = {f.value for f in extract_figures(head, lexicon=lexicon, threshold=0)}
            if value not in counts:
                continue
            items = [item for item in _ITEM_BREAK.split(tail) if item.strip()]
            if len(items) == int(value):
                return True
    return _listed(draft, int(value), lexicon)


_LIST_ITEM = re.compile(r"^\s*(?:\d{1,2}[.)]|[-•*·])\s+\S")


def _listed(draft: str, count: int, lexicon) -> bool:
    """The same, with the items as a list below the line that announces them ("we need
    three things:" and "1. …", "2. …", "3. …" on lines of their own)."""
    lines = draft.splitlines()
    for i, line in enumerate(lines):
        head, colon, tail = line.partition(":")
        if not colon or tail.strip():
            continue
        if count not in {f.value for f in extract_figures(head, lexicon=lexicon, threshold=0)}:
            continue
        items = 0
        for following in lines[i + 1 :]:
            if not following.strip():
                continue
            if not _LIST_ITEM.match(following):
                break
            items += 1
        if items == count:
            return True
    return False


# Determiners that make a small count refer back to things already known ("los dos
# frenos", "uno de los dos beneficios", "both of the two lamps"): no new quantity. Written
# in words: "las 3 cajas van juntas" in digits is a count the record must give.
_DEFINITE = frozenset("los las the these those estos estas esos esas ambos ambas both".split())
_SMALL = {"dos": 2, "tres": 3, "cuatro": 4, "two": 2, "three": 3, "four": 4}


def _anaphoric(said: str, draft: str, figure) -> bool:
    """A count of two to four, written in words after a definite determiner, of
    things, not of a unit (``said`` is the draft as the figures were read from it)."""
    value = figure.value
    if figure.dimension or value != value.to_integral_value() or not 2 <= value <= 4:
        return False
    before = words(said[max(0, figure.start - 16) : figure.start])
    if not before or before[-1] not in _DEFINITE:
        return False
    tokens = words(draft)
    return any(a in _DEFINITE and _SMALL.get(b) == value for a, b in pairwise(tokens))


# "a bar or two", "un día o dos": one thing, maybe two, said loosely: no count claimed.
_ONE_OR = scan.compile(r"(?i)(?:^|[^\pL])(?:a|an|one|1|un|una|uno)\s+(?:\pL+\s+){0,2}(?:or|o)\s+$")


def _one_or_two(said: str, figure) -> bool:
    """A two after "a … or": "adding a small bar or two", "en un día o dos"."""
    if figure.value != 2 or figure.dimension:
        return False
    return _ONE_OR.search(said[max(0, figure.start - 40) : figure.start]) is not None


# Read with .match at a figure's start, which begins a word: starting only where a word
# begins keeps a search over a long run of symbols or digits fast.
_WEEK = re.compile(r"(?i)(?<![\w.,])[\w.,]{1,12}[\s-]+(?:semanas?|weeks?)\b")


def _weeks_of_days(draft: str, figure, numbers) -> bool:
    """ "dos semanas" where a source gives 14 days: the same time in a larger unit (a
    whole number of weeks only)."""
    if not _WEEK.match(draft, figure.start):
        return False
    days = figure.value * 7
    return any(n.backs_claims and not n.money and n.value == days for n in numbers)


# One unit of time in another: a year is 12 months, a day 24 hours.
_TIME_UNITS = {("time:year", "time:month"): 12, ("time:day", "time:hour"): 24}


def _same_time(figure, numbers) -> bool:
    """ "dos años de garantía" where the record says "24 meses": the same time in the
    other unit, a whole number of it, measured as such in the source."""
    for (large, small), factor in _TIME_UNITS.items():
        if figure.dimension == large:
            wanted, unit = figure.value * factor, small
        elif figure.dimension == small and (figure.value / factor) % 1 == 0:
            wanted, unit = figure.value / factor, large
        else:
            continue
        if any(n.backs_claims and n.dimension == unit and n.value == wanted for n in numbers):
            return True
    return False


def _counts(ctx: GuardContext, lexicon) -> frozenset[int]:
    """Small whole numbers the draft or the customer states: the "2" of "las 2 salen"."""
    found = set()
    for text in (ctx.draft, ctx.question):
        for figure in extract_figures(text, lexicon=lexicon, threshold=0):
            value = figure.value
            if value == value.to_integral_value() and 2 <= value <= MAX_TIMES:
                found.add(int(value))
        found.update(_COLLECTIVE[w] for w in words(text) if w in _COLLECTIVE)
        # "te alcanza con duplicar el rollo: serían $15.000": the multiplier said
        found.update(n for w in words(text) for stem, n in _TIMES if w.startswith(stem))
    return frozenset(found)


# Closed class: collective numerals ("a pair of tyres comes to £109.90").
_COLLECTIVE = {"pair": 2, "par": 2, "pareja": 2, "dozen": 12, "docena": 12}
# Multiplicatives by stem: duplicar, doble, double, twice; triplicar, triple, thrice.
_TIMES = (("duplic", 2), ("doble", 2), ("double", 2), ("twice", 2))
_TIMES += (("triplic", 3), ("triple", 3), ("thrice", 3))


def _changed_number(ctx: GuardContext, figures, numbers) -> Finding | None:
    """An order number or an amount with two digits swapped or one digit changed
    (88412 written 88421): no unit makes it a claim, but it is a wrong reference."""
    if not any(
        figure.kind == FigureKind.PLAIN and len(re.sub(r"\D", "", figure.text)) >= 4
        for figure in figures
    ):
        return None  # no reference to compare: the sources' numbers need not be read
    written = {n.text for n in numbers} | set(_DIGITS.findall(_sources_text(ctx)))
    known = {re.sub(r"\D", "", t) for t in written}
    known = {k for k in known if len(k) >= 4}
    for figure in figures:
        if figure.kind != FigureKind.PLAIN:
            continue  # years and dates are exempt; money and quantities are judged above
        digits = re.sub(r"\D", "", figure.text)
        if len(digits) < 4 or digits in known:
            continue
        for source in known:
            if _one_edit(digits, source):
                return Finding(
                    detail=f"{figure.text}: looks like {source} from the sources with digits "
                    "swapped or changed",
                    extra_figures=(figure.text,),
                )
    return None


_DIGITS = re.compile(r"\d[\d.,]{2,}\d")
MAX_LABELLED = 20
_LABEL_GAP = "[\"':= \u00a0]{1,4}"  # "locker 21", JSON's "locker": 21
# Closed-class words of four letters or more that may stand before a number without
# naming what it counts ("hasta 3", "about 20", "todos 4").
_NOT_LABELS = frozenset(
    """hasta desde para entre sobre unos unas cada todos todas este esta estos estas
    nuestro nuestra nuestros nuestras about from than with over under only until before
    after into like around above below more less least most plus these those their your
    also then just each every""".split()
)


def _relabelled(ctx: GuardContext, figures, numbers) -> Finding | None:
    """A number named the way a tool's record names another ("casillero 41" where the
    record says "casillero 14", "talle 43" for "talle 42"): no unit makes it a claim,
    but the record gives this thing's number, and the draft's is in no source."""
    values = {n.value for n in numbers}
    plain = [f for f in figures if f.kind == FigureKind.PLAIN][:MAX_LABELLED]
    unsourced = [f for f in plain if not any(r.value in values for r in f.readings)]
    if not unsourced:
        return None  # every number is a source's: the records need not be read
    lexicon = lexicon_for(ctx.locale)
    draft = spell_out_digits(ctx.draft, lexicon=lexicon, threshold=lexicon.draft_threshold)
    records = _records_text(ctx).lower()
    for figure in unsourced:
        label = _word_before(draft, figure.start)
        if len(label) < 4 or not label.islower() or label in _NOT_LABELS or label in BRANDS:
            continue  # "iPhone 16", "Serie 4": a capital starts a name, not a thing's number
        pattern = rf"(?<![^\W\d_]){re.escape(label)}{_LABEL_GAP}(\d+)\b"
        named = re.findall(pattern, records)
        if named and figure.text not in named:
            return Finding(
                detail=f"{figure.text}: the record gives {label} {named[0]}",
                extra_figures=(figure.text,),
            )
    return None


def _word_before(text: str, start: int) -> str:
    """The run of letters right before a number and its spaces ("casillero 41")."""
    end = start
    while end > 0 and text[end - 1] in " \u00a0":
        end -= 1
    if end == start:
        return ""
    begin = end
    while begin > 0 and end - begin < 40 and text[begin - 1].isalpha():
        begin -= 1
    return text[begin:end]


@per_turn
def _records_text(ctx: GuardContext) -> str:
    """The tools' outputs and the retrieved chunks: where a thing's number is given."""
    parts = [c.text for c in ctx.retrieved]
    for call in ctx.tool_outputs:
        output = call.output
        parts.append(output if isinstance(output, str) else json.dumps(output, ensure_ascii=False))
    return " ".join(parts)


@per_turn
def _sources_text(ctx: GuardContext) -> str:
    parts = [ctx.question, *(m.text for m in ctx.history)]
    parts += [c.text for c in ctx.retrieved]
    for call in ctx.tool_outputs:
        parts.append(json.dumps(call.input, ensure_ascii=False))
        output = call.output
        parts.append(output if isinstance(output, str) else json.dumps(output, ensure_ascii=False))
    return " ".join(parts)


def _one_edit(a: str, b: str) -> bool:
    """Same length, and one adjacent transposition or one changed digit apart."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i in range(len(a)) if a[i] != b[i]]
    if len(diff) == 1:
        return True
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def _product_count(ctx: GuardContext) -> tuple[SourceNumber, ...]:
    """How many products this turn's search returned: "las dos están disponibles". It
    counts products, so it backs no measure ("2 días hábiles" is not the two watches)."""
    count = len(returned_products(ctx))
    if not count:
        return ()
    return (
        SourceNumber(
            str(count),
            Decimal(count),
            "tool:search_products",
            False,
            FigureKind.QUANTITY,
            dimension=PRODUCT_COUNT,
        ),
    )


PRODUCT_COUNT = "count:products"
