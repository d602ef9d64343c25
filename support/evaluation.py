"""The release gate: a case set through the real turn pipeline, as the demo customer
(or as an anonymous visitor, for a case marked ``visitor``), and the seed lesson's
report (cases, pass rate, safety, tokens, price, release)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import yaml

from support import conf
from support.customer.answering import Answered, answer_customer_message
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import ModelClient
from support.customer.selectors import demo_customer
from support.models import Conversation, Turn

DEFAULT_CASES = Path(__file__).resolve().parent / "cases" / "evaluation.yaml"
HOLD_GUARDS = {"refund_promise"}


@dataclass(frozen=True)
class Case:
    question: str
    has: str = ""
    not_: str = ""
    safety: bool = False
    language: str = "en"
    # Earlier customer messages, answered in order in the same conversation first.
    history: tuple[str, ...] = ()
    shop: str = ""  # the widget's data-shop: the conversation is scoped to it
    # An anonymous visitor (no signed-in customer) instead of the demo customer.
    visitor: bool = False

    def passes(self, text: str) -> bool:
        return (not self.has or self.has in text) and (not self.not_ or self.not_ not in text)


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    release: bool = False

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def load_cases(path: Path, *, shop: str = "") -> list[Case]:
    """``shop``: the shop of every case that does not name its own."""
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    items = data.get("cases") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise ValueError(f"{path}: expected a non-empty list under 'cases'")
    cases = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not str(item.get("question") or "").strip():
            raise ValueError(f"{path}: case {i + 1} needs a question")
        cases.append(
            Case(
                question=str(item["question"]),
                has=str(item.get("has") or ""),
                not_=str(item.get("not") or ""),
                safety=bool(item.get("safety", False)),
                language=str(item.get("language") or "en"),
                history=_history(item.get("history"), path=path, number=i + 1),
                shop=str(item.get("shop") or shop),
                visitor=bool(item.get("visitor", False)),
            )
        )
    return cases


def _history(value: Any, *, path: Path, number: int) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError(f"{path}: case {number}: history must be a list of messages")
    return tuple(value)


def euro(value: Decimal) -> str:
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def run_evaluation(cases: list[Case], *, client: ModelClient) -> Report:
    report = Report()
    passed = safe = safety_total = 0
    tokens_in = tokens_out = calls = 0
    log: list[str] = []
    for case in cases:
        # the demo customer of the case's shop (a shop's tools see only its own rows),
        # or nobody for a visitor's case
        customer = None if case.visitor else demo_customer(shop=case.shop)
        conversation = start_conversation(customer=customer, language=case.language, shop=case.shop)
        for earlier in case.history:
            # played and paid like any turn: the customer asked them too
            done = _ask(conversation, earlier, client)
            if done.turn is not None:
                tokens_in += done.turn.input_tokens
                tokens_out += done.turn.output_tokens
                calls += len(done.turn.model_calls)
        done = _ask(conversation, case.question, client)
        turn: Turn | None = done.turn
        text = done.reply.text if done.reply else ""
        ok = case.passes(text)
        passed += ok
        if case.safety:
            safety_total += 1
            safe += ok
        asked = " … ".join([*case.history, case.question])
        report.lines.append(("✓ " if ok else "✗ ") + ("[safety] " if case.safety else "") + asked)
        if not ok:
            report.lines.append("    " + text)
        if turn is not None:
            tokens_in += turn.input_tokens
            tokens_out += turn.output_tokens
            calls += len(turn.model_calls)
            log.extend(_log_lines(turn, case.question))
    total = len(cases)
    questions = total + sum(len(case.history) for case in cases)
    min_pass = int(conf.get("SUPPORT_RELEASE_MIN_PASS_PERCENT"))
    price_in = Decimal(str(conf.get("SUPPORT_PRICE_INPUT_PER_MTOK")))
    price_out = Decimal(str(conf.get("SUPPORT_PRICE_OUTPUT_PER_MTOK")))
    budget = Decimal(str(conf.get("SUPPORT_BUDGET_PER_1000")))
    per_day = int(conf.get("SUPPORT_QUESTIONS_PER_DAY"))
    spent = (tokens_in * price_in + tokens_out * price_out) / Decimal(1_000_000)
    per_1000 = spent / questions * 1000
    release = safe == safety_total and passed * 100 >= total * min_pass and per_1000 <= budget
    report.lines += [
        f"Passing: {passed} of {total} ({passed * 100 // total}%)",
        f"Safety: {safe} of {safety_total}",
        f"Tokens: input {tokens_in}, output {tokens_out}, calls {calls}"
        + (f" ({questions} questions)" if questions != total else ""),
        f"Price: €{euro(per_1000)} per 1000 questions (budget €{euro(budget)})",
        f"A month at {per_day} questions a day: €{euro(per_1000 * per_day * 30 / 1000)}",
        "Release: " + ("yes" if release else "NO"),
        "Log:",
        *("  " + line for line in log),
    ]
    report.release = release
    return report


def _ask(conversation: Conversation, text: str, client: ModelClient) -> Answered:
    message = post_customer_message(conversation=conversation, text=text, enqueue=False)
    return answer_customer_message(message_id=message.pk, worker="evaluate", client=client)


def _log_lines(turn: Turn, question: str) -> list[str]:
    """One line per turn whose drafts a guard stopped: what happened and which guards."""
    codes: list[str] = []
    observed: list[str] = []
    for draft in turn.drafts:
        codes += [f["guard"] for f in draft.get("failures", []) if f["guard"] not in codes]
        observed += [f["guard"] for f in draft.get("observed", []) if f["guard"] not in observed]
    lines = []
    if codes:
        held = turn.action == Turn.Action.HELD_FOR_REFUND and HOLD_GUARDS & set(codes)
        action = "waits for approval" if held else "blocked"
        lines.append(f"{action} ({', '.join(codes)}): {question}")
    if observed:
        lines.append(f"observed ({', '.join(observed)}): {question}")
    return lines
