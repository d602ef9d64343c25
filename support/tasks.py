"""Celery tasks: thin — reload by id, call one service. Services queue these through
support/enqueue.py (by name), so this module imports them and never the reverse."""

from __future__ import annotations

import os
import threading

from celery import shared_task
from django.db import InterfaceError, OperationalError

from support import conf
from support.customer import answering
from support.customer.llm import ModelError
from support.customer.requeue import requeue_unanswered_messages
from support.enqueue import ANSWER_TASK, REQUEUE_TASK, RETENTION_TASK
from support.privacy.anonymise import anonymise_expired as anonymise_expired_conversations

# A retry waits at most this long: below the broker's visibility timeout, or Redis would
# hand the waiting retry to a second worker (tests/security/test_redelivery.py checks it).
MAX_RETRY_COUNTDOWN = 30
# Retries while the database is away (1, 2, 4 … 30 s: about ten minutes in all).
DATABASE_RETRIES = 25


@shared_task(
    name=ANSWER_TASK, bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=None
)
def answer_message(self, message_id: int) -> str:
    # The run's identity in the lease: worker host, process, and thread (the threads
    # pool runs many turns in one process, and each must only free its own claim).
    worker = f"{self.request.hostname or 'local'}:{os.getpid()}:{threading.get_native_id()}"
    try:
        done = answering.answer_customer_message(message_id=message_id, worker=worker)
    except answering.TurnBusy as busy:
        # Another run holds the turn; look again when its lease runs out.
        raise self.retry(countdown=busy.seconds + 0.5) from None
    except ModelError as exc:
        tries = int(conf.get("SUPPORT_TASK_MAX_RETRIES"))
        if self.request.retries >= tries:
            answering.give_up(message_id=message_id, worker=worker, error=str(exc))
            return "handed_off"
        raise self.retry(countdown=min(2**self.request.retries, MAX_RETRY_COUNTDOWN)) from exc
    except (InterfaceError, OperationalError) as exc:
        # The database went away under the turn (a restart, a failover). Failing here would
        # acknowledge the task and the message would never be answered: retry instead.
        answering.release_lost_claim(message_id=message_id, worker=worker)
        if self.request.retries >= DATABASE_RETRIES:
            raise
        raise self.retry(countdown=min(2**self.request.retries, MAX_RETRY_COUNTDOWN)) from exc
    return done.turn.action if done.turn else "skipped"


@shared_task(name=REQUEUE_TASK, ignore_result=True)
def requeue_unanswered() -> int:
    """Every minute (CELERY_BEAT_SCHEDULE): queue again what never got an answer."""
    return requeue_unanswered_messages()


@shared_task(name=RETENTION_TASK, ignore_result=True)
def anonymise_expired() -> int:
    """Every hour (CELERY_BEAT_SCHEDULE): anonymise conversations past retention."""
    return anonymise_expired_conversations().conversations
