"""A product's category: kept from a file or a push (optional, checked like the other
fields), read from WooCommerce's categories, carried by search_products when set, and
so read by the promotion-kind guard in the running desk ("15% off all adjustable
dumbbells" is not a kettlebell)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.cache import cache
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from guards.pipeline import run_guards
from support.customer.conversations import start_conversation
from support.customer.tools import run_tool
from support.models import Product, Shop
from support.shops.connectors import PlatformDown
from support.shops.connectors.woocommerce import WooCommerce
from support.shops.records import create_shop
from tests.guards.helpers import failed, turn
from tests.support.woocommerce_stub import WooCommerceStub

pytestmark = pytest.mark.django_db

HEADER = "sku,name,price,in_stock,category\n"
KETTLEBELL = "TT-KB35,Titanis Kettlebell 35 lb,74,true,Kettlebells\n"
PROMO = (
    "Spring Lift Sale: 15% off all adjustable dumbbells and weight plates from the brands "
    "ForgeLine and Titanis. Excludes bundles and open-box items."
)


def run(*args: str) -> str:
    out = StringIO()
    call_command("shop", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def import_products(tmp_path: Path, name: str, text: str) -> str:
    return run("import-products", str(write(tmp_path, name, text)), "--shop", "gym")


@pytest.fixture
def gym(db) -> Shop:
    cache.clear()
    yield create_shop(slug="gym", name="Iron Nest", currency="USD", languages=["en"])
    cache.clear()


def search(query: str, shop: str = "gym") -> dict:
    conversation = start_conversation(shop=shop, language="en")
    result = run_tool(
        name="search_products", tool_input={"query": query}, conversation=conversation, turn=None
    )
    assert not result.is_error
    return result.content


def test_a_category_from_a_file_is_kept_trimmed_and_a_reimport_updates_it(gym, tmp_path):
    # Given a catalogue whose rows give a category (one padded, one empty)
    first = import_products(
        tmp_path, "p.csv", HEADER + "TT-KB35,Titanis Kettlebell 35 lb,74,true,  Kettlebells \n"
        "FL-DB,ForgeLine Adjustable Dumbbell,199,true,\n",
    )  # fmt: skip
    # Then the category is kept trimmed, and an empty one is ""
    assert first.strip() == "gym products: 2 created, 0 updated, 0 unchanged"
    assert dict(Product.objects.values_list("sku", "category")) == {
        "TT-KB35": "Kettlebells",
        "FL-DB": "",
    }
    # When the same catalogue comes again as JSON Lines with another category for one row
    again = import_products(
        tmp_path, "p.jsonl",
        '{"sku": "TT-KB35", "name": "Titanis Kettlebell 35 lb", "price": 74, '
        '"in_stock": true, "category": "Kettlebells & Weights"}\n'
        '{"sku": "FL-DB", "name": "ForgeLine Adjustable Dumbbell", "price": 199, '
        '"in_stock": true, "category": null}\n',
    )  # fmt: skip
    # Then that row is updated and the other (null: none) is unchanged
    assert again.strip() == "gym products: 0 created, 1 updated, 1 unchanged"
    assert Product.objects.get(sku="TT-KB35").category == "Kettlebells & Weights"


def test_a_file_without_the_category_column_imports_as_before(gym, tmp_path):
    import_products(tmp_path, "p.csv", "sku,name,price,in_stock\nA-1,Mat,20,true\n")
    assert Product.objects.get(sku="A-1").category == ""


@pytest.mark.parametrize(
    ("name", "line", "problem"),
    [
        ("p.csv", "TT-KB35,Kettlebell,74,true," + "k" * 101 + "\n", "2: category: longer than 100"),
        (
            "p.jsonl",
            '{"sku": "TT-KB35", "name": "Kettlebell", "price": 74, "in_stock": true, '
            '"category": ["Kettlebells"]}\n',
            "1: category: expected text",
        ),
    ],
)
def test_a_bad_category_names_its_line_and_field_and_loses_nothing(
    gym, tmp_path, name, line, problem
):
    # Given a product already stored with its category
    import_products(tmp_path, "first.csv", HEADER + KETTLEBELL)
    # When a file with a bad category comes
    with pytest.raises(CommandError, match="nothing imported"):
        import_products(tmp_path, name, (HEADER if name.endswith(".csv") else "") + line)
    # Then its error names the line and the field, and the stored row is as it was
    errors = Shop.objects.get(pk=gym.pk).ingest_log["file:products"]["errors"]
    assert len(errors) == 1 and problem in errors[0]
    assert Product.objects.get(sku="TT-KB35").category == "Kettlebells"


def test_a_pushed_category_is_kept_and_a_bad_one_is_a_400_naming_the_field(gym):
    out = StringIO()
    call_command("shop", "api-key", "gym", stdout=out, stderr=StringIO())
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {out.getvalue().strip()}")
    body = {"name": "Kettlebell", "price": "74", "in_stock": True, "category": "Kettlebells"}
    # When a product is pushed with a category, then with one that is not text
    created = client.put("/api/shops/gym/products/TT-KB35", body, format="json")
    refused = client.put(
        "/api/shops/gym/products/",
        {"products": [{**body, "sku": "X", "category": 7}]},
        format="json",
    )
    # Then the first is kept; the second names the row and field and writes nothing
    assert created.json() == {"result": "created"}
    assert refused.status_code == 400
    assert refused.json() == {
        "errors": [{"index": 0, "field": "category", "message": "expected text"}]
    }
    assert list(Product.objects.values_list("sku", "category")) == [("TT-KB35", "Kettlebells")]


def test_the_category_is_in_the_push_apis_schema(db):
    schema = yaml.safe_load(APIClient().get("/api/schema/").content)
    field = schema["components"]["schemas"]["ProductIn"]["properties"]["category"]
    assert field["maxLength"] == 100 and field["nullable"] is True
    assert "category" not in schema["components"]["schemas"]["ProductIn"].get("required", [])


def test_search_products_carries_a_category_when_set_and_leaves_it_out_when_empty(gym, tmp_path):
    import_products(
        tmp_path, "p.csv", HEADER + KETTLEBELL + "TT-MAT,Titanis Kettlebell mat,20,true,\n"
    )
    products = search("titanis kettlebell")["products"]
    assert products == [
        {"sku": "TT-KB35", "name": "Titanis Kettlebell 35 lb", "price": 74, "currency": "USD",
         "in_stock": True, "warranty": None, "category": "Kettlebells"},
        {"sku": "TT-MAT", "name": "Titanis Kettlebell mat", "price": 20, "currency": "USD",
         "in_stock": True, "warranty": None},
    ]  # fmt: skip


@pytest.mark.parametrize(
    "categories",
    ["Clothing", [{"id": 9, "name": None}], [["Clothing"]], [{"id": 9}]],
)
def test_woocommerce_categories_not_as_documented_are_never_guessed_from(categories):
    stub = WooCommerceStub().start()
    try:
        stub.products = [
            {"id": 1, "name": "Cap", "sku": "CAP", "price": "12", "stock_status": "instock",
             "categories": categories},
        ]  # fmt: skip
        store = WooCommerce(base_url=stub.url, key="k", secret="s", currency="EUR", timeout=1)
        with pytest.raises(PlatformDown, match="not as documented"):
            store.products("cap", limit=5)
    finally:
        stub.stop()


def test_a_kettlebell_from_the_catalogue_does_not_get_the_dumbbell_sale(gym, tmp_path):
    # Given a kettlebell imported with its category, and the tool's search as the turn saw it
    import_products(tmp_path, "p.csv", HEADER + KETTLEBELL)
    found = search("titanis kettlebell 35")
    # When a draft grants it the dumbbell sale it cites
    draft = "Yep, the Titanis Kettlebell 35 lb ($74) is 15% off as well [promos#1]."
    ctx = turn(
        draft,
        locale="en",
        question="Does the Titanis 35 lb kettlebell get the sale price too?",
        chunks={"promos#1": PROMO},
        tools=[("search_products", {"query": "titanis kettlebell 35"}, found)],
    )
    # Then the promotion is stopped: it does not reach the kind the record files it under
    assert "discount_promise" in failed(run_guards(ctx, budget_ms=1000))
    # And without the category (as before this field) this reading had nothing to go on
    bare = {
        "products": [{k: v for k, v in p.items() if k != "category"} for p in found["products"]]
    }
    ctx = turn(
        draft,
        locale="en",
        chunks={"promos#1": PROMO},
        tools=[("search_products", {"query": "titanis kettlebell 35"}, bare)],
    )
    assert "discount_promise" not in failed(run_guards(ctx, budget_ms=1000))
