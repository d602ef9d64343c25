"""Deeds said without a doer: the passive and the impersonal future or perfect of any
verb, about this customer's case.

"El repuesto va a ser enviado a tu domicilio", "tu maleta será recogida el viernes",
"se procederá al cambio", "se ha tramitado un audífono de préstamo", "your account
will be unlocked shortly", "a replacement has been arranged for your order" name no
one who acts, yet say that an act for this case is done or will be. The reading is
morphological, as the deeds reader's (``guards.deeds``) is for the speaker's own
forms: an auxiliary of the passive or the impersonal "se" in a deed tense (the future,
the near future, the perfect), then a participle or a future form of a verb that is
not about the conversation itself, in a sentence about this case (a pronoun or a
possessive for the customer other than "se", an order's number, a case noun). Money
verbs are the promise guards' to read. The simple present ("se envía en 24 h", "the
label is e-mailed") says how the shop works and is left out, as are states that are
adjectives ("será necesario", "will be ready").
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold, regular_participle_es
from guards.deeds import _CASE_EN, _CASE_ES, _talk_es
from guards.deeds_en import TALK_EN, _participle_en
from guards.moods import is_offer, negated_at, on_condition
from guards.phrasebook import PHRASEBOOKS
from guards.text import dash_floor, words
from guards.third_parties import OPENERS
from guards.verb_groups import beneficiary

# Auxiliaries of the passive in a deed tense; "ser" after "va a / van a".
_FUTURE_BE_ES = frozenset("será serán".split())
_GOING_ES = frozenset("va van".split())
_PERFECT_ES = frozenset("ha han".split())
_IRREGULAR_PARTICIPLES_ES = (
    "hecho hecha puesto puesta devuelto devuelta abierto abierta resuelto resuelta "
    "vuelto vuelta escrito escrita cubierto cubierta repuesto repuesta".split()
)
_ADVERBS = frozenset(
    "ya también directamente personalmente enseguida hoy mañana pronto now already also "
    "then soon shortly promptly personally".split()
)
# Money and price verbs: the refund and discount guards read them.
_MONEY_STEMS = (
    "reembols reintegr devuel abon acredit reintegr descont bonific refund reimburs credit "
    "charg cobr pag paid compens"
).split()
# Participles that are states, not deeds done for the case.
_STATES_EN = frozenset(
    "able happy glad pleased delighted sorry ready available needed required used "
    "charged delivered".split()
)
_STATES_ES = frozenset("necesario necesaria posible bienvenido bienvenida".split())


# Someone named as the one it is done for, not merely a possessive.
_FOR_YOU = scan.compile(r"(?:^|\s)(?:a\s+(?:tu|su)\s+nombre|para\s+(?:vos|ti|usted))(?:$|\s)")


# Openers of a clause of time: what it says done is the moment something else happens.
_TIME_CLAUSE = frozenset("once cuando vez".split())  # "una vez que"


_AUXILIARIES = frozenset(("se", "será", "serán", "ser", "siendo", "sido", "be", "been"))


def passive_deed(sentence: str, language: str, *, asked: str = "") -> str | None:
    """The verb of a deed said in the passive or the impersonal (see the module's
    description), or None. ``asked``, the customer's words, names the case too: "El
    código del trastero 27 ha sido restablecido" after "el código del trastero 27, ¿me
    lo podéis cambiar?" is about the thing they asked about."""
    text = sentence.replace("’", "'")
    tokens = words(text)
    if _AUXILIARIES.isdisjoint(tokens):
        return None  # no passive or impersonal auxiliary: most sentences
    if sentence.rstrip().endswith("?"):
        return None
    about = _about_case(tokens, language)
    if not about and not asked:
        return None
    read = _passive_es if language == "es" else _passive_en
    for index in range(1, len(tokens)):
        if not read(tokens, index) or fold(tokens[index]).startswith(tuple(_MONEY_STEMS)):
            continue
        if not about and not _asked_subject(tokens[:index], asked, language):
            continue
        if negated_at(tokens, index, language, floor=dash_floor(text, index)):
            continue  # "no se ha tramitado nada todavía"
        if _TIME_CLAUSE.intersection(tokens[max(0, index - 6) : index]):
            continue  # "once the phone has been inspected": when, not that, it is done
        if on_condition(text.lower()) or is_offer(text.lower(), language):
            return None  # "si se aprueba, el repuesto será enviado…": on a condition
        return tokens[index]
    return None


