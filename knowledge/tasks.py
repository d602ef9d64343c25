"""Celery tasks: thin — take the id, call one service. Services queue these through
knowledge/enqueue.py (by name), so this module imports them and never the reverse."""

from __future__ import annotations

from celery import shared_task

from knowledge.enqueue import REINDEX_TASK
from knowledge.services.reindexing import document_reindex


@shared_task(name=REINDEX_TASK, acks_late=True, reject_on_worker_lost=True)
def reindex_document(document_id: int) -> str:
    """Rechunk and re-embed a document after a back-office save."""
    return document_reindex(document_id=document_id)
