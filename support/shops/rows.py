"""One row of a shop's products or orders, checked field by field. Files (every value
a string) and the push API (JSON types) share these rules, so a row valid in one is
valid in the other. Nothing here touches the database."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from support.models import Order

# Column -> required. A column not listed is refused (a typo is never silently dropped).
PRODUCT_COLUMNS = {
    "sku": True,
    "name": True,
    "price": True,
    "currency": False,  # empty: the shop's currency
    "in_stock": True,
    "warranty": False,  # empty: the sheet gives none
    "category": False,  # empty: filed under no kind
}
ORDER_COLUMNS = {
    "number": True,
    "customer_email": True,
    "customer_name": False,
    "status": True,
    "eta": False,
    "total": True,
    "currency": False,
    "items": False,  # JSON list of {"sku", "name", "qty"}
    "status_updated_at": False,  # ISO 8601; empty: the time it was written here
}
ORDER_NUMBER = re.compile(r"\d{1,10}")  # what get_order_status accepts
CURRENCY = re.compile(r"[A-Z]{3}")
TRUE = {"true", "1", "yes", "y", "si", "sí"}
FALSE = {"false", "0", "no", "n"}
MAX_AMOUNT = Decimal("9999999999.99")  # max_digits=12, decimal_places=2


class FieldError(ValueError):
    pass


@dataclass(frozen=True)
class ProductRow:
    sku: str
    name: str
    price: Decimal
    currency: str
    in_stock: bool
    warranty: str | None
    category: str = ""

    @property
    def key(self) -> str:
        return self.sku


@dataclass(frozen=True)
class OrderRow:
    number: str
    customer_email: str
    customer_name: str
    status: str
    eta: date | None
    total: Decimal
    currency: str
    items: list[dict[str, Any]]
    status_updated_at: datetime | None

    @property
    def key(self) -> str:
        return self.number


Problems = list[tuple[str, str]]  # (field, message)


def clean_product(raw: dict[str, Any], *, currency: str) -> tuple[ProductRow | None, Problems]:
    """A checked product row (``currency``: the shop's, for an empty one), or the
    problems, one per field."""
    fields = _Fields(raw, PRODUCT_COLUMNS)
    row = ProductRow(
        sku=fields.take("sku", lambda v: _text(v, 50)),
        name=fields.take("name", lambda v: _text(v, 200)),
        price=fields.take("price", _amount),
        currency=fields.take("currency", _currency) or currency,
        in_stock=fields.take("in_stock", _bool),
        warranty=fields.take("warranty", lambda v: _text(v, 100)),
        category=fields.take("category", lambda v: _text(v, 100)) or "",
    )
    return (None, fields.problems) if fields.problems else (row, [])


def clean_order(raw: dict[str, Any], *, currency: str) -> tuple[OrderRow | None, Problems]:
    fields = _Fields(raw, ORDER_COLUMNS)
    row = OrderRow(
        number=fields.take("number", _order_number),
        customer_email=fields.take("customer_email", _email),
        customer_name=fields.take("customer_name", lambda v: _text(v, 200)) or "",
        status=fields.take("status", _status),
        eta=fields.take("eta", _date),
        total=fields.take("total", _amount),
        currency=fields.take("currency", _currency) or currency,
        items=fields.take("items", _items) or [],
        status_updated_at=fields.take("status_updated_at", _datetime),
    )
    return (None, fields.problems) if fields.problems else (row, [])


class _Fields:
    def __init__(self, raw: dict[str, Any], columns: dict[str, bool]) -> None:
        self.raw = raw
        self.columns = columns
        self.problems: Problems = [
            (str(name)[:50], "unknown column") for name in raw if name not in columns
        ]

    def take(self, name: str, convert: Any) -> Any:
        value = self.raw.get(name)
        if isinstance(value, str):
            value = value.strip()
        if value is None or value == "":
            if self.columns[name]:
                self.problems.append((name, "missing" if name not in self.raw else "empty"))
            return None
        try:
            return convert(value)
        except FieldError as error:
            self.problems.append((name, str(error)))
            return None


def _text(value: Any, limit: int) -> str:
    if not isinstance(value, str):
        raise FieldError("expected text")
    if len(value) > limit:
        raise FieldError(f"longer than {limit} characters")
    return value


def _amount(value: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise FieldError("expected a number")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise FieldError(f"not a number: {str(value)[:30]!r}") from None
    if not amount.is_finite():
        raise FieldError("not a number")
    if amount < 0:
        raise FieldError("negative")
    if amount > MAX_AMOUNT or amount != amount.quantize(Decimal("0.01")):
        raise FieldError("more than 10 digits before or 2 after the decimal point")
    return amount.quantize(Decimal("0.01"))


def _currency(value: Any) -> str:
    if not isinstance(value, str) or not CURRENCY.fullmatch(value.upper()):
        raise FieldError("expected a three-letter currency code such as EUR")
    return value.upper()


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in TRUE | FALSE:
        return value.lower() in TRUE
    raise FieldError("expected true or false")


def _order_number(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or not ORDER_NUMBER.fullmatch(value):
        raise FieldError("expected 1 to 10 digits")
    return value


def _email(value: Any) -> str:
    if not isinstance(value, str):
        raise FieldError("expected an e-mail address")
    try:
        validate_email(value)
    except ValidationError:
        raise FieldError(f"not an e-mail address: {value[:60]!r}") from None
    return value.lower()


def _status(value: Any) -> str:
    if not isinstance(value, str) or value.lower() not in Order.Status.values:
        raise FieldError(f"expected one of {', '.join(Order.Status.values)}")
    return value.lower()


def _date(value: Any) -> date:
    try:
        return date.fromisoformat(value) if isinstance(value, str) else _fail()
    except ValueError:
        raise FieldError("expected a date as YYYY-MM-DD") from None


def _datetime(value: Any) -> datetime:
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) else _fail()
    except ValueError:
        raise FieldError("expected an ISO 8601 date and time") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _fail() -> Any:
    raise ValueError


def _items(value: Any) -> list[dict[str, Any]]:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError:
            raise FieldError('expected a JSON list like [{"sku": "A-1", "qty": 1}]') from None
    if not isinstance(value, list) or len(value) > 200:
        raise FieldError("expected a list of at most 200 items")
    items = []
    for n, item in enumerate(value, 1):
        if not isinstance(item, dict) or set(item) - {"sku", "name", "qty"}:
            raise FieldError(f"item {n}: expected an object with sku, name and qty")
        sku, name, qty = item.get("sku"), item.get("name", ""), item.get("qty", 1)
        if not isinstance(sku, str) or not sku or len(sku) > 50:
            raise FieldError(f"item {n}: sku must be text of 1 to 50 characters")
        if not isinstance(name, str) or len(name) > 200:
            raise FieldError(f"item {n}: name must be text of at most 200 characters")
        if isinstance(qty, bool) or not isinstance(qty, int) or not 1 <= qty <= 10_000:
            raise FieldError(f"item {n}: qty must be a whole number from 1 to 10000")
        items.append({"sku": sku, "name": name, "qty": qty})
    return items
