"""The desk reads the whole conversation: what a message is searched with, what the
model is sent, and the facts that carry from one message to the next."""

from __future__ import annotations

import pytest

from support.customer import prompting
from support.customer.answering import answer_customer_message
from support.customer.context import Mode, corrected, plan_search
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import get_client
from support.customer.selectors import demo_customer
from tests.support.scripted import ScriptedClient, text


@pytest.mark.parametrize(
    "message",
    [
        "¿y a Canarias?",
        "and how many days do I have for that?",
        "how much is it?",
        "what about Dublin?",
        "¿y cuánto sale?",
        "y si fuera a cordoba?",
    ],
)
def test_a_message_that_leans_is_searched_with_the_previous_question(message):
    plan = plan_search(message, earlier=["hola", "¿Cuánto cuesta el envío a Madrid?"])
    assert plan.mode == Mode.LEANING
    assert plan.previous == "¿Cuánto cuesta el envío a Madrid?"
    assert plan.query.startswith("¿Cuánto cuesta el envío a Madrid?")


@pytest.mark.parametrize(
    "message",
    [
        "Cambiando de tema, ¿venden alimento para conejos?",
        "Different question: do you offer guided bike tours?",
        "Por cierto, ¿abrís el 15 de mayo en Madrid?",
        "¿Cuánto tarda en llegar una bicicleta eléctrica a Valladolid por mensajería?",
    ],
)
def test_a_complete_or_new_question_is_searched_alone(message):
    plan = plan_search(message, earlier=["How much does delivery cost?"])
    assert plan.mode in (Mode.NEW_TOPIC, Mode.ALONE)
    assert plan.query == message


def test_a_greeting_is_nothing_to_lean_on():
    plan = plan_search("¿y a Canarias?", earlier=["Hola, buenos días", "hi there!"])
    assert plan.mode == Mode.FIRST
    assert plan.query == "¿y a Canarias?"


def test_a_correction_replaces_what_it_corrects():
    plan = plan_search(
        "perdona, quería decir a Ibiza, no a Canarias",
        earlier=["¿Cuánto cuesta enviar una bici eléctrica a Canarias?"],
    )
    assert plan.mode == Mode.CORRECTION
    assert "Canarias?" not in plan.query.split("perdona")[0]
    assert "Ibiza" in plan.query
    assert corrected("I am in Sevilla now", "sorry, Menorca, not Sevilla") == "I am in now"


def test_history_drops_the_oldest_turns_first_and_never_cuts_one():
    turns = [("customer", "one " * 50), ("assistant", "two " * 50), ("customer", "three")]
    kept = prompting.history_within(turns, budget=90)
    assert kept == [("assistant", "two " * 50), ("customer", "three")]
    assert prompting.history_within(turns, budget=0) == []


@pytest.mark.django_db
def test_the_model_reads_the_conversation_as_marked_data_within_the_budget(shop, settings):
    # Given a conversation with an earlier question and its answer
    settings.SUPPORT_HISTORY_TOKENS = 300
    conversation = start_conversation(customer=demo_customer(), language="en")
    first = post_customer_message(
        conversation=conversation, text="How much does delivery cost?", enqueue=False
    )
    answer_customer_message(message_id=first.pk, worker="t", client=get_client("naive"))
    # When the customer leans on it
    second = post_customer_message(
        conversation=conversation, text="and how long does it take?", enqueue=False
    )
    client = ScriptedClient([text("Within two working days. [delivery#2]")])
    done = answer_customer_message(message_id=second.pk, worker="t", client=client)

    # Then the model was sent the earlier turns as a <conversation> block, before the question
    blocks = [b["text"] for b in client.seen[0][0]["content"]]
    assert blocks[-1] == "and how long does it take?"
    conversation_block = blocks[-2]
    assert conversation_block.startswith("<conversation>")
    assert "customer: How much does delivery cost?" in conversation_block
    assert "assistant: Delivery to a courier office is €3" in conversation_block
    # and the trace records the query searched, the turns sent and their tokens
    trace = done.turn.context
    assert trace["search"]["mode"] == "leaning"
    assert trace["search"]["query"].startswith("How much does delivery cost?")
    assert [t["role"] for t in trace["history"]] == ["customer", "assistant"]
    assert trace["history_tokens"] == prompting.history_tokens(
        [(t["role"], t["text"]) for t in trace["history"]]
    )
    assert done.turn.retrieved[0]["source"] == "delivery#2"


