"""A visitor's order lookup: the e-mail + order-number check, and its per-conversation
limit. Reads only.

A visitor (no shop-signed customer on the conversation) sees an order only when the
order's e-mail is one they wrote in this conversation. Before they wrote any, the
order tool asks for it — whatever the number, so the answer says nothing about
whether the order exists. Each e-mail checked against each order number is one
lookup; past SUPPORT_VISITOR_ORDER_LOOKUPS distinct ones the tool stops answering,
so a conversation cannot be used to try numbers (or addresses) one after another.
The count is read from what is stored: the finished turns' tool calls and the
customer messages written before each, plus the calls of the turn now running."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

from support import conf
from support.customer.selectors import EMAIL
from support.models import Conversation, Message, Turn

ORDER_TOOL = "get_order_status"


class LookupStatus(StrEnum):
    """The order tool's answers that are not an order nor "no order N"."""

    EMAIL_NEEDED = "email_needed"
    LIMIT_REACHED = "limit_reached"


def status_of(output: Any) -> str:
    """The LookupStatus of a recorded tool output ("" for any other output)."""
    return str(output.get("status", "")) if isinstance(output, dict) else ""


def visitor_gate(
    *, conversation: Conversation, number: str, running: Sequence[dict[str, Any]] = ()
) -> LookupStatus | None:
    """Why this visitor's lookup of ``number`` is not made, or None to make it.
    ``running``: the tool calls already made by the turn now running (Trace.tool_calls).
    A signed-in customer is never stopped here."""
    if conversation.customer_id is not None:
        return None
    written = list(
        conversation.messages.filter(role=Message.Role.CUSTOMER)
        .order_by("id")
        .values_list("id", "text")
    )
    emails_now = _emails(text for _, text in written)
    if not emails_now:
        return LookupStatus.EMAIL_NEEDED
    checked = checked_pairs(conversation=conversation, written=written, running=running)
    new = {(email, number) for email in emails_now} - checked
    if new and len(checked) + len(new) > int(conf.get("SUPPORT_VISITOR_ORDER_LOOKUPS")):
        return LookupStatus.LIMIT_REACHED
    return None


def checked_pairs(
    *,
    conversation: Conversation,
    written: Sequence[tuple[int, str]],
    running: Sequence[dict[str, Any]] = (),
) -> set[tuple[str, str]]:
    """The (e-mail, order number) pairs this conversation's lookups have checked: each
    order tool call that reached the orders, with the e-mails written up to its turn."""
    pairs: set[tuple[str, str]] = set()
    finished = Turn.objects.filter(conversation=conversation, status=Turn.Status.DONE)
    for message_id, calls in finished.values_list("message_id", "tool_calls"):
        emails = _emails(text for pk, text in written if pk <= message_id)
        pairs |= {(e, n) for n in _numbers_looked_up(calls) for e in emails}
    emails_now = _emails(text for _, text in written)
    pairs |= {(e, n) for n in _numbers_looked_up(running) for e in emails_now}
    return pairs


def _numbers_looked_up(calls: Iterable[Any]) -> set[str]:
    numbers: set[str] = set()
    for call in calls or ():
        if not isinstance(call, dict) or call.get("tool") != ORDER_TOOL:
            continue
        if status_of(call.get("output")):  # asked for the e-mail, or stopped: nothing read
            continue
        number = (call.get("input") or {}).get("order_id")
        if isinstance(number, str) and number.isdigit():
            numbers.add(number)
    return numbers


def _emails(texts: Iterable[str]) -> set[str]:
    return {e.lower() for text in texts for e in EMAIL.findall(text)}
