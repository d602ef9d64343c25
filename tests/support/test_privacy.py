"""Retention (an explicit clock), erasure and export of one customer's data: what
goes, what stays for the dashboard and the accounts, and that a second run is harmless."""

from __future__ import annotations

import io
import json
import threading
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.db.models import Count, Sum
from django.utils.timezone import now as timezone_now

from config.audit.models import AuditEntry
from guards.models import GuardLog
from support.customer import answering
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import get_client
from support.models import Conversation, Customer, Message, RefundRequest, Turn
from support.privacy.anonymise import ANONYMISED, RETENTION_ACTION, anonymise_expired
from support.privacy.requests import ERASE_ACTION, EXPORT_ACTION
from support.privacy.subject import pseudonym
from tests.security.db_scan import find_in_database

NOW = datetime(2027, 1, 1, 12, 0, tzinfo=UTC)  # the sweep's clock, given explicitly
OLD = NOW - timedelta(days=181)
RECENT = NOW - timedelta(days=10)
DEMO_EMAIL = "demo@demo-shop.example"
SECOND_EMAIL_NAME = "Lucía Gómez"
PHRASE = "mis zapatillas violetas de la abuela Ramona"


def _answered(customer: Customer | None, text: str, *, at: datetime) -> Conversation:
    conversation = start_conversation(customer=customer, language="es")
    message = post_customer_message(conversation=conversation, text=text, enqueue=False)
    answering.answer_customer_message(
        message_id=message.pk, worker="test", client=get_client("extractive")
    )
    Message.objects.filter(conversation=conversation).update(created_at=at)
    Conversation.objects.filter(pk=conversation.pk).update(created_at=at)
    return conversation


def _totals() -> dict:
    """What the dashboard and the accounts read."""
    turns = Turn.objects.aggregate(
        n=Count("id"), i=Sum("input_tokens"), o=Sum("output_tokens"), c=Sum("cost")
    )
    actions = dict(Turn.objects.values_list("action").annotate(n=Count("id")))
    refunds = list(RefundRequest.objects.values_list("order__number", "amount", "status"))
    guards = list(GuardLog.objects.values_list("guard", "mode", "reason", "attempt"))
    return {"turns": turns, "actions": actions, "refunds": refunds, "guards": guards}


@pytest.mark.django_db
def test_retention_anonymises_only_what_is_older_and_keeps_the_figures(shop, settings):
    # Given a refund request's conversation last written 181 days before the clock, one of 10 days,
    # and a guard note on the old one's turn
    settings.SUPPORT_RETENTION_DAYS = 180
    demo = Customer.objects.get(email=DEMO_EMAIL, shop__slug="demo-shop")
    old = _answered(demo, f"Quiero un reembolso del pedido 1042, {PHRASE}", at=OLD)
    recent = _answered(demo, f"¿Dónde está el pedido 1042? {PHRASE}", at=RECENT)
    old_turn = Turn.objects.get(conversation=old)
    assert RefundRequest.objects.get(turn=old_turn).reason
    GuardLog.objects.create(
        turn_id=old_turn.pk, guard="refund_promise", mode="enforce", reason="promise",
        draft=f"Te devolvemos todo, {PHRASE}", question=PHRASE, context={"q": PHRASE},
    )  # fmt: skip
    before = _totals()

    # When the sweep runs at the explicit clock
    done = anonymise_expired(now=NOW)

    # Then the old conversation is anonymised and the recent one is not touched
    assert done.conversations == 1 and done.turns == 1 and done.guard_logs == 1
    old.refresh_from_db()
    assert old.customer_id is None and old.session_key == "" and old.anonymised_at == NOW
    assert set(old.messages.values_list("text", flat=True)) == {ANONYMISED}
    assert PHRASE in recent.messages.first().text and recent.customer_id == demo.pk
    turn = Turn.objects.get(pk=old_turn.pk)
    assert all("content" not in c for c in turn.model_calls)
    assert all("input" not in c and "output" not in c for c in turn.tool_calls)
    assert [c["tool"] for c in turn.tool_calls] == [c["tool"] for c in old_turn.tool_calls]
    assert all("text" not in d for d in turn.drafts)
    assert RefundRequest.objects.get(turn=turn).reason == ""
    note = GuardLog.objects.get(turn_id=turn.pk)
    assert note.guard == "refund_promise" and note.context == {} and PHRASE not in note.draft
    # And what the dashboard and the accounts read is unchanged
    assert _totals() == before
    # only the recent one still holds it: its message, and its turn's searched query
    assert {t for t, _, _ in find_in_database([PHRASE])} == {"support_message", "support_turn"}
    assert PHRASE not in json.dumps(Turn.objects.get(pk=old_turn.pk).context)
    assert AuditEntry.objects.filter(action=RETENTION_ACTION).count() == 1

    # When it runs again, nothing more happens
    assert anonymise_expired(now=NOW).conversations == 0
    assert AuditEntry.objects.filter(action=RETENTION_ACTION).count() == 1