def _about_case(tokens: list[str], language: str) -> bool:
    """A pronoun or a possessive for the customer ("se" alone is impersonal), a case
    noun, or an order's number."""
    nouns = _CASE_ES if language == "es" else _CASE_EN
    return beneficiary(tokens) or any(
        t.startswith(nouns) or (len(t) >= 4 and t.isdigit()) for t in tokens
    )


def _asked_subject(before: list[str], asked: str, language: str) -> bool:
    """A noun before the verb that the customer's own words have: the thing asked about
    (words of five letters or more, the language's stopwords left out)."""
    stop = PHRASEBOOKS[language].stopwords
    theirs = {w for w in words(asked) if len(w) >= 5 and w.isalpha() and w not in stop}
    return any(w in theirs for w in before)


def _back(tokens: list[str], index: int) -> int:
    """The position of the word before ``index``, adverbs and clitics skipped."""
    j = index - 1
    while j > 0 and (tokens[j] in _ADVERBS or tokens[j] in ("te", "le", "les", "os")):
        j -= 1
    return j


def _participle_es(token: str) -> bool:
    bare = fold(token).removesuffix("s")
    if token in _STATES_ES or len(bare) < 5:
        return False
    return regular_participle_es(bare) or bare in _IRREGULAR_PARTICIPLES_ES


def _passive_es(tokens: list[str], index: int) -> bool:
    token = tokens[index]
    j = _back(tokens, index)
    before = tokens[j]
    if _participle_es(token) and not _talk_es(token):
        if before in _FUTURE_BE_ES:
            return True  # "será recogida", "serán enviados"
        if before == "ser" and j >= 2 and tokens[j - 1] == "a" and tokens[j - 2] in _GOING_ES:
            return True  # "va a ser enviado"
        if before in _PERFECT_ES and j >= 1 and tokens[j - 1] == "se":
            return True  # "se ha tramitado", "se han enviado"
        if before == "siendo":
            return True  # "está siendo redirigido": being done now
        if before == "sido" and j >= 1 and tokens[j - 1] in _PERFECT_ES:
            return True  # "ha sido restablecido": done, as "has been reset"
    # the impersonal present for someone named: "se abre una reclamación a tu nombre"
    if (
        tokens[index - 1] == "se"
        and token.endswith(("a", "e", "an", "en"))
        and len(token) >= 4
        and not _talk_es(token)
        and _FOR_YOU.search(" ".join(tokens[index:])) is not None
    ):
        return True
    # the impersonal future: "se procederá al cambio", "se le enviará", "se abrirá"
    if (
        token.endswith(("rá", "rán"))
        and len(token) >= 6
        and "se" in tokens[max(0, index - 3) : index]
    ):
        return tokens[index - 1] in ("se", "te", "le", "les", "os") and not _talk_es(token)
    return False


def _passive_en(tokens: list[str], index: int) -> bool:
    token = tokens[index]
    if not _participle_en(token) or token in _STATES_EN:
        return False
    if token in TALK_EN and not (token == "told" and _someone_told(tokens, index)):
        return False
    j = _back(tokens, index)
    if tokens[j] not in ("be", "been"):
        return False
    aux = tokens[max(0, j - 3) : j]
    if tokens[j] == "be":
        # "will be unlocked", "'ll be sent", "is going to be replaced"
        return (
            bool({"will", "shall"} & set(aux))
            or any(t.endswith("'ll") for t in aux)
            or (aux[-2:] == ["going", "to"])
        )
    return bool({"has", "have"} & set(aux))  # "has been arranged"


def _someone_told(tokens: list[str], index: int) -> bool:
    """ "the nurse has been told", "our driver's been told": a person named by a noun
    phrase was told, someone outside the chat; "you've been told" is the customer."""
    at = index - 1
    while at >= 0 and tokens[at] in ("been", "already", "just", "also"):
        at -= 1
    if at < 1 or tokens[at] not in ("has", "have"):
        return False
    return tokens[at - 1].isalpha() and at >= 2 and tokens[at - 2] in OPENERS
