"""Reads: who may see which order, the product search, the messages a widget polls."""

from __future__ import annotations

import re

from django.db.models import Q, QuerySet

from support import conf
from support.models import Conversation, Customer, Message, Order, Product

# Bounded parts and a start that cannot sit inside a run of address characters:
# the search stays linear on long text without an "@" (tests/security/test_redos.py).
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}")


def customers_of_conversation(conversation: Conversation) -> list[Customer]:
    """The signed-in customer, or — for a visitor — the customers whose email the
    visitor wrote earlier in this conversation."""
    if conversation.customer_id is not None:
        return [conversation.customer]
    texts = conversation.messages.filter(role=Message.Role.CUSTOMER).values_list("text", flat=True)
    emails = {e.lower() for text in texts for e in EMAIL.findall(text)}
    if not emails:
        return []
    return list(Customer.objects.filter(email__in=emails))


def order_for_conversation(*, conversation: Conversation, number: str) -> Order | None:
    """The order only if it belongs to this conversation's customer: an unknown number
    and someone else's order look the same."""
    customers = customers_of_conversation(conversation)
    if not customers:
        return None
    return Order.objects.filter(number=number, customer__in=customers).first()


def search_products(query: str, *, limit: int = 5) -> list[Product]:
    words = [w for w in re.findall(r"[\w-]+", query) if len(w) >= 2][:8]
    if not words:
        return []
    match = Q()
    for word in words:
        match |= Q(sku__iexact=word) | Q(name__icontains=word)
    return list(Product.objects.filter(match).order_by("sku")[:limit])


def conversation_for_session(*, public_id: str, session_key: str) -> Conversation | None:
    if not session_key:
        return None
    return Conversation.objects.filter(public_id=public_id, session_key=session_key).first()


def messages_after(*, conversation: Conversation, after_id: int = 0) -> QuerySet[Message]:
    return conversation.messages.filter(id__gt=after_id).order_by("id")


def history_before(*, message: Message, limit: int = 20) -> list[Message]:
    earlier = Message.objects.filter(conversation_id=message.conversation_id, id__lt=message.id)
    return list(reversed(earlier.order_by("-id")[:limit]))


def demo_customer() -> Customer:
    return Customer.objects.get(email=conf.get("SUPPORT_DEMO_CUSTOMER_EMAIL"))
