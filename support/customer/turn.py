"""One turn of the assistant, from a customer message to the one reply it gets.

Retrieve → the chunks as marked data → at most N model steps with validated tools →
the guards on the final draft → one retry inside the same run with the guard's reason
→ a handoff with a note, or, when money was promised, a hold and a pending refund
request. This module computes the outcome and its trace; services.answering stores it.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

from guards.action_claim import unperformed_acts
from guards.acts import Act
from guards.codes import GuardCode
from guards.context import GuardContext, HistoryMessage, RetrievedChunk, ToolCall
from guards.pipeline import run_guards
from guards.verdicts import GuardFailure, PipelineResult
from knowledge.models import Document
from knowledge.search import QueryError, SearchHit, hybrid_search
from support import conf
from support.customer import context, prompting, selectors
from support.customer.llm import ModelClient, ModelReply
from support.customer.llm.tokens import usage_for
from support.customer.tools import TOOLS, UNAVAILABLE, run_tool
from support.models import Conversation, Message, Order, Turn

CITATION = re.compile(r"\[([^\[\]\s]+#\d+)\]")
ORDER_NUMBER = re.compile(r"\b\d{4}\b")
STEP_LIMIT = {"en": "I will connect you with a colleague.", "es": "Te paso con un asesor."}
GAVE_UP = {
    "en": "Putting this answer together got complicated, so a colleague will take over from here.",
    "es": "Se complicó armar la respuesta, así que te paso con un asesor que sigue desde acá.",
}
HOLD = {
    "en": "A colleague will review your question and write to you.",
    "es": "Un asesor va a revisar tu consulta y te escribe.",
}
# The output block the token estimate of a call not yet made is counted with.
_NOTHING = {"type": "text", "text": ""}


@dataclass
class Trace:
    retrieved: list[dict[str, Any]] = field(default_factory=list)
    model_calls: list[dict[str, Any]] = field(default_factory=list)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    drafts: list[dict[str, Any]] = field(default_factory=list)
    # What was searched and why, the earlier turns the model was sent (and their
    # tokens), and the facts carried from earlier messages.
    context: dict[str, Any] = field(default_factory=dict)
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass
class GuardRun:
    attempt: int
    ctx: GuardContext
    result: PipelineResult


@dataclass
class Outcome:
    action: str
    text: str
    sources: list[str] = field(default_factory=list)
    handoff_note: str = ""
    refund_order: Order | None = None
    trace: Trace = field(default_factory=Trace)
    guard_runs: list[GuardRun] = field(default_factory=list)
    duration_ms: int = 0


def _only_claims_a_handoff(ctx: GuardContext, result) -> bool:
    failed = {f.guard for f in result.failures}
    return failed == {GuardCode.ACTION_CLAIM} and unperformed_acts(ctx) == {Act.HANDOFF}


def turn_cost(input_tokens: int, output_tokens: int) -> Decimal:
    price_in = Decimal(str(conf.get("SUPPORT_PRICE_INPUT_PER_MTOK")))
    price_out = Decimal(str(conf.get("SUPPORT_PRICE_OUTPUT_PER_MTOK")))
    return (input_tokens * price_in + output_tokens * price_out) / Decimal(1_000_000)


def shop_link_hosts() -> tuple[str, ...]:
    """The shop's own sites, which a reply may link to: the hosts of the documents'
    source_url (set by staff, never by the text a model reads)."""
    urls = Document.objects.exclude(source_url="").values_list("source_url", flat=True)
    hosts = {urlsplit(url).hostname or "" for url in urls.distinct()}
    return tuple(sorted(h for h in hosts if h))


def retrieve(question: str, *, shop: str = "") -> list[SearchHit]:
    """The chunks for a customer's question, from their shop's documents and the
    shared ones ("" = every document)."""
    try:
        return hybrid_search(question, k=conf.get("SUPPORT_RETRIEVAL_K"), shop=shop or None)
    except QueryError:
        return []


class _Loop:
    """The model steps of one turn (both attempts share the messages and the trace)."""

    def __init__(
        self, *, client: ModelClient, conversation: Conversation, turn: Turn | None, trace: Trace
    ) -> None:
        self.client = client
        self.conversation = conversation
        self.turn = turn
        self.trace = trace
        self.language = conversation.language
        self.system = prompting.system_prompt(
            self.language, visitor=conversation.customer_id is None
        )
        self.tool_outputs: list[ToolCall] = []
        self.orders: list[Order] = []
        self.stopped_by = ""
        self.unavailable = False  # the shop's platform could not be read: a person takes over

    def run(self, messages: list[dict[str, Any]], *, attempt: int) -> str | None:
        """Model steps until a text answer; None when the step or token cap stops it."""
        max_steps = int(conf.get("SUPPORT_MAX_STEPS"))
        cap = int(conf.get("SUPPORT_MAX_INPUT_TOKENS_PER_QUESTION"))
        for step in range(1, max_steps + 1):
            # Stop before a call that would pass the cap, not after it: the cap is a cap.
            expected = usage_for(self.system, messages, TOOLS, _NOTHING)["input_tokens"]
            if self.trace.input_tokens + expected > cap:
                self.stopped_by = f"input token cap ({cap}) would be passed by step {step}"
                return None
            reply = self.client.create(self.system, messages, TOOLS)
            self._count(reply, attempt=attempt, step=step)
            if reply.stop_reason != "tool_use" or not reply.tool_uses:
                return reply.text
            messages.append({"role": "assistant", "content": reply.content})
            results = [self._use(block, attempt=attempt, step=step) for block in reply.tool_uses]
            messages.append({"role": "user", "content": results})
            if self.unavailable:
                return None
            if self.trace.input_tokens > cap:
                self.stopped_by = f"input token cap ({cap}) passed after step {step}"
                return None
        self.stopped_by = f"step limit ({max_steps}) reached"
        return None

    def _count(self, reply: ModelReply, *, attempt: int, step: int) -> None:
        usage_in = int(reply.usage.get("input_tokens", 0))
        usage_out = int(reply.usage.get("output_tokens", 0))
        self.trace.input_tokens += usage_in
        self.trace.output_tokens += usage_out
        self.trace.model_calls.append(
            {
                "attempt": attempt,
                "step": step,
                "stop_reason": reply.stop_reason,
                "input_tokens": usage_in,
                "output_tokens": usage_out,
                "content": reply.content,
            }
        )

    def _use(self, block: dict[str, Any], *, attempt: int, step: int) -> dict[str, Any]:
        name, tool_input = block.get("name", ""), block.get("input")
        if not isinstance(name, str):  # a malformed block names no tool: an error result
            name = repr(name)
        result = run_tool(
            name=name,
            tool_input=tool_input,
            conversation=self.conversation,
            turn=self.turn,
            running=self.trace.tool_calls,
        )
        if result.order is not None:
            self.orders.append(result.order)
        if result.unavailable:
            self.unavailable, self.stopped_by = True, result.unavailable
        safe_input = tool_input if isinstance(tool_input, dict) else {"raw": repr(tool_input)}
        self.tool_outputs.append(
            ToolCall(tool=name, input=safe_input, output=result.content, error=result.is_error)
        )
        self.trace.tool_calls.append(
            {
                "attempt": attempt,
                "step": step,
                "tool": name,
                "input": safe_input,
                "output": result.content,
                "is_error": result.is_error,
            }
        )
        content = result.content
        return {
            "type": "tool_result",
            "tool_use_id": block.get("id", ""),
            "content": content if isinstance(content, str) else json.dumps(content),
            "is_error": result.is_error,
        }


def run_turn(*, message: Message, client: ModelClient, turn: Turn | None = None) -> Outcome:
    started = time.perf_counter()
    conversation = message.conversation
    language = conversation.language
    trace = Trace()
    earlier = selectors.history_before(message=message)
    history = tuple(
        HistoryMessage(
            role="customer" if m.role == Message.Role.CUSTOMER else "assistant", text=m.text
        )
        for m in earlier
    )
    asked_before = [m.text for m in earlier if m.role == Message.Role.CUSTOMER]
    if conf.get("SUPPORT_CONTEXT_RETRIEVAL"):
        hits, plan = context.retrieve_in_context(
            message.text, earlier=asked_before, shop=conversation.shop
        )
    else:
        hits = retrieve(message.text, shop=conversation.shop)
        plan = context.SearchPlan(message.text, context.Mode.ALONE, "retrieval in context is off")
    trace.retrieved = [
        {
            "source": h.source,
            "score": h.score,
            "vector_rank": h.vector_rank,
            "text_rank": h.text_rank,
        }
        for h in hits
    ]
    # A message that stands alone is answered alone: the conversation is paid for
    # only when the message leans on it (the guards read all of it either way).
    leans = plan.mode in (context.Mode.LEANING, context.Mode.CORRECTION)
    turns = prompting.history_within(
        [(m.role, m.text) for m in earlier] if leans else [],
        budget=int(conf.get("SUPPORT_HISTORY_TOKENS")),
    )
    facts = _carried_facts(message.text, asked_before, plan)
    trace.context = {
        "search": plan.as_json(),
        "history": [{"role": role, "text": text} for role, text in turns],
        "history_tokens": prompting.history_tokens(turns),
        "history_dropped": len(earlier) - len(turns),
        "facts": facts,
    }
    link_hosts = shop_link_hosts()
    loop = _Loop(client=client, conversation=conversation, turn=turn, trace=trace)
    messages = [prompting.first_user_message(message.text, hits, turns=turns, facts=facts)]
    guard_runs: list[GuardRun] = []
    outcome: Outcome | None = None
    for attempt in (1, 2):
        draft = loop.run(messages, attempt=attempt)
        if draft is None:
            text = UNAVAILABLE[language] if loop.unavailable else STEP_LIMIT[language]
            outcome = Outcome("handed_off", text, handoff_note=loop.stopped_by)
            break
        ctx = GuardContext(
            locale=language,
            question=message.text,
            draft=draft,
            retrieved=tuple(RetrievedChunk(h.source, h.text) for h in hits),
            tool_outputs=tuple(loop.tool_outputs),
            history=history,
            link_hosts=link_hosts,
        )
        result = run_guards(ctx)
        if _only_claims_a_handoff(ctx, result):
            # "I will connect you with a colleague": the desk makes it true by handing
            # the conversation over, and the draft is judged as a handoff turn.
            ctx = replace(ctx, handoff=True)
            result = run_guards(ctx)
        guard_runs.append(GuardRun(attempt, ctx, result))
        trace.drafts.append(
            {
                "attempt": attempt,
                "text": draft,
                "verdict": result.verdict,
                "failures": [_failure_json(f) for f in result.failures],
                "observed": [_failure_json(f) for f in result.observed],
                "ms": result.ms,
            }
        )
        if result.passed:
            sources = [s for s in CITATION.findall(draft) if s in {h.source for h in hits}]
            if ctx.handoff:
                note = "the assistant told the customer a colleague would take over"
                outcome = Outcome(
                    "handed_off", draft, sources=list(dict.fromkeys(sources)), handoff_note=note
                )
                break
            outcome = Outcome("answered", draft, sources=list(dict.fromkeys(sources)))
            break
        # Only a real refund promise holds the answer for a person; a refund guard that
        # could not give a verdict (error, timeout) is an ordinary failure.
        if any(
            f.guard == GuardCode.REFUND_PROMISE
            and f.reason not in (GuardCode.GUARD_TIMEOUT, GuardCode.GUARD_ERROR)
            for f in result.failures
        ):
            outcome = Outcome(
                "held_for_refund",
                HOLD[language],
                handoff_note=_note(result.failures, attempt),
                refund_order=_refund_order(
                    loop, conversation, [message.text, *reversed(asked_before)]
                ),
            )
            break
        if attempt == 2:
            outcome = Outcome(
                "handed_off", GAVE_UP[language], handoff_note=_note(result.failures, attempt)
            )
            break
        messages.append({"role": "assistant", "content": [{"type": "text", "text": draft}]})
        messages.append(prompting.retry_message(language, [_reason(f) for f in result.failures]))
    assert outcome is not None
    outcome.trace = trace
    outcome.guard_runs = guard_runs
    outcome.duration_ms = int((time.perf_counter() - started) * 1000)
    return outcome


def provider_failure_outcome(*, conversation: Conversation, error: str) -> Outcome:
    """What the customer gets when the provider keeps failing: a person."""
    return Outcome(
        "handed_off",
        STEP_LIMIT[conversation.language],
        handoff_note=f"model provider failed: {error}"[:1000],
    )


def _refund_order(loop: _Loop, conversation: Conversation, texts: list[str]) -> Order | None:
    """The order a held refund is about: the one a tool read, else the first number of
    this message or an earlier one (newest first) that the conversation may see."""
    if loop.orders:
        return loop.orders[-1]
    for text in texts:
        for number in ORDER_NUMBER.findall(text):
            order = selectors.order_for_conversation(conversation=conversation, number=number)
            if order is not None:
                return order
    return None


def _carried_facts(question: str, asked_before: list[str], plan: context.SearchPlan) -> list[str]:
    """Order numbers the customer named earlier, for a message that leans on the
    conversation and names none itself ("and when will it arrive?"). They reach the
    tools only as arguments the model passes, checked by the same ownership rules."""
    if plan.mode not in (context.Mode.LEANING, context.Mode.CORRECTION):
        return []
    if ORDER_NUMBER.search(question):
        return []
    numbers: list[str] = []
    for text in reversed(asked_before):
        numbers += [n for n in ORDER_NUMBER.findall(text) if n not in numbers]
    return [f"order {n}" for n in numbers[:2]]


def _failure_json(failure: GuardFailure) -> dict[str, Any]:
    return {**failure.to_json(), "mode": str(failure.mode), "detail": failure.detail}


def _reason(failure: GuardFailure) -> str:
    """The guard's reason as the model gets it back: the code and the extra figures."""
    text = f"{failure.guard}"
    if failure.extra_figures:
        text += f" (not in any source: {', '.join(failure.extra_figures)})"
    if failure.guard == GuardCode.ACTION_CLAIM and failure.detail:
        # the act, and what to say instead: no tool did it
        act = failure.detail.split(" (", 1)[0]
        text += f" ({act}: no tool did it; say how the customer can do it, or offer a person)"
    return text


def _note(failures: tuple[GuardFailure, ...], attempt: int) -> str:
    lines = [f"guards rejected draft {attempt}:"]
    for f in failures:
        line = f"- {f.guard} ({f.reason})"
        if f.detail:
            line += f": {f.detail}"
        if f.extra_figures:
            line += f"; extra figures {', '.join(f.extra_figures)}"
        if f.source_figures:
            figures = ", ".join(f"{s.text} ({s.origin})" for s in f.source_figures[:12])
            line += f"; source figures {figures}"
        lines.append(line)
    return "\n".join(lines)
