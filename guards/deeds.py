"""Deeds of any verb: the shop saying it did, does or will do something for this case.

``guards.commitments`` knows the verbs of the acts it can name. A language model has
many more ways to say it did something ("he reprogramado la visita", "I've swapped
the shade", "te lo despachamos"), so this reader works from morphology, not from a
verb list: a verb group conjugated for the speaker in a deed tense — the perfect
("he / hemos + participle", "I've / we've + participle"), the near future ("voy a /
vamos a + infinitive", "I'll / we'll / I'm going to + verb"), the progressive ("estoy
+ gerund", "I'm + -ing"), the Spanish simple past and future ("cambié", "enviaremos")
and a pronoun for the customer before a first-person verb ("te lo mando") — about this
customer's case (a pronoun or possessive for them, an order number, a case noun).
What is said about the conversation itself (looked up, checked, understood, sorry,
recommend, explain) is a closed class of verbs and is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from guards.act_clause import _free_manner
from guards.commitments import entries_en, entries_es, has_object
from guards.conjugation import (
    fold,
    gerund,
    is_infinitive,
    past_er_ir,
    regular_participle_es,
    strong_past,
)
from guards.deeds_en import TALK_EN, deed_en, lets_someone_know
from guards.moods import is_offer, negated_at
from guards.team_deeds import team_deed
from guards.text import dash_floor, words
from guards.third_parties import (
    spoke_with_someone,
    tells_someone_en,
    tells_someone_es,
    with_a_third_party,
)
from guards.verb_groups import _AUX_TAKE_ON_ES, _FREE, CLITICS_ES

# Stems of verbs about the conversation itself, not deeds for the customer (checked,
# saw, understood, sorry, recommend, explain, tell, confirm what a lookup showed…).
_TALK_ES = tuple(
    "consult revis verific comprob chequ mir ver vist busc busqu expliqu verifiqu indiqu "
    "encontr fij entend entiend "
    "comprend lament sient sent agradec recomiend recomend suger sugier propon propong explic cont "
    "cuent coment dec dic dig dij inform confirm aclar pod pued quer quier ten tien ser "
    "est hab sab recib respond ayud dej compart record recuerd indic agradez orient tuv "
    "propus supus expus "
    "detall pregunt disculp perd imagin pens cre gust alegr encant segu sig qued esper "
    "mostr muestr trabaj llev acompañ atend escuch habl llam tom resum aconsej mencion".split()
)
_TALK_FOLDED = tuple(fold(stem) for stem in _TALK_ES)
# Whole forms of short talk verbs, which as prefixes would swallow deeds ("sé" is not
# "separé", "le" not "levanté", "noté" not "notifiqué").
# "prevé" is what a text provides for ("lo que prevé la garantía"), not "preví".
_TALK_FORMS_ES = frozenset("sé leí leo leído noté noto notamos prevé prevén".split())
# Deeds whose stems a talk stem begins ("contacté" is not "conté", "creé un ticket" is
# not "creo que").
_DEED_STEMS_ES = ("contact", "notific", "creé", "cread", "creamos")
# "dejar" is talk with a thing handed over in the chat ("te dejo el enlace") and a deed
# with a state or a record left behind ("te lo dejo reservado", "dejé una nota").
_LEFT_ES = ("nota", "constancia", "registro", "aviso", "comentario", "observaci", "asentad")
_CASE_ES = tuple(
    "pedido orden compra direcci factura etiqueta reembols reintegr suscripci caja "
    "cuenta envío envio entrega devoluci cambio reclamo caso incidencia turno cita "
    "reserva paquete producto cobro pago garant recogida retiro reemplazo recambio visita".split()
)
_CASE_EN = tuple(
    "order address invoice label refund subscription box account delivery return "
    "exchange claim case ticket booking appointment reservation parcel package "
    "payment card plan courier warranty pickup collection replacement visit".split()
)
_FOR_CUSTOMER_ES = frozenset("te le les se tu tus su sus vos usted ustedes".split())
_FOR_CUSTOMER_EN = frozenset("you your yours".split())
_PERFECT_ES = frozenset("he hemos".split())
_GO_ES = frozenset("voy vamos".split())
_JUST_ES = frozenset("acabo acabamos".split())
_PROGRESSIVE_ES = frozenset("estoy estamos".split())
_NOT_VERBS_ES = frozenset("qué café bebé porqué sé josé también además través así".split())
_AUXILIARIES_ES = frozenset(
    "vamos voy hemos estamos estoy procedo procedemos acabo acabamos podemos puedo "
    "queremos quiero vamos tenemos tengo debemos solemos".split()
)
_WINDOW = 5
_NOUN_BEFORE_ES = frozenset("el la los las un una unos unas mi tu su del al de este ese".split())
# A preposition right before: a finite verb never follows one ("se entregan en palé" is
# a noun; "desde ya te lo descontaré" has its clitics and "ya" between).
_PREPOSITIONS_ES = frozenset("en con sin por para sobre entre desde hasta hacia".split())
# Stems of -er verbs whose "vos" imperative ends in -é like an -ar verb's past
# ("traé", "poné", "devolvé"): instructions to the customer.
_ER_STEMS_ES = frozenset(
    "tra pon hac ten le volv devolv mov met respond prend encend recog escog corr romp "
    "vend entend aprend deb com beb ve".split()
)


@dataclass(frozen=True)
class Deed:
    verb: str
    negated: bool
    offer: bool
    sentence: str

    @property
    def binding(self) -> bool:
        return not self.negated and not self.offer


def _says_that(tokens: list[str], index: int, language: str) -> bool:
    """A present first-person verb with a "que" clause right after it introduces what
    is said ("te aviso que en la tabla figura…"); the clause holds any deed itself."""
    if language != "es" or not tokens[index].endswith("o"):
        return False
    if index and tokens[index - 1] in _PERFECT_ES:
        return False  # a participle: "he pedido que rehagan la factura" is done
    # an adverb may stand between: "te aviso también que hoy está sin stock"
    after = [t for t in tokens[index + 1 : index + 3] if t not in _BETWEEN_SAY_AND_QUE]
    return after[:1] == ["que"]


_BETWEEN_SAY_AND_QUE = frozenset("también tambien además ademas ya igual solo nomás".split())


@lru_cache(maxsize=1024)
def read_deeds(sentence: str, language: str, *, any_case: bool = False) -> tuple[Deed, ...]:
    """Verbs of any kind that the speaker says they did, do or will do for this case
    (``any_case``: for whatever the sentence is about). Verbs the commitments reader
    already knows are left to it."""
    text = sentence.replace("’", "'")
    tokens = words(text)
    if (
        not any_case
        and not _about_case(tokens, language)
        and not _already_done_es(tokens, language)
    ):
        return ()
    offer: bool | None = None  # read once a deed is found
    find = _deed_es if language == "es" else deed_en
    known = entries_es if language == "es" else entries_en
    out = []
    for index in range(len(tokens)):
        if not find(tokens, index) and not _by_the_team(tokens, index, language):
            continue  # most words are no deed: the cheap reading first
        entries = known(tokens[index])
        if entries and any(v.bare_for_speaker or has_object(v, tokens, index) for v, _ in entries):
            continue  # a verb of the act list, with its object: the commitments reader's
        if _says_that(tokens, index, language):
            continue  # "te aviso que…", "te confirmo que…": saying, not doing
        if not _again(tokens, index, language):
            # not "lo he vuelto a consultar": "again", the infinitive is the verb
            offer = is_offer(text.lower(), language) if offer is None else offer
            out.append(
                Deed(
                    verb=tokens[index],
                    negated=negated_at(tokens, index, language, floor=dash_floor(text, index)),
                    offer=offer,
                    sentence=sentence,
                )
            )
    return tuple(out)


def free_deed(sentence: str, language: str) -> bool:
    """A deed of the speaker's, not negated nor offered, done for free ("we'll assemble
    it free of charge", "te lo instalamos sin cargo")."""
    tokens = words(sentence.replace("’", "'"))
    if _FREE.isdisjoint(tokens):
        return False  # no word for "free" anywhere: no deed is done for free
    # a thing done free is done for the customer, whatever else the sentence names:
    # "we'll deliver it free this time"
    deeds = [d for d in read_deeds(sentence, language, any_case=True) if not d.negated]
    if not deeds:
        return False
    return any(
        _free_manner(tokens, index)
        for index, token in enumerate(tokens)
        if any(d.verb == token for d in deeds)
    )


