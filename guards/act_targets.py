"""What a performed act covers: which order it was done for, and which words name it.

A performed act does not cover another order.

"He solicitado el reembolso del pedido LD-8810 y también el del pedido LD-8790", when
request_refund ran for LD-8810 only, claims an act for LD-8790 that nothing performed.
The references are read from the stretch of the sentence that holds the act's verb
(up to a comma, a semicolon or a colon: "…, que llegó con el 1043" is another
stretch), and compared with the inputs of the calls that performed the act. A deed
whose object names what a performed act left behind ("cargué la solicitud de
reembolso", "te paso con un farmacéutico") is that act, reported.
"""

from __future__ import annotations

import re
from itertools import pairwise

from guards import act_objects as objects
from guards.acts import Act, tool_acts
from guards.commitments import entries_en, entries_es, has_object
from guards.conjugation import fold
from guards.context import GuardContext
from guards.text import words
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


# What a performed act leaves behind, named as the object of any verb: "cargué la
# solicitud de reembolso" is the request request_refund filed, whatever the verb.
_PERFORMED_OBJECTS: dict[Act, dict[str, tuple[tuple[str, ...], ...]]] = {
    Act.REQUEST_REFUND: {
        # "dejé pedida la devolución del dinero": the request, in its participle
        "es": (("solicitad", "pedida", *objects.TICKET_ES), objects.REFUND_ES),
        "en": (objects.TICKET_EN, objects.REFUND_EN),
    },
    Act.HANDOFF: {"es": (objects.PERSON_ES,), "en": (objects.PERSON_EN,)},
}
_OBJECT_SPAN = 8


def _passing(verb: str) -> bool:
    """A verb of passing someone on: "paso", "pasamos", "transfer", "put you through"."""
    return fold(verb).startswith(("pas", "transfer", "deriv", "connect", "put", "hand"))


def names_a_performed_act(verb: str, sentence: str, done: frozenset[Act], language: str) -> bool:
    return performed_act_named(verb, sentence, done, language) is not None


def _before_next_deed(after: list[str]) -> list[str]:
    """The verb's object, up to a conjunct that opens a deed of its own: in "I've
    cancelled it for you and requested the refund" the refund is the request's, not the
    cancelling's (an English past in -ed, a Spanish first-person past or present)."""
    for at, (word, following) in enumerate(pairwise(after)):
        if word in ("and", "y", "e") and (
            following.endswith("ed") or following.endswith(("é", "í", "amos", "imos"))
        ):
            return after[:at]
    return after


def performed_act_named(
    verb: str, sentence: str, done: frozenset[Act], language: str
) -> Act | None:
    """The performed act whose leavings the words after an open-class deed verb name
    (every word group of the act has a word there): the deed is that act, reported."""
    tokens = words(sentence)
    if verb and verb not in tokens:
        return None
    # with no verb, the whole sentence ("Ya quedó cargada tu solicitud de reembolso")
    after = tokens[tokens.index(verb) + 1 :][:_OBJECT_SPAN] if verb else tokens
    after = _before_next_deed(after) if verb else after
    after = _requests_named(after)
    # "te paso con un farmacéutico", "I'm handing you over to the workshop team":
    # whoever it is, a person
    passed_to = [t for t in after[:3] if t not in ("you", "over")][:1]
    if Act.HANDOFF in done and verb and passed_to in (["con"], ["to"]) and _passing(verb):
        return Act.HANDOFF
    for act in sorted(done):
        groups = _PERFORMED_OBJECTS.get(act, {}).get(language, ())
        # a word of the group with an ending at most ("members", not "membership")
        if groups and all(
            any(t.startswith(g) and len(t) - len(g) <= 3 for t in after for g in group)
            for group in groups
        ):
            return act
    return None


def _requests_named(tokens: list[str]) -> list[str]:
    """ "el pedido de reembolso" is a request for one, not an order: read as "solicitud"."""
    return [
        "solicitud"
        if token == "pedido"
        and tokens[at + 1 : at + 2] == ["de"]
        and tokens[at + 2 : at + 3]
        and tokens[at + 2].startswith(objects.REFUND_ES)
        else token
        for at, token in enumerate(tokens)
    ]


# Who a forwarding reaches when it is not the colleague who reviews the case: the
# shop's operations and people outside it (closed class). A filed request or a handoff
# passes the case to a person; telling the warehouse to dispatch a part, the lab to stop
# the work or the seamstress to hurry is another act, which no call made.
_OPERATIONS = (
    "depósito deposito almacén almacen warehouse depot laborator lab taller workshop "
    "courier carrier transportista expreso mensajer repartidor driver logística logistica "
    "logistics fábrica fabrica factory proveedor supplier fabricante manufacturer "
    "modista costurera seamstress tailor sastre imprenta printer"
).split()
_PARTY_SPAN = 6


