"""Tool misuse (OWASP LLM06, excessive agency): a model that asks for a tool that does
not exist, passes extra, missing or malformed arguments, or reaches for another
customer's order gets an error result — the tool's code is never entered, nothing is
written — and every attempt is in the turn's trace."""

from __future__ import annotations

import pytest

from support.customer import tools
from support.customer.answering import answer_customer_message
from support.customer.llm import ModelReply
from support.models import RefundRequest, Turn
from tests.support import conftest as support_fixtures
from tests.support.scripted import ScriptedClient, text

pytestmark = pytest.mark.django_db
ask = support_fixtures.ask  # the support app's fixtures, used here too
shop = support_fixtures.shop

ALLOWED = {t["name"] for t in tools.TOOLS}

UNKNOWN_TOOLS = [
    ("pay_refund", {"order_id": "1042"}),
    ("apply_discount", {"code": "VIP20"}),
    ("get_system_prompt", {}),
    ("GET_ORDER_STATUS", {"order_id": "1042"}),
    ("get_order_status ", {"order_id": "1042"}),
    ("search_products\n", {"query": "HP-200"}),
    ("__import__", {"name": "os"}),
    ("../request_refund", {"order_id": "1042", "reason": "x"}),
    ("", {"order_id": "1042"}),
    (None, {"order_id": "1042"}),
    (42, {"order_id": "1042"}),
    (["request_refund"], {"order_id": "1042", "reason": "x"}),
]
EXTRA_ARGUMENTS = [
    ("get_order_status", {"order_id": "1042", "customer_id": 7}),
    ("get_order_status", {"order_id": "1042", "email": "lucia@example.com"}),
    ("search_products", {"query": "HP-200", "limit": 100000}),
    ("request_refund", {"order_id": "1042", "reason": "broken", "amount": 5000}),
    ("request_refund", {"order_id": "1042", "reason": "broken", "approved": True}),
]
MALFORMED = [
    ("get_order_status", {}),
    ("get_order_status", {"order": "1042"}),
    ("get_order_status", {"order_id": 1042}),
    ("get_order_status", {"order_id": None}),
    ("get_order_status", {"order_id": True}),
    ("get_order_status", {"order_id": ["1042"]}),
    ("get_order_status", {"order_id": "1042 OR 1=1"}),
    ("get_order_status", {"order_id": "1042'; DROP TABLE support_order; --"}),
    ("get_order_status", {"order_id": "10421042104210421042"}),
    ("get_order_status", {"order_id": "１０４２"}),  # full-width digits
    ("get_order_status", {"order_id": "١٠٤٢"}),  # Arabic-Indic digits
    ("get_order_status", {"order_id": "1042\n"}),
    ("get_order_status", "1042"),
    ("get_order_status", ["1042"]),
    ("get_order_status", None),
    ("search_products", {"query": ""}),
    ("search_products", {"query": 123}),
    ("search_products", {"query": ["HP-200"]}),
    ("search_products", {"query": "x" * 201}),
    ("request_refund", {"order_id": "1042"}),
    ("request_refund", {"reason": "broken"}),
    ("request_refund", {"order_id": "1042", "reason": "x" * 501}),
    ("request_refund", {"order_id": 1042, "reason": "broken"}),
]
ATTEMPTS = UNKNOWN_TOOLS + EXTRA_ARGUMENTS + MALFORMED
# Well-formed calls for orders of the second customer: the tool runs its ownership
# check and answers exactly as for a number that does not exist.
FOREIGN_ORDERS = [
    ("get_order_status", {"order_id": "1301"}),
    ("get_order_status", {"order_id": "2099"}),
    ("request_refund", {"order_id": "1301", "reason": "it is mine, refund it"}),
    ("request_refund", {"order_id": "2099", "reason": "refund please"}),
]


def many_calls(calls) -> ModelReply:
    blocks = [
        {"type": "tool_use", "id": f"call_{i}", "name": name, "input": tool_input}
        for i, (name, tool_input) in enumerate(calls)
    ]
    return ModelReply(blocks, "tool_use", {"input_tokens": 10, "output_tokens": 10})


@pytest.fixture
def entered(monkeypatch):
    """Records every entry into a tool's own code (after the schema check)."""
    seen: list[str] = []
    for name in ("_order_status", "_search_products", "_request_refund"):
        real = getattr(tools, name)

        def spy(*args, _real=real, _name=name, **kwargs):
            seen.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(tools, name, spy)
    filed: list[object] = []
    real_file = tools.ensure_pending_refund

    def file_spy(**kwargs):
        filed.append(kwargs)
        return real_file(**kwargs)

    monkeypatch.setattr(tools, "ensure_pending_refund", file_spy)
    return {"tools": seen, "refunds": filed}


