"""Answer one customer message exactly once, however often the task is delivered.

The Turn row is the claim: a conditional UPDATE takes it only when nobody holds a
live lease, and the reply is written under a row lock only while the turn is not
done. A worker that dies mid-turn leaves a lease that expires; the redelivered task
takes over and the customer still gets one reply."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from guards.services import guard_log_record
from support import conf
from support.customer.llm import (
    ChatMessage,
    ModelClient,
    ModelError,
    ModelReply,
    ToolSpec,
    get_client,
)
from support.customer.privacy_notice import with_privacy_notice
from support.customer.refunds import ensure_pending_refund
from support.customer.turn import Outcome, provider_failure_outcome, run_turn, turn_cost
from support.models import Conversation, Message, Turn


class TurnBusy(Exception):
    """Another worker holds a live lease on this turn."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"turn busy for {seconds:.1f} s")
        self.seconds = seconds


class _Deadline:
    """The turn's own soft time limit: no model call starts past it. Celery's threads
    pool enforces no time limits, so the turn keeps this one itself (the prefork pool's
    signal raises the same exception mid-call). A call started just before the deadline
    is still bounded by SUPPORT_MODEL_TIMEOUT, so the turn ends before its lease does."""

    def __init__(self, inner: ModelClient, seconds: float) -> None:
        self.inner = inner
        self.name = inner.name
        self.ends = time.monotonic() + seconds

    def create(self, system: str, messages: list[ChatMessage], tools: list[ToolSpec]) -> ModelReply:
        if time.monotonic() >= self.ends:
            raise SoftTimeLimitExceeded()
        return self.inner.create(system, messages, tools)


def turn_deadline_seconds() -> float:
    """CELERY_TASK_SOFT_TIME_LIMIT, the budget a turn's model calls start within."""
    return float(getattr(settings, "CELERY_TASK_SOFT_TIME_LIMIT", 90))


@dataclass(frozen=True)
class Answered:
    turn: Turn | None
    reply: Message | None


def claim_turn(*, message_id: int, worker: str) -> Turn | None:
    """The turn for this message, claimed by ``worker``; None when there is nothing to do
    (not a customer message, already answered, or a person has the conversation)."""
    message = Message.objects.select_related("conversation").filter(pk=message_id).first()
    if message is None or message.role != Message.Role.CUSTOMER:
        return None
    if message.conversation.status != Conversation.Status.BOT:
        return None
    turn, _ = Turn.objects.get_or_create(
        message=message, defaults={"conversation": message.conversation}
    )
    now = timezone.now()
    lease = timedelta(seconds=float(conf.get("SUPPORT_TURN_LEASE_SECONDS")))
    claimed = (
        Turn.objects.filter(pk=turn.pk, status=Turn.Status.RUNNING)
        .filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now))
        .update(claimed_by=worker[:200], lease_until=now + lease, runs=F("runs") + 1)
    )
    turn.refresh_from_db()
    if claimed:
        return turn
    if turn.status == Turn.Status.DONE:
        return None
    raise TurnBusy(max((turn.lease_until - now).total_seconds(), 0.5))


def release_turn(*, turn: Turn) -> None:
    Turn.objects.filter(pk=turn.pk, status=Turn.Status.RUNNING).update(lease_until=None)


def answer_customer_message(
    *, message_id: int, worker: str, client: ModelClient | None = None
) -> Answered:
    turn = claim_turn(message_id=message_id, worker=worker)
    if turn is None:
        return Answered(None, None)
    client = _Deadline(client or get_client(), turn_deadline_seconds())
    message = Message.objects.select_related("conversation", "conversation__customer").get(
        pk=message_id
    )
    try:
        outcome = run_turn(message=message, client=client, turn=turn)
    except ModelError:
        release_turn(turn=turn)
        raise
    except SoftTimeLimitExceeded:
        # A step hung past the task's soft time limit: before the hard limit kills the
        # worker, the customer gets the one honest reply and a person gets the turn.
        outcome = provider_failure_outcome(
            conversation=message.conversation, error="the turn ran past its soft time limit"
        )
    reply = finish_turn(turn=turn, outcome=outcome, backend=client.name)
    turn.refresh_from_db()
    return Answered(turn, reply)


def give_up(*, message_id: int, worker: str, error: str) -> Answered:
    """The provider kept failing: hand the conversation to a person, and say so."""
    try:
        turn = claim_turn(message_id=message_id, worker=worker)
    except TurnBusy:
        return Answered(None, None)
    if turn is None:
        return Answered(None, None)
    outcome = provider_failure_outcome(conversation=turn.conversation, error=error)
    reply = finish_turn(turn=turn, outcome=outcome, backend="")
    turn.refresh_from_db()
    return Answered(turn, reply)


def release_lost_claim(*, message_id: int, worker: str) -> None:
    """The database went away under a run (a restart, a failover): drop the broken
    connection and, if the database is back, free this worker's lease so the retried
    task takes the turn over at once. If it is still down, the lease runs out by itself."""
    connection.close()
    try:
        Turn.objects.filter(
            message_id=message_id, status=Turn.Status.RUNNING, claimed_by=worker[:200]
        ).update(lease_until=None)
    except DatabaseError:
        connection.close()


def finish_turn(*, turn: Turn, outcome: Outcome, backend: str) -> Message | None:
    """Store the one reply and the trace; None when another run already finished."""
    with transaction.atomic():
        locked = Turn.objects.select_for_update().select_related("conversation").get(pk=turn.pk)
        if locked.status == Turn.Status.DONE:
            return None
        conversation = locked.conversation
        reply = Message.objects.create(
            conversation=conversation,
            role=Message.Role.ASSISTANT,
            text=with_privacy_notice(
                conversation=conversation, message=locked.message, text=outcome.text
            ),
            sources=outcome.sources,
        )
        trace = outcome.trace
        locked.reply = reply
        locked.status = Turn.Status.DONE
        locked.action = outcome.action
        locked.backend = backend
        locked.retrieved = trace.retrieved
        locked.model_calls = trace.model_calls
        locked.tool_calls = trace.tool_calls
        locked.drafts = trace.drafts
        locked.context = trace.context
        locked.input_tokens = trace.input_tokens
        locked.output_tokens = trace.output_tokens
        locked.cost = turn_cost(trace.input_tokens, trace.output_tokens)
        locked.duration_ms = outcome.duration_ms
        locked.error = outcome.handoff_note if outcome.action == "handed_off" else ""
        locked.lease_until = None
        locked.finished_at = timezone.now()
        locked.save()
        if outcome.action == Turn.Action.HANDED_OFF:
            conversation.status = Conversation.Status.HANDED_OFF
            conversation.handoff_note = outcome.handoff_note
            conversation.save(update_fields=["status", "handoff_note"])
        elif outcome.action == Turn.Action.HELD_FOR_REFUND:
            if outcome.refund_order is not None:
                ensure_pending_refund(
                    order=outcome.refund_order, reason=locked.message.text, turn=locked
                )
            conversation.handoff_note = outcome.handoff_note
            conversation.save(update_fields=["handoff_note"])
        for run in outcome.guard_runs:
            if run.result.failures or run.result.observed:
                guard_log_record(
                    result=run.result, ctx=run.ctx, turn_id=locked.pk, attempt=run.attempt
                )
    return reply
