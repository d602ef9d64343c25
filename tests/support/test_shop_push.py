"""The push API: a shop's server PUTs products and orders with its own key; a key of
one shop never writes another's; bad input is a 400 that writes nothing; the same
push twice changes nothing."""

from __future__ import annotations

from io import StringIO

import pytest
import yaml
from django.core.management import call_command
from rest_framework.test import APIClient

from support.models import Order, Product, Shop
from support.shops.records import create_shop, key_digest

pytestmark = pytest.mark.django_db

CHAIR = {"name": "Oak chair", "price": "129.90", "currency": "EUR", "in_stock": True}
ORDER = {"customer_email": "ana@example.com", "status": "shipped", "total": 129.9}


def new_key(slug: str) -> str:
    out = StringIO()
    call_command("shop", "api-key", slug, stdout=out, stderr=StringIO())
    return out.getvalue().strip()


@pytest.fixture
def shops():
    create_shop(slug="shop-a", name="A", languages=["en"])
    create_shop(slug="shop-b", name="B", languages=["en"])
    return {"shop-a": new_key("shop-a"), "shop-b": new_key("shop-b")}


def put(path: str, body, key: str | None = None):
    client = APIClient()
    if key:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client.put(path, body, format="json")


def test_the_key_is_printed_once_and_stored_hashed(shops):
    shop = Shop.objects.get(slug="shop-a")
    assert shops["shop-a"] not in shop.api_key_hash
    assert shop.api_key_hash == key_digest(shops["shop-a"])
    # When it is rotated, the old key stops working
    rotated = new_key("shop-a")
    assert put("/api/shops/shop-a/products/CHR-1", CHAIR, shops["shop-a"]).status_code == 401
    assert put("/api/shops/shop-a/products/CHR-1", CHAIR, rotated).status_code == 200


def test_a_product_push_creates_then_changes_nothing_the_second_time(shops):
    first = put("/api/shops/shop-a/products/CHR-1", CHAIR, shops["shop-a"])
    second = put("/api/shops/shop-a/products/CHR-1", CHAIR, shops["shop-a"])
    changed = put("/api/shops/shop-a/products/CHR-1", {**CHAIR, "in_stock": False}, shops["shop-a"])
    assert [r.json()["result"] for r in (first, second, changed)] == [
        "created",
        "unchanged",
        "updated",
    ]
    assert Product.objects.get(shop__slug="shop-a", sku="CHR-1").in_stock is False


def test_an_order_push_keeps_its_shop_apart(shops):
    # Given both shops push order 5001
    assert put("/api/shops/shop-a/orders/5001", ORDER, shops["shop-a"]).status_code == 200
    other = {**ORDER, "status": "pending", "customer_email": "ben@example.com"}
    assert put("/api/shops/shop-b/orders/5001", other, shops["shop-b"]).status_code == 200
    # Then there are two orders 5001, each its shop's
    assert dict(Order.objects.filter(number="5001").values_list("shop__slug", "status")) == {
        "shop-a": "shipped",
        "shop-b": "pending",
    }


def test_a_key_of_one_shop_never_writes_another(shops):
    response = put("/api/shops/shop-b/products/CHR-1", CHAIR, shops["shop-a"])
    assert response.status_code == 403
    assert not Product.objects.exists()


@pytest.mark.parametrize(
    ("key", "path", "code"),
    [
        (None, "/api/shops/shop-a/products/CHR-1", 401),
        ("shk_wrong", "/api/shops/shop-a/products/CHR-1", 401),
        ("a", "/api/shops/nowhere/products/CHR-1", 404),
    ],
)
def test_missing_wrong_or_unknown_is_refused_and_writes_nothing(shops, key, path, code):
    response = put(path, CHAIR, shops["shop-a"] if key == "a" else key)
    assert response.status_code == code and "detail" in response.json()
    assert not Product.objects.exists()


def test_bad_fields_are_a_400_naming_each_field(shops):
    body = {**CHAIR, "price": -1, "in_stock": "perhaps", "colour": "red"}
    response = put("/api/shops/shop-a/products/CHR-1", body, shops["shop-a"])
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"price", "in_stock", "colour"}
    assert not Product.objects.exists()
    log = Shop.objects.get(slug="shop-a").ingest_log["push:products"]
    assert log["errors"] and log["at"]


def test_a_body_whose_key_differs_from_the_url_is_refused(shops):
    response = put("/api/shops/shop-a/products/CHR-1", {**CHAIR, "sku": "CHR-2"}, shops["shop-a"])
    assert response.status_code == 400 and not Product.objects.exists()


def test_a_batch_is_all_or_nothing(shops):
    good = [{**ORDER, "number": "7001"}, {**ORDER, "number": "7002"}]
    bad = [*good, {**ORDER, "number": "7003", "status": "lost"}]
    refused = put("/api/shops/shop-a/orders/", {"orders": bad}, shops["shop-a"])
    assert refused.status_code == 400
    assert refused.json()["errors"] == [
        {
            "index": 2,
            "field": "status",
            "message": "expected one of pending, shipped, delivered, cancelled",
        }
    ]
    assert not Order.objects.exists()
    accepted = put("/api/shops/shop-a/orders/", {"orders": good}, shops["shop-a"])
    assert accepted.json() == {"created": 2, "updated": 0, "unchanged": 0}
    again = put("/api/shops/shop-a/orders/", {"orders": good}, shops["shop-a"])
    assert again.json() == {"created": 0, "updated": 0, "unchanged": 2}


def test_a_batch_with_a_key_twice_is_refused(shops):
    rows = [{**CHAIR, "sku": "A-1"}, {**CHAIR, "sku": "A-1"}]
    response = put("/api/shops/shop-a/products/", {"products": rows}, shops["shop-a"])
    assert response.status_code == 400 and response.json()["errors"][0]["index"] == 1


def test_not_json_is_refused_before_anything(shops):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {shops['shop-a']}")
    response = client.put("/api/shops/shop-a/products/CHR-1", "sku=1", content_type="text/plain")
    assert response.status_code == 415


def test_the_push_api_and_its_errors_are_in_the_openapi_schema(db):
    schema = yaml.safe_load(APIClient().get("/api/schema/").content)
    for path in (
        "/api/shops/{slug}/products/{sku}",
        "/api/shops/{slug}/orders/{number}",
        "/api/shops/{slug}/products/",
        "/api/shops/{slug}/orders/",
    ):
        assert set(schema["paths"][path]["put"]["responses"]) >= {"200", "400", "401", "403", "404"}
