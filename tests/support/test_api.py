"""The widget's API: sessions own conversations, messages are accepted with 202 and
answered by the task after commit; limits give clear 400s and 429s."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from config.celery import app as celery_app
from support.models import Conversation, Message

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clean_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def eager_tasks():
    """Run the task inline (these tests are about the API; a real worker has its own test)."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def start(client: APIClient, **body) -> str:
    response = client.post("/api/conversations/", body, format="json")
    assert response.status_code == 201
    return response.json()["id"]


def test_a_message_is_accepted_and_its_answer_can_be_polled(
    shop, eager_tasks, django_capture_on_commit_callbacks
):
    # Given a visitor's conversation
    client = APIClient()
    conversation = start(client)

    # When they post a question (the task is queued when the transaction commits)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/api/conversations/{conversation}/messages/",
            {"text": "How much is delivery to a courier office?"},
            format="json",
        )

    # Then it is accepted, and the reply with its cited source is there to poll
    assert response.status_code == 202
    sent = response.json()
    assert sent["role"] == "customer"
    polled = client.get(f"/api/conversations/{conversation}/messages/?after={sent['id']}")
    assert polled.status_code == 200
    [reply] = polled.json()["messages"]
    assert reply["role"] == "assistant"
    assert reply["sources"][0]["source"] == "delivery#1"
    assert reply["sources"][0]["title"] == "Delivery"
    again = client.get(f"/api/conversations/{conversation}/messages/?after={reply['id']}")
    assert again.json()["messages"] == []


def test_a_message_over_the_limit_is_a_clear_400(shop):
    client = APIClient()
    conversation = start(client)
    response = client.post(
        f"/api/conversations/{conversation}/messages/", {"text": "x" * 2001}, format="json"
    )
    assert response.status_code == 400
    assert "at most 2000 characters" in response.json()["text"][0]
    assert not Message.objects.exists()


def test_another_sessions_conversation_is_not_found(shop):
    owner, stranger = APIClient(), APIClient()
    conversation = start(owner)
    assert stranger.get(f"/api/conversations/{conversation}/messages/").status_code == 404
    response = stranger.post(
        f"/api/conversations/{conversation}/messages/", {"text": "hi"}, format="json"
    )
    assert response.status_code == 404


def test_a_session_is_throttled(shop, settings):
    settings.SUPPORT_THROTTLE_SESSION_POLL = "2/min"
    client = APIClient()
    conversation = start(client)
    url = f"/api/conversations/{conversation}/messages/"
    codes = [client.get(url).status_code for _ in range(3)]
    assert codes[-1] == 429


def test_polling_does_not_use_up_what_the_customer_needs_to_write(shop, settings):
    # given a write budget of 2 per minute and a widget that polls a lot
    settings.SUPPORT_THROTTLE_SESSION = "2/min"
    settings.SUPPORT_THROTTLE_SESSION_POLL = "1000/min"
    client = APIClient()
    conversation = start(client)
    url = f"/api/conversations/{conversation}/messages/"
    polls = [client.get(url).status_code for _ in range(10)]
    # when the customer writes, then the message is accepted; the third write is not
    writes = [client.post(url, {"text": f"hola {n}"}, format="json").status_code for n in range(3)]
    assert set(polls) == {200}
    assert writes == [202, 202, 429]


def test_the_openapi_schema_is_served(db):
    response = APIClient().get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/conversations/{public_id}/messages/" in response.content


def test_a_closed_conversation_refuses_new_messages_and_says_so(shop):
    # given a conversation a person closed
    client = APIClient()
    conversation = start(client)
    Conversation.objects.filter(public_id=conversation).update(status="closed")
    url = f"/api/conversations/{conversation}/messages/"
    # when the customer writes into it, then a 409 says what to do and nothing is stored
    response = client.post(url, {"text": "¿Siguen ahí?"}, format="json")
    assert response.status_code == 409
    assert "Start a new one" in response.json()["detail"]
    assert not Message.objects.filter(text="¿Siguen ahí?").exists()
    # and a poll reports the state even with no new message
    assert client.get(url).json() == {"messages": [], "status": "closed", "language": ""}


def test_a_conversation_started_for_a_shop_is_answered_from_that_shop(shop):
    # given the widget on the Spanish demo shop's site
    client = APIClient()
    conversation_id = start(client, shop="tienda-demo")
    # then the conversation belongs to that shop
    assert Conversation.objects.get(public_id=conversation_id).shop == "tienda-demo"


def test_a_conversation_for_an_unknown_shop_is_a_clear_400(shop):
    response = APIClient().post("/api/conversations/", {"shop": "no-such-shop"}, format="json")
    assert response.status_code == 400
    assert "no-such-shop" in response.json()["shop"][0]
    assert not Conversation.objects.exists()
