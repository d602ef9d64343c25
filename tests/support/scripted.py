"""A model that says exactly what a test scripts: for tool errors and provider failures."""

from __future__ import annotations

from collections.abc import Iterator

from support.customer.llm import ModelReply


class ScriptedClient:
    """Returns the replies it was given, in order; raises ModelError for an exception."""

    name = "scripted"

    def __init__(self, replies: list[ModelReply | Exception]) -> None:
        self.replies: Iterator[ModelReply | Exception] = iter(replies)
        self.seen: list[list[dict]] = []

    def create(self, system, messages, tools) -> ModelReply:
        self.seen.append([dict(m) for m in messages])
        reply = next(self.replies)
        if isinstance(reply, Exception):
            raise reply
        return reply


def tool_use(name: str, tool_input: object, call_id: str = "call_1") -> ModelReply:
    block = {"type": "tool_use", "id": call_id, "name": name, "input": tool_input}
    return ModelReply([block], "tool_use", {"input_tokens": 10, "output_tokens": 2})


def text(value: str) -> ModelReply:
    return ModelReply(
        [{"type": "text", "text": value}], "end_turn", {"input_tokens": 10, "output_tokens": 5}
    )
