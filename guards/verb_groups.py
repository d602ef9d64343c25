"""The closed word classes the commitments reader works with, per language: persons,
auxiliaries, modals, negation, clitics, offer cues. Data only."""

from __future__ import annotations

SPEAKER, PASSIVE, CUSTOMER = "speaker", "passive", "customer"

CLITICS_ES = frozenset("me te le les lo la los las se nos os".split())
_PRONOUNS = ("me", "te", "le", "les", "se", "nos", "")
ENCLITICS = tuple(
    sorted(
        {
            a + b
            for a in ("me", "te", "le", "les", "se", "nos", "")
            for b in ("lo", "la", "los", "las", "")
        }
        - {""},
        key=len,
        reverse=True,
    )
)
_DETERMINERS_ES = frozenset(
    "el la los las un una unos unas del al su sus tu tus mi mis este esta ese esa de cada "
    "nuestro nuestra otro otra primer sin con por para en".split()
)
# First-person forms that are also everyday nouns ("el envío", "tu reembolso"): a verb
# only right after a pronoun ("te envío", "se lo reintegro").
_NOUN_FORMS_ES = frozenset(
    "envío reenvío reembolso reintegro cambio descuento registro abono cargo aviso pago "
    "llamo pase paso regalo mando".split()
)
_ADVERBS_ES = frozenset(
    "ya ahora ahorita enseguida mismo hoy mañana también personalmente directamente "
    "inmediatamente automáticamente rápidamente recién acabo acabamos".split()
)
_NEGATION_ES = frozenset("no nunca jamás tampoco ni".split())
_NEGATION_EN = frozenset(
    "not never cannot can't won't don't doesn't didn't haven't hasn't isn't aren't "
    "wasn't weren't couldn't wouldn't shouldn't unable no nothing nobody none".split()
)
_AUX_PERFECT_ES = {"he": SPEAKER, "hemos": SPEAKER, "habíamos": SPEAKER, "hube": SPEAKER}
_AUX_PERFECT_ES |= {"ha": PASSIVE, "han": PASSIVE, "había": PASSIVE, "habían": PASSIVE}
_AUX_PERFECT_ES |= {"has": CUSTOMER, "habés": CUSTOMER}
_AUX_GO_ES = {"voy": SPEAKER, "vamos": SPEAKER, "iba": SPEAKER, "íbamos": SPEAKER}
_AUX_GO_ES |= {"va": PASSIVE, "van": PASSIVE, "vas": CUSTOMER}
_AUX_PROGRESSIVE_ES = {"estoy": SPEAKER, "estamos": SPEAKER, "está": PASSIVE, "están": PASSIVE}
# the future and the hedged conditional of the same periphrasis: "te estaremos enviando",
# "esta semana ya te estaríamos devolviendo los $32.000" (a softened future, not a
# condition unless one is said)
_AUX_PROGRESSIVE_ES |= {"estaré": SPEAKER, "estaremos": SPEAKER, "estaríamos": SPEAKER}
_AUX_PROCEED_ES = frozenset("procedo procedemos procederemos procederé".split())
_AUX_TAKE_ON_ES = frozenset("encargo encargamos encargaremos ocupo ocupamos".split())
_MODAL_SPEAKER_ES = frozenset("puedo podemos podría podríamos podré podremos".split())
_MODAL_CUSTOMER_ES = frozenset(
    "podés puedes puede pueden podrá podrás podrán tenés tienes tiene debe debés debes "
    "deberá deberás necesitás necesitas necesita hay "
    "podéis podréis podríais tenéis debéis deberéis necesitáis".split()  # vosotros
)
_WANT_ES = frozenset("quiero queremos".split())
_PASSIVE_AUX_ES = frozenset(
    "queda quedó quedará quedan quedaron quedaría está están estará estarán fue fueron será "
    "serán sido sea sean es son".split()
)
# "ya está cancelada", "quedó registrada", "fue dada de baja": done, whoever did it.
_DONE_AUX_ES = frozenset("queda quedó quedan quedaron fue fueron sido quedado".split())
_BENEFICIARY_ES = frozenset(
    "te le les os vos usted ustedes tu tus su sus vuestro vuestra vuestros vuestras".split()
)
# A condition makes an offer only when it is the customer's wish or a person's
# approval ("si querés…", "if approved…"); "si cancelás, se te acredita" is a promise.
_OFFER_OPENERS_ES = ("si querés", "si quieres", "si lo desea", "si se aprueba", "si aprueban")
_OFFER_CUES_ES = ("querés que", "quieres que", "desea que", "deseás que", "preferís que")
_OFFER_CUES_ES += ("prefieres que", "quiere que", "te parece", "le parece", "si querés")
_OFFER_CUES_ES += ("si quieres", "si lo desea", "si preferís", "si prefieres", "si usted quiere")
_OFFER_CUES_ES += ("si se aprueba", "si lo aprueban", "si corresponde", "una vez aprobad")
_OFFER_CUES_ES += ("si prefiere", "si quiere", "si desea", "si lo prefiere", "si te parece")
_OFFER_CUES_ES += ("si la aprueban", "en caso de aprobarse", "si es aprobad")

