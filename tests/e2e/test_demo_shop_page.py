"""The demo shop page and the API fields the widget reads (no browser needed)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clean_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.mark.parametrize(
    ("query", "lang", "title"),
    [("", "en", "Demo Shop help"), ("?lang=es", "es", "Ayuda de Tienda Demo")],
)
def test_the_shop_page_embeds_the_widget_with_the_shops_snippet(query, lang, title):
    response = Client().get(f"/shop/{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert '<script src="http://testserver/static/support/widget.js"' in html
    assert 'data-api="http://testserver"' in html
    assert f'data-lang="{lang}"' in html
    assert f'data-title="{title}" async></script>' in html
    assert "csrftoken" in response.cookies


def test_an_unknown_shop_language_falls_back_to_english():
    assert 'data-lang="en"' in Client().get("/shop/?lang=xx").content.decode()


def test_the_home_page_links_the_demo_shop():
    assert 'href="/shop/"' in Client().get("/").content.decode()


def test_every_message_carries_the_conversations_status_and_language(db):
    from support.models import Conversation, Message

    client = Client()
    created = client.post("/api/conversations/", {}, content_type="application/json").json()
    conversation = Conversation.objects.get(public_id=created["id"])
    conversation.status = Conversation.Status.HANDED_OFF
    conversation.language = "es"
    conversation.save()
    Message.objects.create(conversation=conversation, role=Message.Role.STAFF, text="Hola")

    polled = client.get(f"/api/conversations/{created['id']}/messages/?after=0").json()

    [staff] = polled["messages"]
    assert staff["role"] == "staff"
    assert staff["conversation_status"] == "handed_off"
    assert staff["conversation_language"] == "es"
