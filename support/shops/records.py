"""The Shop record's writes: creating a shop and rotating its push API key. The key
is shown once and stored as its SHA-256 only (a 256-bit random key needs no slow
hash: there is nothing to guess from the digest)."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from config.audit.services import audit_record
from support.models import Language, Shop

KEY_PREFIX = "shk_"


class ShopError(ValueError):
    pass


def create_shop(*, slug: str, name: str, currency: str = "EUR", languages: list[str]) -> Shop:
    if Shop.objects.filter(slug=slug).exists():
        raise ShopError(f"a shop {slug!r} already exists")
    unknown = [code for code in languages if code not in Language.values]
    if unknown:
        raise ShopError(f"unknown language {unknown[0]!r} (expected one of {Language.values})")
    if len(currency) != 3 or not currency.isalpha():
        raise ShopError("the currency is a three-letter code such as EUR")
    with transaction.atomic():
        shop = Shop.objects.create(
            slug=slug, name=name, currency=currency.upper(), languages=languages
        )
        audit_record(actor=None, actor_label="manage.py shop", action="shop.create", target=shop)
    return shop


def rotate_api_key(*, shop: Shop) -> str:
    """A new key for the shop's push API; the old one stops working at once."""
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        Shop.objects.filter(pk=shop.pk).update(
            api_key_hash=key_digest(key), api_key_rotated_at=timezone.now()
        )
        audit_record(
            actor=None, actor_label="manage.py shop", action="shop.api_key_rotate", target=shop
        )
    return key


def rotate_identity_secret(*, shop: Shop) -> str:
    """A new secret for the shop's server to sign its signed-in customers with
    (support/shops/identity.py); signatures made with the old one stop working."""
    secret = secrets.token_urlsafe(32)
    with transaction.atomic():
        Shop.objects.filter(pk=shop.pk).update(identity_secret=secret)
        audit_record(
            actor=None,
            actor_label="manage.py shop",
            action="shop.identity_secret_rotate",
            target=shop,
        )
    return secret


def key_digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def shop_for_key(key: str) -> Shop | None:
    """The shop this key belongs to, or None (an empty or unknown key)."""
    if not key.startswith(KEY_PREFIX) or len(key) > 100:
        return None
    return Shop.objects.filter(api_key_hash=key_digest(key)).first()