_SUBJECT_EN = {"i": SPEAKER, "we": SPEAKER, "i've": SPEAKER, "we've": SPEAKER}
_SUBJECT_EN |= {"i'll": SPEAKER, "we'll": SPEAKER, "i'm": SPEAKER, "we're": SPEAKER}
_SUBJECT_EN |= {"i'd": SPEAKER, "we'd": SPEAKER, "you": CUSTOMER, "you'll": CUSTOMER}
_SUBJECT_EN |= {"you've": CUSTOMER, "you're": CUSTOMER, "you'd": CUSTOMER}
_AUX_EN = frozenset(
    "will shall have has had am are is be been being 'll going to just already now also "
    "still definitely certainly surely obviously naturally absolutely "
    # "you'll of course get your fee back": the two words of the adverb
    "of course "
    "gone went ahead and go get got personally happily gladly immediately right away then "
    "successfully manually quickly promptly actually fully proceed proceeded proceeding "
    "about able would can could may might let me us "
    # a noun the verb incorporates: "we'll price match Waterstones"
    "price".split()
)
_MODAL_EN = frozenset("can could may might would".split())
_PASSIVE_AUX_EN = frozenset(
    "has have had is are was were be been being will 's get gets got getting".split()
)
_BENEFICIARY_EN = frozenset("you your yours you've you'll".split())
_OFFER_OPENERS_EN = ("if you", "if approved", "if it's approved", "should you", "once approved")
_OFFER_CUES_EN = ("would you like", "do you want", "want me to", "shall i", "should i")
_OFFER_CUES_EN += ("if you'd like", "if you would like", "if you want", "if you prefer")
_OFFER_CUES_EN += ("if you wish", "let me know if", "just let me know", "happy to", "glad to")
_OFFER_CUES_EN += ("if approved", "if it's approved", "once approved", "if eligible", "if accepted")
# the customer's preference or word, which the act waits on: "if you'd rather not wait,
# we can reimburse you", "… instead — just say the word"
_OFFER_CUES_EN += ("if you'd rather", "if you would rather", "say the word")
_CHAIN_ES = (
    CLITICS_ES
    | _ADVERBS_ES
    | _MODAL_SPEAKER_ES
    | _MODAL_CUSTOMER_ES
    | _WANT_ES
    | _PASSIVE_AUX_ES
    | _AUX_PROCEED_ES
    | frozenset(_AUX_PERFECT_ES)
    | frozenset(_AUX_GO_ES)
    | frozenset(_AUX_PROGRESSIVE_ES)
    | frozenset("a de que yo nosotros se lo".split())
)
_CHAIN_EN = _AUX_EN | frozenset(_SUBJECT_EN) | frozenset("to it that this".split())
_WINDOW = 6  # words searched back from an act verb for its subject and auxiliaries

# What is given free: "de regalo", "gratis", "free", "complimentary".
_FREE = frozenset(
    "regalo gratis gratuito gratuita gratuitos gratuitas yapa free complimentary".split()
)  # "de yapa te mandamos las cintas": given on top, free
# Imperatives that declare a state done: "consider it refunded", "dalo por cancelado".
_DECLARE_EN = frozenset("consider".split())
_DECLARE_ES = frozenset(
    "considera consideralo considerala consideralos considere considerelo considerela "
    "dalo dala dalos dalas delo dela".split()
)

_TEAM_ES = frozenset(
    "equipo compañero compañera compañeros asesor asesora asesores agente área area "
    "depósito deposito almacén almacen sector departamento taller responsable "
    # the shop's own trades, who do the work for the customer
    "técnico tecnico técnicos tecnicos instalador instaladores montador montadores "
    "tripulación tripulacion sastre".split()
)
_TEAM_EN = frozenset(
    "team colleague colleagues agent advisor adviser department warehouse staff specialist "
    "someone manager supervisor "
    "technician technicians installer installers fitter fitters engineer engineers crew "
    "workshop tailor".split()
)


def specific_case(tokens: list[str]) -> bool:
    """The sentence is about this customer's case: a pronoun or possessive for them,
    a number (an order), "ya" / "already", or this very moment ("ahora mismo",
    "enseguida", "right away")."""
    return beneficiary(tokens) or any(
        t in ("ya", "already", "se", "enseguida")
        or any(ch.isdigit() for ch in t)
        or (t in ("mismo", "now", "away") and at and tokens[at - 1] in ("ahora", "right"))
        for at, t in enumerate(tokens)
    )


STATE_ADVERBS_EN = frozenset("now already just also successfully officially".split())
WILLING = frozenset("happy glad pleased delighted".split())


def order_number(tokens: list[str]) -> bool:
    """A number of four digits or more: an order, a case, this customer's thing."""
    return any(len(t) >= 4 and t.isdigit() for t in tokens)


def beneficiary(tokens: list[str]) -> bool:
    return any(t in _BENEFICIARY_ES or t in _BENEFICIARY_EN for t in tokens)
