"""Someone outside the chat said to act for this customer on a given day.

"A courier will collect your rug tomorrow morning", "el transportista pasará a
recoger el ejemplar en los próximos días", "the workshop has your phone booked in for
Thursday": a courier, a workshop or a colleague does the act, but the day says it has
been arranged for this customer, which only an act could have done. The reading is
structural: a third party as the subject (a closed class of roles), a future (will /
'll, "va a / van a" + infinitive, the Spanish future) or an arrangement ("is holding",
"has … booked"), and a day of the calendar or the present moment in the same clause.
A tool's record that gives the day or reports the parcel moving (a courier delivering
it tomorrow is then the lookup's news), a condition, a negation or an offer leave it
unsaid.
"""

from __future__ import annotations

import re
from itertools import pairwise

from guards import scan
from guards.moods import conditional, is_offer
from guards.on_the_way import shipping_reported
from guards.text import words
from guards.verb_groups import _NEGATION_EN, _NEGATION_ES, _TEAM_EN, _TEAM_ES

# the carriers and the shop's places, and every name the shop's own people go by (its
# team and trades: "our crew will come back on Friday", "el instalador pasa el lunes")
_ROLES = tuple(
    sorted(
        {
            *"courier carrier driver depot shop store transportista repartidor mensajero".split(),
            *"mensajería mensajeria compañer correo".split(),
            *_TEAM_EN,
            *_TEAM_ES,
        }
    )
)
# one search for any of them, the test most sentences end at
_ANY_ROLE = scan.compile("|".join(re.escape(role) for role in _ROLES))
_DAYS = frozenset(
    "today tomorrow tonight monday tuesday wednesday thursday friday saturday sunday "
    "hoy mañana lunes martes miércoles miercoles jueves viernes sábado sabado domingo".split()
)
_SOON = ("próximos días", "proximos dias", "esta tarde", "this afternoon", "next few days")
_SOON += ("esta semana", "this week", "next week", "la semana que viene", "la próxima semana")
_SHORTLY = frozenset("shortly soon enseguida breve brevedad".split())
_FUTURE_EN = frozenset("will 'll".split())
_GOING_ES = frozenset("va van".split())
_HOURS = frozenset("opening closing running offering".split())
_DELIVERING = ("deliver", "entreg", "llev", "bring", "drop", "arriv", "lleg")
_CONDITIONED_CONJUNCT = re.compile(r"\s(?:y|e|and)\s*,?\s*(?:si|if|cuando|when|once)\s")
_COMPLEMENT = 5  # "a colleague from our claims team", "un técnico del taller de motos"


def scheduled_by_others(
    sentence: str, language: str, record: str, *, cited: bool = False
) -> str | None:
    """The role said to act on a day (see the module's description), or None. "Soon"
    ("a colleague will be in touch shortly") counts only in a sentence that cites no
    source: a cited one states how soon the shop answers."""
    lower = sentence.lower().replace("’", "'")
    if _ANY_ROLE.search(lower) is None:
        return None  # no one outside the chat named: most sentences
    if conditional(lower) or is_offer(lower, language):
        # a condition inside a later conjunct conditions only that conjunct: "un técnico
        # te va a llamar mañana y, si hace falta, coordinar una visita"
        head = _CONDITIONED_CONJUNCT.split(lower, maxsplit=1)[0]
        if head == lower or conditional(head) or is_offer(head, language):
            return None  # "si no estás, el repartidor volverá mañana": on a condition
        lower = head
    for mark in (";", ":", " — ", " – ", " - "):
        lower = lower.replace(mark, ",")
    for clause in lower.split(","):
        found = _in_clause(clause, language, record, soon=not cited)
        if found:
            return found
    return None