@pytest.mark.django_db
def test_no_history_is_sent_past_a_zero_budget(shop, settings):
    settings.SUPPORT_HISTORY_TOKENS = 0
    conversation = start_conversation(customer=demo_customer(), language="en")
    for question in ("How much does delivery cost?", "and how long does it take?"):
        message = post_customer_message(conversation=conversation, text=question, enqueue=False)
        done = answer_customer_message(
            message_id=message.pk, worker="t", client=get_client("naive")
        )
    assert done.turn.context["history"] == []
    assert done.turn.context["history_dropped"] == 2


def _conversation(*questions: str, customer=True):
    conversation = start_conversation(customer=demo_customer() if customer else None, language="en")
    done = None
    for question in questions:
        message = post_customer_message(conversation=conversation, text=question, enqueue=False)
        done = answer_customer_message(
            message_id=message.pk, worker="t", client=get_client("naive")
        )
    return done


@pytest.mark.parametrize(
    "message",
    ["ana@example.com", "my email is ana@example.com", "mi mail es ana@example.com, gracias"],
)
def test_an_email_given_with_little_else_leans_on_the_order_question(message):
    plan = plan_search(message, earlier=["Where is my order 1042?"])
    assert (plan.mode, plan.reason) == (Mode.LEANING, "gives an e-mail address")
    assert plan.previous == "Where is my order 1042?"


def test_a_full_question_that_also_gives_an_email_stands_alone():
    plan = plan_search(
        "ana@example.com here: how long is the warranty on the wireless headphones?",
        earlier=["Where is my order 1042?"],
    )
    assert plan.mode == Mode.ALONE


@pytest.mark.django_db
def test_an_order_named_earlier_is_used_by_a_follow_up(shop):
    done = _conversation("Where is my order 1042?", "and when will it arrive?")
    assert done.turn.context["facts"] == ["order 1042"]
    assert done.turn.tool_calls[0]["input"] == {"order_id": "1042"}
    assert "3 November" in done.reply.text


@pytest.mark.django_db
def test_a_carried_order_keeps_the_ownership_rules(shop):
    # Given order 1301, which belongs to another customer, named earlier
    foreign = _conversation("Where is order 1301?", "and when will it arrive?")
    assert foreign.turn.tool_calls[0]["output"] == "no order 1301"
    assert "shipped" not in foreign.reply.text
    # and a visitor who never gave the e-mail gets nothing for the demo customer's order
    # (asked for the e-mail instead)
    visitor = _conversation("Where is my order 1042?", "and when will it arrive?", customer=False)
    assert visitor.turn.tool_calls[0]["output"] == {"status": "email_needed", "order_id": "1042"}
    assert "shipped" not in visitor.reply.text


@pytest.mark.django_db
def test_a_visitors_email_given_earlier_opens_their_order_later(shop):
    # Given a visitor who wrote the order's e-mail (not answered: it asks nothing)
    conversation = start_conversation(customer=None, language="en")
    post_customer_message(
        conversation=conversation, text="Hi, my email is demo@demo-shop.example", enqueue=False
    )
    done = None
    for question in ("Where is my order 1042?", "and when will it arrive?"):
        message = post_customer_message(conversation=conversation, text=question, enqueue=False)
        done = answer_customer_message(
            message_id=message.pk, worker="t", client=get_client("naive")
        )
    # Then the order named two messages back is theirs to follow up
    assert done.turn.context["facts"] == ["order 1042"]
    assert "3 November" in done.reply.text


@pytest.mark.django_db
def test_a_new_topic_carries_no_order_and_no_history(shop):
    done = _conversation(
        "Where is my order 1042?", "Different question: can I pay cash on delivery?"
    )
    assert done.turn.context["facts"] == []
    assert done.turn.context["history"] == []
    assert done.turn.tool_calls == []
    assert "[payment#1]" in done.reply.text
