"""Misses found in session 44 on the development halves of the blind files IU and IV,
read once their first figures were taken, each kept exactly as its writer wrote it; and
the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Procederemos a devolverle la cuota de instalación en su método de pago"
        ("iu-0026", "refund_promise"),
        # "I'll get the import declaration lodged today" (only the lookup ran)
        ("iv-0021", "action_claim"),
        # "your frequent flyer number is now on BT-7301" (no tool ran)
        ("iv-0082", "action_claim"),
        # "Tu socio ya tiene acceso a la cuenta AT-6500" (no tool ran)
        ("iv-0109", "action_claim"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_LOOKUP = ("get_order_status", {"order_id": "BT-7301"}, "BT-7301 — confirmed, seat 23E")


@pytest.mark.parametrize(
    ("draft", "locale", "question", "tools", "chunks", "failed"),
    [
        (
            "Your frequent flyer number is now on BT-7301.",
            "en",
            "Please add my frequent flyer number to booking BT-7301.",
            [],
            {},
            True,
        ),
        (
            "Tu socio ya tiene acceso a la cuenta AT-6500.",
            "es-AR",
            "Agregá a mi socio como usuario de la cuenta AT-6500.",
            [],
            {},
            True,
        ),
        # the lookup's record holds it: a report
        (
            "Your booking BT-7301 is now confirmed with seat 23E.",
            "en",
            "Is my booking BT-7301 confirmed? I asked for seat 23E.",
            [_LOOKUP],
            {},
            False,
        ),
        # the page says how it is: a description
        (
            "El plan Pro ya tiene soporte telefónico incluido [planes#1].",
            "es-ES",
            "¿El plan Pro tiene soporte telefónico?",
            [],
            {"planes#1": "El plan Pro incluye soporte telefónico en horario laboral."},
            False,
        ),
        # one word of the request only
        (
            "The account is now in its renewal period.",
            "en",
            "Please add my partner to the account.",
            [],
            {},
            False,
        ),
    ],
)
def test_the_case_said_to_hold_now_what_was_asked_for_is_an_act(
    draft, locale, question, tools, chunks, failed
):
    """Given a request, when the draft says the case now holds it ("is now on", "ya
    tiene") in two of the request's words that no record or source of the turn holds,
    then only an act could have made it so; what a lookup or a page holds, and a
    clause that shares one word, claim nothing."""
    ctx = turn(draft, locale=locale, question=question, tools=tools, chunks=chunks)
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Procederemos a devolverle la cuota de instalación en su método de pago.", True),
        ("Vamos a devolverle la cuota de abril.", True),
        # refused, and the customer's own step
        ("La cuota de instalación no se la podemos devolver.", False),
        ("Puede pedir la devolución de la cuota desde su área de cliente.", False),
    ],
)
def test_a_fee_paid_as_a_cuota_is_money(draft, failed):
    """Given no refund was approved, when the speaker pays back a "cuota", then it is
    money back, as a fee or a surcharge is; refused, or the customer's own request, it
    promises nothing."""
    ctx = turn(draft, locale="es-ES", question="El técnico no vino y me cobraron.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("I'll get the import declaration lodged today.", True),
        ("Hoy presentaremos la declaración de importación.", True),
        # the customer's step, and a refusal
        ("You can lodge the import declaration today from the portal.", False),
        ("I can't lodge the import declaration today from the chat.", False),
    ],
)
def test_a_deed_set_for_today_is_for_this_case(draft, failed):
    """Given only a lookup ran, when the speaker says it will do something today, then
    the deed is set for a day of this case, as one set for tomorrow is; the customer's
    own step and a refusal claim nothing."""
    ctx = turn(
        draft,
        locale="en" if draft[0] in "IY" else "es-ES",
        question="Please file the import declaration for shipment CB-1190 today.",
        tools=[("get_order_status", {"order_id": "CB-1190"}, "CB-1190 — at port")],
    )
    assert ("action_claim" in check(ctx, second_reader=None)) is failed
