"""The shop's customers and orders, the conversations with them, and one Turn per
customer message: the whole trace of how the assistant answered it."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django.conf import settings
from django.db import models


def new_public_id() -> str:
    """An unguessable id for a conversation (128 bits of randomness, URL-safe)."""
    return secrets.token_urlsafe(16)


class Language(models.TextChoices):
    ENGLISH = "en", "English"
    SPANISH = "es", "Español"


class Shop(models.Model):
    """One shop the desk serves. Its ``slug`` is what documents (``shop:``) and
    conversations (the widget's ``data-shop``) name; customers, orders and products
    belong to it, and every tool call of a conversation sees only its shop's rows."""

    slug = models.SlugField(max_length=50, unique=True)
    name = models.CharField(max_length=200)
    languages = models.JSONField(default=list, blank=True, help_text='e.g. ["es", "en"]')
    currency = models.CharField(max_length=3, default="EUR")
    widget_origins = models.JSONField(
        default=list, blank=True, help_text="Origins of the shop's site that embed the widget."
    )
    # The secret the shop's server signs its signed-in customer's identity with
    # (support/shops/identity.py; manage.py shop identity-secret SLUG). Kept as is:
    # the desk must compute the same HMAC to check a signature. Empty = no signed
    # identities accepted for this shop.
    identity_secret = models.CharField(max_length=200, blank=True, default="")
    # The push API's key, stored as its SHA-256 only (manage.py shop api-key SLUG).
    api_key_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    api_key_rotated_at = models.DateTimeField(null=True, blank=True)
    # When each way in last wrote, what it changed and the errors of a refused one:
    # {"file:products": {"at", "created", "updated", "unchanged", "errors"}, ...}
    ingest_log = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug


class Customer(models.Model):
    shop = models.ForeignKey(Shop, on_delete=models.PROTECT, related_name="customers")
    name = models.CharField(max_length=200)
    email = models.EmailField()
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="customer",
        help_text="The login of a signed-in customer, if they have one.",
    )
    # The shop's own id for the customer, as its server signed it for the widget.
    external_id = models.CharField(max_length=100, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["shop", "email"], name="support_customer_email_per_shop"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>"


class Product(models.Model):
    shop = models.ForeignKey(Shop, on_delete=models.PROTECT, related_name="products")
    sku = models.CharField(max_length=50)
    name = models.CharField(max_length=200)
    price = models.DecimalField(max_digits=12, decimal_places=2)
    currency = models.CharField(max_length=3, default="ARS")
    in_stock = models.BooleanField(default=True)
    # null (not "") is the contract: search_products says "warranty": null for a sheet with none.
    warranty = models.CharField(  # noqa: DJ001
        max_length=100, null=True, blank=True, help_text="Empty when the sheet gives none."
    )
    # The kind the shop files it under ("Kettlebells"): search_products carries it so the
    # guards can tell whether a cited promotion reaches the product (guards/promo_kinds.py).
    category = models.CharField(
        max_length=100, blank=True, default="", help_text="Empty when the shop gives none."
    )

    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sku"]
        constraints = [
            models.UniqueConstraint(fields=["shop", "sku"], name="support_product_sku_per_shop")
        ]

    def __str__(self) -> str:
        return self.sku


class Order(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        SHIPPED = "shipped", "shipped"
        DELIVERED = "delivered", "delivered"
        CANCELLED = "cancelled", "cancelled"

    shop = models.ForeignKey(Shop, on_delete=models.PROTECT, related_name="orders")
    number = models.CharField(max_length=20)
    customer = models.ForeignKey(Customer, on_delete=models.PROTECT, related_name="orders")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    eta = models.DateField(null=True, blank=True, help_text="Delivery date (expected or actual).")
    items = models.JSONField(default=list, blank=True, help_text='[{"sku", "name", "qty"}]')
    total = models.DecimalField(max_digits=12, decimal_places=2, default=Decimal("0"))
    currency = models.CharField(max_length=3, default="EUR")
    # When the status last changed (the platform's time when it sends one); null for
    # rows from before this was kept. The order tool shows it and flags an old one.
    status_updated_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["shop", "number"], name="support_order_number_per_shop")
        ]

    def __str__(self) -> str:
        return self.number


# The session key of the demo history's conversations (a widget's session key is a
# Django session key, which never holds a colon): the staff pages badge them "demo".
DEMO_SESSION_PREFIX = "demo-history:"


