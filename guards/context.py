"""The turn a guard looks at, and how it is read from the check format (one JSON object)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from guards.lexicon import resolve_language
from guards.memo import per_turn
from guards.text import unquoted

ROLES = ("customer", "assistant")


@dataclass(frozen=True)
class RetrievedChunk:
    source: str
    text: str


@dataclass(frozen=True)
class ToolCall:
    tool: str
    input: Mapping[str, Any]
    output: str | Mapping[str, Any]
    # The call failed (an unknown order, a bad argument): it performed nothing.
    error: bool = False
    # Acts this call performed, when the caller knows them; otherwise the tool's
    # declaration in guards.acts is read.
    acts: tuple[str, ...] = ()


@dataclass(frozen=True)
class HistoryMessage:
    role: str
    text: str


@dataclass(frozen=True)
class GuardContext:
    """Everything the guards may compare the draft against, for one turn."""

    locale: str
    question: str
    draft: str
    retrieved: tuple[RetrievedChunk, ...] = ()
    tool_outputs: tuple[ToolCall, ...] = ()
    history: tuple[HistoryMessage, ...] = ()
    # Hosts the draft may link to: the shop's own sites (foreign_link guard).
    link_hosts: tuple[str, ...] = ()
    # The turn ends by passing the conversation to a colleague.
    handoff: bool = False

    @property
    def language(self) -> str:
        return resolve_language(self.locale)

    @per_turn
    def own_words(self) -> GuardContext:
        """The turn with the draft's quoted speech set aside: "I know you were told 'we'll
        sort it', but I can't promise…" reports what someone else said, and the promise
        guards read what the desk says in its own words."""
        draft = unquoted(self.draft)
        return self if draft == self.draft else replace(self, draft=draft)

    @per_turn
    def customer_texts(self) -> tuple[str, ...]:
        """What the customer wrote this turn and earlier: the question, then their own
        messages of the history."""
        return (self.question, *(m.text for m in self.history if m.role == "customer"))

    @per_turn
    def assistant_texts(self) -> tuple[str, ...]:
        """The desk's own earlier replies in the history."""
        return tuple(m.text for m in self.history if m.role == "assistant")

    @per_turn
    def outputs_text(self) -> str:
        """Every tool output of the turn as one lower-case text (what a tool reported)."""
        return " ".join(
            o if isinstance(o, str) else json.dumps(o, ensure_ascii=False)
            for o in (call.output for call in self.tool_outputs)
        ).lower()

    @classmethod
    def from_json(cls, obj: Any) -> GuardContext:
        """Build a context from a decoded check-format object; unknown keys are ignored.

        Raises ValueError naming the offending field when the shape is wrong.
        """
        if not isinstance(obj, Mapping):
            raise ValueError("a turn must be a JSON object")
        locale = _text(obj, "locale", default="es")
        try:
            resolve_language(locale)
        except ValueError as exc:
            raise ValueError(f"locale: {exc}") from None
        return cls(
            locale=locale,
            question=_text(obj, "question", default=""),
            draft=_text(obj, "draft"),
            retrieved=tuple(_chunk(item, i) for i, item in enumerate(_list(obj, "retrieved"))),
            tool_outputs=tuple(_tool(item, i) for i, item in enumerate(_list(obj, "tool_outputs"))),
            history=tuple(_message(item, i) for i, item in enumerate(_list(obj, "history"))),
            link_hosts=tuple(_host(item, i) for i, item in enumerate(_list(obj, "link_hosts"))),
            handoff=_flag(obj, "handoff"),
        )

    def to_json(self) -> dict[str, Any]:
        """The check-format object for this context (no id, no expectation)."""
        out: dict[str, Any] = {
            "locale": self.locale,
            "question": self.question,
            "draft": self.draft,
            "retrieved": [{"source": c.source, "text": c.text} for c in self.retrieved],
            "tool_outputs": [_tool_json(t) for t in self.tool_outputs],
            "history": [{"role": m.role, "text": m.text} for m in self.history],
        }
        if self.link_hosts:
            out["link_hosts"] = list(self.link_hosts)
        if self.handoff:
            out["handoff"] = True
        return out


def _tool_json(call: ToolCall) -> dict[str, Any]:
    out: dict[str, Any] = {"tool": call.tool, "input": dict(call.input)}
    out["output"] = _plain(call.output)
    if call.error:
        out["error"] = True
    if call.acts:
        out["acts"] = list(call.acts)
    return out


def _flag(obj: Mapping[str, Any], field: str, where: str = "") -> bool:
    value = obj.get(field, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise ValueError(f"{where}{field}: expected true or false, got {type(value).__name__}")
    return value


def _plain(output: str | Mapping[str, Any]) -> str | dict[str, Any]:
    return output if isinstance(output, str) else dict(output)


_MISSING = object()


def _text(obj: Mapping[str, Any], field: str, *, default: Any = _MISSING, where: str = "") -> str:
    name = f"{where}{field}"
    value = obj.get(field, default)
    if value is _MISSING:
        raise ValueError(f"{name}: missing")
    if value is None and default is not _MISSING:
        return default
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected a string, got {type(value).__name__}")
    return value


def _list(obj: Mapping[str, Any], field: str) -> list[Any]:
    value = obj.get(field)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError(f"{field}: expected a list, got {type(value).__name__}")
    return value


def _object(item: Any, name: str) -> Mapping[str, Any]:
    if not isinstance(item, Mapping):
        raise ValueError(f"{name}: expected an object, got {type(item).__name__}")
    return item


def _chunk(item: Any, index: int) -> RetrievedChunk:
    where = f"retrieved[{index}]"
    item = _object(item, where)
    return RetrievedChunk(
        source=_text(item, "source", default="", where=f"{where}."),
        text=_text(item, "text", where=f"{where}."),
    )


def _tool(item: Any, index: int) -> ToolCall:
    where = f"tool_outputs[{index}]"
    item = _object(item, where)
    tool_input = item.get("input") or {}
    if not isinstance(tool_input, Mapping):
        raise ValueError(f"{where}.input: expected an object")
    output = item.get("output", "")
    if output is None:
        output = ""
    if not isinstance(output, str | Mapping):
        raise ValueError(f"{where}.output: expected a string or an object")
    acts = _list(item, "acts")
    if not all(isinstance(act, str) for act in acts):
        raise ValueError(f"{where}.acts: expected a list of strings")
    return ToolCall(
        tool=_text(item, "tool", where=f"{where}."),
        input=tool_input,
        output=output,
        error=_flag(item, "error", where=f"{where}."),
        acts=tuple(acts),
    )


def _host(item: Any, index: int) -> str:
    if not isinstance(item, str):
        raise ValueError(f"link_hosts[{index}]: expected a string, got {type(item).__name__}")
    return item


def _message(item: Any, index: int) -> HistoryMessage:
    where = f"history[{index}]"
    item = _object(item, where)
    role = _text(item, "role", where=f"{where}.")
    if role not in ROLES:
        raise ValueError(f"{where}.role: expected one of {ROLES}, got {role!r}")
    return HistoryMessage(role=role, text=_text(item, "text", where=f"{where}."))
