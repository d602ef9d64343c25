"""Orders for visitors: an anonymous visitor who asks about an order is asked for the
e-mail used for it, then answered; someone else's order and an unknown number read
the same; a conversation's lookups are limited; a signed-in customer is never asked."""

from __future__ import annotations

import pytest

from support.customer import prompting
from support.customer.answering import answer_customer_message
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import ModelReply, get_client
from support.customer.llm.naive import PHRASES
from support.customer.selectors import demo_customer
from support.customer.tools import run_tool
from support.customer.visitor_lookups import LookupStatus, visitor_gate
from support.models import Conversation, Turn
from tests.support.scripted import ScriptedClient, text

pytestmark = pytest.mark.django_db

DEMO_EMAIL = "demo@demo-shop.example"  # owns 1042 and 1187; lucia@example.com owns 1301


def visitor(language: str = "en") -> Conversation:
    return start_conversation(customer=None, language=language)


def say(conversation: Conversation, message: str, *, model: str = "naive", client=None):
    posted = post_customer_message(conversation=conversation, text=message, enqueue=False)
    return answer_customer_message(
        message_id=posted.pk, worker="test", client=client or get_client(model)
    )


@pytest.mark.parametrize("model", ["naive", "extractive"])
def test_a_visitor_who_asks_about_an_order_is_asked_for_the_email(shop, model):
    # Given a visitor who has written no e-mail
    conversation = visitor()

    # When they ask about an order
    done = say(conversation, "Where is my order 1042?", model=model)

    # Then the reply asks for the order's e-mail and why, passes the guards, shows nothing
    assert done.reply.text == PHRASES["en"]["email_needed"]
    assert "e-mail" in done.reply.text and "yours" in done.reply.text
    assert done.turn.tool_calls[0]["output"] == {"status": "email_needed", "order_id": "1042"}
    assert done.turn.action == Turn.Action.ANSWERED
    assert [d["verdict"] for d in done.turn.drafts] == ["pass"]
    conversation.refresh_from_db()
    assert conversation.status == Conversation.Status.BOT


def test_a_spanish_visitor_is_asked_for_the_email_in_spanish_and_then_answered(shop):
    # Given a Spanish conversation of a visitor
    conversation = visitor("es")

    # When they ask about an order, then write only the address
    asked = say(conversation, "¿Dónde está mi pedido 1042?")
    answered = say(conversation, DEMO_EMAIL)

    # Then they were asked in Spanish, and the order they asked about is answered
    assert asked.reply.text == PHRASES["es"]["email_needed"]
    assert "e-mail" in asked.reply.text and "tuyo" in asked.reply.text
    assert answered.turn.context["facts"] == ["order 1042"]
    assert answered.reply.text == "Lo consulté: 1042 — enviado, entrega 3 de noviembre."


@pytest.mark.parametrize("reply", [DEMO_EMAIL, f"my email is {DEMO_EMAIL}", f"It's {DEMO_EMAIL}"])
def test_the_email_given_next_answers_the_order_asked_about(shop, reply):
    # Given a visitor who asked about their order and was asked for the e-mail
    conversation = visitor()
    say(conversation, "Where is my order 1042?")

    # When they write the address (alone or in a short sentence)
    done = say(conversation, reply)

    # Then the message leans on the order question, which carries the number, and is answered
    assert done.turn.context["search"]["mode"] == "leaning"
    assert done.turn.context["search"]["reason"] == "gives an e-mail address"
    assert done.turn.context["facts"] == ["order 1042"]
    assert done.reply.text == "I checked: 1042 — shipped, delivery 3 November."
    assert done.turn.action == Turn.Action.ANSWERED


def test_someone_elses_order_a_wrong_email_and_an_unknown_number_read_the_same(shop):
    # Given three visitors: the demo e-mail asking for the second customer's order, an
    # address nobody has asking for the demo customer's order, the demo e-mail asking
    # for a number that does not exist
    replies = []
    for email, number in ((DEMO_EMAIL, "1301"), ("eve@example.com", "1042"), (DEMO_EMAIL, "9999")):
        conversation = visitor()
        say(conversation, f"Where is my order {number}?")
        done = say(conversation, email)
        replies.append((done.reply.text, done.turn.tool_calls[0]["output"]))

    # Then all three read exactly the same, and nothing of the foreign order leaks
    texts = {text for text, _ in replies}
    assert texts == {PHRASES["en"]["not_found"]}
    assert [output for _, output in replies] == ["no order 1301", "no order 1042", "no order 9999"]


def test_before_any_email_an_unknown_number_gets_the_same_question(shop):
    known = say(visitor(), "Where is my order 1042?")
    unknown = say(visitor(), "Where is my order 9999?")
    assert known.reply.text == unknown.reply.text == PHRASES["en"]["email_needed"]


