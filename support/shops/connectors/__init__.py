"""Live connectors: a shop whose orders and catalogue live on its platform is read at
tool time instead of from our tables. One module per outside service (as the model
clients are) behind this small interface; a cache of stated freshness in front.

Configured per shop in SUPPORT_SHOP_CONNECTORS (credentials come from environment
variables named there, never from settings)::

    SUPPORT_SHOP_CONNECTORS = {"muebles": {"platform": "woocommerce",
        "base_url": "https://muebles.example", "key_env": "WOO_KEY", "secret_env": "WOO_SECRET"}}
"""

from __future__ import annotations

import os
from typing import Any

from django.core.cache import cache

from support import conf
from support.shops.connectors.base import Connector, LiveOrder, LiveProduct, PlatformDown
from support.shops.connectors.woocommerce import WooCommerce

__all__ = [
    "Connector",
    "LiveOrder",
    "LiveProduct",
    "PlatformDown",
    "cached_order",
    "cached_products",
    "connector_for",
]


def connector_for(slug: str) -> Connector | None:
    """The live connector configured for the shop, or None (its rows are ours)."""
    config: dict[str, Any] | None = conf.get("SUPPORT_SHOP_CONNECTORS").get(slug)
    if not config:
        return None
    if config.get("platform") != "woocommerce":
        raise ValueError(f"SUPPORT_SHOP_CONNECTORS[{slug!r}]: unknown platform")
    return WooCommerce(
        base_url=config["base_url"],
        key=os.environ.get(config.get("key_env", ""), ""),
        secret=os.environ.get(config.get("secret_env", ""), ""),
        currency=config.get("currency", "EUR"),
        timeout=float(conf.get("SUPPORT_CONNECTOR_TIMEOUT")),
    )


def cached_order(connector: Connector, *, slug: str, number: str) -> LiveOrder | None:
    """The platform's order, from a cache of SUPPORT_CONNECTOR_CACHE_SECONDS (a failure
    is never cached: the next call tries again)."""
    key = f"shop-live:{slug}:order:{number}"
    found = cache.get(key, default=_MISSING)
    if found is _MISSING:
        found = connector.order(number)
        cache.set(key, found, timeout=int(conf.get("SUPPORT_CONNECTOR_CACHE_SECONDS")))
    return found


def cached_products(connector: Connector, *, slug: str, query: str) -> list[LiveProduct]:
    key = f"shop-live:{slug}:products:{' '.join(query.lower().split())[:150]}"
    found = cache.get(key)
    if found is None:
        found = connector.products(query, limit=5)
        cache.set(key, found, timeout=int(conf.get("SUPPORT_CONNECTOR_CACHE_SECONDS")))
    return found


_MISSING = object()
