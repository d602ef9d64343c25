"""Writes for the widget: start a conversation, post a customer message."""

from __future__ import annotations

from django.db import transaction

from support import conf
from support.models import Conversation, Customer, Message


class MessageTooLong(ValueError):
    pass


def start_conversation(
    *, session_key: str = "", customer: Customer | None = None, language: str = "en"
) -> Conversation:
    return Conversation.objects.create(
        session_key=session_key, customer=customer, language=language
    )


def post_customer_message(
    *, conversation: Conversation, text: str, enqueue: bool = True
) -> Message:
    """Store the message and, once the transaction commits, queue its answer
    (``enqueue=False``: the caller answers it itself, as the evaluation does)."""
    limit = int(conf.get("SUPPORT_MAX_MESSAGE_CHARS"))
    text = text.strip()
    if len(text) > limit:
        raise MessageTooLong(f"the message is {len(text):,} characters; the limit is {limit:,}")
    with transaction.atomic():
        message = Message.objects.create(
            conversation=conversation, role=Message.Role.CUSTOMER, text=text
        )
        if enqueue:
            transaction.on_commit(lambda: enqueue_answer(message_id=message.pk))
    return message


def enqueue_answer(*, message_id: int) -> None:
    from support.tasks import answer_message

    answer_message.delay(message_id)
