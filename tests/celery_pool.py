"""Celery in tests: pointing this process's app at a test broker (dropping its pool),
and the command line of a real worker subprocess."""

from __future__ import annotations

import sys

from celery import _state as celery_state
from django.conf import settings

from config.celery import app as celery_app


def reset_producer_pool() -> None:
    """Drop the connection and producer pools so the next send uses the current
    broker_url. close() also makes Celery forget the app, and a @shared_task module
    imported afterwards (knowledge.tasks, on the first corpus save) would register on
    no app at all; registering it again keeps shared tasks working."""
    celery_app.close()
    celery_state._register_app(celery_app)
    celery_app.amqp._producer_pool = None  # built on the old pool


def worker_argv(*extra: str, pool: str | None = None) -> list[str]:
    """A real Celery worker for the project's app as production runs it (the pool of
    settings.SUPPORT_WORKER_POOL: threads), quiet on the cluster chatter it does not
    need (gossip, mingle, heartbeat), logging at info for the test's log."""
    pool = pool or settings.SUPPORT_WORKER_POOL
    return [
        sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={pool}",
        "--without-gossip", "--without-mingle", "--without-heartbeat", "-l", "info", *extra,
    ]  # fmt: skip
