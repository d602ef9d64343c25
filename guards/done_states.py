"""A state of the customer's case that only an act could have made, said as already
made: "a replacement mouse has been dispatched", "your pharmacist has been informed",
"your address is now updated", "la entrega quedó pasada para el viernes", "ya quedó
gestionado el cambio de talle", "queda anotado".

The reading is structural: a perfect or resultative auxiliary ("has / have been",
"is / are now", "ha / han sido", "fue / fueron", "quedó / quedaron", "ha quedado",
"ya queda") right before a participle of any verb. Whose act it was is left open; the
desk's turn must show it: the participle's stem in a tool's output (the lookup says
the order was shipped) or in a source of this turn (the policy says how a state comes
about) is a report, not a claim. A negation, a condition or an offer in the sentence
leaves it unsaid, and the verbs of the conversation itself ("has been checked") are
no act. Read only in a turn whose tools performed no act: a turn that filed a request
or handed over is judged by what it performed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from guards.claim_forms import YOU, names_an_order
from guards.conjugation import fold, regular_participle_es, stem_in
from guards.moods import conditional, is_offer
from guards.text import words
from guards.verb_groups import _NEGATION_EN, _NEGATION_ES

_AUX_EN = (("has", "been"), ("have", "been"), ("is", "now"), ("are", "now"))
# the same auxiliaries fused to their subject: "you're now unsubscribed", "it's been sent"
_AUX_EN += (("you're", "now"), ("it's", "now"), ("you've", "been"), ("it's", "been"))
# the customer as what the act was done to: "you're all booked in", "ya quedás agendado"
_AUX_EN += (("you're", "all"), ("you", "are", "all"))
_AUX_ES = (
    ("ha", "sido"),
    ("han", "sido"),
    ("ha", "quedado"),
    ("han", "quedado"),
    ("quedó",),
    ("quedaron",),
    ("ya", "queda"),
    ("ya", "quedan"),
    ("ya", "está"),
    ("ya", "están"),
    ("ya", "estás"),
    ("ya", "estáis"),
    ("ya", "quedás"),
    ("ya", "quedas"),
    ("ya", "quedáis"),
    ("se", "ha"),
    ("se", "han"),
    ("fue",),
    ("fueron",),
)
_HOLDS_ES = frozenset("tiene tenés tienes tienen tenéis".split())
# "Queda anotado", "Quedás agendado": a clause that opens on the state
_STATE_OPENS = frozenset("queda quedan quedás quedas quedáis".split())
_FIRST = {
    "en": frozenset(aux[0] for aux in _AUX_EN),
    "es": frozenset(aux[0] for aux in _AUX_ES) | {*_STATE_OPENS, "ya"},
}
# Verbs of the conversation or of what merely happened to the parcel on its own.
_NOT_ACTS = (
    "check review verif look see seen note receiv deliver lost delay stuck damag broke "
    "explain told said found understood confirm approv reject declin charg paid "
    "revis consult mirad vist entregad recibid perdid demorad retrasad dañad roto rota "
    "confirmad aprobad rechazad cobrad pagad explicad incluid included "
    "rebajad descontad bonificad reduced discounted "  # a price's state: the money guards'
    "expect estimat due "  # a forecast: "your parcel is expected on Friday"
    "listo lista"  # "ya estás listo para manejar": ready, an adjective
).split()
# What a lookup's record says, and the customer's own past ("la cancelación que hiciste").
_RECORD_SAYS = frozenset("figura figuran consta constan aparece aparecen shows says lists".split())
# Irregular participle endings in Spanish ("hecho", "puesta", "abierto").
_IRREGULAR_ES = ("cho", "cha", "to", "ta")
# Irregular participles of acts in English ("sent", "put", "set").
_IRREGULAR_EN = frozenset("sent put set made done given shipped".split())


def done_state(
    sentence: str, language: str, reported: str, *, outputs: str | None = None, asked: str = ""
) -> str | None:
    """The participle when ``sentence`` says a state of the case was made, and
    ``reported`` (this turn's tool outputs and source texts, lower case) does not. A
    perfect of an impersonal "se" ("la cita se ha anulado") tells an event of this
    case, which only ``outputs`` (the tools' records, when given) can report: a source
    that says how a booking is cancelled reports no cancellation."""
    lang = "en" if language == "en" else "es"
    lower = sentence.lower().replace("’", "'")
    if is_offer(lower, lang):
        return None  # an offer anywhere leaves the state unsaid
    negation = _NEGATION_EN if lang == "en" else _NEGATION_ES
    said = words(lower)
    if negation & set(said) or any(t.endswith("n't") for t in said):
        return None
    if conditional(lower):
        # a condition leaves the state unsaid, unless it comes after the time the
        # state is placed at: "booked in for Tuesday, when the engineer will check…"
        return _placed_for_you(lower, reported) if lang == "en" else None
    if asked and (shown := _shown_as_asked(said, asked, outputs or "")) is not None:
        return shown
    if asked and (held := _holds_as_asked(said, asked, reported)) is not None:
        return held
    return _state_in(lower, lang, reported, outputs)


# "ya figura", "ya consta", "it now shows": the record said to hold something now.
_NOW_ON_RECORD = (("ya", "figura"), ("ya", "figuran"), ("ya", "consta"), ("ya", "constan"))
_NOW_ON_RECORD += (("ya", "aparece"), ("ya", "aparecen"), ("now", "shows"), ("now", "says"))
_CLAUSE_END = frozenset("y pero and but so así".split())


def _shown_as_asked(tokens: list[str], asked: str, outputs: str) -> str | None:
    """The record said to show now what the customer asked for, in the customer's words,
    while no tool's record of this turn shows it: "Ya figura la entrada a nombre de
    Lucía Gómez" after "Póngame la entrada a nombre de Lucía Gómez". Only an act could
    have put it there."""
    return _said_as_asked(tokens, _NOW_ON_RECORD, asked, outputs, look_back=0)


# "is now", "ya tiene": a third party or a thing of the case said to hold something
# now (a participle after them is read by ``_state_in``). Not the customer's own "ya
# tenés", which is what they already own ("el conector que ya tenés"), nor "ya está",
# which the customer's wait brings about as often ("como te registraste hace una
# semana, ya está activa").
_NOW_HOLDS = (("is", "now"), ("are", "now"), ("now", "has"), ("now", "have"))
_NOW_HOLDS += (("ya", "tiene"), ("ya", "tienen"))


def _holds_as_asked(tokens: list[str], asked: str, reported: str) -> str | None:
    """The case said to hold now what the customer asked for, the clause around the
    state sharing two of the request's words that no record or source of this turn
    holds: "your frequent flyer number is now on BT-7301" after "please add my
    frequent flyer number to booking BT-7301", "tu socio ya tiene acceso a la cuenta
    AT-6500" after "agregá a mi socio como usuario de la cuenta AT-6500"."""
    return _said_as_asked(tokens, _NOW_HOLDS, asked, reported, look_back=6)


def _said_as_asked(
    tokens: list[str],
    marks: tuple[tuple[str, str], ...],
    asked: str,
    record_text: str,
    *,
    look_back: int,
) -> str | None:
    """The second word of a ``marks`` pair whose clause (up to ``look_back`` words
    before it, twelve after, within "and / but") shares two of the request's words that
    ``record_text`` does not hold."""
    wanted: set[str] | None = None  # read only once a mark is found: most sentences have none
    record: set[str] = set()
    for index in range(len(tokens) - 1):
        if (tokens[index], tokens[index + 1]) not in marks:
            continue
        if wanted is None:
            wanted = {fold(w) for w in words(asked.lower()) if len(w) >= 4}
            record = {fold(w) for w in words(record_text)}
        clause = [*_clause_side(reversed(tokens[max(0, index - look_back) : index]))]
        clause += _clause_side(tokens[index + 2 : index + 14])
        shared = {fold(w) for w in clause if len(w) >= 4} & wanted
        if len(shared) >= 2 and not shared & record:
            return tokens[index + 1]
    return None


def _clause_side(stretch: Iterable[str]) -> list[str]:
    """The words of ``stretch`` up to the first that ends the clause."""
    out: list[str] = []
    for token in stretch:
        if token in _CLAUSE_END:
            break
        out.append(token)
    return out


def _state_in(lower: str, lang: str, reported: str, outputs: str | None) -> str | None:
    # any subject fused to "has" or "is": "a note's been added", "it's been sent"
    tokens = ["it's" if t.endswith("'s") else t for t in words(lower)]
    if not _FIRST[lang] & set(tokens):
        return None
    if _RECORD_SAYS & set(tokens) or any(t.endswith(("aste", "iste")) for t in tokens):
        return None  # what the record shows ("figura cancelado"), or the customer's own act
    if lang == "en" and (placed := _placed_for_you(lower, reported)) is not None:
        return placed
    starts = _AUX_EN if lang == "en" else _AUX_ES
    for index in range(len(tokens)):
        for aux in starts:
            end = index + len(aux)
            if tuple(tokens[index:end]) != aux or end >= len(tokens):
                continue
            if aux == ("quedó",) or aux == ("quedaron",) or aux[0] == "ya":
                pass
            elif lang == "es" and index == 0 and aux[0] in ("fue", "fueron"):
                continue
            participle = tokens[end]
            if participle in ("already", "ya", "también", "also", "all"):
                participle = tokens[end + 1] if end + 1 < len(tokens) else ""
            if not _participle(participle, lang) or _conversation(participle):
                continue
            if aux[-1] == "all" and participle in _IRREGULAR_EN:
                continue  # "so you're all set": ready, the idiom; "you're all booked in"
            record = outputs if outputs is not None and aux[0] == "se" else reported
            if stem_in(participle, record):
                continue
            return participle
    # "ya tiene la nueva dirección actualizada": the customer already holds the state
    if lang == "es":
        for index, token in enumerate(tokens[:-2]):
            if token != "ya" or tokens[index + 1] not in _HOLDS_ES:
                continue
            for at, participle in enumerate(tokens[index + 2 : index + 7], index + 2):
                if (
                    _participle(participle, lang)
                    and tokens[at - 1] not in _NOUN_BEFORE_ES  # "en el carrito": a noun
                    and not _conversation(participle)
                    and not stem_in(participle, reported)
                ):
                    return participle
    # "ya se gestionó el envío", "ya se enviaron": an impersonal past, already done
    for index in range(len(tokens) - 2) if lang == "es" else ():
        if tokens[index : index + 2] == ["ya", "se"]:
            past = tokens[index + 2]
            if past in ("hizo", "puso", "dio") or (  # "ya se hizo el reclamo"
                len(past) >= 4 and past.endswith(("ó", "aron", "ieron"))
            ):
                if not _conversation(past) and not stem_in(past, reported):
                    return past
    # "Queda anotado", "Sí, queda registrado": a clause opens on the state
    for clause in lower.split(",") if lang == "es" else ():
        opening = words(clause)[:2]
        if len(opening) == 2 and opening[0] in _STATE_OPENS:
            participle = opening[1]
            if _participle(participle, lang) and not _conversation(participle):
                if not stem_in(participle, reported):
                    return participle
    return None


# The customer's own thing put at a time: "your site survey is booked in for Tuesday",
# "your fitting is set for 10:00". Without "your" and the time, "is" + participle
# describes ("the lid is made of oak", "shipping is calculated at checkout").
_PLACED_EN = re.compile(r"\byour(?: [\w-]+){1,3} (?:is|are) ([a-z]+)(?: in)? (?:for|on)\b")


def _placed_for_you(lower: str, reported: str) -> str | None:
    for match in _PLACED_EN.finditer(lower):
        participle = match.group(1)
        if conditional(lower[: match.end()]):
            continue  # "if you pick a slot, your survey is booked for that day"
        if _participle(participle, "en") and not _conversation(participle):
            if not stem_in(participle, reported):
                return participle
    return None


# Words a noun follows and a participle does not (closed class).
_NOUN_BEFORE_ES = frozenset("el la los las un una en de del al mi tu su".split())


def _participle(token: str, lang: str) -> bool:
    if lang == "en":
        return token in _IRREGULAR_EN or (len(token) > 3 and token.endswith(("ed", "en")))
    bare = fold(token).rstrip("s")
    return len(bare) > 4 and (regular_participle_es(bare) or bare.endswith(_IRREGULAR_ES))


def _conversation(token: str) -> bool:
    return fold(token).startswith(tuple(_NOT_ACTS))


def being_done(verb: str, sentence: str) -> bool:
    """A passive in progress ("the tax on order 10795 is being removed now", "está
    siendo procesado"): an event under way for this case, which no page states."""
    tokens = words(sentence)
    at = tokens.index(verb) if verb in tokens else 0
    return at > 0 and tokens[at - 1] in ("being", "siendo")


_LEFT = ("queda", "quedan", "quedó", "quedaron")
_PAST = ("fue", "fueron", "sido", "was", "were", "been")  # "fue dada de baja", "was cancelled"


def left_done(verb: str, sentence: str, *, no_tool: bool = False) -> bool:
    """A state this case was left in ("queda solicitada la recogida de sus dos sillas",
    "quedó registrado tu cambio"; with no call in the turn also "ya está cancelado", "is
    now cancelled", "tu suscripción fue dada de baja"): a deed done for this customer,
    which no page states (a page states the process, in the present)."""
    tokens = words(sentence)
    at = tokens.index(verb) if verb in tokens else 0
    before = tokens[max(0, at - 2) : at] if at else []
    left = bool(before) and before[-1] in _LEFT
    left = left or (no_tool and bool(before) and before[-1] in _PAST)
    left = left or (no_tool and len(before) == 2 and {"ya", "now", "already"} & set(before))
    return left and bool(YOU & set(tokens) or names_an_order(tokens))
