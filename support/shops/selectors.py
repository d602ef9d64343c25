"""Reads of a shop's data for the staff page: its products and orders (searched, a
page at most) and when each way in last wrote. No writes here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q

from support.models import Order, Product, Shop

PAGE = 50
WAYS = ("file:products", "file:orders", "push:products", "push:orders")


@dataclass(frozen=True)
class WayStatus:
    way: str
    at: str
    created: int | None
    updated: int | None
    unchanged: int | None
    errors: list[str]


def shops_for_staff() -> list[Shop]:
    return list(
        Shop.objects.annotate(
            product_count=Count("products", distinct=True),
            order_count=Count("orders", distinct=True),
        ).order_by("slug")
    )


def shop_by_slug(slug: str) -> Shop | None:
    return Shop.objects.filter(slug=slug).first()


def shop_products(shop: Shop, *, query: str = "") -> list[Product]:
    rows = Product.objects.filter(shop=shop)
    if query:
        rows = rows.filter(Q(sku__icontains=query) | Q(name__icontains=query))
    return list(rows.order_by("sku")[:PAGE])


def shop_orders(shop: Shop, *, query: str = "") -> list[Order]:
    rows = Order.objects.filter(shop=shop).select_related("customer")
    if query:
        rows = rows.filter(
            Q(number__icontains=query)
            | Q(customer__name__icontains=query)
            | Q(customer__email__icontains=query)
        )
    return list(rows.order_by("-updated_at", "number")[:PAGE])


def ways_in(shop: Shop) -> list[WayStatus]:
    """When each way in last wrote (or was refused), with its counts and errors."""
    log: dict[str, Any] = shop.ingest_log or {}
    return [
        WayStatus(
            way=way,
            at=log.get(way, {}).get("at", ""),
            created=log.get(way, {}).get("created"),
            updated=log.get(way, {}).get("updated"),
            unchanged=log.get(way, {}).get("unchanged"),
            errors=list(log.get(way, {}).get("errors", [])),
        )
        for way in WAYS
    ]
