"""Interest-free instalments granted below the amount their source starts them at.

"6 cuotas sin interés con Visa y Mastercard bancarias en compras desde $120.000" and a
draft that lets a $95.000 purchase be paid that way: the number of instalments names
which of the source's plans the sentence gives, the clause of the source that names it
gives its starting amount, and this turn's amounts decide. Other plans of the same
source ("3 cuotas sin interés en todo el sitio y 6 … desde $400.000") keep their own
amounts: a source is cut into clauses at "y" / "and" before another number.
"""

from __future__ import annotations

import re

from guards import scan
from guards.context import GuardContext
from guards.products import returned_products
from guards.thresholds import amounts, threshold
from guards.trust import tainted_chunk

_PLAN = scan.compile(
    r"(?i)(?:^|[^\pN])(\d{1,2})\s+(?:cuotas|plazos|pagos|instal?lments|payments)\s+"
    r"(?:(?:mensuales|monthly)\s+)?(?:sin\s+inter[eé]s(?:es)?|interest[-\s]free)"
    r"|(?:^|[^\pN])(\d{1,2})\s+interest[-\s]free\s+(?:instal?lments|payments)"
)
# Where one plan's clause ends: another clause, or "y" / "and" before another number
# (the standard library's pattern: RE2 has no lookahead; every repeat here is bounded
# by a fixed word, so nothing backtracks).
_CLAUSE_END = re.compile(r"(?i)[.;]\s|\s(?:y|and|e)\s+(?=\d)")


def instalments_below_threshold(ctx: GuardContext, sentence: str) -> str | None:
    """A note when ``sentence`` gives an interest-free plan whose source clause starts
    at an amount this turn's amounts do not reach."""
    plan = _PLAN.search(sentence)
    if plan is None or threshold(sentence, ctx.locale, from_below=True) is not None:
        return None  # "Las 3 cuotas sin interés son en compras desde $80.000": the rule
    count = plan.group(1) or plan.group(2)
    starts = []
    for chunk in ctx.retrieved:
        if tainted_chunk(chunk):
            continue
        for clause in _CLAUSE_END.split(chunk.text):
            same = [m.group(1) or m.group(2) for m in _PLAN.finditer(clause)]
            if count in same and (start := threshold(clause, ctx.locale)) is not None:
                starts.append(start)
    if not starts:
        return None
    start = min(starts)
    seen = [a for a in amounts(ctx.draft, ctx.locale) if a not in starts]
    seen = seen or [p.price for p in returned_products(ctx) if p.price is not None]
    if not seen:
        told = ctx.customer_texts()
        seen = [a for text in told for a in amounts(text, ctx.locale) if a not in starts]
    if seen and max(seen) < start:
        return f"{count} interest-free instalments start at {start}; this turn reaches {max(seen)}"
    return None
