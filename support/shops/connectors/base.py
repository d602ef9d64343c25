"""What every live connector returns, and the one error it raises."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Protocol


class PlatformDown(Exception):
    """The platform did not answer in time, failed, or replied with something its API
    does not document: the desk cannot check right now (and says so; nothing invented)."""


@dataclass(frozen=True)
class LiveOrder:
    number: str
    customer_email: str
    status: str  # one of Order.Status
    eta: date | None
    total: Decimal
    currency: str
    status_updated_at: datetime | None


@dataclass(frozen=True)
class LiveProduct:
    sku: str
    name: str
    price: Decimal
    currency: str
    in_stock: bool
    warranty: str | None
    category: str = ""  # the kind the platform files it under; "" for none


class Connector(Protocol):
    def order(self, number: str) -> LiveOrder | None: ...

    def products(self, query: str, *, limit: int) -> list[LiveProduct]: ...
