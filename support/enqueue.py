"""Queue the support app's Celery tasks by their registered names. Services queue
work through here and never import support/tasks.py, which imports them (the app
registers its tasks when it is ready: support/apps.py)."""

from __future__ import annotations

import logging

from config.celery import app as celery_app

log = logging.getLogger(__name__)

ANSWER_TASK = "support.tasks.answer_message"
REQUEUE_TASK = "support.tasks.requeue_unanswered"  # run by Celery beat (config/settings.py)
RETENTION_TASK = "support.tasks.anonymise_expired"  # run by Celery beat too


def enqueue_answer(*, message_id: int) -> bool:
    """Queue the answer; False when the broker stayed unreachable through the publish
    retries. The message is stored either way and the sweep
    (support.customer.requeue, every minute) queues it later: the customer gets a
    202, never a 500, and the message is not lost."""
    try:
        celery_app.tasks[ANSWER_TASK].delay(message_id)
    except Exception:  # kombu raises several types for an unreachable broker
        log.warning("could not queue message %s; the sweep will requeue it", message_id)
        return False
    return True
