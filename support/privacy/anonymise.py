"""Anonymise conversations: what a customer said and everything derived from it goes;
what the dashboard and the accounts need stays.

Cleared: every message's text, the conversation's customer link, session key and
handoff note (its reason kept), the turn's model-call contents, tool inputs and
outputs, draft texts and guard details (the finished turn's append-only trigger
allows exactly this under ``support.anonymising``, support's migration 0008), the
guard log's draft, question, details, figures and replay context, a refund
request's reason (the customer's words). Kept: counts, roles, timestamps, actions,
guard codes and modes, tokens, cost, cited source ids, refund amounts, statuses,
deciders and decision notes.

Rows are taken with ``SELECT … FOR UPDATE SKIP LOCKED`` and only while not yet
anonymised, so two sweeps at once take different conversations and a second run
finds nothing to do."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from config.audit.services import audit_record
from guards.models import GuardLog
from support import conf
from support.models import Conversation, Message, RefundRequest, Turn

ANONYMISED = "[anonymised]"
RETENTION_ACTION = "privacy.retention"
BATCH = 100
MODEL_CALL_KEYS = ("attempt", "step", "stop_reason", "input_tokens", "output_tokens")
TOOL_CALL_KEYS = ("attempt", "step", "tool", "is_error")
DRAFT_KEYS = ("attempt", "verdict", "ms")
FAILURE_KEYS = ("guard", "reason", "mode")


@dataclass(frozen=True)
class Anonymised:
    conversations: int = 0
    messages: int = 0
    turns: int = 0
    guard_logs: int = 0
    refund_requests: int = 0

    def __add__(self, other: Anonymised) -> Anonymised:
        return Anonymised(
            *(getattr(self, f) + getattr(other, f) for f in self.__dataclass_fields__)
        )

    def as_json(self) -> dict[str, int]:
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


def retention_cutoff(*, now: datetime | None = None) -> datetime:
    days = int(conf.get("SUPPORT_RETENTION_DAYS"))
    return (now or timezone.now()) - timedelta(days=days)


def expired_conversations(*, cutoff: datetime) -> Any:
    """Conversations not yet anonymised whose last message (or, with none, whose
    start) is older than ``cutoff``."""
    return (
        Conversation.objects.filter(anonymised_at__isnull=True)
        .annotate(last=Max("messages__created_at"))
        .filter(Q(last__lt=cutoff) | Q(last__isnull=True, created_at__lt=cutoff))
    )


def anonymise_expired(*, now: datetime | None = None, batch: int = BATCH) -> Anonymised:
    """The retention sweep: anonymise every expired conversation, ``batch`` at a time,
    each batch in its own transaction. Conversations another sweep holds are skipped
    (it anonymises them); the loop ends when a pass finds nothing it can take."""
    now = now or timezone.now()
    cutoff = retention_cutoff(now=now)
    total = Anonymised()
    while True:
        ids = list(
            expired_conversations(cutoff=cutoff).order_by("pk").values_list("pk", flat=True)[:batch]
        )
        if not ids:
            return total
        with transaction.atomic():
            done = anonymise_conversations(ids=ids, now=now, skip_locked=True, cutoff=cutoff)
            if done.conversations:
                audit_record(
                    actor=None,
                    actor_label="retention",
                    action=RETENTION_ACTION,
                    data={**done.as_json(), "cutoff": cutoff.isoformat()},
                )
        total += done
        if done.conversations == 0:
            return total  # all of them are held by another sweep


def anonymise_conversations(
    *,
    ids: Iterable[int],
    now: datetime | None = None,
    skip_locked: bool = False,
    cutoff: datetime | None = None,
) -> Anonymised:
    """Anonymise these conversations (those not anonymised yet) in one transaction.
    ``cutoff``: re-checked under the lock, so a message that arrived meanwhile keeps
    its conversation. ``skip_locked``: leave rows another transaction holds."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Conversation.objects.select_for_update(skip_locked=skip_locked).filter(
            pk__in=list(ids), anonymised_at__isnull=True
        )
        taken = list(locked.values_list("pk", flat=True))
        if cutoff is not None and taken:
            taken = list(
                expired_conversations(cutoff=cutoff)
                .filter(pk__in=taken)
                .values_list("pk", flat=True)
            )
        if not taken:
            return Anonymised()
        return _anonymise_locked(taken, now)


def _anonymise_locked(ids: list[int], now: datetime) -> Anonymised:
    conversations = Conversation.objects.filter(pk__in=ids)
    for conversation in conversations.only("pk", "handoff_note"):
        Conversation.objects.filter(pk=conversation.pk).update(
            customer=None,
            session_key="",
            handoff_note=handoff_reason(conversation.handoff_note),
            anonymised_at=now,
        )
    messages = Message.objects.filter(conversation_id__in=ids).update(text=ANONYMISED)
    turns = list(Turn.objects.filter(conversation_id__in=ids))
    with connection.cursor() as cursor:
        # The one exception to the finished turn's append-only trigger: this transaction only.
        cursor.execute("SELECT set_config('support.anonymising', 'on', true)")
    for turn in turns:
        Turn.objects.filter(pk=turn.pk).update(
            model_calls=[_keep(c, MODEL_CALL_KEYS) for c in turn.model_calls or []],
            tool_calls=[_keep(c, TOOL_CALL_KEYS) for c in turn.tool_calls or []],
            drafts=[_draft(d) for d in turn.drafts or []],
            error=handoff_reason(turn.error),
            # what was searched and the earlier messages sent quote the customer; the
            # mode and the counts stay
            context=_context(turn.context),
        )
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('support.anonymising', 'off', true)")
    turn_ids = [t.pk for t in turns]
    guard_logs = GuardLog.objects.filter(turn_id__in=turn_ids).update(
        draft=ANONYMISED,
        question="",
        detail="",
        extra_figures=[],
        source_figures=[],
        context={},
    )
    refunds = RefundRequest.objects.filter(turn_id__in=turn_ids).update(reason="")
    return Anonymised(len(ids), messages, len(turns), guard_logs, refunds)


def handoff_reason(note: str) -> str:
    """The reason a handoff note starts with ("guards rejected draft 2", "model
    provider failed"), which the dashboard groups by; the rest may quote the customer."""
    first = (note or "").split("\n", 1)[0]
    return first.split(":", 1)[0][:200]


def _keep(entry: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(entry, dict):
        return {}
    return {k: entry[k] for k in keys if k in entry}


def _draft(entry: Any) -> dict[str, Any]:
    kept = _keep(entry, DRAFT_KEYS)
    if isinstance(entry, dict):
        for key in ("failures", "observed"):
            kept[key] = [_keep(f, FAILURE_KEYS) for f in entry.get(key) or []]
    return kept


def _context(context: dict | None) -> dict:
    """The turn's conversation trace without any text: the mode and the counts."""
    if not context:
        return {}
    return {k: v for k, v in context.items() if isinstance(v, int | float | bool) or k == "mode"}
