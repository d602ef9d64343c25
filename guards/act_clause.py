"""The words around an act verb in its clause: its object (near it, or a passive's
whole subject), a pronoun standing for an object named elsewhere, a verb coordinated
with the one before, and a manner that makes the thing sent free. Plain functions over
the sentence's words; ``guards.commitments`` reads them."""

from __future__ import annotations

import re
from itertools import pairwise

from guards.act_objects import FIRST, INF, MONEY_EN, PART
from guards.acts import Act
from guards.conjugation import fold, regular_participle_es, undiminished
from guards.text import words
from guards.verb_groups import _FREE, _MODAL_EN, _SUBJECT_EN, _WINDOW, SPEAKER
from guards.verbs import Verb

# Participles of a lower price (closed class): "rebajado", "descontado", "abaratado".
_LOWERED = ("rebaj", "descont", "bonific", "abarat")


def names_object(token: str, objects: tuple[str, ...]) -> bool:
    """The token is one of the objects: a stem it starts with ("reembols…"), or a short
    word whole or in the plural ("vale", "vales", not "valencia"; "te", not "tenés")."""
    for obj in objects:
        if token.startswith(obj) and (
            len(obj) > 4 or not obj.isalpha() or token in (obj, obj + "s", obj + "es")
        ):
            return True
    return False


def _free_manner(tokens: list[str], index: int) -> bool:
    """The thing sent goes free: a word for "free" or "as a gift" in the verb's object,
    right after it ("te mandamos de regalo…", "we'll send you a free case"), "sin
    cargo" after the object ("le enviaremos las dos almohadas sin cargo"), or "de
    regalo / como regalo / de yapa" fronted before the verb ("de yapa te mandamos las
    cintas", "como regalo de bienvenida, le incluimos…")."""
    after = tokens[index + 1 : index + 7]
    if any(t in _FREE for t in after[:4]):
        return True
    if any(a == "sin" and b in _CHARGE_NOUNS for a, b in pairwise(after)):
        return True
    before = tokens[max(0, index - 6) : index]
    return any(a in ("de", "como") and b in _FREE for a, b in pairwise(before))


_CHARGE_NOUNS = frozenset("cargo coste costo".split())


def voucher_object(tokens: list[str], index: int) -> bool:
    """What the verb sends or gives is money to spend: a voucher, a coupon, a credit
    right after it behind a determiner ("te enviamos un vale de 40 €", "I'll email you a
    coupon", "we'll add a £10 credit"). "¡Vale!" alone is an assent, hence the
    determiner."""
    after = tokens[index + 1 : index + 6]
    for at, token in enumerate(after[1:], start=1):
        if after[at - 1] in _VOUCHER_DETERMINERS and fold(token) in _VOUCHER_NOUNS:
            return True
    return False


_VOUCHER_DETERMINERS = frozenset("un una el tu su otro a an the your another".split())
_VOUCHER_NOUNS = frozenset(
    "vale vales cupon cupones bono bonos voucher vouchers coupon coupons credit credito".split()
)
_INTO = frozenset("al a to into with in".split())
_OWNERS = frozenset("tu su your the el".split())
_ORDERS = frozenset(
    "pedido pedidos order orders carrito cart orden compra basket parcel package box "
    "delivery shipment".split()
)


def into_an_order(tokens: list[str], index: int) -> bool:
    """What the verb at ``index`` moves goes into an order, a cart or a parcel, within a
    few words after it ("sumé los dos casetes al pedido", "we'll include a matching
    outfit with your order")."""
    after = tokens[index + 1 : index + 9]
    for at, token in enumerate(after[:-1]):
        if token in _INTO:
            rest = [t for t in after[at + 1 : at + 3] if t not in _OWNERS]
            if rest[:1] and rest[0] in _ORDERS:
                return True
    return False


def _pronoun_object(tokens: list[str], index: int) -> bool:
    token = fold(tokens[index])
    before = set(tokens[max(0, index - 3) : index])
    after = tokens[index + 1 : index + 2]  # English puts it after: "we'll extend it to you"
    return (
        bool(before & {"lo", "la", "los", "las", "it", "them"})
        # "make sure it's approved": the passive's subject, vouched for by the speaker
        or (tokens[index - 1 : index] == ["it's"] and "sure" in tokens[max(0, index - 4) : index])
        or after in (["it"], ["them"])
        or token.endswith(("lo", "la", "los", "las"))
    )


