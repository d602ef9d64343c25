"""The planted-data test through the whole pipeline: the widget API stores the
message, the answer task (run inline) retrieves, calls the real OpenAI backend
against a local provider stub that records every request, runs the guards and
replies. Then every text and JSON column of the database and everything the stub
received are scanned for the planted numbers; the look-alikes are stored as typed
and answered; an order lookup in a message with a card still finds the order."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from config.celery import app as celery_app
from guards.models import GuardLog
from support.customer import answering
from support.customer.llm import get_client
from support.customer.privacy_notice import NOTICE
from support.models import Message, Turn
from tests.security.db_scan import find_in_database
from tests.security.test_pii_masking import LOOKALIKES, PLANTED
from tests.support import conftest as support_fixtures
from tests.support.provider_stub import ProviderStub

pytestmark = pytest.mark.django_db
shop = support_fixtures.shop
ask = support_fixtures.ask

PLANTED_SAMPLE = PLANTED  # all 220 (about 35 s on the 2-core machine)
LOOKALIKE_SAMPLE = LOOKALIKES  # all 110
# Short planted items (a CVV, an expiry) are looked for as whole tokens in the
# conversation's own rows and in its own provider request (the shop's documents
# left out); the long ones anywhere in the database and in every request.
SHORT = 7
DOCUMENT = re.compile(r"<document .*?</document>", re.DOTALL)


def _reply(text: str) -> dict:
    return {
        "id": "chatcmpl-stub",
        "object": "chat.completion",
        "created": 1730000000,
        "model": "gpt-stub-1",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text, "refusal": None},
                "logprobs": None,
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 700, "completion_tokens": 12, "total_tokens": 712},
    }


@pytest.fixture
def stub(shop, settings, monkeypatch, django_capture_on_commit_callbacks):
    server = ProviderStub().start()
    settings.SUPPORT_MODEL_BACKEND = "openai"
    settings.SUPPORT_MODEL_NAME = "openai-stub-model"
    settings.SUPPORT_MODEL_BASE_URL = server.base_url("openai")
    settings.SUPPORT_MODEL_API_KEY_ENV = "SUPPORT_TEST_LLM_KEY"
    settings.SUPPORT_THROTTLE_SESSION = "10000/min"
    settings.SUPPORT_THROTTLE_IP = "10000/min"
    monkeypatch.setenv("SUPPORT_TEST_LLM_KEY", "sk-stub-not-a-real-key")
    cache.clear()
    celery_app.conf.task_always_eager = True
    yield server
    celery_app.conf.task_always_eager = False
    cache.clear()
    server.stop()


def _converse(client: APIClient, text: str, capture) -> str:
    started = client.post("/api/conversations/", {}, format="json")
    assert started.status_code == 201, started.content
    public_id = started.json()["id"]
    with capture(execute=True):
        posted = client.post(
            f"/api/conversations/{public_id}/messages/", {"text": text}, format="json"
        )
    assert posted.status_code == 202, posted.content
    return public_id


def _tokens(short: str, blob: str) -> bool:
    return re.search(rf"(?<![\w/]){re.escape(short)}(?![\w/])", blob) is not None


def test_no_planted_number_reaches_the_database_or_the_provider(
    stub, django_capture_on_commit_callbacks
):
    # Given the provider answers every call with a plain sentence
    # (every fifth one first with a draft the number gate rejects, so guard notes are
    # written and a retry is sent too)
    client = APIClient()
    conversations, asked = {}, []

    # When each planted message goes through the API, the worker, the guards and the reply
    for n, case in enumerate(PLANTED_SAMPLE):
        if n % 5 == 0:
            stub.reply_body("openai", _reply("Ese modelo cuesta 1.999 € en la tienda."))
            asked.append(case)
        stub.reply_body("openai", _reply("Gracias, lo revisamos enseguida."))
        asked.append(case)
        conversations[case["id"]] = _converse(
            client, case["text"], django_capture_on_commit_callbacks
        )

    # Then every message was answered, once, with the notice in its language
    customers = Message.objects.filter(role=Message.Role.CUSTOMER)
    assert customers.count() == len(PLANTED_SAMPLE)
    assert Turn.objects.filter(status=Turn.Status.DONE).count() == len(PLANTED_SAMPLE)
    replies = list(
        Message.objects.filter(role=Message.Role.ASSISTANT).select_related("conversation")
    )
    assert len(replies) == len(PLANTED_SAMPLE)
    assert all(r.text.startswith(NOTICE[r.conversation.language]) for r in replies)
    assert len(set(GuardLog.objects.values_list("turn_id", flat=True))) == len(PLANTED_SAMPLE[::5])

    # And no planted number is in any text or JSON column, nor in any request the stub got
    planted = [p for case in PLANTED_SAMPLE for p in case["planted"]]
    long_items = [p for p in planted if len(p) >= SHORT]
    short_items = [p for p in planted if len(p) < SHORT]
    assert find_in_database(long_items) == []
    received = json.dumps([r.body for r in stub.requests], ensure_ascii=False)
    assert [p for p in long_items if p in received] == []
    for case, request in zip(asked, stub.requests, strict=True):  # the calls, in order
        rows = _conversation_texts(conversations[case["id"]])
        sent = DOCUMENT.sub(" ", "\n".join(_strings(request.body.get("messages"))))
        assert "card" not in case["types"] or "[CARD_" in sent  # the masked question went
        for short in (p for p in case["planted"] if len(p) < SHORT):
            leaked = _tokens(short, rows) or _tokens(short, sent)
            assert not leaked or _in_original_elsewhere(case, short), case["id"]
    assert short_items, "the sample has CVVs and expiries"
    print(
        f"\npipeline: {len(PLANTED_SAMPLE)} messages, {len(planted)} planted numbers, "
        f"{len(stub.requests)} provider calls: 0 found"
    )


def _conversation_texts(public_id: str) -> str:
    """The texts of one conversation's messages, traces and guard notes (the numbers
    of the JSON, such as token counts, left out)."""
    texts = list(
        Message.objects.filter(conversation__public_id=public_id).values_list("text", flat=True)
    )
    for turn in Turn.objects.filter(conversation__public_id=public_id):
        texts.append(turn.error)
        texts.extend(_strings([turn.model_calls, turn.tool_calls, turn.drafts]))
        for note in GuardLog.objects.filter(turn_id=turn.pk):
            texts.extend([note.draft, note.question, note.detail])
            texts.extend(_strings([note.context, note.source_figures, note.extra_figures]))
    return "\n".join(texts)


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _in_original_elsewhere(case: dict, short: str) -> bool:
    """A short item that the message also carries outside the planted number (for
    example a CVV whose digits are also an order number) is not a leak."""
    rest = case["text"]
    for planted in case["planted"]:
        rest = rest.replace(planted, " ")
    return _tokens(short, rest)


def test_look_alikes_are_stored_as_typed_and_answered(stub, django_capture_on_commit_callbacks):
    for _ in range(len(LOOKALIKE_SAMPLE) * 3):
        stub.reply_body("openai", _reply("Gracias, lo revisamos enseguida."))
    client = APIClient()
    for case in LOOKALIKE_SAMPLE:
        public_id = _converse(client, case["text"], django_capture_on_commit_callbacks)
        stored = Message.objects.get(conversation__public_id=public_id, role="customer")
        assert stored.text == case["text"].strip() and stored.masked == []
        reply = Message.objects.get(conversation__public_id=public_id, role="assistant")
        assert not any(reply.text.startswith(n) for n in NOTICE.values())
    received = json.dumps([r.body for r in stub.requests], ensure_ascii=False)
    assert all(keep in received for case in LOOKALIKE_SAMPLE for keep in case["keep"])


def test_the_order_lookup_still_works_on_a_message_with_a_card(ask):
    # Given the message, from the customer whose order 1042 is
    message = ask(
        "Mi tarjeta 4111 1111 1111 1111 vence 12/27 cvv 123, DNI 12345678Z, "
        "¿dónde está el pedido 1042?",
        language="es",
    )
    # When the offline extractive backend answers it
    done = answering.answer_customer_message(
        message_id=message.pk, worker="test", client=get_client("extractive")
    )
    # Then it looked up order 1042 (not 4111), and the reply starts with the notice once
    calls = done.turn.tool_calls
    assert calls and calls[0]["tool"] == "get_order_status"
    assert calls[0]["input"] == {"order_id": "1042"} and not calls[0]["is_error"]
    assert done.reply.text.startswith(NOTICE["es"])
    again = ask("¿y el pedido 1042?", language="es")
    again.conversation = message.conversation
    Message.objects.filter(pk=again.pk).update(conversation=message.conversation, masked=["card"])
    second = answering.answer_customer_message(
        message_id=again.pk, worker="test", client=get_client("extractive")
    )
    assert not second.reply.text.startswith(NOTICE["es"])
