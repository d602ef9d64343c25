"""A conversation started without a language takes the language of the customer's
first message, so the answer and any handoff sentence are in the customer's
language; a language chosen at creation is kept."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from support.customer.answering import answer_customer_message
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import get_client
from support.models import Conversation

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clean_throttles():
    cache.clear()
    yield
    cache.clear()


def open_conversation(client: APIClient, **body) -> str:
    response = client.post("/api/conversations/", body, format="json")
    assert response.status_code == 201
    return response.json()["id"]


def post(client: APIClient, public_id: str, text: str) -> int:
    response = client.post(
        f"/api/conversations/{public_id}/messages/", {"text": text}, format="json"
    )
    assert response.status_code == 202
    return response.json()["id"]


def test_a_spanish_first_message_makes_the_conversation_spanish(shop):
    # Given a visitor who opened the widget without choosing a language
    client = APIClient()
    public_id = open_conversation(client)

    # When their first message is in Spanish
    message_id = post(client, public_id, "¿Cuándo llega mi pedido 2051?")

    # Then the conversation is Spanish, and so is the answer they get
    assert Conversation.objects.get(public_id=public_id).language == "es"
    done = answer_customer_message(message_id=message_id, worker="test", client=get_client("naive"))
    # (a visitor is asked for the e-mail used for the order, in Spanish)
    assert done.reply.text == (
        "Para comprobar que el pedido es tuyo, escribime el e-mail con el que lo hiciste."
    )


def test_an_english_first_message_makes_the_conversation_english(shop):
    # Given a visitor who opened the widget without choosing a language
    client = APIClient()
    public_id = open_conversation(client)

    # When their first message is in English
    post(client, public_id, "How much is delivery to a courier office?")

    # Then the conversation is English
    assert Conversation.objects.get(public_id=public_id).language == "en"


@pytest.mark.parametrize(
    ("chosen", "text"),
    [("en", "¿Cuánto sale el envío a una sucursal?"), ("es", "How long does delivery take?")],
)
def test_a_language_chosen_at_creation_is_kept(shop, chosen, text):
    # Given a conversation whose language was chosen when it was opened
    client = APIClient()
    public_id = open_conversation(client, language=chosen)

    # When the first message is in the other language
    post(client, public_id, text)

    # Then the chosen language stays
    assert Conversation.objects.get(public_id=public_id).language == chosen


def test_only_the_first_message_decides(shop):
    # Given a conversation whose first message was English
    conversation = start_conversation()
    post_customer_message(conversation=conversation, text="Where is my order?", enqueue=False)

    # When the customer switches to Spanish
    post_customer_message(conversation=conversation, text="¿Dónde está mi pedido?", enqueue=False)

    # Then the conversation stays English (the language is not re-guessed every line)
    conversation.refresh_from_db()
    assert conversation.language == "en"
