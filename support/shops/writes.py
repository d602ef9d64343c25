"""Writing checked rows into one shop, in one transaction, idempotently: a row equal
to what is stored changes nothing (not even its timestamps), so the same file or the
same push twice is a no-op. Each way in records when it last wrote and its errors."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from config.audit.services import audit_record
from support.models import Customer, Order, Product, Shop
from support.shops.rows import OrderRow, ProductRow


class WayIn(enum.StrEnum):
    FILE = "file"
    PUSH = "push"


@dataclass(frozen=True)
class Counts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0


PRODUCT_FIELDS = ("name", "price", "currency", "in_stock", "warranty", "category")
ORDER_FIELDS = ("status", "eta", "total", "currency", "items")


def write_products(*, shop: Shop, rows: Sequence[ProductRow], way: WayIn, label: str) -> Counts:
    now = timezone.now()
    with transaction.atomic():
        stored = {
            p.sku: p for p in Product.objects.filter(shop=shop, sku__in=[r.sku for r in rows])
        }
        new, changed = [], []
        for row in rows:
            values = {f: getattr(row, f) for f in PRODUCT_FIELDS}
            product = stored.get(row.sku)
            if product is None:
                new.append(Product(shop=shop, sku=row.sku, updated_at=now, **values))
            elif _differs(product, values):
                for name, value in values.items():
                    setattr(product, name, value)
                product.updated_at = now
                changed.append(product)
        Product.objects.bulk_create(new, batch_size=1000)
        Product.objects.bulk_update(changed, [*PRODUCT_FIELDS, "updated_at"], batch_size=1000)
        counts = Counts(len(new), len(changed), len(rows) - len(new) - len(changed))
        _record(shop=shop, way=way, what="products", counts=counts, label=label)
    return counts


def write_orders(*, shop: Shop, rows: Sequence[OrderRow], way: WayIn, label: str) -> Counts:
    now = timezone.now()
    with transaction.atomic():
        customers = _customers(shop, rows)
        numbers = [r.number for r in rows]
        stored = {o.number: o for o in Order.objects.filter(shop=shop, number__in=numbers)}
        new, changed = [], []
        for row in rows:
            values: dict[str, Any] = {f: getattr(row, f) for f in ORDER_FIELDS}
            values["customer_id"] = customers[row.customer_email].pk
            order = stored.get(row.number)
            if order is None:
                values["status_updated_at"] = row.status_updated_at or now
                new.append(Order(shop=shop, number=row.number, updated_at=now, **values))
                continue
            if row.status_updated_at is not None:
                values["status_updated_at"] = row.status_updated_at
            elif row.status != order.status:
                values["status_updated_at"] = now
            if _differs(order, values):
                for name, value in values.items():
                    setattr(order, name, value)
                order.updated_at = now
                changed.append(order)
        Order.objects.bulk_create(new, batch_size=1000)
        fields = [*ORDER_FIELDS, "customer_id", "status_updated_at", "updated_at"]
        Order.objects.bulk_update(changed, fields, batch_size=1000)
        counts = Counts(len(new), len(changed), len(rows) - len(new) - len(changed))
        _record(shop=shop, way=way, what="orders", counts=counts, label=label)
    return counts


def record_failure(*, shop: Shop, way: WayIn, what: str, problems: list[str]) -> None:
    """The errors of a refused import or push, for the staff page (nothing else is written)."""
    _set_log(shop, way, what, {"at": timezone.now().isoformat(), "errors": problems[:20]})


def _customers(shop: Shop, rows: Sequence[OrderRow]) -> dict[str, Customer]:
    names = {r.customer_email: r.customer_name for r in rows}
    found = {c.email: c for c in Customer.objects.filter(shop=shop, email__in=list(names))}
    Customer.objects.bulk_create(
        [Customer(shop=shop, email=e, name=n) for e, n in names.items() if e not in found],
        batch_size=1000,
    )
    renamed = [c for e, c in found.items() if names[e] and c.name != names[e]]
    for customer in renamed:
        customer.name = names[customer.email]
    Customer.objects.bulk_update(renamed, ["name"], batch_size=1000)
    return {c.email: c for c in Customer.objects.filter(shop=shop, email__in=list(names))}


def _differs(instance: Any, values: dict[str, Any]) -> bool:
    return any(getattr(instance, name) != value for name, value in values.items())


def _record(*, shop: Shop, way: WayIn, what: str, counts: Counts, label: str) -> None:
    if counts.created or counts.updated:
        audit_record(
            actor=None,
            actor_label=label,
            action=f"shop.{way}_{what}",
            target=shop,
            data=asdict(counts),
        )
    _set_log(shop, way, what, {"at": timezone.now().isoformat(), **asdict(counts), "errors": []})


def _set_log(shop: Shop, way: WayIn, what: str, entry: dict[str, Any]) -> None:
    with transaction.atomic():
        locked = Shop.objects.select_for_update().get(pk=shop.pk)
        log = dict(locked.ingest_log)
        log[f"{way}:{what}"] = entry
        Shop.objects.filter(pk=shop.pk).update(ingest_log=log)
    shop.ingest_log = log
