"""Queue the knowledge app's Celery tasks by their registered names. Services queue
work through here and never import knowledge/tasks.py, which imports them (the app
registers its tasks when it is ready: knowledge/apps.py)."""

from __future__ import annotations

import logging

from config.celery import app as celery_app
from knowledge.models import Document, IndexState

logger = logging.getLogger(__name__)

REINDEX_TASK = "knowledge.tasks.reindex_document"


def enqueue_reindex(document_id: int) -> None:
    """Queue the re-index task; when the broker cannot take it, say so on the row
    (the edit itself is saved; `knowledge reembed` or a later save catches up)."""
    try:
        celery_app.tasks[REINDEX_TASK].delay(document_id)
    except Exception as err:  # the broker is down: the page shows it, nothing crashes
        logger.exception("could not queue the re-index of document %s", document_id)
        Document.objects.filter(pk=document_id).update(
            index_state=IndexState.FAILED,
            index_detail=f"could not queue the re-index: {type(err).__name__}: {err}"[:300],
        )
