"""Guard ``unbacked_figure``: every money, percent and quantity figure must be backed."""

from __future__ import annotations

import json
import re
from decimal import Decimal

from guards.backing import BackingIndex, SourceNumber, collect_source_numbers
from guards.context import GuardContext
from guards.labels import hashed_numbers, one_edit, wrong_label
from guards.lexicon import lexicon_for
from guards.numbers import CLAIM_KINDS, FigureKind, extract_figures
from guards.products import SEARCH_TOOLS, returned_products
from guards.verdicts import Finding

MAX_DRAFT_FIGURES = 400
DANGEROUS_KINDS = frozenset({FigureKind.MONEY, FigureKind.PERCENT})


def check_unbacked_figure(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Reject the draft when one of its claims is not backed by any source of the turn.

    Dates and years are not claims; money always is. With no number at all in the
    sources, only money and percentages are rejected (a quantity then passes: doubt).
    """
    lexicon = lexicon_for(ctx.locale)
    figures = extract_figures(ctx.draft, lexicon=lexicon, threshold=lexicon.draft_threshold)
    claims = [f for f in figures if f.kind in CLAIM_KINDS][:MAX_DRAFT_FIGURES]
    numbers = collect_source_numbers(ctx, lexicon=lexicon) + _product_count(ctx)
    if not claims:
        return _changed_number(ctx, figures, numbers)
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
        counts = _counts(ctx, lexicon)
        extra = [f for f in claims if not index.backs(f, deadline=deadline, counts=counts)]
    if not extra:
        return _changed_number(ctx, figures, numbers)
    texts = tuple(dict.fromkeys(f.text for f in extra))
    where = "the sources have no numbers" if index.empty else "no source gives this value"
    return Finding(
        detail=f"{', '.join(texts)}: {where} (nor a valid rounding or a sum of amounts)",
        extra_figures=texts,
        source_figures=index.reported(),
    )


MAX_COUNT = 12


def _counts(ctx: GuardContext, lexicon) -> frozenset[int]:
    """Small whole numbers the draft or the customer states: the "2" of "las 2 salen"."""
    found = set()
    for text in (ctx.draft, ctx.question):
        for figure in extract_figures(text, lexicon=lexicon, threshold=0):
            value = figure.value
            if value == value.to_integral_value() and 2 <= value <= MAX_COUNT:
                found.add(int(value))
    return frozenset(found)


def _changed_number(ctx: GuardContext, figures, numbers) -> Finding | None:
    """An order number or an amount with two digits swapped or one digit changed
    (88412 written 88421): no unit makes it a claim, but it is a wrong reference."""
    # years and dates are exempt (not PLAIN); money and quantities are judged above
    written = {n.text for n in numbers} | set(_DIGITS.findall(_sources_text(ctx)))
    known = {re.sub(r"\D", "", t) for t in written}
    known = {k for k in known if len(k) >= 4}
    plain = [f.text for f in figures if f.kind == FigureKind.PLAIN]
    for text in [*plain, *hashed_numbers(ctx.draft)]:
        digits = re.sub(r"\D", "", text)
        if len(digits) < 4 or digits in known:
            continue
        for source in known:
            if one_edit(digits, source):
                return Finding(
                    detail=f"{text}: looks like {source} from the sources with digits "
                    "swapped or changed",
                    extra_figures=(text,),
                )
    records = " ".join(
        o if isinstance(o, str) else json.dumps(o, ensure_ascii=False)
        for o in (c.output for c in ctx.tool_outputs if c.tool not in SEARCH_TOOLS)
        if not (isinstance(o, dict) and "products" in o)
    )
    if records and (label := wrong_label(ctx.draft, records, _sources_text(ctx))) is not None:
        written, source = label
        return Finding(
            detail=f"{written}: the sources give {source} to the same thing (locker, size…)",
            extra_figures=(written,),
        )
    return None


_DIGITS = re.compile(r"\d[\d.,]{2,}\d")


def _sources_text(ctx: GuardContext) -> str:
    parts = [ctx.question, *(m.text for m in ctx.history)]
    parts += [c.text for c in ctx.retrieved]
    for call in ctx.tool_outputs:
        parts.append(json.dumps(call.input, ensure_ascii=False))
        output = call.output
        parts.append(output if isinstance(output, str) else json.dumps(output, ensure_ascii=False))
    return " ".join(parts)


def _product_count(ctx: GuardContext) -> tuple[SourceNumber, ...]:
    """How many products this turn's search returned: "las dos están disponibles"."""
    count = len(returned_products(ctx))
    if not count:
        return ()
    return (
        SourceNumber(
            str(count), Decimal(count), "tool:search_products", False, FigureKind.QUANTITY
        ),
    )