def _in_context(verb: Verb, context: str) -> bool:
    """One of the verb's object words in the context, or a percentage for a verb that
    takes one ("the student 15%" names a discount; a price names no particular thing:
    "te lo dejo reservado" after "$ 35.000" keeps an item, it lowers nothing)."""
    tokens = words(context)
    return bool(verb.objects) and (
        any(names_object(t, verb.objects) for t in tokens)
        or ("%" in verb.objects and "%" in context)
    )


# Closed class: a new subject between two verbs ("I've filed it, and a colleague will
# review it — they look at the photo and can offer a refund"): the second verb is theirs.
_ANOTHER_SUBJECT = frozenset("they he she ellos ellas él ella".split())
# Verbs of advising whose infinitive is the customer's act (closed class).
_ADVISING = frozenset(
    """recomiendo recomendamos sugiero sugerimos aconsejo aconsejamos recommend suggest
    advise""".split()
)
# Articles and possessives before a noun ("la" is left out: a clitic too).
_DETERMINERS = frozenset("the a an your our this that el un una tu su".split())


def _coordinated(tokens: list[str], index: int, person: str, since: int = 0) -> bool:
    """The verb at ``index`` shares the subject of the verb at ``since``: joined by "and"
    with no new subject between them."""
    before = tokens[max(0, index - 3) : index]
    if _ANOTHER_SUBJECT.intersection(tokens[since + 1 : index]):
        return False
    if index and tokens[index - 1] in _DETERMINERS:
        return False  # "untick it and the change applies": a noun after its article
    if index and tokens[index - 1] in _ADVISING:
        return False  # "…, y te recomiendo abrir un reclamo": the customer's to do
    return person in (PART, FIRST, INF) and bool(set(before) & {"and", "y", "e", "also"})


def has_object(verb: Verb, tokens: list[str], index: int, *, raw: str = "") -> bool:
    """One of the verb's object words near it. Signs (a currency, "%") are read from
    the raw sentence as well: the word list drops them ("te la dejamos a $ 3.900")."""
    if not verb.objects:
        return True
    after = tokens[index + 1] if index + 1 < len(tokens) else ""
    if verb.lemma == "proceder" and after not in ("a", "al", "con"):
        return False  # "os dirá si procede el reembolso": whether it is due, not done
    if verb.lemma == "pedir" and after in ("disculpas", "perdón", "perdon"):
        return False  # "te pido disculpas": an apology, whatever money follows
    if after == "que":
        return False  # "te adelanto que el reembolso depende…": a clause is said, not a thing
    if verb.lemma == "call" and _names(verb, tokens, index):
        return False  # "the first samples, which we call T1": a name given, no one called
    if verb.lemma == "dejar" and regular_participle_es(fold(after).rstrip("s")):
        # "dejamos autorizada a tu hermana", "dejé cargada la solicitud": a state left,
        # an act done; only its participle can make it a lower price ("te lo dejo
        # rebajado")
        if verb.act == Act.MODIFY:
            return not after.startswith(_LOWERED)
        return after.startswith(_LOWERED) or names_object(after, verb.objects)
    start = max(0, index - 8)
    nearby = tokens[start : index + 9]
    if verb.received and "back" in tokens[index + 1 : index + 7] and any(c in raw for c in "$€£"):
        return True  # "you'll get your $129.95 back": an amount, back to the customer
    if verb.received and _paid_back(tokens, index):
        return True  # "you'll get the term fee back": what was paid, back to the customer
    if verb.received and _amount_to_the_card(tokens, index, raw):
        return True  # "vas a recibir los $38.500 en tu tarjeta": an amount, to their card
    if verb.act == Act.REFUND and _amount_back(tokens, index, raw):
        return True  # "we'll send your $37.94 back", "te mandamos los $3.000 de vuelta"
    if verb.lemma in _PAY_BACK and _share_after(tokens[index], raw):
        return True  # "te devolvemos el 100%", "we'll refund 50 percent": a share of it
    if verb.act == Act.DISCOUNT and "code" in verb.objects and (codes := _codes(raw)):
        # "FIRSTNIB is one use per customer, but I'll honour it again"; "I'll let
        # SNOOZE20 cover the crate" (after "let", only the code itself)
        if verb.lemma != "let" or tokens[index + 1 : index + 2] in ([c] for c in codes):
            return True
    if verb.lemma == "devolver" and _to_the_card(tokens, index):
        return True  # "te devolví lo de las 2 que faltaron a la tarjeta": money's way
    joined = " ".join(nearby)
    objects = tuple(verb.objects)
    return any(
        (names_object(t, objects) or names_object(undiminished(t), objects))
        and not modifies_a_head(tokens, start + i)
        for i, t in enumerate(nearby)
    ) or any(
        obj in joined or (obj in raw and not obj.isalnum() and len(obj) == 1)
        for obj in verb.objects
        if not obj.isalpha()
    )