def outside_party(verb: str, sentence: str) -> str | None:
    """The party outside the review that a forwarding or a ticket names within a few
    words after its verb ("ya le avisé al depósito", "opened a ticket with the
    warehouse"), or None."""
    tokens = words(sentence)
    if verb not in tokens:
        return None
    at = tokens.index(verb)
    for j in range(at + 1, min(len(tokens), at + 1 + _PARTY_SPAN)):
        if not tokens[j].startswith(tuple(_OPERATIONS)):
            continue
        # a person of that team is the colleague the case goes to: "one of the workshop
        # team", "alguien del depósito"
        if not _PEOPLE & set(tokens[max(at + 1, j - 3) : j + 2]) and not _member(
            tokens[max(at + 1, j - 4) : j]
        ):
            return tokens[j]
    return None


# What a forwarding asks the team to do: "asked the tech team to check the mixing desk",
# "le pedí al equipo que revise la mesa" (the words up to the next punctuation).
_PURPOSE = {
    # "to" before a verb, not before whom it goes to ("passed it on to the team")
    "en": re.compile(
        r"(?i)\b(?:to(?!\s+(?:the|a|an|our|your|my|one|someone|somebody|them|him|her|us|me)\b)"
        r"|so\s+(?:that\s+)?they(?:'ll|\s+(?:can|will|could)))\s+([^,;:.!?]+)"
    ),
    # "para que …", "para + infinitive": not the "que" of "lo que decidan"
    "es": re.compile(r"(?i)\bpara\s+(?:que\s+)?([^,;:.!?]+)"),
}
_ANOTHER_CLAUSE = re.compile(r"(?i)[,;]|\b(?:and|but|so|y|pero|así)\b")
# The review a filed request is passed on for, said without an object of its own ("to
# look into it", "que lo revisen") or of the request itself (refund, request, case).
_REVIEW = frozenset(
    "review reviews check checks look looks into at over it this that them your the "
    "a an take get back you on with about process assess revise revisen revisar mire miren "
    "vea vean analice analicen evalúe evalúen gestione gestionen tramite tramiten lo la los "
    "las le les te se tu su sus el y and me nos os pueda puedan can will could".split()
)


def other_task(verb: str, sentence: str, language: str) -> str | None:
    """The task a forwarding gives the team when it is not the review of the filed
    request: the purpose after the verb names a thing of its own ("to check the mixing
    desk before your next booking"), not the refund or the case, nor only a pronoun
    ("to look into it"). Returns it with its "to" / "que", or None."""
    lang = "en" if language == "en" else "es"
    at = sentence.find(verb)
    if at < 0:
        return None
    found = _PURPOSE[lang].search(sentence, at + len(verb))
    if found is None or found.start() - (at + len(verb)) > 40:
        return None
    between = sentence[at + len(verb) : found.start()]
    if _ANOTHER_CLAUSE.search(between):
        return None  # "I've passed it on and you're going to hear back": another clause
    money = (
        objects.REFUND_EN + objects.TICKET_EN
        if lang == "en"
        else objects.REFUND_ES + objects.TICKET_ES
    )
    # the request named as what was passed on, or in the task, is what the task reviews
    # ("He enviado una solicitud de reembolso para que un compañero revise lo de la tapa")
    if any(w.lower().startswith(money) for w in words(f"{between} {found.group(1)}")):
        return None
    task = [w.lower() for w in words(found.group(1))]
    if not task or all(w in _REVIEW or len(w) < 3 for w in task):
        return None
    return found.group(0).strip()


def _member(before: list[str]) -> bool:
    """ "una restauradora del taller", "a technician from the workshop": one of the team,
    named by an indefinite article, a noun and a preposition before the team's word."""
    for i in range(len(before) - 2):
        if before[i] in _ONE and before[i + 2] in _OF:
            return True
    return False


_ONE = frozenset("un una a an".split())
_OF = frozenset("del de from of at".split())
_PEOPLE = frozenset(
    "team teams staff colleague colleagues someone person people member one expert "
    "equipo personal alguien persona compañero compañera compañeros colega especialista".split()
)


def verb_of_a_performed_act(
    verb: str, sentence: str, done: frozenset[Act], language: str
) -> Act | None:
    """A passive deed's participle is a form of an act verb whose act a call of the turn
    performed, with that act's object beside it: the deed is the call, reported."""
    tokens = words(sentence)
    if verb not in tokens:
        return None
    entries = (entries_es if language == "es" else entries_en)(verb)
    at = tokens.index(verb)
    for entry, form in entries:
        if form == "part" and entry.act in done and entry.objects:
            if has_object(entry, tokens, at):
                return entry.act
    return None


# What a filed request or a handoff passes on: the case, to the colleague who reviews it.
_PASSED_ON = frozenset({Act.FORWARD, Act.TICKET})


def passed_beyond(
    act: Act | None, verb: str, sentence: str, done: frozenset[Act], language: str
) -> str | None:
    """A case passed on to a party outside the review ("ya le avisé al depósito"), or,
    when no handoff backs it, for a task of its own ("asked the tech team to check the
    mixing desk"): "for" the party, or the task with its "to" / "para"; None otherwise."""
    if act not in _PASSED_ON:
        return None
    if party := outside_party(verb, sentence):
        return f"for {party}"
    if act == Act.FORWARD and Act.HANDOFF not in done:
        return other_task(verb, sentence, language)
    return None
