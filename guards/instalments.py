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


# A payment plan by its count: paying "en 3 plazos", "in 3 instalments", or "12 cuotas
# sin interés"; not the "2 pagos" a record shows were made.
_PARTS = r"(?:cuotas|plazos|pagos|mensualidades|instal?lments|monthly\s+payments|payments)"
_ANY_PLAN = scan.compile(
    r"(?i)(?:^|[^\pL])(?:en|in|a)\s+(\d{1,2})\s+" + _PARTS + r"(?:$|[^\pL])|"
    r"(?:^|[^\pN.,])(\d{1,2})\s+" + _PARTS + r"\s+(?:sin\s+inter|interest[-\s]free)"
)
# "hasta 6 cuotas", "up to 12 instalments": every smaller plan too.
_UP_TO = scan.compile(r"(?i)(?:hasta|up\s+to)\s+(\d{1,2})\s+" + _PARTS + r"(?:$|[^\pL])")
_FINANCING = scan.compile(
    r"(?i)cuota|plazo|mensualidad|financ|instal?lment|sin\s+inter|interest[-\s]free|payments"
)
_WHOLE = re.compile(r"(?<![\d.,])\d{1,2}(?![\d.,]\d)")
_NEGATION = frozenset("no not never cannot can't don't doesn't won't nunca".split())


def unbacked_plan(ctx: GuardContext) -> str | None:
    """The count of a payment plan the draft offers ("podéis pagarla en 3 plazos") that
    no source of the turn gives: a small number is no claim to the number gate, but the
    number of instalments is a term of sale. A source's "up to N" backs every smaller
    plan; an earlier reply's plan is said back, while the customer asking for one ("¿en 3
    cuotas?") makes it no term of the shop's."""
    found = list(_ANY_PLAN.finditer(ctx.draft))
    if not found:
        return None
    sources = [c.text for c in ctx.retrieved if not tainted_chunk(c)]
    sources += [ctx.outputs_text(), *ctx.assistant_texts()]
    # a source that speaks of financing gives its counts in its own words ("en 3, 6 o 12
    # meses sin intereses"): any whole number of it backs the plan
    given = {int(n) for text in sources if _FINANCING.search(text) for n in _WHOLE.findall(text)}
    # the customer's own plan ("Pagué el vestido en 3 cuotas"), not one asked for ("¿en
    # cómodos plazos?"): their statements, not their questions
    told = [s for text in ctx.customer_texts() for s in _STATEMENT.split(text) if s.strip()]
    stated = [s for s in told if not s.rstrip().endswith("?")]
    given |= {_count(m) for s in stated for m in _ANY_PLAN.finditer(s)}
    most = max((int(m.group(1)) for text in sources for m in _UP_TO.finditer(text)), default=0)
    for match in found:
        count = _count(match)
        before = ctx.draft[max(0, match.start() - 40) : match.start()].lower()
        if _NEGATION & set(before.replace("’", "'").split()):
            continue  # "no ofrecemos pagar en 3 cuotas"
        if count in given or count <= most:
            continue
        return str(count)
    return None


def _count(match) -> int:
    """The plan's count, from whichever of the two forms matched."""
    return int(match.group(1) or match.group(2))


_STATEMENT = re.compile(r"(?<=[.!?])\s+")