@pytest.mark.django_db
def test_the_trigger_exception_lets_only_the_text_columns_change(shop):
    demo = Customer.objects.get(email=DEMO_EMAIL, shop__slug="demo-shop")
    turn = Turn.objects.get(conversation=_answered(demo, "¿pedido 1042?", at=OLD))
    on = "SELECT set_config('support.anonymising', 'on', true)"
    for setting, sql in (
        # the anonymiser's setting, but a kept column changed
        (on, "UPDATE support_turn SET input_tokens = 0 WHERE id = %s"),
        (on, "UPDATE support_turn SET model_calls = '[]', cost = 0 WHERE id = %s"),
        # a text column changed without the setting
        ("SELECT 1", "UPDATE support_turn SET model_calls = '[]' WHERE id = %s"),
        (on, "DELETE FROM support_turn WHERE id = %s"),
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(setting)
                cursor.execute(sql, [turn.pk])
    # And with the setting, the text columns alone may change
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(on)
        cursor.execute("UPDATE support_turn SET model_calls = '[]' WHERE id = %s", [turn.pk])
    assert Turn.objects.get(pk=turn.pk).model_calls == []


@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_anonymise_each_conversation_once(settings):
    # Given 24 expired conversations, each with a finished turn
    settings.SUPPORT_RETENTION_DAYS = 180
    for n in range(24):
        conversation = Conversation.objects.create(language="en", session_key=f"s{n}")
        message = Message.objects.create(conversation=conversation, role="customer", text=PHRASE)
        Turn.objects.create(
            conversation=conversation, message=message, status="done", action="answered",
            model_calls=[{"attempt": 1, "content": PHRASE, "input_tokens": 5}], input_tokens=5,
        )  # fmt: skip
    Message.objects.update(created_at=OLD)
    Conversation.objects.update(created_at=OLD)
    results = []

    def sweep():
        try:
            results.append(anonymise_expired(now=NOW, batch=4).conversations)
        finally:
            connection.close()

    # When two sweeps run at the same time
    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)

    # Then every conversation was anonymised exactly once, and the audit log agrees
    assert sum(results) == 24
    assert Conversation.objects.filter(anonymised_at__isnull=True).count() == 0
    audited = AuditEntry.objects.filter(action=RETENTION_ACTION)
    assert sum(e.data["conversations"] for e in audited) == 24
    assert Turn.objects.aggregate(i=Sum("input_tokens"))["i"] == 24 * 5
    assert find_in_database([PHRASE]) == []


@pytest.mark.django_db
def test_erase_removes_one_customer_and_keeps_the_others_and_the_accounts(shop):
    # Given the demo customer's refund conversation (a card typed in it) and another
    # customer's conversation
    demo = Customer.objects.get(email=DEMO_EMAIL, shop__slug="demo-shop")
    other = (
        Customer.objects.exclude(pk=demo.pk)
        .filter(shop__slug="demo-shop")
        .get(name=SECOND_EMAIL_NAME)
    )
    _answered(demo, f"Reembolso del pedido 1042 a la 4111 1111 1111 1111, {PHRASE}", at=RECENT)
    _answered(demo, "¿Dónde está el pedido 1042?", at=RECENT)
    theirs = _answered(other, "¿Tienen tienda física en Córdoba?", at=RECENT)
    before = _totals()
    refund = RefundRequest.objects.get()

    # When the demo customer is erased
    out = io.StringIO()
    call_command("privacy", "erase", "--email", DEMO_EMAIL.upper(), stdout=out)

    # Then nothing of theirs is left in any text or JSON column
    assert "Erased: 2 conversations" in out.getvalue()
    assert find_in_database([DEMO_EMAIL, "Dana Demo", PHRASE, "4111 1111"]) == []
    # And the other customer, the dashboard figures and the refund account are unchanged
    assert theirs.messages.first().text == "¿Tienen tienda física en Córdoba?"
    assert Conversation.objects.get(pk=theirs.pk).customer_id == other.pk
    assert _totals() == before
    refund.refresh_from_db()
    assert refund.amount == Decimal("59.00") and refund.order.number == "1042"
    # And the audit log names a pseudonym, never the e-mail
    entry = AuditEntry.objects.get(action=ERASE_ACTION)
    assert entry.data["subject"] == pseudonym(DEMO_EMAIL) and entry.data["found"] is True
    assert DEMO_EMAIL not in json.dumps(entry.data)

    # When it runs again, it is harmless
    out = io.StringIO()
    call_command("privacy", "erase", "--email", DEMO_EMAIL, stdout=out)
    assert "nothing to erase" in out.getvalue()
    assert _totals() == before
    assert AuditEntry.objects.filter(action=ERASE_ACTION).count() == 2


@pytest.mark.django_db
def test_export_is_one_json_document_of_everything_held(shop, tmp_path):
    demo = Customer.objects.get(email=DEMO_EMAIL, shop__slug="demo-shop")
    _answered(demo, f"¿Dónde está el pedido 1042? {PHRASE}", at=RECENT)
    target = tmp_path / "export.json"
    call_command("privacy", "export", "--email", DEMO_EMAIL, "--output", str(target))
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["customer"]["email"] == DEMO_EMAIL
    assert "1042" in [o["number"] for o in document["orders"]]
    [conversation] = document["conversations"]
    assert [m["role"] for m in conversation["messages"]] == ["customer", "assistant"]
    assert PHRASE in conversation["messages"][0]["text"]
    entry = AuditEntry.objects.get(action=EXPORT_ACTION)
    assert entry.data["subject"] == pseudonym(DEMO_EMAIL)
    assert DEMO_EMAIL not in json.dumps(entry.data) and PHRASE not in json.dumps(entry.data)


@pytest.mark.django_db
def test_the_retention_task_is_on_celery_beat_and_runs_the_sweep(settings):
    from django.conf import settings as django_settings

    from support.tasks import anonymise_expired as task

    entries = {e["task"] for e in django_settings.CELERY_BEAT_SCHEDULE.values()}
    assert "support.tasks.anonymise_expired" in entries
    conversation = Conversation.objects.create(language="en")
    Message.objects.create(conversation=conversation, role="customer", text=PHRASE)
    Message.objects.update(created_at=timezone_now() - timedelta(days=365))
    assert task.apply().get() == 1
    assert Message.objects.get().text == ANONYMISED
