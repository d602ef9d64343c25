"""Writes to GuardLog. Callers pass keyword arguments; every write is one transaction."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import transaction
from django.utils import timezone

from config.audit.services import audit_record
from guards.checkfmt import CheckCase, Expectation, case_payload, parse_case
from guards.context import GuardContext
from guards.models import GuardLog
from guards.verdicts import PipelineResult


def guard_log_record(
    *, result: PipelineResult, ctx: GuardContext, turn_id: int | None = None, attempt: int = 1
) -> list[GuardLog]:
    """One row per failure, enforced and observed alike, each with its mode."""
    failures = (*result.failures, *result.observed)
    if not failures:
        return []
    context = ctx.to_json()
    rows = [
        GuardLog(
            turn_id=turn_id,
            attempt=attempt,
            guard=str(failure.guard),
            mode=str(failure.mode),
            reason=str(failure.reason),
            detail=failure.detail,
            extra_figures=list(failure.extra_figures),
            source_figures=[figure.to_json() for figure in failure.source_figures],
            draft=ctx.draft,
            question=ctx.question,
            context=context,
            duration_ms=result.ms,
        )
        for failure in failures
    ]
    with transaction.atomic():
        return GuardLog.objects.bulk_create(rows)


def guard_log_mark_false_positive(*, log_id: int, user: Any = None) -> GuardLog:
    """Staff say this rejection was wrong: it becomes a regression case on export."""
    with transaction.atomic():
        log = GuardLog.objects.select_for_update().get(pk=log_id)
        log.false_positive = True
        log.marked_by = str(getattr(user, "username", "") or "")[:150]
        log.marked_at = timezone.now()
        log.save(update_fields=["false_positive", "marked_by", "marked_at"])
    return log


@dataclass(frozen=True)
class FalsePositiveMark:
    log: GuardLog
    marked_now: bool  # False when the note was already marked (nothing written)


def mark_false_positive(*, log_id: int, user: Any) -> FalsePositiveMark:
    """Staff mark a note as a false positive: idempotent (a second mark changes
    nothing and writes nothing) and audited in the same transaction.

    Raises GuardLog.DoesNotExist for an unknown note."""

    with transaction.atomic():
        log = GuardLog.objects.select_for_update().get(pk=log_id)
        if log.false_positive:
            return FalsePositiveMark(log=log, marked_now=False)
        log.false_positive = True
        log.marked_by = str(getattr(user, "username", "") or "")[:150]
        log.marked_at = timezone.now()
        log.save(update_fields=["false_positive", "marked_by", "marked_at"])
        audit_record(
            actor=user,
            action="guardlog.mark_false_positive",
            target=log,
            data={
                "guard": log.guard,
                "mode": log.mode,
                "turn_id": log.turn_id,
                "attempt": log.attempt,
                "extra_figures": list(log.extra_figures or []),
            },
        )
    return FalsePositiveMark(log=log, marked_now=True)


def false_positive_cases() -> Iterator[dict[str, Any]]:
    """Check-format lines for marked false positives: the turn must pass."""
    for log in GuardLog.objects.filter(false_positive=True).order_by("id"):
        ctx = GuardContext.from_json(log.context)
        expect = Expectation(verdict="pass", guard=None, extra_figure=None)
        yield case_payload(f"guardlog-{log.pk}-{log.guard}", ctx, expect)


def logged_cases(*, guard: str | None = None, since: date | None = None) -> Iterator[CheckCase]:
    """Recorded turns to replay in calibration (one per stored context, deduplicated)."""
    logs = GuardLog.objects.order_by("id")
    if guard:
        logs = logs.filter(guard=guard)
    if since:
        logs = logs.filter(created_at__date__gte=since)
    seen: set[str] = set()
    for log in logs.iterator():
        key = f"{log.turn_id}:{log.attempt}:{log.draft}"
        if key in seen:
            continue
        seen.add(key)
        yield parse_case({"id": f"guardlog-{log.pk}", **log.context})
