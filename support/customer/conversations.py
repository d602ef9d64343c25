"""Writes for the widget: start a conversation, post a customer message."""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from config.audit.services import audit_record
from knowledge.language import detect_language
from support import conf
from support.customer import access
from support.customer.privacy_mask import mask
from support.enqueue import enqueue_answer
from support.models import Conversation, Customer, Language, Message, Shop
from support.shops import identity

# Stored while no language has been chosen: the first customer message decides.
NOT_CHOSEN = ""


class MessageTooLong(ValueError):
    pass


def start_conversation(
    *,
    session_key: str = "",
    customer: Customer | None = None,
    language: str | None = None,
    shop: str = "",
) -> Conversation:
    """``language=None``: the customer's first message sets it (see choose_language).
    ``shop``: answers come from that shop's documents and the shared ones."""
    return Conversation.objects.create(
        session_key=session_key,
        customer=customer,
        language=language or NOT_CHOSEN,
        shop=shop,
    )


class IdentityRefused(ValueError):
    """A signed customer that does not check out: never a silent fall back to a visitor."""

    def __init__(self, error: identity.IdentityError) -> None:
        super().__init__(identity.MESSAGES[error])
        self.error = error


@dataclass(frozen=True)
class Started:
    conversation: Conversation
    token: str  # shown to the widget once; only its hash is kept


def signed_customer(*, shop_slug: str, signed: identity.SignedCustomer) -> Customer:
    """The shop's customer its server vouched for, after checking the signature.
    A customer the desk has not seen yet is added with the id and e-mail the shop
    signed (nothing more), so their orders link to them when they arrive."""
    shop = Shop.objects.filter(slug=shop_slug).first()
    error = identity.verify(
        secret=shop.identity_secret if shop else "",
        shop=shop_slug,
        signed=signed,
        now=time.time(),
        max_age=int(conf.get("SUPPORT_IDENTITY_MAX_AGE")),
    )
    if error is not None:
        raise IdentityRefused(error)
    email = signed.email.strip().lower()
    customer, created = Customer.objects.get_or_create(
        shop=shop, email=email, defaults={"name": "", "external_id": signed.customer_id}
    )
    if not created and customer.external_id != signed.customer_id:
        Customer.objects.filter(pk=customer.pk).update(external_id=signed.customer_id)
        customer.external_id = signed.customer_id
    if created:
        audit_record(
            actor=None,
            actor_label=f"widget:{shop_slug}",
            action="customer.create_from_signature",
            target=customer,
            data={"shop": shop_slug},
        )
    return customer


def start_widget_conversation(
    *,
    session_key: str,
    customer: Customer | None,
    shop: str,
    language: str | None,
    signed: identity.SignedCustomer | None = None,
    previous_token: str = "",
) -> Started:
    """A conversation for the widget, with its token. A signed customer is checked
    first (IdentityRefused on a bad one) and becomes the conversation's customer; the
    previous conversation's token, when the widget sends it, stops working."""
    if signed is not None:
        slug = shop or conf.get("SUPPORT_DEFAULT_SHOP")
        customer = signed_customer(shop_slug=slug, signed=signed)
    token, token_hash = access.new_token()
    with transaction.atomic():
        if previous_token:
            access.revoke_token(token=previous_token)
        conversation = Conversation.objects.create(
            session_key=session_key,
            customer=customer,
            language=language or NOT_CHOSEN,
            shop=shop,
            token_hash=token_hash,
            token_expires_at=timezone.now() + access.token_ttl(),
        )
    return Started(conversation=conversation, token=token)


def post_customer_message(
    *, conversation: Conversation, text: str, enqueue: bool = True
) -> Message:
    """Store the message and, once the transaction commits, queue its answer
    (``enqueue=False``: the caller answers it itself, as the evaluation does).

    Card numbers, CVVs, expiry dates, IBANs and identity numbers are masked first
    (support/customer/privacy_mask.py): only the masked text is stored, queued, shown
    and sent to the model. The language is read from the typed text, which is never kept."""
    limit = int(conf.get("SUPPORT_MAX_MESSAGE_CHARS"))
    text = text.strip()
    if len(text) > limit:
        raise MessageTooLong(f"the message is {len(text):,} characters; the limit is {limit:,}")
    masked = mask(text)
    with transaction.atomic():
        message = Message.objects.create(
            conversation=conversation,
            role=Message.Role.CUSTOMER,
            text=masked.text,
            masked=[str(kind) for kind in masked.hidden],
        )
        if conversation.language == NOT_CHOSEN:
            choose_language(conversation=conversation, text=text)
        if enqueue:
            transaction.on_commit(lambda: enqueue_answer(message_id=message.pk))
    return message


def choose_language(*, conversation: Conversation, text: str) -> str:
    """Set an unchosen language from the customer's words (a tie means English), so
    the answer and any handoff sentence are in their language. Only the first writer
    wins: two first messages posted at once cannot flip it back and forth."""
    detected = detect_language(text, default=Language.ENGLISH)
    Conversation.objects.filter(pk=conversation.pk, language=NOT_CHOSEN).update(language=detected)
    conversation.refresh_from_db(fields=["language"])
    return conversation.language
