"""Someone outside the chat, reached by a verb the deeds reader otherwise takes as talk.

"I checked with the warehouse", "hablé con el vendedor": checking and talking are what
the assistant does in the conversation, but with a person outside it they are an act for
the customer that no tool performs. The same holds for the Spanish verbs of telling
("te comento", "le informo que…" speak to the customer) when the personal "a" brings
someone else after them: "le dije a la coordinadora", "hemos informado a los monitores".
"""

from __future__ import annotations

from guards.conjugation import fold

# Who else a talk verb may reach with "con / with / to / al": "checked with the
# warehouse", "hablé con el vendedor" is contacting someone for the customer.
THIRD_PARTIES = (
    "depósito deposito almacén almacen vendedor proveedor fabricante fábrica fabrica taller "
    "logística logistica transportista correo mensajería mensajeria courier repartidor "
    "warehouse supplier seller vendor manufacturer factory carrier driver workshop depot "
    # the shop's own people outside the chat: "I've flagged it to the install crew"
    "crew team equipo technician técnico tecnico installer instalador fitter engineer "
    "colleague compañer staff"
).split()
_WITH = frozenset("con with to al".split())
_ARTICLES = frozenset("el la los las nuestro nuestra the our their your tu su".split())


def with_a_third_party(tokens: list[str], index: int) -> bool:
    """A talk verb followed by "con / with / to" and someone outside the chat."""
    after = [t for t in tokens[index + 1 : index + 7] if t not in _ARTICLES]
    # one word may name the kind before the head: "to the install crew"
    return any(
        a in _WITH and any(w.startswith(tuple(THIRD_PARTIES)) for w in after[at + 1 : at + 3])
        for at, a in enumerate(after[:3])
    )


# Stems (accents folded) of the Spanish verbs of telling: informar, comentar, decir
# ("dije", "dicho", "decirle"), contar, mencionar; and llamar, whose personal "a" is
# someone called ("ya llamé a la asistencia en ruta", "lo acabo de llamar al armador").
_TELLING_ES = ("inform", "coment", "dij", "dich", "dec", "cont", "cuent", "mencion", "llam")
_DETERMINERS_ES = frozenset(
    "el la los las un una mi mis tu tus su sus nuestro nuestra nuestros nuestras".split()
)
# Closed class: what the personal "a" is not before — the customer ("le dije a usted"),
# everyone or no one, the times and manners that follow "a" ("como te dije al
# principio", "te informo a la brevedad", "a continuación", "a modo de ejemplo"), and
# what is answered in the chat ("ya contesté a tu pregunta": "cont" begins contestar).
_NOT_SOMEONE_ES = frozenset(
    """usted ustedes vos ti vosotros vosotras cliente clientes todos todas nadie cada
    principio final continuación continuacion brevedad mañana tarde noche hora horas
    momento vez medida modo tiempo día dia semana mes inicio respecto través traves cabo
    efecto partir fin fondo grandes rasgos rajatabla pregunta preguntas consulta consultas
    duda dudas mensaje mensajes""".split()
)


def tells_someone_es(tokens: list[str], index: int) -> bool:
    """A Spanish verb of telling at ``index`` whose indirect object, after the personal
    "a", is a person other than the customer: "le he comentado al monitor",
    "hemos informado a los monitores", "ya le dije a Laura"."""
    token = tokens[index]
    if not fold(token).startswith(_TELLING_ES):
        return False
    if token.endswith("á") and not token.endswith("rá"):
        return False  # the "vos" imperative is the customer's: "llamá a emergencias"
    after = tokens[index + 1 : index + 4]
    if not after or after[0] not in ("a", "al"):
        return False
    rest = after[1:]
    if after[0] == "a" and rest[:1] and rest[0] in _DETERMINERS_ES:
        rest = rest[1:]
    head = rest[0] if rest else ""
    return len(head) > 2 and head.isalpha() and head not in _NOT_SOMEONE_ES


# The English verbs of telling whose object is the person told ("I told the driver",
# "we've informed the counsellors", "I've warned the kitchen"), and the determiners that
# open a noun phrase there; a pronoun after them ("told you", "told them") is left alone.
_TELLING_EN = frozenset(
    "tell told telling inform informed informing warn warned warning brief briefed "
    "remind reminded".split()
)
_DETERMINERS_EN = frozenset("the our your their a an his her my this that".split())
# Closed class: what follows "the" after a verb of telling without being a person ("I
# told the truth", "to inform the decision" is no English sense; "the same", "the rest").
_NOT_SOMEONE_EN = frozenset("truth same rest whole difference story time".split())


def tells_someone_en(tokens: list[str], index: int) -> bool:
    """An English verb of telling at ``index`` whose object is a noun phrase, not "you":
    "I've told the camp leaders", "we've informed our insurer"."""
    if tokens[index] not in _TELLING_EN:
        return False
    after = tokens[index + 1 : index + 3]
    return (
        len(after) == 2
        and after[0] in _DETERMINERS_EN
        and after[1].isalpha()
        and after[1] not in _NOT_SOMEONE_EN
    )


# The verbs of speaking with someone (Spanish stems, accents folded; English forms),
# whose "con / with / to" names who was spoken to.
_SPEAKING_ES = ("habl", "convers")
_SPEAKING_EN = frozenset("spoke spoken talked chatted".split())
_WITH_SOMEONE = frozenset("con with to".split())
_NOT_THE_CUSTOMER = frozenset("usted ustedes vos ti you yourself".split())
# What opens a noun phrase that names someone, in either language ("la estación", "our
# warehouse team", "the nurse"): shared with the readers of deeds by others.
OPENERS = _DETERMINERS_ES | _DETERMINERS_EN


def spoke_with_someone(tokens: list[str], index: int) -> bool:
    """The speaker spoke with someone outside the chat, named by a noun phrase after
    "con / with / to": "ya he hablado con la estación de Alcorcón", "I've spoken to the
    site manager"; not with the customer ("como hablamos con usted")."""
    token = tokens[index]
    if token not in _SPEAKING_EN and not fold(token).startswith(_SPEAKING_ES):
        return False
    after = tokens[index + 1 : index + 4]
    if len(after) < 3 or after[0] not in _WITH_SOMEONE or after[1] not in OPENERS:
        return False
    head = after[2]
    return head.isalpha() and len(head) > 2 and head not in _NOT_THE_CUSTOMER
