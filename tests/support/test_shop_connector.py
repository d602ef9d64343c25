"""The WooCommerce connector, against a local stub that speaks its REST API: orders
and products are read at tool time, only the conversation's customer's order is
shown, replies are cached, and when the store is down or replies with something
its API does not document, the desk says it cannot check and hands off."""

from __future__ import annotations

import base64
import time

import pytest
from django.core.cache import cache

from support.customer.answering import answer_customer_message
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import get_client
from support.customer.tools import UNAVAILABLE, run_tool
from support.models import Turn
from support.shops.records import create_shop
from tests.support.woocommerce_stub import WooCommerceStub, fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def store(settings, monkeypatch):
    stub = WooCommerceStub().start()
    monkeypatch.setenv("WOO_KEY", "ck_test")
    monkeypatch.setenv("WOO_SECRET", "cs_test")
    settings.SUPPORT_SHOP_CONNECTORS = {
        "woo-shop": {
            "platform": "woocommerce",
            "base_url": stub.url,
            "key_env": "WOO_KEY",
            "secret_env": "WOO_SECRET",
            "currency": "EUR",
        }
    }
    settings.SUPPORT_CONNECTOR_TIMEOUT = 0.5
    create_shop(slug="woo-shop", name="Woo", languages=["en"])
    cache.clear()
    yield stub
    cache.clear()
    stub.stop()


def visitor(text: str = "I am john.doe@example.com"):
    conversation = start_conversation(shop="woo-shop", language="en")
    post_customer_message(conversation=conversation, text=text, enqueue=False)
    return conversation


def order_status(conversation, number: str = "727"):
    return run_tool(
        name="get_order_status", tool_input={"order_id": number}, conversation=conversation,
        turn=None,
    )  # fmt: skip


def test_the_customers_order_is_read_from_the_store_with_its_update_time(store):
    result = order_status(visitor())
    assert not result.is_error
    assert result.content.startswith("727 — pending, delivery not scheduled")
    assert "status last updated 22 March 2026, 16:28 UTC" in result.content
    path, headers = store.requests[0]
    assert path == "/wp-json/wc/v3/orders/727"
    assert headers["Authorization"] == "Basic " + base64.b64encode(b"ck_test:cs_test").decode()


def test_someone_elses_order_and_an_unknown_one_look_the_same(store):
    assert order_status(visitor("I am eve@example.com")).content == "no order 727"
    assert order_status(visitor(), "9999").content == "no order 9999"


def test_a_visitor_who_wrote_no_email_is_asked_for_it_and_the_store_is_not_asked(store):
    result = order_status(visitor("Where is my order 727?"))
    assert result.content == {"status": "email_needed", "order_id": "727"}
    assert store.requests == []


def test_a_reply_is_cached_so_the_second_lookup_asks_the_store_nothing(store):
    order_status(visitor())
    order_status(visitor())
    assert len(store.requests) == 1


def test_products_are_searched_in_the_store(store):
    result = run_tool(
        name="search_products", tool_input={"query": "premium"}, conversation=visitor(),
        turn=None,
    )  # fmt: skip
    # categories[].name, unescaped and joined; WooCommerce's default "Uncategorized" is none
    assert result.content["products"] == [
        {"sku": "PQ-19", "name": "Premium Quality", "price": 21.99, "currency": "EUR",
         "in_stock": True, "warranty": None, "category": "Clothing, Tops & T-shirts"},
        {"sku": "PQ-CAP", "name": "Premium Quality Cap", "price": 12, "currency": "EUR",
         "in_stock": False, "warranty": None},
    ]  # fmt: skip
    assert "search=premium" in store.requests[0][0]


@pytest.mark.parametrize("mode", ["hang", "error", "garbage"])
def test_a_store_that_is_down_is_said_so_within_the_timeout(store, mode):
    store.mode = mode
    started = time.perf_counter()
    result = order_status(visitor())
    assert time.perf_counter() - started < 1.5  # timeout 0.5 s
    assert result.is_error and result.unavailable.startswith("shop platform unavailable")
    assert result.content == UNAVAILABLE["en"]


def test_a_reply_the_api_does_not_document_is_never_guessed_from(store):
    store.orders["728"] = fixture("order-not-documented")  # no billing e-mail
    result = order_status(visitor(), "728")
    assert result.unavailable and "not as documented" in result.unavailable


def test_when_the_store_is_down_the_turn_says_so_and_hands_off(store):
    # Given the store does not answer
    store.mode = "error"
    conversation = visitor()
    message = post_customer_message(
        conversation=conversation, text="Where is my order 1727?", enqueue=False
    )
    # When the assistant answers
    done = answer_customer_message(
        message_id=message.pk, worker="test", client=get_client("extractive")
    )
    # Then the customer is told the desk cannot check now, and a person takes over
    assert done.turn.action == Turn.Action.HANDED_OFF
    assert done.reply.text == UNAVAILABLE["en"]
    conversation.refresh_from_db()
    assert "shop platform unavailable" in conversation.handoff_note
