"""Signals other code may attach to. Receivers do side work only (a payment step,
a notification); the business rules live in the services that send them."""

from __future__ import annotations

from django.dispatch import Signal

# Sent once per approved refund, after the deciding transaction commits (never for a
# replayed or refused decision). This is where a payment step would attach; the
# project itself moves no money. Keyword arguments: refund_request_id (int),
# order_number (str), amount (Decimal), currency (str), decided_by_id (int).
refund_approved = Signal()
