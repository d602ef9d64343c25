"""The offline, deterministic default for the demo: it answers with the top chunk's
own text and its citation, calls the tools by the naive model's rules (an order
number, a product code, a refund request), and says it does not know when nothing
was retrieved. It never guesses, never obeys the documents and never promises money."""

from __future__ import annotations

import json
import re
from typing import Any

from support.customer.llm import Block, ChatMessage, ModelReply, ToolSpec
from support.customer.llm.naive import (
    ORDER_NUMBER,
    PHRASES,
    SOURCE,
    language_of,
    lookup_status,
)
from support.customer.llm.tokens import usage_for
from support.money import format_money

PRODUCT_CODE = re.compile(r"\b[A-Z]{2,5}-[A-Z0-9]{2,6}(?:-[A-Z0-9]{2,6})?\b")
REFUND_WORDS = ("refund", "money back", "reembolso", "reintegro", "devuelvan la plata")
GREETINGS = frozenset(
    "hola buenas buenos dias días tardes noches buen dia día hello hi hey good morning "
    "afternoon evening holi que tal qué tal".split()
)
GREETING = {"en": "Hello! How can I help you?", "es": "¡Hola! ¿En qué te puedo ayudar?"}
STOCK = {"en": ("in stock", "out of stock"), "es": ("en stock", "sin stock")}


class ExtractiveClient:
    name = "extractive"

    def __init__(self) -> None:
        self.last_id = 0

    def create(self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]) -> ModelReply:
        language = language_of(system)
        words = PHRASES[language]
        first = messages[0]["content"]
        context = first[0].get("text", "")
        question = first[-1].get("text", "")
        last = messages[-1]["content"][0]
        names = {t["name"] for t in tools}
        number = ORDER_NUMBER.search(question)
        code = PRODUCT_CODE.search(question.upper())
        if last.get("type") == "tool_result":
            if status := lookup_status(last):
                text = words[status]
            elif last.get("is_error"):
                text = words["not_found"]
            else:
                text = _retell(last, language)
        elif number and "request_refund" in names and _asks_refund(question):
            return self._use(
                system,
                messages,
                tools,
                "request_refund",
                {"order_id": number.group(0), "reason": question[:300]},
            )
        elif number and "get_order_status" in names:
            return self._use(
                system, messages, tools, "get_order_status", {"order_id": number.group(0)}
            )
        elif code and "search_products" in names:
            return self._use(system, messages, tools, "search_products", {"query": code.group(0)})
        elif _only_greets(question):
            text = GREETING[language]  # a greeting is not a question to hand off
        elif (found := SOURCE.search(context)) is not None:
            text = f"{found.group(2).strip()} [{found.group(1)}]"
        else:
            text = words["dont_know"]
        block: Block = {"type": "text", "text": text}
        return ModelReply([block], "end_turn", usage_for(system, messages, tools, block))

    def _use(
        self,
        system: str,
        messages: list[ChatMessage],
        tools: list[ToolSpec],
        name: str,
        tool_input: dict[str, Any],
    ) -> ModelReply:
        self.last_id += 1
        block: Block = {
            "type": "tool_use",
            "id": f"call_{self.last_id}",
            "name": name,
            "input": tool_input,
        }
        return ModelReply([block], "tool_use", usage_for(system, messages, tools, block))


def _only_greets(question: str) -> bool:
    tokens = re.findall(r"\w+", question.lower())
    return bool(tokens) and len(tokens) <= 4 and all(t in GREETINGS for t in tokens)


def _asks_refund(question: str) -> bool:
    lowered = question.lower()
    return any(w in lowered for w in REFUND_WORDS)


def _retell(block: dict[str, Any], language: str) -> str:
    content = block.get("content", "")
    try:
        data = json.loads(content) if isinstance(content, str) else content
    except ValueError:
        data = None
    if isinstance(data, dict) and "products" in data:
        return _products(data["products"], language)
    return PHRASES[language]["checked"].format(content)


def _products(products: list[dict[str, Any]], language: str) -> str:
    if not products:
        return PHRASES[language]["dont_know"]
    yes, no = STOCK[language]
    lines = []
    for p in products:
        price = format_money(p["price"], p["currency"])
        lines.append(f"{p['name']} ({p['sku']}): {price}, {yes if p['in_stock'] else no}.")
    return " ".join(lines)
