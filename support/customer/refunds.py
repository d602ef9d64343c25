"""Refund requests: the assistant may only file one for a person; it never pays."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from support.models import Order, RefundRequest, Turn


def ensure_pending_refund(*, order: Order, reason: str, turn: Turn | None) -> RefundRequest:
    """The order's pending request, created if there is none (one per order at most)."""
    existing = RefundRequest.objects.filter(order=order, status=RefundRequest.Status.PENDING)
    found = existing.first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return RefundRequest.objects.create(
                order=order, amount=order.total, reason=reason[:1000], turn=turn
            )
    except IntegrityError:  # a concurrent turn filed it first
        return existing.get()