# What "call" names when it gives a name: a relative before its subject ("which we
# call", "what they call") or a demonstrative after it ("we call that T1"); closed class.
_NAMING_BEFORE = frozenset("which what".split())
_NAMING_AFTER = frozenset("that this these those".split())


def _names(verb: Verb, tokens: list[str], index: int) -> bool:
    """The verb at ``index`` gives a name, not a call ("call that courier" calls one)."""
    if index >= 2 and tokens[index - 2] in _NAMING_BEFORE:
        return True
    after = tokens[index + 1 : index + 3]
    return (
        bool(after)
        and after[0] in _NAMING_AFTER
        and not (len(after) == 2 and names_object(after[1], verb.objects))
    )


def _amount_back(tokens: list[str], index: int, raw: str) -> bool:
    """An amount is the object and "back" / "de vuelta" follows it, within six words."""
    after = tokens[index + 1 : index + 7]
    back = next((i for i, t in enumerate(after) if t in ("back", "vuelta")), None)
    return (
        back is not None
        and any(t[:1].isdigit() for t in after[:back])
        and any(c in raw for c in "$€£")
    )


# What a customer paid, named as the thing that comes back ("the fee", "your deposit");
# "card", "account", "full" say where or how much, not what.
_WHERE_OR_HOW_MUCH = ("card", "account", "full", "back")
_PAID_EN = tuple(w for w in MONEY_EN if w.isalpha() and w not in _WHERE_OR_HOW_MUCH)


def _paid_back(tokens: list[str], index: int) -> bool:
    """A word for what was paid, then "back", within six words of the verb."""
    after = tokens[index + 1 : index + 7]
    back = next((i for i, t in enumerate(after) if t == "back"), None)
    return back is not None and any(names_object(t, _PAID_EN) for t in after[:back])


# The verbs that say money goes back, whatever their object ("hacer", "give" take a
# percentage as a discount: "te hago el 20%").
_PAY_BACK = frozenset("devolver reembolsar reintegrar refund reimburse".split())


def _share_after(verb: str, raw: str) -> bool:
    """A percentage right after the verb (two words at most between), or the part in
    proportion ("se le devolverá la parte correspondiente al curso", "we'll refund the
    unused portion"): what is paid back is a share of what the customer paid."""
    if re.search(_PART.format(verb=re.escape(verb)), raw, re.IGNORECASE) is not None:
        return True
    if "%" not in raw and "ciento" not in raw and "percent" not in raw:
        return False
    return re.search(_SHARE.format(verb=re.escape(verb)), raw, re.IGNORECASE) is not None


# A share named by what it is in proportion to (closed class): "la parte proporcional",
# "the prorated portion", "the unused part".
_PART = (
    r"(?<!\w){verb}\s+(?:\w+\s+){{0,2}}?(?:la\s+parte\s+(?:proporcional|correspondiente|que\s+"
    r"(?:te|le|les|os)\s+corresponde)|(?:the|a)\s+(?:prorated|pro-rata|unused|remaining|"
    r"proportional)\s+(?:part|portion|share|amount))(?!\w)"
)


_SHARE = (
    r"(?<!\w){verb}\s+(?:[^\W\d]+\s+){{0,2}}\d+(?:[.,]\d+)?\s*(?:%|por\s+ciento|percent)"
    r"(?!\s*(?:off|de\s+descuento|discount))"
)


# A promotion's code as shops write it: capitals, maybe digits, four or more.
_PROMO_CODE = re.compile(r"(?<![\w#])[A-Z][A-Z0-9]{3,}(?![\w#])")


def _codes(raw: str) -> list[str]:
    return [code.lower() for code in _PROMO_CODE.findall(raw)]


# Where money goes back to (closed class): the customer's card or account.
_HOLDERS = frozenset("tarjeta cuenta card account".split())
_TO_HOLDER = frozenset("a al en to onto on into".split())


def _to_the_card(tokens: list[str], index: int) -> bool:
    """A card or an account within a dozen words after the verb, as where the thing goes
    ("a la tarjeta", "a tu cuenta", "to your card")."""
    after = tokens[index + 1 : index + 14]
    return any(
        t in _HOLDERS and at >= 2 and after[at - 2] in _TO_HOLDER for at, t in enumerate(after)
    )


def _amount_to_the_card(tokens: list[str], index: int, raw: str) -> bool:
    """An amount right after the verb (three words at most before it) and the customer's
    card or account as where it lands: "tienes los 289,00 € en tu cuenta"."""
    return (
        any(c in raw for c in "$€£")
        and any(t[:1].isdigit() for t in tokens[index + 1 : index + 4])
        and _to_the_card(tokens, index)
    )