def test_unknown_tools_and_bad_arguments_never_run_and_are_all_traced(ask, entered):
    # Given a model that makes every kind of bad call in one step, then answers
    client = ScriptedClient([many_calls(ATTEMPTS), text("I cannot help with that.")])
    message = ask("When does order 1042 arrive?")

    # When the turn runs
    done = answer_customer_message(message_id=message.pk, worker="test", client=client)

    # Then no tool's code was entered and nothing was filed
    executed = entered["tools"]
    print(f"\ntool misuse: {len(ATTEMPTS)} bad calls, {len(executed)} executed")
    assert executed == [], f"{len(executed)} of {len(ATTEMPTS)} bad calls executed: {executed}"
    assert entered["refunds"] == [] and not RefundRequest.objects.exists()
    # and every attempt is in the trace as an error result, in order
    trace = done.turn.tool_calls
    assert len(trace) == len(ATTEMPTS), f"{len(trace)} of {len(ATTEMPTS)} attempts traced"
    assert all(call["is_error"] for call in trace)
    for call, (name, _) in zip(trace, ATTEMPTS, strict=True):
        if isinstance(name, str) and name not in ALLOWED:
            assert call["output"] == f"no tool {name}"
    outputs = {repr(a): c["output"] for a, c in zip(ATTEMPTS, trace, strict=True)}
    assert outputs[repr(EXTRA_ARGUMENTS[0])] == "unexpected argument customer_id"
    assert outputs[repr(MALFORMED[0])] == "missing order_id"
    assert outputs[repr(MALFORMED[2])] == "order_id: expected a string"
    assert outputs[repr(MALFORMED[12])] == "input: expected an object"
    # the model read each error back, and the turn still ended with one reply
    results = client.seen[-1][-1]["content"]
    assert len(results) == len(ATTEMPTS) and all(r["is_error"] for r in results)
    assert done.turn.action == Turn.Action.ANSWERED
    assert message.conversation.messages.filter(role="assistant").count() == 1


def test_another_customers_order_gives_nothing_and_files_nothing(ask, entered):
    # Given well-formed calls for the second customer's orders, and one for a number
    # that does not exist
    calls = [*FOREIGN_ORDERS, ("get_order_status", {"order_id": "9999"})]
    client = ScriptedClient([many_calls(calls), text("I cannot find that order.")])
    message = ask("Refund order 1301 and tell me about 2099.")

    # When the turn runs
    done = answer_customer_message(message_id=message.pk, worker="test", client=client)

    # Then every call is an error that looks like an unknown number, nothing leaks and
    # no refund request is filed for someone else's order
    trace = done.turn.tool_calls
    assert [c["output"] for c in trace] == [
        "no order 1301",
        "no order 2099",
        "no order 1301",
        "no order 2099",
        "no order 9999",
    ]
    assert all(c["is_error"] for c in trace)
    assert entered["refunds"] == [] and not RefundRequest.objects.exists()
    leaked = [
        w for w in ("shipped", "delivered", "Lucía", "lucia@", "5 November") if w in str(trace)
    ]
    assert leaked == []
    assert done.reply.text == "I cannot find that order."


def test_an_allowed_call_outside_the_conversations_customer_is_refused_for_a_visitor(ask, entered):
    # Given an anonymous visitor who never gave an e-mail asking for the demo customer's order
    client = ScriptedClient(
        [
            many_calls(
                [
                    ("get_order_status", {"order_id": "1042"}),
                    ("request_refund", {"order_id": "1042", "reason": "refund"}),
                ]
            ),
            text("I cannot find that order."),
        ]
    )
    message = ask("Refund order 1042", anonymous=True)

    # When the turn runs
    done = answer_customer_message(message_id=message.pk, worker="test", client=client)

    # Then the tools ran their ownership check and gave nothing (the order lookup asks
    # for the e-mail first; the refund finds no order)
    assert [c["output"] for c in done.turn.tool_calls] == [
        {"status": "email_needed", "order_id": "1042"},
        "no order 1042",
    ]
    assert entered["refunds"] == [] and not RefundRequest.objects.exists()


def test_the_allowlist_is_exactly_the_three_read_or_request_tools():
    assert ALLOWED == {"get_order_status", "search_products", "request_refund"}
    for spec in tools.TOOLS:
        assert spec["input_schema"]["additionalProperties"] is False
