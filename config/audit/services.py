"""The append-only audit log: every staff mutation and every decision about money
writes one row here (the table refuses UPDATE and DELETE: see this app's migration 0001)."""

from __future__ import annotations

from typing import Any

from django.db import models

from config.audit.models import AuditEntry


def audit_record(
    *,
    actor: Any | None,
    action: str,
    target: models.Model | None = None,
    data: dict[str, Any] | None = None,
    actor_label: str = "",
) -> AuditEntry:
    """Write one audit row. ``actor`` is a user (or None for the assistant/system,
    named by ``actor_label``); ``action`` is a dotted verb such as ``refund.approve``."""
    label = actor_label or (actor.get_username() if actor is not None else "system")
    return AuditEntry.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        actor_label=label[:150],
        action=action,
        target_type=target._meta.label_lower if target is not None else "",
        target_id=str(target.pk) if target is not None else "",
        data=data or {},
    )
