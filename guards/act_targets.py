"""Which order an act was done for: a performed act does not cover another order.

"He solicitado el reembolso del pedido LD-8810 y también el del pedido LD-8790", when
request_refund ran for LD-8810 only, claims an act for LD-8790 that nothing performed.
The references are read from the stretch of the sentence that holds the act's verb
(up to a comma, a semicolon or a colon: "…, que llegó con el 1043" is another
stretch), and compared with the inputs of the calls that performed the act.
"""

from __future__ import annotations

import re

from guards.acts import Act, tool_acts
from guards.context import GuardContext
from guards.trust import json_strings

# An order or case reference: digits, possibly behind a short letter prefix (LD-8810,
# #50381, T-3301). Three digits at least, so that counts and sizes are not references.
# Not the thousands of an amount: "$2.350" names no order "350".
_REFERENCE = re.compile(r"(?<![\w-])(?<!\d[.,])(?:[A-Za-z]{1,4}-?)?\d{3,}(?![\w-])(?![.,]\d)")
_STRETCH = re.compile(r"[,;:()]")


def other_reference(ctx: GuardContext, act: Act, verb: str, sentence: str) -> str | None:
    """A reference the act's stretch names that no call performing ``act`` was given,
    when those calls were given references at all; None otherwise."""
    given = {
        _key(value)
        for call in ctx.tool_outputs
        if not call.error and act in (_acts(call.acts) or tool_acts(call.tool))
        for value in json_strings(call.input)
        for value in _REFERENCE.findall(value)
    }
    if not given:
        return None
    stretches = _STRETCH.split(sentence)
    for index, stretch in enumerate(stretches):
        if verb not in stretch:
            continue
        # "las solicitudes de los dos pedidos, 4401 y 4402,": a list of references
        # set off by commas is the act's own object
        for apposed in stretches[index + 1 :]:
            if not _only_references(apposed):
                break
            stretch = f"{stretch} {apposed}"
        for named in _REFERENCE.findall(stretch):
            if _key(named) not in given:
                return named
        return None
    return None


_LINKS = frozenset("y e o u and or both ambos orders order pedidos pedido n nº no".split())


def _only_references(stretch: str) -> bool:
    rest = _REFERENCE.sub(" ", stretch).replace("#", " ").lower().split()
    return bool(_REFERENCE.search(stretch)) and all(word in _LINKS for word in rest)


def _acts(names: tuple[str, ...]) -> frozenset[Act]:
    return frozenset(Act(a) for a in names if a in Act._value2member_map_)


def _key(reference: str) -> str:
    return re.sub(r"[^0-9A-Z]", "", reference.upper())
