"""The tools the model may ask for. Each input is checked against its JSON schema
before anything runs; an unknown tool or a bad argument is an error *result* the
model reads, never an exception. Two tools only read; request_refund only files a
pending request for a person — nothing here pays."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils import timezone

from guards.acts import Act
from support import conf
from support.customer import selectors
from support.customer.refunds import ensure_pending_refund
from support.customer.visitor_lookups import visitor_gate
from support.models import Conversation, Order, Turn
from support.money import json_number
from support.shops.connectors import (
    Connector,
    LiveOrder,
    PlatformDown,
    cached_order,
    cached_products,
    connector_for,
)

ORDER_ID = {"type": "string", "pattern": r"^\d{1,10}$", "maxLength": 10}
TOOLS: list[dict[str, Any]] = [
    {
        "name": "get_order_status",
        "description": "Order status and delivery date. Read only.",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": ORDER_ID},
            "required": ["order_id"],
            "additionalProperties": False,
        },
    },
    {
        "name": "search_products",
        "description": "Price, stock and warranty of products. Read only.",
        "input_schema": {
            "type": "object",
            "properties": {"query": {"type": "string", "minLength": 1, "maxLength": 200}},
            "required": ["query"],
            "additionalProperties": False,
        },
    },
    {
        "name": "request_refund",
        "description": "Files a refund request for staff; pays nothing.",
        "input_schema": {
            "type": "object",
            "properties": {
                "order_id": ORDER_ID,
                "reason": {"type": "string", "maxLength": 500},
            },
            "required": ["order_id", "reason"],
            "additionalProperties": False,
        },
    },
]
SCHEMAS = {tool["name"]: tool["input_schema"] for tool in TOOLS}
# What a successful call of each tool does, as the action_claim guard reads it (the
# two lookups do nothing; a refund request is filed and passed to a person). A tool
# added above declares its acts here, and the guard needs no change.
TOOL_ACTS: dict[str, tuple[Act, ...]] = {
    "get_order_status": (),
    "search_products": (),
    "request_refund": (Act.REQUEST_REFUND, Act.FORWARD, Act.TICKET),
}
STATUS_ES = {
    "pending": "pendiente",
    "shipped": "enviado",
    "delivered": "entregado",
    "cancelled": "cancelado",
}
MONTHS_ES = (
    "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
).split()


# When the shop's platform cannot be read: the reply says so and a person takes over.
UNAVAILABLE = {
    "en": "The desk cannot check orders or products right now, so a colleague will take over.",
    "es": "En este momento no podemos consultar pedidos ni productos; te paso con un asesor.",
}


@dataclass(frozen=True)
class ToolResult:
    content: str | dict[str, Any]
    is_error: bool = False
    order: Order | None = None
    # Non-empty when the shop's platform is down: why (for the handoff note).
    unavailable: str = ""


def validate(value: Any, schema: dict[str, Any], where: str = "input") -> str | None:
    """The first problem with ``value`` against the subset of JSON Schema used above."""
    kind = schema.get("type")
    if kind == "object":
        if not isinstance(value, dict):
            return f"{where}: expected an object"
        for name in schema.get("required", []):
            if name not in value:
                return f"missing {name}"
        properties = schema.get("properties", {})
        if schema.get("additionalProperties") is False:
            extra = sorted(set(value) - set(properties))
            if extra:
                return f"unexpected argument {extra[0]}"
        for name, sub in properties.items():
            if name in value and (problem := validate(value[name], sub, name)):
                return problem
        return None
    if kind == "string":
        if not isinstance(value, str):
            return f"{where}: expected a string"
        if len(value) < schema.get("minLength", 0):
            return f"{where}: too short"
        if len(value) > schema.get("maxLength", 10**9):
            return f"{where}: too long"
        if "pattern" in schema:
            # ASCII: JSON Schema's \d is [0-9]; Python's would take "１０４２" or "١٠٤٢".
            if not re.fullmatch(schema["pattern"], value, flags=re.ASCII):
                return f"{where}: malformed"
    return None


def run_tool(
    *,
    name: str,
    tool_input: Any,
    conversation: Conversation,
    turn: Turn | None,
    running: Sequence[dict[str, Any]] = (),
) -> ToolResult:
    """``running``: the calls the turn now running has made (a visitor's lookup limit
    counts them with the finished turns' stored calls)."""
    if not isinstance(name, str) or name not in SCHEMAS:
        return ToolResult(f"no tool {name}", is_error=True)
    problem = validate(tool_input, SCHEMAS[name])
    if problem:
        return ToolResult(problem, is_error=True)
    if name == "get_order_status":
        return _order_status(conversation, tool_input["order_id"], running)
    if name == "search_products":
        return _search_products(conversation, tool_input["query"])
    return _request_refund(conversation, turn, tool_input["order_id"], tool_input["reason"])


def describe_order(order: Order | LiveOrder, language: str, *, now: datetime | None = None) -> str:
    """One line: number, status, delivery date and — when known — when the status was
    last updated, called out as possibly out of date past SUPPORT_ORDER_STALE_AFTER_HOURS."""
    if language == "es":
        status = STATUS_ES.get(order.status, order.status)
        when = f"{order.eta.day} de {MONTHS_ES[order.eta.month - 1]}" if order.eta else "sin fecha"
        line = f"{order.number} — {status}, entrega {when}"
    else:
        when = f"{order.eta.day} {order.eta:%B}" if order.eta else "not scheduled"
        line = f"{order.number} — {order.status}, delivery {when}"
    return line + _freshness(order.status_updated_at, language, now or timezone.now())


def _freshness(updated: datetime | None, language: str, now: datetime) -> str:
    if updated is None:  # rows from before the time was kept: nothing to say
        return ""
    updated = updated.astimezone(UTC)
    stale = now - updated > timedelta(hours=float(conf.get("SUPPORT_ORDER_STALE_AFTER_HOURS")))
    if language == "es":
        month = MONTHS_ES[updated.month - 1]
        stamp = f"{updated.day} de {month} de {updated.year}, {updated:%H:%M} UTC"
        note = " — puede no estar al día" if stale else ""
        return f" (estado actualizado el {stamp}{note})"
    stamp = f"{updated.day} {updated:%B %Y}, {updated:%H:%M} UTC"
    return f" (status last updated {stamp}{' — possibly out of date' if stale else ''})"


def _order_status(
    conversation: Conversation, number: str, running: Sequence[dict[str, Any]]
) -> ToolResult:
    # A visitor who wrote no e-mail yet is asked for it, whatever the number (nothing
    # said about whether it exists); past the limit, nothing more is looked up.
    stopped = visitor_gate(conversation=conversation, number=number, running=running)
    if stopped is not None:
        return ToolResult({"status": str(stopped), "order_id": number})
    slug = selectors.shop_slug(conversation)
    if (connector := connector_for(slug)) is not None:
        return _live_order_status(conversation, connector, slug, number)
    order = selectors.order_for_conversation(conversation=conversation, number=number)
    if order is None:
        return ToolResult(f"no order {number}", is_error=True)
    return ToolResult(describe_order(order, conversation.language), order=order)


def _live_order_status(
    conversation: Conversation, connector: Connector, slug: str, number: str
) -> ToolResult:
    """The platform's order, only when its e-mail is this conversation's customer's."""
    try:
        live = cached_order(connector, slug=slug, number=number)
    except PlatformDown as error:
        return _unavailable(conversation, error)
    if live is None or live.customer_email not in selectors.emails_of_conversation(conversation):
        return ToolResult(f"no order {number}", is_error=True)
    return ToolResult(describe_order(live, conversation.language))


def _unavailable(conversation: Conversation, error: PlatformDown) -> ToolResult:
    text = UNAVAILABLE.get(conversation.language, UNAVAILABLE["en"])
    return ToolResult(text, is_error=True, unavailable=f"shop platform unavailable: {error}")


def _search_products(conversation: Conversation, query: str) -> ToolResult:
    slug = selectors.shop_slug(conversation)
    if (connector := connector_for(slug)) is not None:
        try:
            products = cached_products(connector, slug=slug, query=query)
        except PlatformDown as error:
            return _unavailable(conversation, error)
    else:
        products = selectors.search_products(
            query, shop=selectors.shop_of_conversation(conversation)
        )
    return ToolResult(
        {
            "products": [
                {
                    "sku": p.sku,
                    "name": p.name,
                    "price": json_number(p.price),
                    "currency": p.currency,
                    "in_stock": p.in_stock,
                    "warranty": p.warranty,
                    # The kind the shop files it under, which the guards read to judge
                    # whether a cited promotion reaches it; left out when there is none.
                    **({"category": p.category} if p.category else {}),
                }
                for p in products
            ]
        }
    )


def _request_refund(
    conversation: Conversation, turn: Turn | None, number: str, reason: str
) -> ToolResult:
    order = selectors.order_for_conversation(conversation=conversation, number=number)
    if order is None:
        return ToolResult(f"no order {number}", is_error=True)
    ensure_pending_refund(order=order, reason=reason, turn=turn)
    if conversation.language == "es":
        text = f"pedido {number}: solicitud de reintegro pendiente, la revisa un asesor"
    else:
        text = f"order {number}: refund request pending, a colleague will review it"
    return ToolResult(text, order=order)
