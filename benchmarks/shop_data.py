"""The shop data ways in, measured: importing 10,000 products and 10,000 orders from
files (parse + write, first run and the idempotent second run) and the push API's
latency (single-order PUTs, in-process through Django's test client: no network
hop). Runs on a scratch database made and dropped around it.

    PYTHONPATH=$PWD .venv/bin/python benchmarks/shop_data.py [--rows 10000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

import django


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--pushes", type=int, default=300)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.conf import settings
    from django.db import connection

    settings.DATABASES["default"].setdefault("TEST", {})["NAME"] = "bench_shop_data"
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.rows, args.pushes)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(rows: int, pushes: int) -> None:
    from django.test import Client

    from support.shops.files import Kind, parse_file
    from support.shops.records import create_shop, rotate_api_key
    from support.shops.writes import WayIn, write_orders, write_products

    shop = create_shop(slug="bench", name="Bench", languages=["en"])
    with tempfile.TemporaryDirectory() as folder:
        products = Path(folder) / "products.csv"
        products.write_text(
            "sku,name,price,currency,in_stock,warranty\n"
            + "".join(
                f"SKU-{n},Product {n},{n % 997}.50,EUR,{n % 2 == 0},12 months\n"
                for n in range(rows)
            ),
            encoding="utf-8",
        )  # fmt: skip
        orders = Path(folder) / "orders.jsonl"
        orders.write_text(
            "".join(
                json.dumps({
                    "number": str(100000 + n), "customer_email": f"c{n % 3000}@example.com",
                    "customer_name": f"Customer {n % 3000}", "status": "shipped",
                    "eta": "2026-04-01", "total": n % 500, "currency": "EUR",
                    "items": [{"sku": f"SKU-{n}", "name": f"Product {n}", "qty": 1}],
                }) + "\n"
                for n in range(rows)
            ),
            encoding="utf-8",
        )  # fmt: skip
        for kind, path, write in (
            (Kind.PRODUCTS, products, write_products),
            (Kind.ORDERS, orders, write_orders),
        ):
            for attempt in ("first", "again"):
                started = time.perf_counter()
                parsed = parse_file(path, kind=kind, currency="EUR")
                assert not parsed.problems, parsed.problems[:3]
                counts = write(shop=shop, rows=parsed.rows, way=WayIn.FILE, label="bench")
                took = time.perf_counter() - started
                print(f"import {kind} {rows:,} rows ({attempt}): {took:.1f} s  {counts}")
    key = rotate_api_key(shop=shop)
    client = Client(HTTP_AUTHORIZATION=f"Bearer {key}")
    timings = []
    for n in range(pushes):
        body = {"customer_email": "p@example.com", "status": "pending", "total": n}
        started = time.perf_counter()
        response = client.put(
            f"/api/shops/bench/orders/{900000 + n}", body, content_type="application/json"
        )
        timings.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.content[:300]
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(
        f"push one order: p50 {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms "
        f"({pushes} PUTs, in-process)"
    )


if __name__ == "__main__":
    main()
