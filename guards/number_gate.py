"""Guard ``unbacked_figure``: every money, percent and quantity figure must be backed."""

from __future__ import annotations

from guards.backing import BackingIndex, collect_source_numbers
from guards.context import GuardContext
from guards.lexicon import lexicon_for
from guards.numbers import CLAIM_KINDS, FigureKind, extract_figures
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
    if not claims:
        return None
    numbers = collect_source_numbers(ctx, lexicon=lexicon)
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
        extra = [f for f in claims if not index.backs(f, deadline=deadline)]
    if not extra:
        return None
    texts = tuple(dict.fromkeys(f.text for f in extra))
    where = "the sources have no numbers" if index.empty else "no source gives this value"
    return Finding(
        detail=f"{', '.join(texts)}: {where} (nor a valid rounding or a sum of amounts)",
        extra_figures=texts,
        source_figures=index.reported(),
    )
