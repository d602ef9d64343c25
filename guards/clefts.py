"""The pseudo-cleft: "lo que sí haremos es devolverle los 10 €", "what I can do is send
you a new label". The act is the infinitive after the copula; who does it and in which
mood is said by "hacer" (or "do") in the relative clause before it. Read by structure,
so every act verb the lexicon knows is covered, and a negated cleft ("lo que no podemos
hacer es…") is left unread as the negation it is."""

from __future__ import annotations

from guards.conjugation import fold
from guards.verb_groups import _MODAL_EN, _SUBJECT_EN, SPEAKER

_COPULA_ES = frozenset("es será sería".split())
_COPULA_EN = frozenset("is was would".split())  # "what we'd do is", "what I'll do is"
# the first-person forms of "hacer", of "poder"/"ir" before it
_DO_ES = frozenset(
    "hago hacemos haré hare haremos haría haria haríamos hariamos hice hicimos".split()
)
_HEAD_ES = frozenset("puedo podemos podría podríamos podré podremos voy vamos".split())
_MODAL_ES = frozenset("puedo podemos podría podríamos podré podremos".split())
_NEGATIONS = frozenset("no nunca tampoco not never can't cannot won't".split())
_SPAN = 7  # words between "lo que" / "what" and the copula


def cleft_es(tokens: list[str], copula: int) -> tuple[str, bool] | None:
    """(speaker, modal) when ``tokens[copula]`` closes "lo que … <hacer> es"."""
    if tokens[copula] not in _COPULA_ES:
        return None
    clause = tokens[max(0, copula - _SPAN) : copula]
    opened = [at for at in range(len(clause) - 1) if clause[at : at + 2] == ["lo", "que"]]
    if not opened:
        return None
    relative = clause[opened[-1] + 2 :]
    if not relative or fold(relative[-1]) not in {fold(t) for t in _DO_ES} | {"hacer"}:
        return None
    if relative[-1] == "hacer" and not _HEAD_ES & set(relative):
        return None  # "lo que hay que hacer es": the customer's task, no speaker
    if _NEGATIONS & set(relative):
        return None
    return SPEAKER, bool(_MODAL_ES & set(relative))


def cleft_en(tokens: list[str], copula: int) -> tuple[str, bool] | None:
    """(actor, modal) when ``tokens[copula]`` closes "what I / we / you … do is"."""
    if tokens[copula] not in _COPULA_EN or copula < 3 or tokens[copula - 1] != "do":
        return None
    clause = tokens[max(0, copula - _SPAN) : copula - 1]
    if "what" not in clause:
        return None
    relative = clause[len(clause) - clause[::-1].index("what") :]
    if not relative or relative[0] not in _SUBJECT_EN or _NEGATIONS & set(relative):
        return None  # "what you can do is…" is an instruction, read as the customer's
    return _SUBJECT_EN[relative[0]], bool(_MODAL_EN & set(relative))
