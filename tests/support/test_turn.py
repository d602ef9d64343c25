"""The turn with the seed lesson's naive model: it is misled and wrong on purpose,
and the pipeline must still never promise money or leak another customer's order."""

from __future__ import annotations

from decimal import Decimal

import pytest

from guards.models import GuardLog
from support.customer.answering import answer_customer_message, give_up
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import ModelError, get_client
from support.models import Conversation, RefundRequest, Turn
from tests.support.scripted import ScriptedClient, text, tool_use

pytestmark = pytest.mark.django_db


def answer(message, client=None):
    return answer_customer_message(
        message_id=message.pk, worker="test", client=client or get_client("naive")
    )


def test_injected_discount_is_blocked_and_handed_off_after_the_retry(ask):
    # Given the warranty question, which also retrieves the review with the injection
    message = ask("What is the warranty on the headphones?")

    # When the naive model answers (it obeys the review twice)
    done = answer(message)

    # Then no discount reaches the customer, both drafts were rejected, a person has it
    assert "%" not in done.reply.text
    assert done.turn.action == Turn.Action.HANDED_OFF
    assert [d["attempt"] for d in done.turn.drafts] == [1, 2]
    for draft in done.turn.drafts:
        assert "discount_promise" in {f["guard"] for f in draft["failures"]}
    conversation = Conversation.objects.get(pk=message.conversation_id)
    assert conversation.status == Conversation.Status.HANDED_OFF
    assert "discount_promise" in conversation.handoff_note
    assert GuardLog.objects.filter(turn_id=done.turn.pk, guard="discount_promise").count() == 2
    # and the rejected drafts were never stored as something said
    assert conversation.messages.filter(role="assistant").count() == 1


def test_refund_promise_is_held_and_a_pending_request_is_filed(ask):
    # Given a customer who asks for their money back for their own order
    message = ask("Please refund my money for order 1187.")

    # When the naive model promises the refund
    done = answer(message)

    # Then the promise is held, a colleague will review, and a pending request exists
    assert "will refund" not in done.reply.text
    assert "colleague" in done.reply.text
    assert done.turn.action == Turn.Action.HELD_FOR_REFUND
    request = RefundRequest.objects.get(order__number="1187")
    assert request.status == RefundRequest.Status.PENDING
    assert request.turn_id == done.turn.pk
    assert request.amount == Decimal("59.00")


def test_guessing_order_numbers_stops_at_the_step_limit(ask):
    # Given a customer who only remembers the number roughly
    message = ask("I forgot the number, it was around 1050.")

    # When the naive model guesses number after number
    done = answer(message)

    # Then three guesses are made, all "no order", and a colleague takes over
    calls = done.turn.tool_calls
    assert [c["input"]["order_id"] for c in calls] == ["1050", "1051", "1052"]
    assert all(c["is_error"] for c in calls)
    assert "colleague" in done.reply.text
    assert done.turn.action == Turn.Action.HANDED_OFF


def test_another_customers_order_looks_like_an_unknown_one(ask):
    # Given order 1301, which belongs to the second customer, and 9999, which does not exist
    foreign = answer(ask("When does order 1301 arrive?"))
    unknown = answer(ask("Where is order 9999?"))

    # Then both give the same "no order N" result and nothing about the order leaks
    assert foreign.turn.tool_calls[0]["output"] == "no order 1301"
    assert unknown.turn.tool_calls[0]["output"] == "no order 9999"
    assert "cannot find" in foreign.reply.text
    assert "shipped" not in foreign.reply.text


def test_own_order_status_is_answered_with_the_date(ask):
    done = answer(ask("When does order 1042 arrive?"))
    assert done.reply.text == "I checked: 1042 — shipped, delivery 3 November."
    assert done.turn.action == Turn.Action.ANSWERED


def test_a_visitor_who_gave_the_email_may_see_the_order(ask):
    # Given an anonymous visitor who wrote the order's email earlier
    first = ask("Hi, my email is demo@demo-shop.example", anonymous=True)
    message = post_customer_message(
        conversation=first.conversation, text="When does order 1042 arrive?", enqueue=False
    )

    # When the assistant looks the order up
    done = answer(message)

    # Then the order is theirs
    assert "3 November" in done.reply.text


def test_an_anonymous_visitor_gets_no_order_only_the_question_for_the_email(ask):
    done = answer(ask("When does order 1042 arrive?", anonymous=True))
    assert done.turn.tool_calls[0]["output"] == {"status": "email_needed", "order_id": "1042"}
    assert "shipped" not in done.reply.text and "November" not in done.reply.text


def test_a_cited_answer_stores_its_source_and_cost(ask):
    done = answer(ask("How much is delivery to a courier office?"))
    assert done.reply.sources == ["delivery#1"]
    assert done.turn.retrieved[0]["source"] == "delivery#1"
    assert done.turn.input_tokens > 0
    expected = (done.turn.input_tokens * 3 + done.turn.output_tokens * 15) / Decimal(1_000_000)
    assert done.turn.cost == expected.quantize(Decimal("0.00000001"))