def _again(tokens: list[str], index: int, language: str) -> bool:
    """A form of "volver" before "a" + infinitive is an auxiliary ("I checked again")."""
    if language != "es" or not fold(tokens[index]).startswith(("volv", "vuelv", "vuelt")):
        return False
    return tokens[index + 1 : index + 2] == ["a"] and tokens[index + 2 : index + 3] != []


# A day of the calendar: a deed set for a day is arranged for this case ("we'll swing
# by tomorrow to finish the strip along the back fence", "I'll get the import
# declaration lodged today").
_DAYS = frozenset(
    "today hoy tomorrow tonight monday tuesday wednesday thursday friday saturday sunday "
    "mañana lunes martes miércoles miercoles jueves viernes sábado sabado domingo".split()
)


def _about_case(tokens: list[str], language: str) -> bool:
    pronouns = _FOR_CUSTOMER_ES if language == "es" else _FOR_CUSTOMER_EN
    nouns = _CASE_ES if language == "es" else _CASE_EN
    return any(
        t in pronouns or t in _DAYS or t.startswith(nouns) or any(ch.isdigit() for ch in t)
        for t in tokens
    ) or any(
        with_a_third_party(tokens, index)
        or tells_someone_es(tokens, index)
        or tells_someone_en(tokens, index)
        or spoke_with_someone(tokens, index)
        or (token in _JUST_ES and tokens[index + 1 :][:1] == ["de"])
        or (token == "let" and lets_someone_know(tokens, index))
        for index, token in enumerate(tokens)
    )
    # someone outside the chat reached for the customer is their case: "he hablado con
    # el almacén y van a retenerlo"