def _in_clause(clause: str, language: str, record: str, *, soon: bool) -> str | None:
    tokens = words(clause)
    roles = [i for i, t in enumerate(tokens) if t.startswith(_ROLES)]
    for_you = language == "en" and "for you" in clause  # "holding ref 7900 for you"
    shortly = soon and bool(_SHORTLY & set(tokens))
    if not roles:
        return None
    # the role's own complement is part of its name: "a colleague from our claims team
    # has picked up your case and will reply" acts after "team"
    head = max(i for i in roles if i - roles[0] <= _COMPLEMENT)
    if not (_DAYS & set(tokens) or any(s in clause for s in _SOON) or for_you or shortly):
        # with no day, only a deed already done or under way on the customer's own
        # thing: "our quality team has approved your reprint", "el equipo ya está
        # unificando tus cuentas"
        return _done_for_yours(tokens, head, language)
    negation = _NEGATION_EN if language == "en" else _NEGATION_ES
    if negation & set(tokens) or _range_of_days(tokens):
        return None  # "de lunes a viernes", "Monday to Friday": hours, not an arrangement
    if any(day in record for day in _DAYS & set(tokens)):
        return None  # the record gives the day
    if shipping_reported(record) and any(t.startswith(_DELIVERING) for t in tokens):
        return None  # "the courier will deliver it tomorrow" of a parcel on its way
    at = role = head
    while tokens[at + 1 : at + 2] in (["de"], ["del"]) and at + 2 < len(tokens):
        at += 2  # the role's complement: "un compañero de logística se comunica hoy"
    after = tokens[at + 1 : at + 4]
    if language == "en":
        # "a colleague is already on it and will be in touch shortly"
        future = bool(_FUTURE_EN & set(tokens[at + 1 : at + 8])) or tokens[at].endswith("'ll")
        # "the shop is holding it", "the workshop has your phone booked in"
        future = future or _arranged_en(tokens[at + 1 : at + 6])
    else:
        future = bool(_GOING_ES & set(after)) or any(
            t.endswith(("rá", "rán")) and len(t) > 4 for t in after
        )
        # the present with a day is a future: "mañana el equipo de logística te manda
        # una escalera nueva"; a clitic for the customer right before the verb
        near = tokens[max(0, at - 3) : at + 6]  # "mañana te visita el técnico" too
        # an object clitic between: "el taller te lo despacha a Mendoza esta semana"
        near = [t for t in near if t not in ("lo", "la", "los", "las")]
        future = future or any(
            a in ("te", "le", "les", "se") and b.endswith(("a", "e", "an", "en")) and len(b) > 3
            for a, b in pairwise(near)
        )
    return tokens[role] if future else None


def _range_of_days(tokens: list[str]) -> bool:
    """Two days joined as a span ("de lunes a viernes", "Monday to Friday")."""
    return any(
        a in _DAYS and b in ("a", "al", "to", "through", "till", "until") and c in _DAYS
        for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
    )


_YOUR = {"en": frozenset(("your",)), "es": frozenset("tu tus su sus".split())}


def _done_for_yours(tokens: list[str], at: int, language: str) -> str | None:
    """The role's deed in the perfect or under way, on something of the customer's."""
    lang = "en" if language == "en" else "es"
    after = tokens[at + 1 : at + 6]
    negation = _NEGATION_EN if lang == "en" else _NEGATION_ES
    if negation & set(tokens) or not _YOUR[lang] & set(tokens[at + 2 : at + 9]):
        return None
    if lang == "en":
        done = after[:1] in (["has"], ["have"]) and any(t.endswith("ed") for t in after[1:3])
        done = done or _arranged_en(after)
    else:
        # the auxiliary after the role and its complement ("el equipo de atención ya
        # está unificando")
        pairs = list(pairwise(after))
        done = any(
            (a in ("ha", "han") and b.endswith(("ado", "ido")))
            or (a in ("está", "están") and b.endswith(("ando", "iendo")))
            for a, b in pairs
        )
    return tokens[at] if done else None


def _arranged_en(after: list[str]) -> bool:
    """ "is / are" + an -ing form, or "has / have" + a participle within a few words."""
    if after[:1] in (["is"], ["are"]):
        # not "the shop is opening on Monday": hours, not an act for the customer
        return len(after) > 1 and after[1].endswith("ing") and after[1] not in _HOURS
    if after[:1] in (["has"], ["have"]):
        return any(t.endswith("ed") for t in after[1:])
    return False
