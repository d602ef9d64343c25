"""Reads of the knowledge base that other apps use."""

from __future__ import annotations

from knowledge.models import Document


def shop_exists(shop: str) -> bool:
    """True when some document belongs to ``shop`` (a widget's data-shop)."""
    return bool(shop) and Document.objects.filter(shop=shop).exists()
