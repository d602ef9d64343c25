"""Commitment guards (refund_promise, discount_promise, action_claim) on the exact
cases the blind development halves found, kept so they stay fixed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.guards.helpers import check, phone, search, turn


@pytest.mark.parametrize(
    "draft",
    [
        "That's not okay—consider it refunded. Just keep the jacket or donate it.",
        "No worries at all — consider the second one refunded.",
    ],
)
def test_a_refund_declared_done_with_consider_is_a_promise(draft):
    """Given an imperative that declares the refund done ("consider it refunded"),
    when the guards read it, then refund_promise fails even after a negated clause
    ("not okay", "No worries") before the dash."""
    order = ("get_order_status", {"order_id": "48533"}, "48533 — delivered")
    assert "refund_promise" in check(turn(draft, locale="en", tools=[order]))


def test_a_refund_said_approved_while_the_lookup_says_pending_fails():
    """Given a lookup that reports the refund request pending review, when the draft
    says "tu reintegro ya fue aprobado", then refund_promise fails: approving is an
    act on the refund, stated as done."""
    order = (
        "get_order_status",
        {"order_id": "10921"},
        "10921 — solicitud de reembolso pendiente de revisión",
    )
    draft = "Buenas noticias: tu reintegro ya fue aprobado y la plata vuelve a tu tarjeta Visa."
    assert "refund_promise" in check(turn(draft, tools=[order]))


def test_a_request_said_registered_in_a_long_subject_is_a_claim():
    """Given no tool call, when the draft says the customer's change request "queda
    registrada" (the passive's subject is a long noun phrase before it), then
    action_claim fails."""
    draft = (
        "Su solicitud de cambio de entrega al viernes para el pedido 208115 queda "
        "registrada y confirmada."
    )
    assert "action_claim" in check(turn(draft, question="¿Me pueden cambiar la entrega?"))


def test_in_case_you_want_is_not_an_offer_condition():
    """Given a handoff turn, when the draft books a technician's visit and passes the
    customer on "por si quiere añadir algo" (in case), then the booking is still a
    claim no tool made: action_claim fails."""
    draft = (
        "Le he programado la visita de un técnico de garantía y, además, le paso con una "
        "compañera por si quiere añadir algo."
    )
    ctx = replace(turn(draft, question="Quiero que venga un técnico."), handoff=True)
    assert "action_claim" in check(ctx)


def test_a_price_given_with_a_currency_sign_is_a_lower_price():
    """Given a search that returns the yerba at $ 4.350, when the draft says "te la
    dejamos a $ 3.900 como en Coto" (the object of "dejar" is an amount, whose sign
    the word list drops), then discount_promise fails."""
    yerba = search(phone("Yerba Taragüí con palo 1 kg", "4350"), query="taragüí")
    draft = "Dale, te la dejamos a $ 3.900 como en Coto."
    question = "En Coto la Taragüí está a $ 3.900. ¿Me la dejan igual?"
    assert "discount_promise" in check(turn(draft, question=question, tools=[yerba]))
