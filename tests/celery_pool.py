"""Pointing this process's Celery app at a test broker means dropping its pool."""

from __future__ import annotations

from celery import _state as celery_state

from config.celery import app as celery_app


def reset_producer_pool() -> None:
    """Drop the connection and producer pools so the next send uses the current
    broker_url. close() also makes Celery forget the app, and a @shared_task module
    imported afterwards (knowledge.tasks, on the first corpus save) would register on
    no app at all; registering it again keeps shared tasks working."""
    celery_app.close()
    celery_state._register_app(celery_app)
    celery_app.amqp._producer_pool = None  # built on the old pool