class Conversation(models.Model):
    class Status(models.TextChoices):
        BOT = "bot", "bot"
        HANDED_OFF = "handed_off", "handed off"
        CLOSED = "closed", "closed"

    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    session_key = models.CharField(max_length=64, blank=True, default="", db_index=True)
    # The widget's per-conversation token (support/customer/access.py): its SHA-256
    # only, and when it stops opening the conversation. "" = revoked or never issued.
    token_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    token_expires_at = models.DateTimeField(null=True, blank=True)
    customer = models.ForeignKey(
        Customer, null=True, blank=True, on_delete=models.SET_NULL, related_name="conversations"
    )
    # "" until the first customer message decides it (or the widget asked for one).
    language = models.CharField(max_length=2, choices=Language.choices, blank=True, default="")
    # The shop whose site the widget is on (its data-shop): answers come from that
    # shop's documents and the shared ones only. "" = every document.
    shop = models.SlugField(max_length=50, blank=True, default="")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.BOT)
    handoff_note = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    # When the customer was told that a number they typed was hidden (once per
    # conversation: support/customer/privacy_notice.py).
    privacy_notice_at = models.DateTimeField(null=True, blank=True)
    # When retention or an erasure anonymised it (support/privacy/anonymise.py).
    anonymised_at = models.DateTimeField(null=True, blank=True, db_index=True)

    def __str__(self) -> str:
        return self.public_id

    @property
    def is_demo(self) -> bool:
        """Played by ``manage.py demo_history`` (support/demo_history.py), not a customer."""
        return self.session_key.startswith(DEMO_SESSION_PREFIX)


class Message(models.Model):
    class Role(models.TextChoices):
        CUSTOMER = "customer", "customer"
        ASSISTANT = "assistant", "assistant"
        STAFF = "staff", "staff"

    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="messages"
    )
    role = models.CharField(max_length=20, choices=Role.choices)
    text = models.TextField()
    sources = models.JSONField(default=list, blank=True, help_text="Cited sources, in order.")
    # What the masker hid before the text was stored (support/customer/privacy_mask.py).
    masked = models.JSONField(default=list, blank=True, help_text='Hidden kinds: ["card", …]')
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["conversation", "id"])]

    def __str__(self) -> str:
        return f"{self.role}: {self.text[:40]}"


class Turn(models.Model):
    """One per customer message: how it was answered, step by step."""

    class Status(models.TextChoices):
        RUNNING = "running", "running"
        DONE = "done", "done"

    class Action(models.TextChoices):
        ANSWERED = "answered", "answered"
        HANDED_OFF = "handed_off", "handed off"
        HELD_FOR_REFUND = "held_for_refund", "held for refund"

    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="turns")
    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="turns")
    reply = models.OneToOneField(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="answered_turn"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.RUNNING)
    action = models.CharField(max_length=20, choices=Action.choices, blank=True, default="")
    # Who holds the turn and until when (a worker that died leaves a lease that expires).
    claimed_by = models.CharField(max_length=200, blank=True, default="")
    lease_until = models.DateTimeField(null=True, blank=True)
    runs = models.PositiveIntegerField(default=0, help_text="How many times a worker started it.")
    backend = models.CharField(max_length=50, blank=True, default="")
    retrieved = models.JSONField(default=list, blank=True)
    model_calls = models.JSONField(default=list, blank=True)
    tool_calls = models.JSONField(default=list, blank=True)
    drafts = models.JSONField(default=list, blank=True)
    context = models.JSONField(
        default=dict,
        blank=True,
        help_text="The query searched and why, the earlier turns sent to the model, "
        "the facts carried from earlier messages.",
    )
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    cost = models.DecimalField(max_digits=12, decimal_places=8, default=Decimal("0"))
    duration_ms = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            # A redelivered task can never start a second turn for the same message.
            models.UniqueConstraint(fields=["message"], name="support_turn_one_per_message"),
        ]

    def __str__(self) -> str:
        return f"turn {self.pk} ({self.status})"


class RefundRequest(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "pending"
        APPROVED = "approved", "approved"
        DENIED = "denied", "denied"

    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="refund_requests")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    reason = models.TextField(blank=True, default="")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    turn = models.ForeignKey(
        Turn, null=True, blank=True, on_delete=models.SET_NULL, related_name="refund_requests"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(blank=True, default="")
    # The client's key for the decision: a replay with the same key returns the same
    # result and does nothing twice (support/backoffice/refund_decisions.py).
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            # At most one open request per order: asking twice does not queue two payments.
            models.UniqueConstraint(
                fields=["order"],
                condition=models.Q(status="pending"),
                name="support_refund_one_pending_per_order",
            ),
            # One decision per key, whichever request it was used on.
            models.UniqueConstraint(
                fields=["idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="support_refund_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"refund {self.order.number} ({self.status})"