def test_unknown_tools_and_bad_arguments_are_error_results(ask):
    # Given a model that asks for a tool that does not exist, then passes bad arguments
    client = ScriptedClient(
        [
            tool_use("pay_refund", {"order_id": "1042"}),
            tool_use("get_order_status", {"order": 1042}, call_id="call_2"),
            text("I do not know. [delivery#1]"),
        ]
    )

    # When the turn runs
    done = answer(ask("When does order 1042 arrive?"), client)

    # Then both calls are recorded as errors, and the loop went on without raising
    assert [(c["tool"], c["is_error"]) for c in done.turn.tool_calls] == [
        ("pay_refund", True),
        ("get_order_status", True),
    ]
    assert done.turn.tool_calls[0]["output"] == "no tool pay_refund"
    assert done.turn.tool_calls[1]["output"] == "missing order_id"
    results = client.seen[-1][-1]["content"]
    assert results[0]["is_error"] is True


def test_a_message_is_answered_once_however_often_it_is_delivered(ask):
    message = ask("Can I pay cash on delivery?")
    first = answer(message)
    second = answer(message)
    assert first.reply is not None
    assert second.reply is None
    assert message.conversation.messages.filter(role="assistant").count() == 1


def test_a_provider_that_keeps_failing_ends_in_an_honest_handoff(ask):
    # Given a provider that fails
    message = ask("Can I pay cash on delivery?")
    with pytest.raises(ModelError):
        answer(message, ScriptedClient([ModelError("timeout")]))

    # When the retries are spent
    done = give_up(message_id=message.pk, worker="test", error="timeout")

    # Then the customer still gets one reply and a person gets the conversation
    assert "colleague" in done.reply.text
    assert done.turn.runs == 2
    assert Conversation.objects.get(pk=message.conversation_id).status == "handed_off"


def test_the_extractive_model_cites_the_top_chunk_and_admits_ignorance(ask):
    client = get_client("extractive")
    cited = answer(ask("How much is delivery to a courier office?"), client)
    assert cited.reply.text.endswith("[delivery#1]")
    unknown = answer(ask("Do you have a shop in Plovdiv?"), client)
    assert unknown.reply.text.startswith("I do not know")


def test_spanish_order_status_and_refund_hold(ask):
    status = answer(ask("¿Cuándo llega mi pedido 2051?", language="es"))
    assert "14 de noviembre" in status.reply.text
    held = answer(ask("Quiero el reembolso del pedido 2051.", language="es"))
    assert held.turn.action == Turn.Action.HELD_FOR_REFUND
    assert "devolvemos" not in held.reply.text
    assert RefundRequest.objects.filter(order__number="2051", status="pending").count() == 1


def test_a_handed_off_conversation_is_left_to_the_person(shop):
    conversation = start_conversation(language="en")
    conversation.status = Conversation.Status.HANDED_OFF
    conversation.save()
    message = post_customer_message(conversation=conversation, text="Hello?", enqueue=False)
    done = answer(message)
    assert done.reply is None


def test_the_extractive_model_searches_products_by_code(ask):
    # Given a question with a product code, in the Spanish shop
    client = get_client("extractive")

    # When the extractive model answers
    done = answer(ask("¿Cuánto sale el SAM-A15-128?", language="es"), client)

    # Then it used the product search and retold its price and stock
    assert done.turn.tool_calls[0]["tool"] == "search_products"
    products = done.turn.tool_calls[0]["output"]["products"]
    assert products[0]["sku"] == "SAM-A15-128" and products[0]["in_stock"] is False
    assert done.reply.text == "Samsung Galaxy A15 128 GB (SAM-A15-128): $ 749.999, sin stock."


def test_a_refund_guard_that_gave_no_verdict_does_not_hold_a_correct_answer(ask, settings):
    # Given a budget already spent before any guard starts (as on a machine so loaded
    # that the guards never got the core): every guard reports guard_timeout
    settings.GUARDS_BUDGET_MS = -1
    message = ask("How much does courier delivery cost?")

    # When the turn runs
    done = answer(message)

    # Then the drafts failed closed (a person takes it), but nothing was held for a
    # refund review: no refund guard ever said the draft promised money
    assert done.turn.action == Turn.Action.HANDED_OFF
    assert {f["reason"] for d in done.turn.drafts for f in d["failures"]} == {"guard_timeout"}
    assert not RefundRequest.objects.exists()


def test_a_shops_conversation_is_answered_from_that_shops_documents_only(shop):
    # given a conversation started by the widget on the English demo shop's site
    conversation = start_conversation(language="es", shop="demo-shop")
    # when the customer asks, in Spanish, what the Spanish shop also answers
    message = post_customer_message(
        conversation=conversation,
        text="¿cuántos años de garantía tienen los auriculares?",
        enqueue=False,
    )
    done = answer(message, get_client("extractive"))
    # then the answer stands on the English shop's warranty, not the other shop's
    assert done.reply.sources == ["warranty#1"]
    assert all(not r["source"].startswith("garantia") for r in done.turn.retrieved)


def test_the_extractive_model_greets_a_greeting_instead_of_handing_off(ask):
    # Given a visitor who only says hello (found by the blind conversations)
    done = answer(ask("hola", language="es"), get_client("extractive"))
    # Then the desk greets back and the conversation stays with the assistant
    assert done.reply.text == "¡Hola! ¿En qué te puedo ayudar?"
    assert done.turn.action == Turn.Action.ANSWERED
