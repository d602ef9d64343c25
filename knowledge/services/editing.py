"""Document editing from the back office: create, update, delete a document and
enable or disable a chunk; each is audited. An edit is saved at once, its chunks
follow in the re-index task, queued when the transaction commits."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from config.audit.services import audit_record
from knowledge.enqueue import enqueue_reindex
from knowledge.models import Chunk, Document, IndexState
from knowledge.parsing import (
    ParsedDocument,
)
from knowledge.services.importing import (
    StaleEditError,
)


def chunk_set_enabled(*, chunk: Chunk, enabled: bool, actor: Any | None = None) -> Chunk:
    """Enable or disable one chunk (a disabled chunk is never retrieved); audited."""
    with transaction.atomic():
        Chunk.objects.filter(pk=chunk.pk).update(enabled=enabled)
        chunk.enabled = enabled
        audit_record(
            actor=actor,
            action="corpus.chunk.enable" if enabled else "corpus.chunk.disable",
            target=chunk,
            data={"source": chunk.source},
        )
    return chunk


def document_delete(*, document: Document, actor: Any | None = None) -> None:
    """Delete a document and its chunks; audited (the row keeps slug and version)."""
    with transaction.atomic():
        audit_record(
            actor=actor,
            action="corpus.document.delete",
            target=document,
            data={"slug": document.slug, "version": document.version},
        )
        document.delete()


class DuplicateSlugError(ValueError):
    pass


def document_create(*, parsed: ParsedDocument, actor: Any | None = None) -> Document:
    """Create a document from the back office. Its chunks are made and embedded by
    the re-index task, queued when the transaction commits."""
    try:
        with transaction.atomic():
            document = Document.objects.create(
                slug=parsed.slug,
                title=parsed.title,
                language=parsed.language,
                source_url=parsed.source_url,
                shop=parsed.shop,
                body=parsed.body,
                body_sha256=parsed.body_sha256,
                updated_by=_user_or_none(actor),
                index_state=IndexState.QUEUED,
                index_detail=f"{len(parsed.chunks)} chunks to embed",
            )
            audit_record(
                actor=actor,
                action="corpus.document.create",
                target=document,
                data={"slug": document.slug, "version": document.version},
            )
            _enqueue_reindex_on_commit(document.pk)
    except IntegrityError:
        raise DuplicateSlugError(f"a document with the slug {parsed.slug!r} exists") from None
    return document


def document_update(
    *, document: Document, parsed: ParsedDocument, expected_version: int, actor: Any | None = None
) -> bool:
    """Save an edit made from ``expected_version``; False when nothing changed.

    A stale edit (someone saved in between) raises StaleEditError and writes
    nothing. The version is bumped here, at once; the chunks follow in the
    re-index task, queued when the transaction commits."""
    with transaction.atomic():
        current = Document.objects.select_for_update().get(pk=document.pk)
        if current.version != expected_version:
            who = current.updated_by.get_username() if current.updated_by else "someone else"
            raise StaleEditError(
                f"{current.slug} was saved by {who} at {current.updated_at:%Y-%m-%d %H:%M} UTC "
                f"(version {current.version}) while you were editing version "
                f"{expected_version}. Nothing was saved; your text is still in the form. "
                "Reload the page and apply your change again."
            )
        fields = ("title", "language", "source_url", "shop", "body")
        before = {name: getattr(current, name) for name in fields}
        after = {name: getattr(parsed, name) for name in fields}
        if before == after:
            if current.index_state != IndexState.FAILED:
                return False
            # Saving an unchanged document whose re-index failed retries it.
            current.index_state = IndexState.QUEUED
            current.index_detail = f"version {current.version}: retrying, waiting for a worker"
            current.save(update_fields=["index_state", "index_detail"])
            _enqueue_reindex_on_commit(current.pk)
            document.refresh_from_db()
            return True
        for name, value in after.items():
            setattr(current, name, value)
        current.body_sha256 = parsed.body_sha256
        current.updated_by = _user_or_none(actor)
        current.version += 1
        current.index_state = IndexState.QUEUED
        current.index_detail = f"version {current.version}: waiting for a worker"
        current.save()
        audit_record(
            actor=actor,
            action="corpus.document.update",
            target=current,
            data={
                "slug": current.slug,
                "version": current.version,
                "changed": [name for name in fields if before[name] != after[name]],
            },
        )
        _enqueue_reindex_on_commit(current.pk)
    document.refresh_from_db()
    return True


def _enqueue_reindex_on_commit(document_id: int) -> None:
    transaction.on_commit(lambda: enqueue_reindex(document_id))


def _user_or_none(actor: Any | None) -> Any | None:
    return actor if actor is not None and getattr(actor, "is_authenticated", False) else None