def test_past_the_limit_the_visitor_gets_a_person_not_another_lookup(shop, settings):
    # Given a limit of two lookups and a visitor who gave an e-mail
    settings.SUPPORT_VISITOR_ORDER_LOOKUPS = 2
    conversation = visitor()
    post_customer_message(conversation=conversation, text=f"I am {DEMO_EMAIL}", enqueue=False)

    # When they ask about two orders, one of them twice, then a third
    first = say(conversation, "Where is order 1042?")
    again = say(conversation, "Where is order 1042? Asking again.")
    second = say(conversation, "Where is order 9999?")
    third = say(conversation, "Where is order 1187?")

    # Then the repeat was free, the third distinct order is not looked up, and a person
    # takes the conversation
    assert "3 November" in first.reply.text and "3 November" in again.reply.text
    assert second.reply.text == PHRASES["en"]["not_found"]
    assert third.turn.tool_calls[0]["output"] == {"status": "limit_reached", "order_id": "1187"}
    assert "delivered" not in third.reply.text
    assert "colleague" in third.reply.text
    assert third.turn.action == Turn.Action.HANDED_OFF
    conversation.refresh_from_db()
    assert conversation.status == Conversation.Status.HANDED_OFF
    # and the count is read from the stored turns: a fresh check still says so
    assert visitor_gate(conversation=conversation, number="2051") == LookupStatus.LIMIT_REACHED
    assert visitor_gate(conversation=conversation, number="1042") is None  # already checked


def test_every_address_written_counts_against_the_limit(shop, settings):
    # Given a limit of two and a visitor who writes three addresses at once
    settings.SUPPORT_VISITOR_ORDER_LOOKUPS = 2
    conversation = visitor()
    post_customer_message(
        conversation=conversation,
        text=f"me: {DEMO_EMAIL}, lucia@example.com, eve@example.com",
        enqueue=False,
    )

    # When the order tool is asked for one number
    result = run_tool(
        name="get_order_status",
        tool_input={"order_id": "1301"},
        conversation=conversation,
        turn=None,
    )

    # Then three (e-mail, number) checks would pass the limit: nothing is looked up
    assert result.content == {"status": "limit_reached", "order_id": "1301"}


def test_many_lookups_in_one_model_reply_are_counted_as_they_run(shop, settings):
    # Given a limit of two and a visitor with an e-mail whose model asks three orders at once
    settings.SUPPORT_VISITOR_ORDER_LOOKUPS = 2
    conversation = visitor()
    post_customer_message(conversation=conversation, text=DEMO_EMAIL, enqueue=False)
    blocks = [
        {"type": "tool_use", "id": f"c{i}", "name": "get_order_status", "input": {"order_id": n}}
        for i, n in enumerate(("1042", "1187", "2051"))
    ]
    client = ScriptedClient(
        [ModelReply(blocks, "tool_use", {"input_tokens": 10, "output_tokens": 10}), text("ok")]
    )

    # When the turn runs
    done = say(conversation, "Where are 1042, 1187 and 2051?", client=client)

    # Then the first two are read and the third is stopped
    outputs = [c["output"] for c in done.turn.tool_calls]
    assert outputs[0].startswith("1042") and outputs[1].startswith("1187")
    assert outputs[2] == {"status": "limit_reached", "order_id": "2051"}


def test_a_signed_in_customer_is_never_asked_for_the_email_nor_limited(shop, settings):
    # Given a limit of one and a signed-in customer
    settings.SUPPORT_VISITOR_ORDER_LOOKUPS = 1
    conversation = start_conversation(customer=demo_customer(), language="en")

    # When they ask about three orders
    replies = [say(conversation, f"Where is order {n}?") for n in ("1042", "1187", "9999")]

    # Then each is answered from the orders, with no question for the e-mail
    assert "3 November" in replies[0].reply.text
    assert "delivered" in replies[1].reply.text
    assert replies[2].reply.text == PHRASES["en"]["not_found"]
    assert all("e-mail" not in done.reply.text for done in replies)


class Recording:
    """The naive model, recording the system prompt it was sent."""

    name = "recording"

    def __init__(self) -> None:
        self.inner = get_client("naive")
        self.systems: list[str] = []

    def create(self, system, messages, tools):
        self.systems.append(system)
        return self.inner.create(system, messages, tools)


def test_a_real_model_is_told_the_visitor_lookup_only_for_a_visitor(shop):
    # Given a visitor's conversation and a signed-in customer's
    for_visitor, for_customer = Recording(), Recording()
    say(visitor(), "Where is my order 1042?", client=for_visitor)
    say(
        start_conversation(customer=demo_customer(), language="en"),
        "Where is my order 1042?",
        client=for_customer,
    )

    # Then only the visitor's model calls carry the e-mail rule
    assert all(prompting.VISITOR_LINE in s for s in for_visitor.systems)
    assert all(prompting.VISITOR_LINE not in s for s in for_customer.systems)
    assert "email_needed" in prompting.VISITOR_LINE and "limit_reached" in prompting.VISITOR_LINE
