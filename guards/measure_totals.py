"""A measure totalled over a count the same sentence states.

"Cada batería de 4,8 kWh … 2 baterías … 9,6 kWh en total": the total is the backed
measure said twice, a sum of backed values like a basket's amounts. Read only where the
sentence itself says a total, for measures of things (energy, mass, volume, data), not
of time: "2 años de garantía" doubled is no lifespan of "4 años".
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from guards.backing import SourceNumber
from guards.numbers import Figure, FigureKind, extract_figures

# A backed value times a stated count is the sum of that value said two or three times
# ("three times one price is a sum, ten times is not": the writers read sums of two or
# three amounts, as the specification does). The number gate's amounts use it too.
MAX_TIMES = 3
# Closed class: words that say the figure is a total of several things.
_TOTAL = re.compile(
    r"(?i)(?:^|[^\w])(?:en\s+total|in\s+total|total|totales|suman|sumarían|sumaría|"
    r"juntas|juntos|together|combined|in\s+all|entre\s+(?:las|los)\s+\w+)(?:[^\w]|$)"
)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")  # not the point of "1.390,00"


def totals_a_measure(
    draft: str, figure: Figure, numbers: Iterable[SourceNumber], lexicon: object
) -> bool:
    """The figure is a count stated in its sentence times a backed measure of the same
    kind, in a sentence that says a total."""
    if figure.kind != FigureKind.QUANTITY or not figure.dimension:
        return False
    if figure.dimension.startswith("time"):
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(draft, 0, figure.start)), default=0)
    end_match = _SENTENCE_END.search(draft, figure.start + len(figure.text))
    sentence = draft[start : end_match.start() if end_match else len(draft)]
    if _TOTAL.search(sentence) is None:
        return False
    counts = {
        int(other.value)
        for other in extract_figures(sentence, lexicon=lexicon, threshold=0)
        if start + other.start != figure.start
        and not other.dimension
        and other.kind != FigureKind.MONEY
        and other.value == other.value.to_integral_value()
        and 2 <= other.value <= MAX_TIMES
    }
    measures = {n.value for n in numbers if n.dimension == figure.dimension and n.value > 0}
    return any(
        reading.value == count * measure
        for reading in figure.readings
        for count in counts
        for measure in measures
    )
