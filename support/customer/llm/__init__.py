"""The model client seam: one interface in the shape of the Messages API, one module
per provider. ``create(system, messages, tools)`` returns a ModelReply whose content is
a list of blocks (``{"type": "text", "text"}`` or ``{"type": "tool_use", "id", "name",
"input"}``), a stop_reason and usage ``{"input_tokens", "output_tokens"}``."""

from __future__ import annotations

import importlib
import os
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from support import conf

Block = dict[str, Any]
ChatMessage = dict[str, Any]
ToolSpec = dict[str, Any]


class ModelError(Exception):
    """The provider failed or timed out; the task retries, then hands off."""


@dataclass(frozen=True)
class ModelReply:
    content: list[Block]
    stop_reason: str
    usage: dict[str, int] = field(default_factory=lambda: {"input_tokens": 0, "output_tokens": 0})

    @property
    def text(self) -> str:
        return "".join(b["text"] for b in self.content if b.get("type") == "text")

    @property
    def tool_uses(self) -> list[Block]:
        return [b for b in self.content if b.get("type") == "tool_use"]


class ModelClient(Protocol):
    name: str

    def create(
        self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]
    ) -> ModelReply: ...


def provider_api_key() -> str:
    """The hosted provider's key, read from the environment variable named by
    SUPPORT_MODEL_API_KEY_ENV (never from settings or code); a missing key is a
    ModelError before anything is sent."""
    variable = str(conf.get("SUPPORT_MODEL_API_KEY_ENV"))
    key = os.environ.get(variable, "")
    if not key:
        raise ModelError(f"the environment variable {variable} (the model's API key) is not set")
    return key


BACKENDS = {
    "naive": "support.customer.llm.naive.NaiveClient",
    "extractive": "support.customer.llm.extractive.ExtractiveClient",
    "anthropic": "support.customer.llm.anthropic.AnthropicClient",
    "openai": "support.customer.llm.openai.OpenAIClient",
}


class _Delayed:
    """Wraps a client with a sleep before every call (fault drills, the kill test)."""

    def __init__(self, inner: ModelClient, delay: float) -> None:
        self.inner = inner
        self.delay = delay
        self.name = inner.name

    def create(self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]) -> ModelReply:
        time.sleep(self.delay)
        return self.inner.create(system, messages, tools)


def get_client(name: str | None = None) -> ModelClient:
    name = name or conf.get("SUPPORT_MODEL_BACKEND")
    try:
        path = BACKENDS[name]
    except KeyError:
        raise ValueError(f"unknown model backend {name!r}; one of {sorted(BACKENDS)}") from None
    module_name, class_name = path.rsplit(".", 1)
    client: ModelClient = getattr(importlib.import_module(module_name), class_name)()
    delay = float(conf.get("SUPPORT_MODEL_STEP_DELAY") or 0)
    return _Delayed(client, delay) if delay > 0 else client
