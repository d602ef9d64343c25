"""Result states that imply an act: money that arrives in the customer's own account.

"La plata vuelve a tu tarjeta", "vas a ver el dinero en tu cuenta", "you'll see the
money back on your card", "the refund will show on your statement" name no refund
verb, yet say the money is paid back to this customer. The reading is structural, not
a list of verbs: a money noun as what moves, then a destination that is the
customer's own means of payment (a preposition, a possessive for the customer, a
payment-holding noun). The verb between them may be any. The customer's modal ("podés
ver el reembolso en tu cuenta", "you can check the refund in your account") is an
instruction; a negation between the money and its destination negates it.
"""

from __future__ import annotations

from guards.text import words
from guards.verb_groups import _NEGATION_EN, _NEGATION_ES

_MONEY = {
    "es": ("dinero", "plata", "reembolso", "reintegro", "abono"),
    "en": ("money", "refund", "funds", "reimbursement"),
}
# An amount or a payment reaches the card only when it comes back ("el importe vuelve
# a tu tarjeta"); otherwise it is what was charged ("the payment on your card").
_AMOUNT = {"es": ("importe", "monto", "pago"), "en": ("amount", "payment")}
_BACK = ("vuelv", "vuelt", "devuel", "back", "return")
_CHARGE = ("cobr", "charg", "debit", "débit", "rechaz", "declin", "descont")
_TO = {"es": frozenset("a en al".split()), "en": frozenset("to on in into".split())}
_YOURS = {"es": frozenset("tu tus su sus".split()), "en": frozenset("your".split())}
_HOLDS = {
    "es": ("tarjeta", "cuenta", "medio", "billetera", "saldo", "banco", "resumen", "extracto"),
    "en": ("card", "account", "statement", "bank", "wallet", "balance", "paypal"),
}
_MODAL = frozenset("podés puedes puede pueden podrás podrá can could may might".split())


def money_arrives(sentence: str, language: str) -> tuple[str, bool] | None:
    """(the money word, negated) when ``sentence`` says money reaches the customer's
    own account or card; None otherwise."""
    lang = "en" if language == "en" else "es"
    tokens = words(sentence.replace("’", "'"))
    negation = _NEGATION_EN if lang == "en" else _NEGATION_ES
    for index, token in enumerate(tokens):
        amount = token.startswith(_AMOUNT[lang])
        if not token.startswith(_MONEY[lang]) and not amount:
            continue
        end = _destination(tokens, index + 1, lang)
        if end is None:
            continue
        between = tokens[max(0, index - 3) : end]
        if amount and not any(t.startswith(_BACK) for t in between):
            continue
        if any(t.startswith(_CHARGE) for t in tokens):
            return None  # a charge on the card, not money coming back
        if _MODAL & set(tokens[:end]):
            return None  # "podés ver el reembolso en tu cuenta": where to look
        negated = any(t in negation or t.endswith("n't") for t in tokens[index:end])
        return token, negated
    return None


def _destination(tokens: list[str], start: int, lang: str) -> int | None:
    """Where a preposition + the customer's possessive + a payment-holding noun starts,
    within eight words after the money noun."""
    for j in range(start, min(len(tokens) - 2, start + 8)):
        if (
            tokens[j] in _TO[lang]
            and tokens[j + 1] in _YOURS[lang]
            and tokens[j + 2].startswith(_HOLDS[lang])
        ):
            return j
    return None
