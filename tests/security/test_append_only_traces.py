"""The refund audit log and finished turn traces cannot be rewritten by the
application: the database refuses it (triggers from support's migrations)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, transaction

from config.audit.models import AuditEntry
from config.audit.services import audit_record
from support.models import Conversation, Message, Turn

pytestmark = pytest.mark.django_db


def _finished_turn() -> Turn:
    conversation = Conversation.objects.create()
    question = Message.objects.create(conversation=conversation, role="customer", text="hola")
    turn = Turn.objects.create(conversation=conversation, message=question)
    Turn.objects.filter(pk=turn.pk).update(status=Turn.Status.DONE, action="answered")
    return Turn.objects.get(pk=turn.pk)


def test_a_running_turn_may_still_be_written():
    # given a turn in progress
    conversation = Conversation.objects.create()
    question = Message.objects.create(conversation=conversation, role="customer", text="hi")
    turn = Turn.objects.create(conversation=conversation, message=question)
    # when the worker records a step, then the row changes
    Turn.objects.filter(pk=turn.pk).update(drafts=[{"text": "draft"}])
    assert Turn.objects.get(pk=turn.pk).drafts == [{"text": "draft"}]


def test_a_finished_turn_refuses_updates():
    turn = _finished_turn()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        Turn.objects.filter(pk=turn.pk).update(action="handed_off")
    assert Turn.objects.get(pk=turn.pk).action == "answered"


def test_turns_cannot_be_deleted():
    turn = _finished_turn()
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        Turn.objects.filter(pk=turn.pk).delete()
    assert Turn.objects.filter(pk=turn.pk).exists()


def test_audit_rows_cannot_be_changed_or_deleted():
    entry = audit_record(actor=None, actor_label="assistant", action="refund.request")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        AuditEntry.objects.filter(pk=entry.pk).update(action="refund.approve")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        AuditEntry.objects.filter(pk=entry.pk).delete()
    assert AuditEntry.objects.get(pk=entry.pk).action == "refund.request"