def _by_the_team(tokens: list[str], index: int, language: str) -> bool:
    """A deed of the shop's people ("el almacén ya ha retenido el envío"); talk stays
    talk ("el técnico ya revisó el pedido")."""
    if not team_deed(tokens, index, language):
        return False  # most words: the cheap reading first
    return not (_talk_es(tokens[index]) if language == "es" else tokens[index] in TALK_EN)


_CLITIC_OBJECTS_ES = frozenset("lo la los las".split())


def _already_done_es(tokens: list[str], language: str) -> bool:
    """ "Ya lo reporté", "ya la he movido", "ya agendé una llamada": "ya" before a
    first-person past (with an object pronoun or none) speaks of this case though no
    noun of it is in the sentence."""
    if language != "es":
        return False
    return any(
        # "ya lo reporté", "ya la he movido al jueves"
        a == "ya"
        and b in _CLITIC_OBJECTS_ES
        and (c.endswith(("é", "amos", "imos")) or c in _PERFECT_ES)
        for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
    ) or any(
        a == "ya" and ((b.endswith("é") and len(b) >= 5) or b in _PERFECT_ES)
        for a, b in pairwise(tokens)
    )  # "ya agendé una llamada", "ya he reclamado el libro a la editorial"


def _talk_es(form: str) -> bool:
    bare = fold(form)
    if form in _TALK_FORMS_ES or form in _NOT_VERBS_ES or bare in _NOT_VERBS_ES:
        return True
    return bare.startswith(_TALK_FOLDED) and not form.startswith(_DEED_STEMS_ES)


def _left_behind(tokens: list[str], index: int) -> bool:
    """A form of "dejar" with a participle or a record after it."""
    if not fold(tokens[index]).startswith("dej"):
        return False
    after = tokens[index + 1 : index + 4]
    return any(
        t.startswith(_LEFT_ES) or (len(t) > 5 and regular_participle_es(fold(t).rstrip("s")))
        for t in after
    )


# "hacer" with what the reply itself works out: "te hago la cuenta", "le hago un resumen".
_HACER_ES = ("hag", "hac", "hic", "har")
_WORKED_OUT_ES = ("cuenta", "calculo", "suma", "resumen", "compara", "desglose")
# What "te paso" hands over in the chat itself: information, not a thing or a case.
_INFO_ES = (
    "dato",
    "info",
    "compara",
    "valor",
    "precio",
    "link",
    "enlace",
    "resumen",
    "opcion",
    "detalle",
    "lista",
    "número",
    "numero",
    "código",
    "codigo",
    "horario",
    "paso",
    "pasos",
)


# What points back at an earlier message: "el de 2 plazas que te pasé antes".
_EARLIER = frozenset("antes recién recien arriba before earlier above".split())


def _hands_information(tokens: list[str], index: int) -> bool:
    """ "te paso la comparación", "les pasamos los datos", "el que te pasé antes", "te
    hago la cuenta": said in the chat."""
    if fold(tokens[index]).startswith(_HACER_ES):
        after = [t for t in tokens[index + 1 : index + 3] if t not in _NOUN_BEFORE_ES]
        return bool(after) and fold(after[0]).startswith(_WORKED_OUT_ES)
    if not fold(tokens[index]).startswith("pas"):
        return False
    if tokens[index + 1 : index + 2] and tokens[index + 1] in _EARLIER:
        return True
    # a relative clause on a thing named before: "la de 3/4 HP que te pasé sigue
    # disponible"; "que te pasé con un asesor" hands the chat over
    if tokens[max(0, index - 2) : index - 1] == ["que"] and tokens[index + 1 : index + 2] not in (
        ["con"],
        ["a"],
        ["al"],
    ):
        return True
    after = [t for t in tokens[index + 1 : index + 4] if t not in _NOUN_BEFORE_ES]
    return bool(after) and fold(after[0]).startswith(tuple(fold(w) for w in _INFO_ES))


# What a first-person verb asks of the customer or says to them, not a deed: "te pido
# disculpas", "le pido paciencia", "te pido un momento".
_COURTESY_ES = ("disculpa", "perdón", "perdon", "paciencia", "momento", "gracias", "comprensi")


