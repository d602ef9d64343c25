"""The demo shop's customers, products and orders (idempotent)."""

from __future__ import annotations

import secrets
from datetime import date
from decimal import Decimal

from django.db import transaction

from support import conf
from support.models import Customer, Order, Product, Shop

PRODUCTS = [
    # sku, name, price, currency, in_stock, warranty
    ("MOTO-G54-256", "Motorola Moto G54 256 GB", "449999", "ARS", True, "12 meses"),
    ("SAM-A15-128", "Samsung Galaxy A15 128 GB", "749999", "ARS", False, "12 meses"),
    ("SAM-S23-256", "Samsung Galaxy S23 256 GB", "1200000", "ARS", True, "12 meses"),
    ("SKU-9942", "Cargador rápido 25 W", "24999", "ARS", True, "6 meses"),
    ("FUN-A15", "Funda de silicona para Galaxy A15", "9999", "ARS", True, None),
    ("HP-200", "Wireless headphones HP-200", "59", "EUR", True, "2 years"),
]
# The kind each product is filed under: search_products carries it, and the guards
# read it to judge whether a cited promotion reaches the product.
CATEGORIES = {
    "MOTO-G54-256": "Celulares",
    "SAM-A15-128": "Celulares",
    "SAM-S23-256": "Celulares",
    "SKU-9942": "Cargadores",
    "FUN-A15": "Fundas",
    "HP-200": "Headphones",
}
SECOND_CUSTOMER_EMAIL = "lucia@example.com"
ORDERS = [
    # number, customer email (None: the demo customer), status, eta, items, total, currency
    ("1042", None, "shipped", date(2025, 11, 3), [("HP-200", 1)], "59", "EUR"),
    ("1187", None, "delivered", date(2025, 10, 26), [("HP-200", 1)], "59", "EUR"),
    ("2051", None, "shipped", date(2025, 11, 14), [("MOTO-G54-256", 1)], "449999", "ARS"),
    ("2077", None, "pending", None, [("SKU-9942", 2)], "49998", "ARS"),
    ("1301", SECOND_CUSTOMER_EMAIL, "shipped", date(2025, 11, 5), [("HP-200", 1)], "59", "EUR"),
    (
        "2099",
        SECOND_CUSTOMER_EMAIL,
        "delivered",
        date(2025, 10, 30),
        [("SAM-S23-256", 1)],
        "1200000",
        "ARS",
    ),
]


# The demo shops (also created by migration 0009). Both carry the same demo catalogue
# and orders, so each demo page answers as it always did; their rows are separate.
DEMO_SHOPS = (
    ("demo-shop", "Demo Shop", ["en"], "EUR"),
    ("tienda-demo", "Tienda Demo", ["es"], "ARS"),
)


@transaction.atomic
def load_demo_shop() -> dict[str, int]:
    for slug, name, languages, currency in DEMO_SHOPS:
        shop, _ = Shop.objects.get_or_create(
            slug=slug, defaults={"name": name, "languages": languages, "currency": currency}
        )
        if not shop.identity_secret:
            # The demo page plays the shop's server and signs its demo customer with it
            # (/shop/?signed=1); a real shop's is made by manage.py shop identity-secret.
            shop.identity_secret = secrets.token_urlsafe(32)
            shop.save(update_fields=["identity_secret"])
        _load_into(shop)
    return {
        "shops": len(DEMO_SHOPS),
        "customers": 2,
        "products": len(PRODUCTS),
        "orders": len(ORDERS),
    }


def _load_into(shop: Shop) -> None:
    demo, _ = Customer.objects.update_or_create(
        shop=shop, email=conf.get("SUPPORT_DEMO_CUSTOMER_EMAIL"), defaults={"name": "Dana Demo"}
    )
    second, _ = Customer.objects.update_or_create(
        shop=shop, email=SECOND_CUSTOMER_EMAIL, defaults={"name": "Lucía Gómez"}
    )
    names = {}
    for sku, name, price, currency, in_stock, warranty in PRODUCTS:
        Product.objects.update_or_create(
            shop=shop,
            sku=sku,
            defaults={
                "name": name,
                "price": Decimal(price),
                "currency": currency,
                "in_stock": in_stock,
                "warranty": warranty,
                "category": CATEGORIES[sku],
            },
        )
        names[sku] = name
    for number, email, status, eta, items, total, currency in ORDERS:
        Order.objects.update_or_create(
            shop=shop,
            number=number,
            defaults={
                "customer": demo if email is None else second,
                "status": status,
                "eta": eta,
                "items": [{"sku": s, "name": names[s], "qty": q} for s, q in items],
                "total": Decimal(total),
                "currency": currency,
            },
        )
