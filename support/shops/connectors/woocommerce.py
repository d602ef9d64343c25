"""WooCommerce's REST API (v3), read only: ``GET /wp-json/wc/v3/orders/{id}`` and
``GET /wp-json/wc/v3/products?search=…``, HTTP Basic with the store's consumer key
and secret, a short timeout. A reply that is not what the API documents is
PlatformDown, never a guess."""

from __future__ import annotations

import base64
import html
import json
import urllib.error
import urllib.parse
import urllib.request
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from support.shops.connectors.base import LiveOrder, LiveProduct, PlatformDown

# WooCommerce's order statuses → ours. "completed" means fulfilled (dispatched): the
# platform does not know when it arrived. Plugins' "shipped"/"delivered" are kept.
STATUSES = {
    "pending": "pending",
    "on-hold": "pending",
    "processing": "pending",
    "completed": "shipped",
    "shipped": "shipped",
    "delivered": "delivered",
    "cancelled": "cancelled",
    "refunded": "cancelled",
    "failed": "cancelled",
}
HIDDEN = {"trash", "draft", "checkout-draft", "auto-draft"}
# The category WooCommerce files a product under when the shop chose none (its name
# follows the store's language at install): no kind at all.
UNCATEGORIZED = {
    "uncategorized",
    "sin categoría",
    "sin categoria",
    "sin-categoria",
    "sin categorizar",
}


class WooCommerce:
    def __init__(
        self, *, base_url: str, key: str, secret: str, currency: str, timeout: float
    ) -> None:
        self.base = base_url.rstrip("/") + "/wp-json/wc/v3"
        self.auth = "Basic " + base64.b64encode(f"{key}:{secret}".encode()).decode()
        self.currency = currency
        self.timeout = timeout

    def order(self, number: str) -> LiveOrder | None:
        data = self._get(f"/orders/{urllib.parse.quote(number)}")
        if data is None:
            return None
        try:
            status = str(data["status"])
            if status in HIDDEN:
                return None
            if status not in STATUSES:
                raise PlatformDown(f"unknown order status {status[:40]!r}")
            modified = data.get("date_modified_gmt")
            return LiveOrder(
                number=str(data["number"] or data["id"]),
                customer_email=str(data["billing"]["email"]).lower(),
                status=STATUSES[status],
                eta=None,  # WooCommerce core keeps no delivery date
                total=Decimal(str(data["total"])),
                currency=str(data["currency"]),
                status_updated_at=(
                    datetime.fromisoformat(modified).replace(tzinfo=UTC) if modified else None
                ),
            )
        except (KeyError, TypeError, ValueError, InvalidOperation) as error:
            raise PlatformDown(f"order reply not as documented ({error!r:.80})") from None

    def products(self, query: str, *, limit: int) -> list[LiveProduct]:
        params = urllib.parse.urlencode({"search": query, "per_page": limit, "status": "publish"})
        data = self._get(f"/products?{params}")
        if not isinstance(data, list):
            raise PlatformDown("product search reply is not a list")
        found = []
        try:
            for item in data[:limit]:
                if item.get("price") in ("", None):  # variable products price per variation
                    continue
                found.append(
                    LiveProduct(
                        sku=str(item["sku"] or item["id"]),
                        name=str(item["name"]),
                        price=Decimal(str(item["price"])),
                        currency=self.currency,
                        in_stock=item["stock_status"] == "instock",
                        warranty=None,  # not a WooCommerce field
                        category=_category(item.get("categories", [])),
                    )
                )
        except (AttributeError, KeyError, TypeError, InvalidOperation) as error:
            raise PlatformDown(f"product reply not as documented ({error!r:.80})") from None
        return found

    def _get(self, path: str) -> Any:
        request = urllib.request.Request(
            self.base + path, headers={"Authorization": self.auth, "Accept": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                body = response.read(2_000_000)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise PlatformDown(f"WooCommerce answered {error.code}") from None
        except (urllib.error.URLError, TimeoutError, OSError) as error:
            raise PlatformDown(f"WooCommerce unreachable ({error!r:.80})") from None
        try:
            return json.loads(body)
        except ValueError:
            raise PlatformDown("WooCommerce replied with something that is not JSON") from None


def _category(categories: Any) -> str:
    """The names of the categories a product is filed under (``categories[].name``,
    HTML-escaped by the API), joined, up to 100 characters; the default is none. A
    reply whose categories are not a list of objects with a text name is not as
    documented (TypeError, KeyError: PlatformDown)."""
    if not isinstance(categories, list):
        raise TypeError("categories is not a list")
    names: list[str] = []
    for category in categories:
        name = category["name"]
        if not isinstance(name, str):
            raise TypeError("a category's name is not text")
        name = " ".join(html.unescape(name).split())
        if not name or {name.lower(), category.get("slug")} & UNCATEGORIZED:
            continue
        if len(", ".join([*names, name])) > 100:
            break
        names.append(name)
    return ", ".join(names)
