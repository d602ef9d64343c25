"""Anthropic's Messages API through the official SDK.

Our interface already has the Messages API's shape, so the request is our own
messages with only the fields the API knows, and the reply's text and tool_use
blocks come back as plain dicts. The key is read from the environment variable
named by SUPPORT_MODEL_API_KEY_ENV at call time; the SDK does not retry (the Celery
task does, with backoff), and every failure of the provider becomes a ModelError."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import anthropic

from support import conf
from support.customer.llm import (
    Block,
    ChatMessage,
    ModelError,
    ModelReply,
    ToolSpec,
    provider_api_key,
)

KNOWN_STOP_REASONS = {"end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal"}


class AnthropicClient:
    name = "anthropic"

    def create(self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]) -> ModelReply:
        model = str(conf.get("SUPPORT_MODEL_NAME") or "")
        if not model:
            raise ModelError("SUPPORT_MODEL_NAME is not set for the anthropic backend")
        request: dict[str, Any] = {
            "model": model,
            "max_tokens": int(conf.get("SUPPORT_MODEL_MAX_TOKENS")),
            "system": system,
            "messages": to_anthropic_messages(messages),
        }
        if tools:
            request["tools"] = [to_anthropic_tool(t) for t in tools]
        try:
            reply = sdk_client(
                api_key=provider_api_key(),
                base_url=str(conf.get("SUPPORT_MODEL_BASE_URL") or "") or None,
                timeout=float(conf.get("SUPPORT_MODEL_TIMEOUT")),
            ).messages.create(**request)
        except anthropic.AnthropicError as exc:
            raise ModelError(f"anthropic: {type(exc).__name__}: {exc}") from exc
        return from_anthropic_reply(reply)


@lru_cache(maxsize=4)
def sdk_client(*, api_key: str, base_url: str | None, timeout: float) -> anthropic.Anthropic:
    """One SDK client per configuration, so its connection pool is reused across turns."""
    return anthropic.Anthropic(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0)


def to_anthropic_tool(tool: ToolSpec) -> dict[str, Any]:
    return {
        "name": tool["name"],
        "description": tool.get("description", ""),
        "input_schema": tool["input_schema"],
    }


def to_anthropic_messages(messages: list[ChatMessage]) -> list[dict[str, Any]]:
    return [
        {"role": m["role"], "content": [b for b in map(_block_out, m["content"]) if b]}
        for m in messages
    ]


def _block_out(block: Block) -> dict[str, Any] | None:
    kind = block.get("type")
    if kind == "text":
        # The API refuses empty text blocks; there is nothing in one to send.
        return {"type": "text", "text": block["text"]} if block.get("text") else None
    if kind == "tool_use":
        tool_input = block.get("input")
        return {
            "type": "tool_use",
            "id": block["id"],
            "name": block["name"],
            "input": tool_input if isinstance(tool_input, dict) else {},
        }
    if kind == "tool_result":
        out: dict[str, Any] = {
            "type": "tool_result",
            "tool_use_id": block["tool_use_id"],
            "content": str(block.get("content", "")),
        }
        if block.get("is_error"):
            out["is_error"] = True
        return out
    return None


def from_anthropic_reply(reply: Any) -> ModelReply:
    """Text and tool_use blocks as dicts; anything else the API may add is dropped."""
    try:
        content: list[Block] = []
        for block in reply.content or []:
            if block.type == "text":
                content.append({"type": "text", "text": block.text})
            elif block.type == "tool_use":
                content.append(
                    {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
                )
        stop_reason = reply.stop_reason if reply.stop_reason in KNOWN_STOP_REASONS else "end_turn"
        usage = {
            "input_tokens": int(getattr(reply.usage, "input_tokens", 0) or 0),
            "output_tokens": int(getattr(reply.usage, "output_tokens", 0) or 0),
        }
    except (AttributeError, TypeError, ValueError) as exc:
        raise ModelError(f"anthropic: malformed reply: {exc}") from exc
    return ModelReply(content, stop_reason, usage)
