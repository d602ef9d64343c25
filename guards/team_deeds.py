"""Deeds the shop's own people are said to have done, or to be doing, for this case.

The deeds reader (``guards.deeds``) reads the speaker's verb groups. A draft says as
often that someone else at the shop did it: "our warehouse team has already reshipped
the lids", "el almacén ya ha retenido el envío", "mi compañera de logística ya te cambió
la fecha", "un compañero está actualizando ahora mismo la dirección". No tool of the desk
makes the shop's people act, so these claim an act as the speaker's own deeds do. Read
by morphology — a perfect, "ya" / "already" with a simple past, a progressive — and a
subject that names the shop's people or places in the few words before the verb group,
opened by an article or a possessive ("del almacén", "al depósito" name no subject).
"""

from __future__ import annotations

from guards.act_objects import CARRIER_EN, CARRIER_ES, TEAM_EN, TEAM_ES
from guards.conjugation import fold, gerund, regular_participle_es
from guards.third_parties import OPENERS, THIRD_PARTIES
from guards.verb_groups import CLITICS_ES

# The carriers are left out: what they did the lookup reports in its own words ("the
# courier has marked it as delayed" over "delayed at depot").
_CARRIERS = (*CARRIER_ES, *CARRIER_EN)
_TEAM = tuple(
    sorted(w for w in {*TEAM_ES, *TEAM_EN, *THIRD_PARTIES} if not w.startswith(_CARRIERS))
)
# A clause that opens on these is a time or a condition, not a deed: "once the workshop
# has inspected the watch, the refund is made" (closed class).
_SUBORDINATING = frozenset(
    "once when whenever after until unless if before cuando si hasta apenas después "
    "despues vez luego mientras".split()
)
# "is going to": the future's auxiliary, not a deed.
_AUXILIARY = frozenset(("going", "yendo"))
# What may stand between the subject and its verb group (closed class).
_BETWEEN = CLITICS_ES | frozenset("ya ahora mismo también already just now also".split())
_HAVE_ES = frozenset(("ha", "han"))
_BEING_ES = frozenset(("está", "están"))
_HAVE_EN = frozenset(("has", "have"))
_BEING_EN = frozenset(("is", "are"))
_ALREADY = frozenset(("ya", "already"))
_PAST_ES = ("ó", "aron", "ieron")
_IRREGULAR_PERFECT_EN = frozenset(
    "sent kept held put set cut got made done paid built sold brought taken".split()
)


def team_deed(tokens: list[str], index: int, language: str) -> bool:
    """The verb at ``index`` is done or being done by the shop's people named before it."""
    if tokens[index] in _AUXILIARY:
        return False
    start = _group_start(tokens, index, language)
    return start is not None and _team_before(tokens, start)


def _group_start(tokens: list[str], index: int, language: str) -> int | None:
    """Where the verb group of a third person's deed begins, or None."""
    token = tokens[index]
    j = index - 1
    while j >= 0 and tokens[j] in _BETWEEN:
        j -= 1
    before = tokens[j] if j >= 0 else ""
    already = bool(_ALREADY & set(tokens[j + 1 : index]))
    if language == "es":
        bare = fold(token)
        if before in _HAVE_ES and (regular_participle_es(bare) or bare.endswith(("to", "cho"))):
            return j
        if before in _BEING_ES and gerund(bare):
            return j
        if already and token.endswith(_PAST_ES) and len(token) > 4:
            return j + 1
        return None
    if before in _HAVE_EN and (token.endswith("ed") or token in _IRREGULAR_PERFECT_EN):
        return j
    if before in _BEING_EN and token.endswith("ing"):
        return j
    if already and token.endswith("ed"):
        return j + 1
    return None


def _team_before(tokens: list[str], start: int) -> bool:
    """A word for the shop's people in the four words before ``start``, opened by an
    article or a possessive."""
    j = start - 1
    while j >= 0 and tokens[j] in _BETWEEN:
        j -= 1
    for k in range(j, max(-1, j - 4), -1):
        if tokens[k].startswith(_TEAM) and k and tokens[k - 1] in OPENERS:
            return not _SUBORDINATING & set(tokens[max(0, k - 3) : k])
    return False
