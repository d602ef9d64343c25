"""A claimed act whose object is money or a price: the promise guards' too.

The act reader of ``action_claim`` reads verbs of every kind ("te hacemos la devolución
de los $420.000", "we'll go ahead and cover the $9.50 shipping", "te guardamos un vale
por la diferencia"). When the act it finds for this customer, done by no call of the
turn, has money coming back or a lower price as its object, the draft promises that
money too: the refund or discount guard fails it as well, so the retry and the handoff
note name the promise and not only the act."""

from __future__ import annotations

from enum import StrEnum

from guards import act_objects as objects
from guards.act_clause import modifies_a_head
from guards.action_claim import claimed_act
from guards.acts import Act
from guards.claim_forms import customer_words
from guards.context import GuardContext
from guards.requests import requested_acts
from guards.text import words


class MoneyKind(StrEnum):
    REFUND = "refund"
    DISCOUNT = "discount"


# Money coming back, or a lower price, a free thing, a voucher, in the claimed act's
# sentence (closed classes from the act readers' own object lists).
_BACK_ES = (*objects.REFUND_ES, "vuelta")
_BACK_EN = ("refund", "reimburs", "back", "money")  # "dinero", "plata" are in REFUND_ES
_PRICE_ES = (*objects.DISCOUNT_ES, *objects.CODE_ES, "precio", "envío", "envio", "rebaja")
_PRICE_EN = (*objects.DISCOUNT_EN, *objects.CODE_EN, "price", "shipping", "postage")


def claimed_money(ctx: GuardContext) -> tuple[MoneyKind, str, str] | None:
    """The kind of money the act claimed for this customer moves, with the act's verb
    and sentence; None when no act is claimed or its sentence speaks of no money."""
    claim = claimed_act(ctx)
    if claim is None or claim.act != Act.OTHER:
        return None  # a named act ("te pido la revisión", "dejé registrado tu reclamo")
    tokens = words(claim.sentence.lower())
    # "tu pedido de reembolso", "a refund request": the request, not the money
    shipment = _a_shipment(tokens, claim.sentence)
    said = [
        t
        for i, t in enumerate(tokens)
        if not modifies_a_head(tokens, i)
        and not _names_something_else(tokens, i)
        and not (shipment and t.startswith(_SHIPMENT))
    ]
    spanish = ctx.language == "es"
    back, price = (_BACK_ES, _PRICE_ES) if spanish else (_BACK_EN, _PRICE_EN)
    if any(t.startswith(back) for t in said):
        return MoneyKind.REFUND, claim.verb, claim.sentence
    if any(t.startswith(price) for t in said if t.isalpha()) or "%" in claim.sentence:
        return MoneyKind.DISCOUNT, claim.verb, claim.sentence
    if claim.verb == "done" and not any(t.startswith(_REQUESTS) for t in tokens):
        # "Consider it done", "I'll take care of it" to "can I get a refund?": the
        # money the customer asked for is what is taken on (not "la solicitud ya quedó
        # cargada": the request is what was done)
        asked = requested_acts(customer_words(ctx), ctx.language)
        if Act.REFUND in asked:
            return MoneyKind.REFUND, claim.verb, claim.sentence
        if Act.DISCOUNT in asked:
            return MoneyKind.DISCOUNT, claim.verb, claim.sentence
    return None


# What makes a shipment its cost: "the $9.50 shipping" has an amount, "el envío te
# sale gratis" a word of paying (closed classes, prefixes).
_SHIPMENT = ("envío", "envio", "shipping", "postage")
_COST = ("cost", "cuest", "cobr", "charg", "pag", "pay", "paid", "fee", "tarifa", "gasto")
_COST += ("sale", "salía", "cover", "cubr", "banc", "absorb", "asum", "corr", "waiv")


def _a_shipment(tokens: list[str], sentence: str) -> bool:
    """ "envío" / "shipping" as the thing sent, not its cost: "te programé el envío de
    la tarjeta regalo para el 3 de mayo", "ya detuve el envío"; its cost comes with an
    amount or a word of paying."""
    return not any(c in sentence for c in "$€£") and not any(t.startswith(_COST) for t in tokens)


_REQUESTS = ("solicitud", "request", "reclam", "claim", "ticket", "caso", "case")
_DETERMINERS_EN = frozenset("the a an your our my its their this that".split())


# A code or a shipping word that names something else than money: "el código postal",
# "the zip code", "la fecha de envío", "the shipping address" (closed classes).
_POSTAL = frozenset("postal zip post area".split())
_NOT_MONEY_HEADS = frozenset(
    "fecha dirección direccion datos método metodo forma estado franja date address "
    "method status details window".split()
)


def _names_something_else(tokens: list[str], at: int) -> bool:
    token = tokens[at]
    before, after = tokens[at - 1 : at], tokens[at + 1 : at + 2]
    if token.startswith(("código", "codigo", "code")):
        return bool(_POSTAL & {*before, *after})  # "código postal", "zip code"
    if token.startswith(("envío", "envio")):
        return before == ["de"] and at >= 2 and tokens[at - 2] in _NOT_MONEY_HEADS
    if token in ("shipping", "postage"):
        return bool(after) and after[0] in _NOT_MONEY_HEADS  # "the shipping address"
    if token == "back":
        # a place, not money returning: "along the back fence", "your back garden"
        return bool(before) and before[0] in _DETERMINERS_EN
    if token == "free":
        # a person free, not a price: "as soon as they're free", "feel free to ask"
        subject = tokens[at - 2 : at - 1] if before and before[0] in _BE else before
        return bool(subject) and subject[0] in _PEOPLE
    return False


_BE = frozenset("is are am was were be".split())
_PEOPLE = frozenset(
    "i we they he she someone somebody i'm we're they're he's she's you're feel".split()
)
