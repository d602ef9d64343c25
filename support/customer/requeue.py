"""The sweep that makes a stored customer message impossible to lose: a message
whose task never reached the broker (an outage longer than the publish retries)
or whose turn was abandoned gets its answer task queued again. Queuing twice is
harmless — a message has at most one Turn and a running turn is claimed by lease."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from support.enqueue import enqueue_answer
from support.models import Conversation, Message, Turn

log = logging.getLogger(__name__)


def unanswered_message_ids(
    *, min_age_seconds: int, max_age_hours: int = 24, limit: int = 500
) -> list[int]:
    """Customer messages in conversations the assistant still holds that have no
    finished turn and no live lease, older than ``min_age_seconds`` (so the normal
    path had its chance) and younger than ``max_age_hours`` (nobody waits a week)."""
    now = timezone.now()
    live_or_done = Turn.objects.filter(Q(status=Turn.Status.DONE) | Q(lease_until__gt=now)).values(
        "message_id"
    )
    return list(
        Message.objects.filter(
            role=Message.Role.CUSTOMER,
            conversation__status=Conversation.Status.BOT,
            created_at__lt=now - timedelta(seconds=min_age_seconds),
            created_at__gt=now - timedelta(hours=max_age_hours),
        )
        .exclude(pk__in=live_or_done)
        .order_by("id")
        .values_list("pk", flat=True)[:limit]
    )


def requeue_unanswered_messages(*, min_age_seconds: int = 60) -> int:
    """Queue the answer task again for every unanswered message; returns how many."""
    ids = unanswered_message_ids(min_age_seconds=min_age_seconds)
    for message_id in ids:
        enqueue_answer(message_id=message_id)
    if ids:
        log.warning("requeued %d unanswered customer message(s): %s", len(ids), ids[:20])
    return len(ids)