# Pronominal verbs of the speaker's own mind (closed class, folded stems).
_OF_MYSELF_ES = ("equivo", "confund", "olvid", "disculp", "alegr", "preocup", "enter")
_OF_MYSELF_ES += ("arrepent",)


def _deed_es(tokens: list[str], index: int) -> bool:
    token = tokens[index]
    if len(token) < 4 or token in _AUXILIARIES_ES or _hands_information(tokens, index):
        return False
    if any(t.startswith(_COURTESY_ES) for t in tokens[index + 1 : index + 3]):
        return False
    if (
        _talk_es(token)
        and not _left_behind(tokens, index)
        and not with_a_third_party(tokens, index)
        and not tells_someone_es(tokens, index)
        and not spoke_with_someone(tokens, index)
    ):
        return False
    if token in _AUX_TAKE_ON_ES and tokens[index + 1 : index + 2] == ["de"]:
        # "nos encargamos de la recogida de las tres cajas": taking on a thing of the
        # case ("me encargo de avisarte" is the infinitive's, read elsewhere)
        return any(t.startswith(_CASE_ES) for t in tokens[index + 2 : index + 5])
    prev = _previous(tokens, index, CLITICS_ES | {"ya", "yo", "nosotros", "recién"})
    bare = fold(token)
    if tokens[index - 1 : index] == ["me"] and bare.startswith(_OF_MYSELF_ES):
        return False  # "me equivoqué", "me enteré": the speaker's own state, no deed
    if prev in _PERFECT_ES and (regular_participle_es(bare) or bare.endswith(("to", "cho"))):
        return True
    if prev == "a" and index >= 2 and _previous(tokens, index - 1, frozenset()) in _GO_ES:
        return is_infinitive(bare)
    if prev == "de" and index >= 2 and _previous(tokens, index - 1, frozenset()) in _JUST_ES:
        return is_infinitive(bare)  # "acabo de dispararlo de nuevo": just done
    if prev in _PROGRESSIVE_ES and gerund(bare):
        return True
    # the simple past and future: "cambié", "reprogramé", "enviaremos", "cambiaré"
    if (
        token.endswith("é")
        and len(token) >= 4
        and prev not in _NOUN_BEFORE_ES
        and not (index and tokens[index - 1] in _PREPOSITIONS_ES)
    ):
        # "igual ya le avisé"; not "si venís, traé el DNI" (an -er verb's "vos"
        # imperative), nor "el monitor de bebé" (a noun)
        return fold(token)[:-1] not in _ER_STEMS_ES
    if past_er_ir(tokens, index) or strong_past(tokens, index):
        return True  # "te escribí", "ya devolví"; "ya te hice el cambio", "le traje"…
    if token.endswith(("aremos", "eremos", "iremos", "aré", "eré", "iré")) and len(token) >= 6:
        return True
    # the irregular futures of "-tener", "-poner", "-venir", "salir", "hacer":
    # "lo retendremos en el almacén", "te lo repondré", "lo haremos"
    if token.endswith(("dremos", "dré")) and len(token) >= 6 and not _talk_es(token):
        return True
    # "ya" and an object pronoun before a first-person plural: "Ya lo marcamos como
    # prioritario" is done (not "ya contamos con stock": no pronoun)
    if (
        index >= 2
        and tokens[index - 2] == "ya"
        and tokens[index - 1] in _CLITIC_OBJECTS_ES
        and token.endswith(("amos", "imos"))
    ):
        return True
    # "ya" before a first-person plural with its object after it: "Ya sumamos la ISO
    # 45001 al alcance" is done (not "ya contamos con stock": a preposition follows)
    if (
        index >= 1
        and tokens[index - 1] == "ya"
        and token.endswith(("amos", "imos"))
        and tokens[index + 1 : index + 2] in (["el"], ["la"], ["los"], ["las"], ["tu"], ["su"])
    ):
        return True
    # done impersonally for someone: "ya se le pidió al administrador que mande a alguien"
    if tokens[max(0, index - 3) : index - 1] == ["ya", "se"] and token.endswith("ó"):
        return tokens[index - 1] in ("le", "les", "te", "os")
    # a pronoun for the customer before a first-person verb: "te lo mando", "se la cambiamos"
    pronouns = set(tokens[max(0, index - 2) : index])
    if tokens[index - 1] == "se":
        return False  # a bare "se" is impersonal: "se hizo a las 11:00", "se envía"
    if pronouns & {"te", "le", "les", "se"} and tokens[index - 1] in CLITICS_ES:
        return token.endswith(("amos", "imos", "emos")) or (
            token.endswith("o") and not token.endswith(("lo", "no"))
        )
    return False


def _previous(tokens: list[str], index: int, skip: frozenset[str]) -> str:
    j = index - 1
    while j >= 0 and index - j <= _WINDOW and tokens[j] in skip:
        j -= 1
    return tokens[j] if j >= 0 else ""
