"""No stored customer message is lost: a broker that stays away turns the enqueue
into a logged miss (202 for the customer, not a 500), and the minute sweep finds
every message that has no answer and no live turn."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.celery import app as celery_app
from support.customer.requeue import unanswered_message_ids
from support.enqueue import enqueue_answer
from support.models import Conversation, Message, Turn
from tests.celery_pool import reset_producer_pool

pytestmark = pytest.mark.django_db


def _message(*, age_seconds: int, status: str = "bot") -> Message:
    conversation = Conversation.objects.create(status=status)
    message = Message.objects.create(conversation=conversation, role="customer", text="hola")
    Message.objects.filter(pk=message.pk).update(
        created_at=timezone.now() - timedelta(seconds=age_seconds)
    )
    return message


def test_the_sweep_finds_exactly_the_messages_nobody_is_answering():
    # given messages in every state a message can be in
    never_queued = _message(age_seconds=300)
    abandoned = _message(age_seconds=300)
    Turn.objects.create(
        conversation=abandoned.conversation,
        message=abandoned,
        lease_until=timezone.now() - timedelta(seconds=5),
    )
    being_answered = _message(age_seconds=300)
    Turn.objects.create(
        conversation=being_answered.conversation,
        message=being_answered,
        lease_until=timezone.now() + timedelta(seconds=60),
    )
    answered = _message(age_seconds=300)
    Turn.objects.create(
        conversation=answered.conversation, message=answered, status=Turn.Status.DONE
    )
    just_posted = _message(age_seconds=1)
    with_a_person = _message(age_seconds=300, status="handed_off")
    too_old = _message(age_seconds=3 * 24 * 3600)

    # when the sweep looks for work
    found = unanswered_message_ids(min_age_seconds=60)

    # then only the never-queued and the abandoned messages are picked up
    assert found == [never_queued.pk, abandoned.pk]
    for skipped in (being_answered, answered, just_posted, with_a_person, too_old):
        assert skipped.pk not in found


@pytest.fixture
def unreachable_broker(tmp_path):
    conf = celery_app.conf
    previous = (conf.broker_url, conf.task_publish_retry, conf.broker_transport_options)
    conf.broker_url = f"redis+socket://{tmp_path / 'nobody-listens.sock'}"
    # fail at once instead of after the 15 s of retries production waits
    conf.task_publish_retry = False
    conf.broker_transport_options = {**previous[2], "connect_retries_timeout": 0.5}
    reset_producer_pool()
    yield
    conf.broker_url, conf.task_publish_retry, conf.broker_transport_options = previous
    reset_producer_pool()


def test_an_unreachable_broker_is_a_logged_miss_not_an_error(unreachable_broker, caplog):
    message = _message(age_seconds=0)
    assert enqueue_answer(message_id=message.pk) is False
    assert "the sweep will requeue it" in caplog.text


def test_the_api_accepts_a_message_while_the_broker_is_down(unreachable_broker):
    from rest_framework.test import APIClient

    # given a widget conversation
    client = APIClient()
    public_id = client.post("/api/conversations/", {}, format="json").json()["id"]
    # when the customer writes while the broker is unreachable
    response = client.post(
        f"/api/conversations/{public_id}/messages/", {"text": "¿Llegó mi pedido?"}, format="json"
    )
    # then the message is accepted and stored for the sweep, not lost behind a 500
    assert response.status_code == 202
    assert Message.objects.filter(text="¿Llegó mi pedido?").exists()
