"""manage.py shop create / import-products / import-orders: a file is read whole,
each problem is one line naming file, line and field, nothing is written when any
line is bad, and the same file twice changes nothing."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from support.models import Customer, Order, Product, Shop

pytestmark = pytest.mark.django_db

PRODUCTS_CSV = """sku,name,price,currency,in_stock,warranty
CHR-100,Oak chair,129.90,EUR,true,2 years
TBL-200,"Table, round",349,,no,
"""
ORDERS_JSONL = (
    '{"number": "7001", "customer_email": "Ana@Example.com", "customer_name": "Ana", '
    '"status": "shipped", "eta": "2026-03-04", "total": 129.9, "currency": "EUR", '
    '"items": [{"sku": "CHR-100", "name": "Oak chair", "qty": 1}]}\n'
    '{"number": 7002, "customer_email": "ben@example.com", "status": "pending", "total": "0"}\n'
)


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("shop", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def furniture(db) -> Shop:
    run("create", "muebles", "--name", "Muebles", "--currency", "EUR", "--language", "es")
    return Shop.objects.get(slug="muebles")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_shop_is_created_with_its_currency_and_language(furniture):
    assert (furniture.name, furniture.currency, furniture.languages) == ("Muebles", "EUR", ["es"])
    with pytest.raises(CommandError, match="already exists"):
        run("create", "muebles", "--name", "Again")


def test_products_from_csv_are_imported_and_the_same_file_twice_changes_nothing(
    furniture, tmp_path
):
    # Given a products CSV
    path = write(tmp_path, "products.csv", PRODUCTS_CSV)
    # When it is imported twice
    first, _ = run("import-products", str(path), "--shop", "muebles")
    stamps = dict(Product.objects.values_list("sku", "updated_at"))
    second, _ = run("import-products", str(path), "--shop", "muebles")
    # Then the rows are there once, and the second run changed nothing
    assert first.strip() == "muebles products: 2 created, 0 updated, 0 unchanged"
    assert second.strip() == "muebles products: 0 created, 0 updated, 2 unchanged"
    assert dict(Product.objects.values_list("sku", "updated_at")) == stamps
    table = Product.objects.get(shop=furniture, sku="TBL-200")
    assert (table.price, table.currency, table.in_stock, table.warranty) == (
        Decimal("349.00"),
        "EUR",
        False,
        None,
    )


def test_orders_from_json_lines_create_their_customers_and_a_change_is_an_update(
    furniture, tmp_path
):
    path = write(tmp_path, "orders.jsonl", ORDERS_JSONL)
    run("import-orders", str(path), "--shop", "muebles")
    order = Order.objects.get(shop=furniture, number="7001")
    assert order.customer.email == "ana@example.com" and order.status_updated_at is not None
    assert order.items == [{"sku": "CHR-100", "name": "Oak chair", "qty": 1}]
    assert Customer.objects.filter(shop=furniture).count() == 2
    # When order 7001 is delivered in a second file
    changed = write(tmp_path, "orders2.jsonl", ORDERS_JSONL.replace('"shipped"', '"delivered"'))
    out, _ = run("import-orders", str(changed), "--shop", "muebles")
    # Then it is one update, with a newer status time
    assert out.strip() == "muebles orders: 0 created, 1 updated, 1 unchanged"
    again = Order.objects.get(pk=order.pk)
    assert again.status == "delivered" and again.status_updated_at > order.status_updated_at


def test_one_bad_line_imports_nothing_and_each_problem_names_file_line_and_field(
    furniture, tmp_path
):
    # Given a file with a good line and bad ones
    path = write(
        tmp_path,
        "products.csv",
        "sku,name,price,currency,in_stock,warranty\n"
        "CHR-100,Oak chair,129.90,EUR,true,\n"
        "CHR-101,Pine chair,-5,EUR,maybe,\n"
        "CHR-100,Again,10,EURO,true,\n",
    )
    # When it is imported
    with pytest.raises(CommandError, match="nothing imported"):
        run("import-products", str(path), "--shop", "muebles")
    # Then nothing was written, and the shop's log keeps the errors
    assert not Product.objects.exists()
    errors = Shop.objects.get(pk=furniture.pk).ingest_log["file:products"]["errors"]
    assert errors == [
        f"{path}:3: price: negative",
        f"{path}:3: in_stock: expected true or false",
        f"{path}:4: currency: expected a three-letter currency code such as EUR",
    ]


def test_a_duplicate_key_in_one_file_is_refused(furniture, tmp_path):
    path = write(tmp_path, "p.jsonl", '{"sku":"A-1","name":"a","price":1,"in_stock":true}\n' * 2)
    with pytest.raises(CommandError):
        run("import-products", str(path), "--shop", "muebles")
    log = Shop.objects.get(pk=furniture.pk).ingest_log["file:products"]["errors"]
    assert log == [f"{path}:2: sku: duplicate 'A-1' (first on line 1)"]


@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        ("p.csv", "sku,name,price,in_stock,colour\n", "1: colour: unknown column"),
        ("p.csv", "sku,name,in_stock\n", "1: price: missing column"),
        ("p.csv", "", "1: header: the file is empty"),
        ("p.jsonl", "[1]\n", "1: line: expected a JSON object"),
        ("p.jsonl", "{nope\n", "1: line: not JSON"),
        (
            "p.jsonl",
            '{"sku":"A","name":"a","price":"1,5","in_stock":1}\n',
            "1: price: not a number",
        ),
        ("p.txt", "x", "0: file: expected a .csv or .jsonl file"),
    ],
)
def test_bad_files_get_one_clear_line_each(furniture, tmp_path, name, text, problem):
    path = write(tmp_path, name, text)
    with pytest.raises(CommandError):
        run("import-products", str(path), "--shop", "muebles")
    errors = Shop.objects.get(pk=furniture.pk).ingest_log["file:products"]["errors"]
    assert any(e.startswith(f"{path}:{problem}") for e in errors), errors


def test_bytes_that_are_not_utf8_are_refused(furniture, tmp_path):
    path = tmp_path / "p.csv"
    path.write_bytes(b"sku,name,price,in_stock\nA,caf\xe9,1,true\n")
    with pytest.raises(CommandError):
        run("import-products", str(path), "--shop", "muebles")
    assert not Product.objects.exists()


def test_an_unknown_shop_is_a_clear_error(db, tmp_path):
    path = write(tmp_path, "p.csv", PRODUCTS_CSV)
    with pytest.raises(CommandError, match="no shop 'nowhere'"):
        run("import-products", str(path), "--shop", "nowhere")


def test_a_bad_order_line_names_its_field(furniture, tmp_path):
    path = write(
        tmp_path,
        "o.csv",
        "number,customer_email,status,total,eta,items\nA12,not-an-email,lost,10,2026-13-01,[{}]\n",
    )
    with pytest.raises(CommandError):
        run("import-orders", str(path), "--shop", "muebles")
    errors = Shop.objects.get(pk=furniture.pk).ingest_log["file:orders"]["errors"]
    assert [e.split(": ")[1] for e in errors] == [
        "number",
        "customer_email",
        "status",
        "eta",
        "items",
    ]