# Nouns whose modifier names what they are about, not the thing itself: "a refund
# request", "la solicitud de reembolso" is a request (closed class).
_HEADS_EN = ("request", "claim", "form", "polic", "status", "window")
_HEADS_ES = frozenset("solicitud solicitudes pedido petición reclamo formulario política".split())


def modifies_a_head(tokens: list[str], at: int) -> bool:
    """The word at ``at`` names what a head noun is about ("refund request", "solicitud
    de reembolso"): the head is the thing."""
    after = tokens[at + 1] if at + 1 < len(tokens) else ""
    if after.startswith(_HEADS_EN):
        return True
    # through a chain of "de": "solicitud de reembolso del bono" is about the request
    while at >= 2 and tokens[at - 1] in ("de", "del"):
        if tokens[at - 2] in _HEADS_ES:
            return True
        at -= 2
    return False


def _subject_object(verb: Verb, tokens: list[str], index: int) -> bool:
    """A passive participle's object is its subject, however long the noun phrase
    before it ("su solicitud de cambio de entrega para el pedido 208115 queda
    registrada"): the clause up to the verb, from its last comma or "que"."""
    if not verb.objects:
        return False
    start = index
    while start > 0 and tokens[start - 1] not in ("que", "y", "pero", "and", "that", "but"):
        start -= 1
    return any(names_object(t, verb.objects) for t in tokens[start:index])


_FUTURE_EN = frozenset({"will", "shall", "'ll", "would", "can", "could"})
_JOIN_REACH = 8  # words between the subject and "and": "we'll make an exception and …"


def _joined_to_future(tokens: list[str], joint: int) -> tuple[str, bool] | None:
    """A bare verb after "and" shares the subject and auxiliary of the verb group before
    it, whatever that first verb is: "we'll make an exception and reimburse the cream",
    "I can check and refund it" (a modal, so an offer)."""
    for j in range(joint - 2, max(-1, joint - 2 - _JOIN_REACH), -1):
        subject = tokens[j]
        if subject not in _SUBJECT_EN:
            continue
        if _SUBJECT_EN[subject] != SPEAKER:
            return None
        aux = [subject[subject.find("'") :]] if "'" in subject else []
        aux += tokens[j + 1 : j + 3]
        if not _FUTURE_EN & set(aux):
            return None
        return SPEAKER, bool(_MODAL_EN & set(aux))
    return None


def modifies_a_noun(tokens: list[str], index: int) -> bool:
    """An English act word that modifies a noun ("file a refund request", "the refund
    policy") names that thing; it is not a verb."""
    return tokens[index + 1 : index + 2] in (["request"], ["requests"], ["policy"], ["form"])


def _declared(tokens: list[str], index: int, declare: frozenset[str]) -> bool:
    """An imperative that declares a state ("consider it refunded", "consider the
    second one refunded", "dalo por cancelado"): the speaker says the act is done. The
    participle follows the imperative within its short object (or "por")."""
    return any(fold(t) in declare for t in tokens[max(0, index - 4) : index])


def _skip_back(tokens: list[str], index: int, skippable: frozenset[str]) -> int:
    j = index - 1
    while j >= 0 and index - j <= _WINDOW and tokens[j] in skippable:
        j -= 1
    return j


def _team_subject(tokens: list[str], index: int, team: frozenset[str]) -> bool:
    """The shop's own people as the subject right before the verb group."""
    return any(t in team for t in tokens[max(0, index - 6) : index])


# Closed class: the articles and possessives, in every gender and number, that open the
# subject of an arriving verb ("las bolas llegaron oxidadas", "mis sillas llegaron").
_ARTICLES = _DETERMINERS | frozenset("la los las unos unas mi mis tus sus my their".split())
# Closed class: pronouns that may stand between a subject and its verb ("el artículo se
# recibió", "el paquete ya te llegó").
_BETWEEN = frozenset("se te le me nos os lo la les ya no".split())


def arrives_as_subject(verb: Verb, tokens: list[str], index: int) -> bool:
    """A verb of arriving or receiving whose subject, written right before it with its
    article, is a thing none of the verb's object words names ("si el kit llegó bien",
    "el artículo se recibió el 8 de marzo"): that thing arrived, not money."""
    if not verb.received or not verb.objects:
        return False
    at = index - 1
    while at >= 0 and tokens[at] in _BETWEEN:
        at -= 1
    if at < 1 or tokens[at - 1] not in _ARTICLES or not tokens[at].isalpha():
        return False
    return not tokens[at].startswith(tuple(verb.objects))
