"""Offline token usage, as in the seed lesson: words × 1.3, rounded up."""

from __future__ import annotations

import json
from typing import Any


def count_tokens(text: str) -> int:
    words = len(text.split())
    return (words * 13 + 9) // 10


def block_text(block: dict[str, Any]) -> str:
    kind = block.get("type")
    if kind == "text":
        return block.get("text", "")
    if kind == "tool_use":
        tool_input = block.get("input") or {}
        # a model may send a malformed input (a string, a list): count it, never crash
        items = tool_input.values() if isinstance(tool_input, dict) else [tool_input]
        values = " ".join(str(v) for v in items)
        return f"{block.get('name', '')} {values}"
    content = block.get("content", "")
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


def usage_for(
    system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]], out: dict[str, Any]
) -> dict[str, int]:
    """What a call would cost: everything sent in, the one block that comes out."""
    sent = count_tokens(system)
    sent += sum(count_tokens(f"{t['name']} {t['description']}") for t in tools)
    sent += sum(count_tokens(block_text(b)) for m in messages for b in m["content"])
    return {"input_tokens": sent, "output_tokens": count_tokens(block_text(out))}
