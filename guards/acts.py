"""The acts a reply can claim, and which tools perform them.

A tool declares the acts it performs (``register_tool_acts``); a handoff performs
``HANDOFF``. The ``action_claim`` guard reads these declarations, so a tool added
later brings its acts with it and no guard needs editing. The guards package holds
only the registry: the apps that own the tools fill it when they load.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from guards.text import words


class Act(StrEnum):
    """Something the shop can do for a customer (or say it did)."""

    REFUND = "refund"  # money back: a refund issued, processed or promised
    DISCOUNT = "discount"  # a lower price, money off, a price match, a free item
    CANCEL = "cancel"
    MODIFY = "modify"
    SEND = "send"
    FORWARD = "forward"
    TICKET = "ticket"
    RESERVE = "reserve"
    APPLY_CODE = "apply_code"
    REQUEST_REFUND = "request_refund"
    PROCESS_REFUND = "process_refund"
    CONTACT_CARRIER = "contact_carrier"
    SCHEDULE = "schedule"
    HANDOFF = "handoff"
    OTHER = "other"  # a deed of a verb the act list does not name

    @property
    def description(self) -> str:
        return DESCRIPTIONS[self]


DESCRIPTIONS: dict[Act, str] = {
    Act.REFUND: "pay money back",
    Act.DISCOUNT: "lower a price or give something free",
    Act.CANCEL: "cancel an order or a subscription",
    Act.MODIFY: "change an order, an address or a delivery",
    Act.SEND: "send or resend something (an e-mail, a label, an invoice, a replacement)",
    Act.FORWARD: "forward or escalate the case to a team",
    Act.TICKET: "open a ticket or a claim",
    Act.RESERVE: "reserve an item",
    Act.APPLY_CODE: "apply a code or a coupon",
    Act.REQUEST_REFUND: "file a refund request for a person to review",
    Act.PROCESS_REFUND: "process or issue a refund",
    Act.CONTACT_CARRIER: "contact the carrier",
    Act.SCHEDULE: "book a pick-up, a visit or an installation",
    Act.HANDOFF: "pass the conversation to a colleague",
    Act.OTHER: "do something for this customer",
}


# Money back and a lower price are the promise guards' to judge (refund_promise,
# discount_promise); action_claim leaves them alone, so one slip is one rejection.
# Processing or issuing a refund is an act as well: both read it.
MONEY_ACTS = frozenset({Act.REFUND, Act.DISCOUNT})
REFUND_ACTS = frozenset({Act.REFUND, Act.PROCESS_REFUND})

_TOOL_ACTS: dict[str, frozenset[Act]] = {}


def register_tool_acts(tool: str, acts: Iterable[Act | str]) -> None:
    """Declare the acts that a successful call of ``tool`` performs."""
    _TOOL_ACTS[tool] = frozenset(Act(a) if not isinstance(a, Act) else a for a in acts)


def tool_acts(tool: str) -> frozenset[Act]:
    return _TOOL_ACTS.get(tool, frozenset())


def registered_tools() -> dict[str, frozenset[Act]]:
    return dict(_TOOL_ACTS)


# Words a tool's output uses when the act has already happened: a sentence that says
# so ("your order was dispatched on Monday") reports the lookup, it claims nothing.
_REFUND_DONE = ("refunded", "refund issued", "reembolsad", "reintegrad", "refund of")
# an approval the lookup reports: "refund approved $58.00 to a new gift card"
_REFUND_DONE += ("refund approved", "reembolso aprobado", "reintegro aprobado")
REPORTED: dict[Act, tuple[str, ...]] = {
    Act.SEND: ("shipped", "dispatched", "sent", "enviad", "despachad", "en camino", "in transit"),
    Act.CANCEL: ("cancel", "anulad"),
    Act.REFUND: _REFUND_DONE,
    Act.PROCESS_REFUND: _REFUND_DONE,
    Act.MODIFY: ("updated", "changed", "modificad", "actualizad"),
    Act.SCHEDULE: ("scheduled", "booked", "programad", "agendad"),
}


# A refund the lookup reports in its own order of words: "refund £24.00 issued to
# Mastercard 14 Apr", "reembolso de $289.999 acreditado en tarjeta Visa el 8/04" — the
# money's noun and a participle of its payment in one stretch of the output.
_REFUND_NOUNS = ("refund", "reembolso", "reintegro", "devolución del importe")
# the document a refund is issued as: "credit note CN-204 for USD 1240 issued"
_REFUND_NOUNS += ("credit note", "nota de crédito", "nota de credito")
_PAID = ("issued", "credited", "paid", "processed", "acreditad", "emitid", "pagad", "abonad")
_PAID += ("transferid", "procesad")
# a person's approval the lookup reports ("refund £17.98 approved by J. Patel 4 March",
# "reintegro de 289999 ARS aprobado por Carla R."): the approval the promise lacks
_PAID += ("approved", "aprobad")


def reported(act: Act, outputs: str) -> bool:
    """This turn's tool outputs (lower case) say the act already happened."""
    if any(word in outputs for word in REPORTED.get(act, ())):
        return True
    if act not in REFUND_ACTS:
        return False
    stretches = outputs.replace(";", "\n").replace(", ", "\n").splitlines()
    return any(
        (
            (
                (any(n in stretch for n in _REFUND_NOUNS) or _paid_to_the_customer(stretch))
                and any(p in stretch for p in _PAID)
            )
            or _deposit_back(stretch)
        )
        and not any(w in stretch for w in _NOT_YET)
        for stretch in stretches
    )


def _deposit_back(stretch: str) -> bool:
    """A deposit the lookup says went back: "deposit returned 9 June", "fianza devuelta"
    (not "deposit $240.00 paid", which the customer paid). Whole words: "contraseña" and
    "reseña" hold no "seña"."""
    said = set(words(stretch))
    return bool(said & _DEPOSITS) and any(w.startswith(_BACK) for w in said)


_DEPOSITS = frozenset("deposit deposits fianza fianzas seña señas".split())
_BACK = ("returned", "refunded", "devuelt", "reintegrad", "reembolsad")


def _paid_to_the_customer(stretch: str) -> bool:
    """An amount paid onto the customer's means of payment: "abonados 2,35 EUR en
    tarjeta 12/11", "£5.00 credited to card"."""
    return any(c.isdigit() for c in stretch) and any(w in stretch for w in _MEANS)


_MEANS = ("tarjeta", "card", "cuenta", "account", "mercado pago", "paypal")


# A stretch about a request or a payment still to come reports no refund made: "refund
# request being processed", "reintegro pendiente de acreditar".
_NOT_YET = ("request", "solicitud", "pending", "pendiente", "being", "will be", "once", "when")
