"""The answer worker runs Celery's threads pool: many turns at once in one process.
Nothing a turn keeps (the embedder, caches, the model client, the guards' budget clock,
the database connection) may leak from one thread's turn into another's."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from support.customer.conversations import post_customer_message, start_conversation
from support.customer.selectors import demo_customer
from support.demo.shop import load_demo_shop
from support.models import Message, Turn
from support.tasks import answer_message

QUESTIONS = [
    "When does order 1042 arrive?",
    "How long is the warranty?",
    "¿Cuánto tarda el envío a Córdoba?",
    "Can I pay by bank transfer?",
]
TURNS = 32


def trace_of(turn: Turn) -> dict[str, Any]:
    """What a turn did, without what differs between runs (timings, ids)."""
    return {
        "action": turn.action,
        "reply": turn.reply.text if turn.reply else None,
        "sources": turn.reply.sources if turn.reply else None,
        "retrieved": [(hit["source"], round(hit["score"], 6)) for hit in turn.retrieved],
        "tools": [(call["tool"], call["input"], call["output"]) for call in turn.tool_calls],
        "drafts": [(draft["text"], draft["verdict"]) for draft in turn.drafts],
        "model_calls": [call["content"] for call in turn.model_calls],
    }


def ask(question: str) -> Message:
    conversation = start_conversation(customer=demo_customer(), language=None)
    return post_customer_message(conversation=conversation, text=question, enqueue=False)


@pytest.mark.django_db(transaction=True)
def test_32_turns_at_once_in_one_process_each_keep_their_own_trace(demo_corpus, settings):
    # Given the demo shop, a slowed model so the turns overlap, and the trace each
    # question gets when it is answered alone
    settings.SUPPORT_MODEL_BACKEND = "naive"
    load_demo_shop()
    alone = {}
    for question in QUESTIONS:
        message = ask(question)
        assert answer_message(message.pk) in ("answered", "handed_off", "held_for_refund")
        alone[question] = trace_of(Turn.objects.get(message=message))
    # (the questions differ in what they do: a tool call, retrieved chunks, a handoff)
    assert len({repr(trace) for trace in alone.values()}) == len(QUESTIONS)
    assert any(trace["tools"] for trace in alone.values())
    assert any(trace["retrieved"] for trace in alone.values())
    settings.SUPPORT_MODEL_STEP_DELAY = 0.3
    messages = [ask(QUESTIONS[i % len(QUESTIONS)]) for i in range(TURNS)]
    gate = threading.Barrier(TURNS)
    errors: list[BaseException] = []
    running = {"now": 0, "most": 0}
    lock = threading.Lock()

    def run(message_id: int) -> None:
        gate.wait()
        with lock:
            running["now"] += 1
            running["most"] = max(running["most"], running["now"])
        try:
            answer_message(message_id)
        except BaseException as exc:
            errors.append(exc)
        finally:
            with lock:
                running["now"] -= 1
            connection.close()

    # When 32 threads of this process answer one message each, all at the same moment
    threads = [threading.Thread(target=run, args=(m.pk,)) for m in messages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    # Then every message has exactly one finished turn, run once, by its own thread,
    # whose trace is the trace its question gets alone
    assert not errors, errors
    assert running["most"] == TURNS
    claimants = set()
    for message in messages:
        turn = Turn.objects.select_related("reply").get(message=message)
        assert (turn.status, turn.runs) == (Turn.Status.DONE, 1)
        assert trace_of(turn) == alone[message.text], message.text
        replies = Message.objects.filter(conversation=message.conversation, role="assistant")
        assert replies.count() == 1
        claimants.add(turn.claimed_by)
    assert len(claimants) == TURNS  # host:process:thread, one per thread


@pytest.mark.django_db(transaction=True)
def test_a_turn_past_its_own_deadline_starts_no_more_model_calls(demo_corpus, settings):
    # Given a model slower than the turn's deadline (the threads pool enforces no Celery
    # time limit, so the turn keeps CELERY_TASK_SOFT_TIME_LIMIT itself)
    settings.SUPPORT_MODEL_BACKEND = "naive"
    settings.SUPPORT_MODEL_STEP_DELAY = 0.6
    settings.CELERY_TASK_SOFT_TIME_LIMIT = 0.5
    load_demo_shop()
    message = ask("When does order 1042 arrive?")  # a tool call, then the answer

    # When the task runs
    result = answer_message(message.pk)

    # Then the call after the deadline is never made: one honest handoff reply
    turn = Turn.objects.get(message=message)
    assert result == "handed_off"
    assert (turn.status, turn.action) == (Turn.Status.DONE, Turn.Action.HANDED_OFF)
    assert "time limit" in turn.error
    assert len(turn.model_calls) <= 1
    replies = Message.objects.filter(conversation=message.conversation, role="assistant")
    assert replies.count() == 1
