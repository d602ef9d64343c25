"""Two shops on one desk with the same order numbers and SKUs: each customer is
answered from their own shop's rows only, through the widget's API."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from config.celery import app as celery_app
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.tools import describe_order, run_tool
from support.models import Conversation, Customer, Order, Product, Turn
from support.shops.records import create_shop
from support.shops.rows import OrderRow, ProductRow
from support.shops.writes import WayIn, write_orders, write_products

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def eager_tasks():
    cache.clear()
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False
    cache.clear()


def product(sku: str, price: str, *, in_stock: bool = True) -> ProductRow:
    return ProductRow(sku, f"Chair {sku} {price}", Decimal(price), "EUR", in_stock, None)


def order(number: str, email: str, status: str, eta: date) -> OrderRow:
    return OrderRow(number, email, "", status, eta, Decimal("10"), "EUR", [], None)


@pytest.fixture
def two_shops():
    """shop-a and shop-b both have order 5001 and product CHR-100, each their own."""
    a = create_shop(slug="shop-a", name="Shop A", languages=["en"])
    b = create_shop(slug="shop-b", name="Shop B", languages=["en"])
    write_products(shop=a, rows=[product("CHR-100", "111")], way=WayIn.PUSH, label="t")
    write_products(
        shop=b, rows=[product("CHR-100", "222", in_stock=False)], way=WayIn.PUSH, label="t"
    )
    write_orders(
        shop=a, rows=[order("5001", "ana@a.example", "shipped", date(2026, 3, 4))],
        way=WayIn.PUSH, label="t",
    )  # fmt: skip
    write_orders(
        shop=b, rows=[order("5001", "ben@b.example", "pending", date(2026, 5, 6))],
        way=WayIn.PUSH, label="t",
    )  # fmt: skip
    users = get_user_model().objects
    for shop, email in ((a, "ana@a.example"), (b, "ben@b.example")):
        user = users.create_user(username=email, password="a-long-password-1")
        Customer.objects.filter(shop=shop, email=email).update(user=user)
    return a, b


@pytest.fixture
def ask_through_the_api(django_capture_on_commit_callbacks):
    """A signed-in customer starts a conversation on a shop's widget and asks; the
    answer task runs when the post commits, and the reply is polled."""

    def ask(*, username: str, shop: str, text: str) -> Turn:
        client = APIClient()
        client.force_login(get_user_model().objects.get(username=username))
        body = {"shop": shop, "language": "en"}
        created = client.post("/api/conversations/", body, format="json")
        assert created.status_code == 201
        public_id = created.json()["id"]
        url = f"/api/conversations/{public_id}/messages/"
        with django_capture_on_commit_callbacks(execute=True):
            assert client.post(url, {"text": text}, format="json").status_code == 202
        assert client.get(url).json()["messages"], "the reply is there to poll"
        return Turn.objects.get(conversation__public_id=public_id)

    return ask


def test_each_customer_sees_only_their_own_shops_order(two_shops, ask_through_the_api):
    # Given two shops that both have an order 5001 (of different customers)
    # When each shop's customer asks about order 5001 through the widget's API
    turn_a = ask_through_the_api(
        username="ana@a.example", shop="shop-a", text="Where is my order 5001?"
    )
    turn_b = ask_through_the_api(
        username="ben@b.example", shop="shop-b", text="Where is my order 5001?"
    )
    # Then each is told their own shop's status, never the other's
    assert turn_a.tool_calls[0]["output"].startswith("5001 — shipped, delivery 4 March")
    assert turn_b.tool_calls[0]["output"].startswith("5001 — pending, delivery 6 May")
    assert "shipped" in turn_a.reply.text and "pending" not in turn_a.reply.text


def test_a_customer_in_the_other_shops_widget_finds_no_order(two_shops, ask_through_the_api):
    # Given shop-a's customer, but on shop-b's site
    turn = ask_through_the_api(
        username="ana@a.example", shop="shop-b", text="Where is my order 5001?"
    )
    # Then shop-b's order 5001 (someone else's) is not theirs to see
    assert turn.tool_calls[0]["output"] == "no order 5001"


def test_each_shops_product_search_sees_only_its_catalogue(two_shops, ask_through_the_api):
    # Given CHR-100 at 111 in stock in shop-a and at 222 out of stock in shop-b
    # When each shop's customer asks about CHR-100
    replies = {}
    for username, slug in (("ana@a.example", "shop-a"), ("ben@b.example", "shop-b")):
        turn = ask_through_the_api(username=username, shop=slug, text="Do you have CHR-100?")
        [call] = turn.tool_calls
        replies[slug] = call["output"]["products"]
    # Then each sees one product: its own shop's
    assert [(p["sku"], p["price"], p["in_stock"]) for p in replies["shop-a"]] == [
        ("CHR-100", 111, True)
    ]
    assert [(p["sku"], p["price"], p["in_stock"]) for p in replies["shop-b"]] == [
        ("CHR-100", 222, False)
    ]


def test_a_visitor_who_gives_an_email_sees_that_email_in_this_shop_only(two_shops):
    # Given a visitor on shop-b's site who gives shop-a's customer's email
    conversation = start_conversation(shop="shop-b", language="en")
    post_customer_message(conversation=conversation, text="I am ana@a.example", enqueue=False)
    # When the tool looks up order 5001
    result = run_tool(
        name="get_order_status", tool_input={"order_id": "5001"}, conversation=conversation,
        turn=None,
    )  # fmt: skip
    # Then shop-b has no customer with that email: nothing is found
    assert result.is_error and result.content == "no order 5001"


def test_a_conversation_naming_no_shop_sees_the_default_shop_only(two_shops, settings):
    # Given the default shop is shop-b
    settings.SUPPORT_DEFAULT_SHOP = "shop-b"
    conversation = Conversation.objects.create(language="en")
    # When it searches products
    result = run_tool(
        name="search_products", tool_input={"query": "CHR-100"}, conversation=conversation,
        turn=None,
    )  # fmt: skip
    # Then it sees shop-b's catalogue only
    assert [p["price"] for p in result.content["products"]] == [222]
    assert Product.objects.filter(sku="CHR-100").count() == 2


def test_the_order_tool_says_when_the_status_was_updated_and_flags_an_old_one(two_shops, settings):
    settings.SUPPORT_ORDER_STALE_AFTER_HOURS = 48
    order = Order.objects.get(shop__slug="shop-a", number="5001")
    now = timezone.now()
    # Given a status updated an hour ago, then one updated three days ago
    order.status_updated_at = now - timedelta(hours=1)
    fresh = describe_order(order, "en", now=now)
    order.status_updated_at = now - timedelta(days=3)
    old = describe_order(order, "en", now=now)
    old_es = describe_order(order, "es", now=now)
    # Then both say when; only the old one is called out
    assert "status last updated" in fresh and "possibly out of date" not in fresh
    assert "status last updated" in old and old.endswith("— possibly out of date)")
    assert "puede no estar al día" in old_es
