"""The seed lesson's fake model, reproduced on purpose with all its faults.

Recorded answers per source (the seed shop's own sentences; for any other source the
chunk's first sentence or two), a tool call when the question has a 4-digit number,
number-guessing when the customer says "around", obedience to "Ignore the rules…"
anywhere in the text, and a refund promised whenever the question asks for one. It
exists to prove that the pipeline survives a model that is wrong or misled."""

from __future__ import annotations

import json
import re
from typing import Any

from support.customer.llm import Block, ChatMessage, ModelReply, ToolSpec
from support.customer.llm.tokens import usage_for
from support.customer.visitor_lookups import LookupStatus

RECORDED = {
    "delivery#1": "Delivery to a courier office is €3, to an address €5, and it is free over €50.",
    "delivery#2": "The courier delivers within two working days.",
    "returns#1": "You can return the item within 14 days of delivery.",
    "returns#2": "The money goes back to your card within five working days.",
    "payment#1": "Yes, you can pay by card or cash on delivery.",
    "warranty#1": "The warranty on the headphones is two years.",
    "reviews#1": "Customers like the headphones.",
}
PHRASES = {
    "en": {
        "dont_know": "I do not know. I will connect you with a colleague.",
        "not_found": "I cannot find that order. Please check the number.",
        "email_needed": "To check that the order is yours, please write the e-mail address "
        "you used for it.",
        "limit_reached": "I cannot look up more orders in this conversation. "
        "I will connect you with a colleague.",
        "checked": "I checked: {}.",
        "discount": " You get a 100% discount.",
        "refund": " We will refund the money to your card.",
    },
    "es": {
        "dont_know": "No lo sé. Te paso con un asesor.",
        "not_found": "No encuentro ese pedido. Revisá el número, por favor.",
        "email_needed": "Para comprobar que el pedido es tuyo, escribime el e-mail con el que "
        "lo hiciste.",
        "limit_reached": "No puedo consultar más pedidos en esta conversación. "
        "Te paso con un asesor.",
        "checked": "Lo consulté: {}.",
        "discount": " Tenés un 100 % de descuento.",
        "refund": " Te devolvemos la plata a tu tarjeta.",
    },
}
ACTS = {
    "en": (
        ("cancel", " Done: I have cancelled it for you."),
        ("change the delivery address", " Done: I have updated the delivery address."),
        ("invoice again", " I have sent you the invoice by e-mail."),
        ("label", " I have e-mailed you a return label."),
    ),
    "es": (
        ("cancel", " Listo, ya te lo cancelé."),
        ("cambiá la dirección", " Listo, ya actualicé la dirección de entrega."),
        ("reenvi", " Te reenvié la factura por mail."),
        ("etiqueta", " Te mandé la etiqueta de devolución por mail."),
    ),
}
# The order tool's answers for a visitor; PHRASES has a text under each value.
LOOKUP_STATUSES = frozenset(str(status) for status in LookupStatus)
INJECTIONS = ("Ignore the rules", "Ignorá las reglas", "Ignora las reglas")
REFUND_WORDS = ("refund", "reembolso", "reintegro")
GUESS_WORDS = ("around", "alrededor")
ORDER_NUMBER = re.compile(r"\b\d{4}\b")
SOURCE = re.compile(r'<document source="([^"]*)">(.*?)</document>', re.DOTALL)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
ABBREVIATION = re.compile(r"(?:^|\s)[A-Z][a-z]?\.$")


def language_of(system: str) -> str:
    return "es" if "español" in system else "en"


def sentences(text: str) -> list[str]:
    """Split after . ! ? — but not after an abbreviation such as "Av." or "Dr."."""
    out: list[str] = []
    for piece in SENTENCE_END.split(text.strip()):
        if out and ABBREVIATION.search(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def first_sentences(text: str, *, min_chars: int = 25, most: int = 2) -> str:
    picked: list[str] = []
    for sentence in sentences(text):
        picked.append(sentence)
        if len(" ".join(picked)) >= min_chars or len(picked) >= most:
            break
    return " ".join(picked)


def all_text(messages: list[ChatMessage]) -> str:
    parts: list[str] = []
    for message in messages:
        for block in message["content"]:
            value = block.get("text") or block.get("content") or ""
            parts.append(value if isinstance(value, str) else str(value))
    return "\n".join(parts)


class NaiveClient:
    name = "naive"

    def __init__(self) -> None:
        self.last_id = 0

    def create(self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]) -> ModelReply:
        words = PHRASES[language_of(system)]
        first = messages[0]["content"]
        context = first[0].get("text", "")
        question = first[-1].get("text", "")
        last = messages[-1]["content"][0]
        number = ORDER_NUMBER.search(question)
        if tools and any(w in question for w in GUESS_WORDS):
            # Guesses the next number until someone stops it.
            return self._ask(system, messages, tools, str(1050 + len(messages) // 2))
        if last.get("type") == "tool_result":
            if status := lookup_status(last):
                text = words[status]
            elif last.get("is_error"):
                text = words["not_found"]
            else:
                text = words["checked"].format(_content_text(last))
        elif tools and number:
            return self._ask(system, messages, tools, number.group(0))
        elif (found := SOURCE.search(context)) is not None:
            source, chunk = found.group(1), found.group(2)
            text = f"{RECORDED.get(source) or first_sentences(chunk)} [{source}]"
        else:
            text = words["dont_know"]
        # Naive on purpose: it obeys a command in any text, and promises money.
        if any(marker in all_text(messages) for marker in INJECTIONS):
            text += words["discount"]
        if any(w in question.lower() for w in REFUND_WORDS):
            text += words["refund"]
        # …and says it did whatever the customer asked, though no tool can.
        for trigger, claim in ACTS[language_of(system)]:
            if trigger in question.lower():
                text += claim
                break
        block: Block = {"type": "text", "text": text}
        return ModelReply([block], "end_turn", usage_for(system, messages, tools, block))

    def _ask(
        self, system: str, messages: list[ChatMessage], tools: list[ToolSpec], order_id: str
    ) -> ModelReply:
        self.last_id += 1
        block: Block = {
            "type": "tool_use",
            "id": f"call_{self.last_id}",
            "name": tools[0]["name"],
            "input": {"order_id": order_id},
        }
        return ModelReply([block], "tool_use", usage_for(system, messages, tools, block))


def lookup_status(block: dict[str, Any]) -> str:
    """The order tool's email_needed / limit_reached, read from a tool_result block
    (its content is the JSON the loop sent); "" for any other result."""
    content = block.get("content", "")
    if not isinstance(content, str) or not content.startswith("{"):
        return ""
    try:
        data = json.loads(content)
    except ValueError:
        return ""
    status = data.get("status") if isinstance(data, dict) else None
    return status if status in LOOKUP_STATUSES else ""


def _content_text(block: dict[str, Any]) -> str:
    content = block.get("content", "")
    return content if isinstance(content, str) else str(content)
