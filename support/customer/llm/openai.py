"""Any OpenAI-compatible chat completions server (OpenAI, vLLM, Ollama, llama.cpp)
through the official SDK.

Our Messages-API shape is translated both ways: the system prompt becomes the first
message, tools become functions, tool_use blocks become the assistant's tool_calls
(arguments as JSON text) and tool_result blocks become "tool" messages; the reply's
tool_calls come back as tool_use blocks. Arguments that are not a JSON object are
handed on as they came, so the tool validator rejects them as an error result the
model reads, never an exception. SUPPORT_MODEL_BASE_URL is the server's base URL
including /v1; the key comes from the variable named by SUPPORT_MODEL_API_KEY_ENV
(local servers that ignore it still need some value, e.g. LLM_API_KEY=local)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import openai

from support import conf
from support.customer.llm import (
    Block,
    ChatMessage,
    ModelError,
    ModelReply,
    ToolSpec,
    provider_api_key,
)
from support.customer.llm.tokens import count_tokens

FINISH_REASONS = {
    "stop": "end_turn",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "length": "max_tokens",
    "content_filter": "refusal",
}


class OpenAIClient:
    name = "openai"

    def create(self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]) -> ModelReply:
        model = str(conf.get("SUPPORT_MODEL_NAME") or "")
        if not model:
            raise ModelError("SUPPORT_MODEL_NAME is not set for the openai backend")
        request: dict[str, Any] = {
            "model": model,
            "max_tokens": int(conf.get("SUPPORT_MODEL_MAX_TOKENS")),
            "messages": to_openai_messages(system, messages),
        }
        if tools:
            request["tools"] = [to_openai_tool(t) for t in tools]
        try:
            reply = sdk_client(
                api_key=provider_api_key(),
                base_url=str(conf.get("SUPPORT_MODEL_BASE_URL") or "") or None,
                timeout=float(conf.get("SUPPORT_MODEL_TIMEOUT")),
            ).chat.completions.create(**request)
        except openai.OpenAIError as exc:
            raise ModelError(f"openai: {type(exc).__name__}: {exc}") from exc
        return from_openai_reply(reply, system=system, messages=messages, tools=tools)


@lru_cache(maxsize=4)
def sdk_client(*, api_key: str, base_url: str | None, timeout: float) -> openai.OpenAI:
    """One SDK client per configuration, so its connection pool is reused across turns."""
    return openai.OpenAI(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0)


def to_openai_tool(tool: ToolSpec) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": tool["name"],
            "description": tool.get("description", ""),
            "parameters": tool["input_schema"],
        },
    }


def to_openai_messages(system: str, messages: list[ChatMessage]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "system", "content": system}]
    for message in messages:
        blocks = message["content"]
        texts = "\n\n".join(b["text"] for b in blocks if b.get("type") == "text" and b["text"])
        if message["role"] == "assistant":
            calls = [_tool_call(b) for b in blocks if b.get("type") == "tool_use"]
            said: dict[str, Any] = {"role": "assistant", "content": texts or None}
            if calls:
                said["tool_calls"] = calls
            out.append(said)
            continue
        # Tool results must directly follow the assistant's tool_calls, so they go
        # first; any text in the same user turn follows as a user message.
        for block in blocks:
            if block.get("type") == "tool_result":
                content = str(block.get("content", ""))
                out.append(
                    {
                        "role": "tool",
                        "tool_call_id": block["tool_use_id"],
                        "content": f"error: {content}" if block.get("is_error") else content,
                    }
                )
        if texts:
            out.append({"role": "user", "content": texts})
    return out


def _tool_call(block: Block) -> dict[str, Any]:
    tool_input = block.get("input")
    # Arguments that never parsed are sent back exactly as the model wrote them.
    arguments = (
        tool_input if isinstance(tool_input, str) else json.dumps(tool_input, ensure_ascii=False)
    )
    return {
        "id": block["id"],
        "type": "function",
        "function": {"name": block["name"], "arguments": arguments},
    }


def parse_arguments(arguments: Any) -> Any:
    """The arguments as a dict when they are a JSON object; otherwise the raw text,
    which the tool's schema check turns into an error result."""
    if not isinstance(arguments, str):
        return arguments
    try:
        return json.loads(arguments)
    except ValueError:
        return arguments


def from_openai_reply(
    reply: Any, *, system: str, messages: list[ChatMessage], tools: list[ToolSpec]
) -> ModelReply:
    try:
        choice = reply.choices[0]
        said = choice.message
        content: list[Block] = []
        if said.content:
            content.append({"type": "text", "text": said.content})
        for call in said.tool_calls or []:
            content.append(
                {
                    "type": "tool_use",
                    "id": call.id,
                    "name": call.function.name,
                    "input": parse_arguments(call.function.arguments),
                }
            )
        stop_reason = FINISH_REASONS.get(choice.finish_reason or "stop", "end_turn")
        usage = _usage(reply.usage, system=system, messages=messages, tools=tools, out=content)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as exc:
        raise ModelError(f"openai: malformed reply: {exc}") from exc
    # Some servers say "stop" while asking for tools; the calls are what count.
    if any(b["type"] == "tool_use" for b in content):
        stop_reason = "tool_use"
    return ModelReply(content, stop_reason, usage)


def _usage(
    usage: Any,
    *,
    system: str,
    messages: list[ChatMessage],
    tools: list[ToolSpec],
    out: list[Block],
) -> dict[str, int]:
    if usage is not None and usage.prompt_tokens is not None:
        return {
            "input_tokens": int(usage.prompt_tokens),
            "output_tokens": int(usage.completion_tokens or 0),
        }
    # A server that reports no usage gets the offline estimate (words x 1.3), so a
    # turn's cost is never silently zero.
    sent = [system, *(f"{t['name']} {t.get('description', '')}" for t in tools)]
    sent += [_plain(b) for m in messages for b in m["content"]]
    return {
        "input_tokens": count_tokens(" ".join(sent)),
        "output_tokens": count_tokens(" ".join(_plain(b) for b in out)),
    }


def _plain(block: Block) -> str:
    if block.get("type") == "text":
        return str(block.get("text", ""))
    if block.get("type") == "tool_use":
        return f"{block.get('name', '')} {json.dumps(block.get('input'), default=str)}"
    return str(block.get("content", ""))
