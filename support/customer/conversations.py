"""Writes for the widget: start a conversation, post a customer message."""

from __future__ import annotations

from django.db import transaction

from knowledge.language import detect_language
from support import conf
from support.customer.privacy_mask import mask
from support.enqueue import enqueue_answer
from support.models import Conversation, Customer, Language, Message

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
