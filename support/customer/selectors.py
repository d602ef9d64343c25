"""Reads: who may see which order, the product search, the messages a widget polls."""

from __future__ import annotations

import re

from django.db.models import Q, QuerySet

from support import conf
from support.models import Conversation, Customer, Message, Order, Product, Shop

# Bounded parts and a start that cannot sit inside a run of address characters:
# the search stays linear on long text without an "@" (tests/security/test_redos.py).
EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}")


def shop_slug(conversation: Conversation) -> str:
    """The shop whose data this conversation's tools see: its widget's shop, or the
    default shop when it names none."""
    return conversation.shop or conf.get("SUPPORT_DEFAULT_SHOP")


def shop_of_conversation(conversation: Conversation) -> Shop | None:
    """None when no such shop exists: then every lookup finds nothing — never another
    shop's rows."""
    return Shop.objects.filter(slug=shop_slug(conversation)).first()


def emails_of_conversation(conversation: Conversation) -> set[str]:
    """The e-mails whose orders this conversation may see (lower-case): the signed-in
    customer's when they are this shop's customer, else those the visitor wrote."""
    if conversation.customer_id is not None:
        customer = conversation.customer
        return {customer.email.lower()} if customer.shop.slug == shop_slug(conversation) else set()
    texts = conversation.messages.filter(role=Message.Role.CUSTOMER).values_list("text", flat=True)
    return {e.lower() for text in texts for e in EMAIL.findall(text)}


def customers_of_conversation(conversation: Conversation) -> list[Customer]:
    """The signed-in customer, or — for a visitor — the customers whose email the
    visitor wrote earlier in this conversation; of the conversation's shop only."""
    shop = shop_of_conversation(conversation)
    if shop is None:
        return []
    if conversation.customer_id is not None:
        return [conversation.customer] if conversation.customer.shop_id == shop.pk else []
    texts = conversation.messages.filter(role=Message.Role.CUSTOMER).values_list("text", flat=True)
    emails = {e.lower() for text in texts for e in EMAIL.findall(text)}
    if not emails:
        return []
    return list(Customer.objects.filter(shop=shop, email__in=emails))


def order_for_conversation(*, conversation: Conversation, number: str) -> Order | None:
    """The order only if it belongs to this conversation's customer: an unknown number
    and someone else's order look the same."""
    customers = customers_of_conversation(conversation)
    if not customers:
        return None
    shop_id = customers[0].shop_id
    return Order.objects.filter(shop_id=shop_id, number=number, customer__in=customers).first()


def search_products(query: str, *, shop: Shop | None, limit: int = 5) -> list[Product]:
    """The shop's products matching the query (``shop=None``: nothing)."""
    words = [w for w in re.findall(r"[\w-]+", query) if len(w) >= 2][:8]
    if not words or shop is None:
        return []
    match = Q()
    for word in words:
        match |= Q(sku__iexact=word) | Q(name__icontains=word)
    return list(Product.objects.filter(match, shop=shop).order_by("sku")[:limit])


def conversation_for_session(*, public_id: str, session_key: str) -> Conversation | None:
    if not session_key:
        return None
    return Conversation.objects.filter(public_id=public_id, session_key=session_key).first()


def messages_after(*, conversation: Conversation, after_id: int = 0) -> QuerySet[Message]:
    return conversation.messages.filter(id__gt=after_id).order_by("id")


def history_before(*, message: Message, limit: int = 20) -> list[Message]:
    earlier = Message.objects.filter(conversation_id=message.conversation_id, id__lt=message.id)
    return list(reversed(earlier.order_by("-id")[:limit]))


def demo_customer(*, shop: str = "") -> Customer:
    """The demo customer of ``shop`` (default: SUPPORT_DEFAULT_SHOP)."""
    return Customer.objects.get(
        shop__slug=shop or conf.get("SUPPORT_DEFAULT_SHOP"),
        email=conf.get("SUPPORT_DEMO_CUSTOMER_EMAIL"),
    )
