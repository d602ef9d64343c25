"""action_claim: the desk never says it did what no tool of this turn did."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.action_claim import performed_acts, unperformed_acts
from guards.acts import Act, tool_acts
from guards.context import GuardContext, ToolCall
from tests.guards.helpers import check, turn

ORDER_1042 = ("get_order_status", {"order_id": "1042"}, "1042 — shipped, delivery 3 November")
REFUND_1301 = (
    "request_refund",
    {"order_id": "1301", "reason": "broken"},
    "pedido 1301: solicitud de reintegro pendiente, la revisa un asesor",
)


@pytest.mark.parametrize(
    ("locale", "draft", "tools"),
    [
        # the four drafts of the issue, which all passed before
        (
            "en",
            "Done! I've cancelled order 1042 for you and you'll get a confirmation email shortly.",
            [ORDER_1042],
        ),
        (
            "es",
            "Listo, ya actualicé la dirección de entrega del pedido 2099 a la nueva que me "
            "pasaste.",
            [],
        ),
        (
            "en",
            "I've forwarded your case to our warehouse team and sent you a prepaid return "
            "label by email.",
            [],
        ),
        (
            "es",
            "He solicitado el reembolso del pedido 1301; una persona del equipo lo revisará.",
            [],
        ),
        # a verb no list names, read by its tense and person
        ("es", "Ya te reprogramé la visita del técnico para el jueves.", []),
        ("en", "I've swapped the mascara for an eyeliner in your next box.", []),
    ],
)
def test_a_claimed_act_no_tool_did_fails(locale, draft, tools):
    assert "action_claim" in check(turn(draft, locale=locale, tools=tools))


@pytest.mark.parametrize(
    ("locale", "draft"),
    [
        ("en", "I can't cancel orders from the chat."),
        ("en", "I can request a refund for you if you want."),
        ("en", "You can cancel it from My orders."),
        ("es", "No puedo cambiar la dirección desde acá, pero podés hacerlo en Mis pedidos."),
        ("es", "¿Querés que te pase con un asesor?"),
        ("en", "I checked order 1042: it shipped and arrives on 3 November."),
    ],
)
def test_negations_offers_instructions_and_lookups_pass(locale, draft):
    assert check(turn(draft, locale=locale, tools=[ORDER_1042])) == {}


def test_a_process_the_cited_source_states_impersonally_passes():
    chunks = {"returns#2": "The courier e-mails the label within 24 h of your request."}
    draft = "The courier e-mails the label within 24 h [returns#2]."
    assert check(turn(draft, locale="en", chunks=chunks)) == {}


def test_a_refund_request_claim_passes_only_when_request_refund_ran():
    draft = "He solicitado el reembolso del pedido 1301; una persona del equipo lo revisará."
    assert check(turn(draft, tools=[REFUND_1301])) == {}
    assert "action_claim" in check(turn(draft))


def test_a_failed_tool_call_performed_nothing():
    # given request_refund answered with an error (no such order)
    ctx = GuardContext(
        locale="es",
        question="reintegro del 9999",
        draft="He solicitado el reembolso del pedido 9999.",
        tool_outputs=(
            ToolCall("request_refund", {"order_id": "9999"}, "no order 9999", error=True),
        ),
    )
    # then the request it claims was never filed
    assert Act.REQUEST_REFUND not in performed_acts(ctx)
    assert "action_claim" in check(ctx)


def test_passing_to_a_colleague_is_true_only_in_a_handoff_turn():
    ctx = turn("I've passed you to a colleague, who will reply here shortly.", locale="en")
    assert "action_claim" in check(ctx)
    assert unperformed_acts(ctx) == {Act.HANDOFF}
    assert check(replace(ctx, handoff=True)) == {}


def test_tools_declare_their_acts_and_the_lookups_do_none():
    # given the registry filled by the support app's tool declarations
    assert Act.REQUEST_REFUND in tool_acts("request_refund")
    assert tool_acts("get_order_status") == frozenset()
    # a call may also carry its acts itself (the check format's "acts")
    ctx = turn("I've booked the installer for Friday.", locale="en")
    booked = replace(ctx, tool_outputs=(ToolCall("book_visit", {}, "ok", acts=("schedule",)),))
    assert check(booked) == {}


def test_the_note_names_the_act_and_the_calls_the_turn_made():
    from guards.pipeline import run_guards

    ctx = turn("Done! I've cancelled order 1042 for you.", locale="en", tools=[ORDER_1042])
    [failure] = run_guards(ctx, budget_ms=1000).failures
    assert "cancel an order" in failure.detail
    assert "get_order_status" in failure.detail
    assert "hand the conversation to a person" in failure.detail
