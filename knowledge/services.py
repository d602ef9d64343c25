"""Writes to the knowledge base: import, edit, re-embed. Each document is written
in one transaction; embeddings are computed before it opens, and only for chunks
whose content changed."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from knowledge.calibration import calibrate_all
from knowledge.embedders import Embedder, get_embedder
from knowledge.models import Chunk, Document, IndexState
from knowledge.parsing import (
    DocumentFormatError,
    ParsedDocument,
    decode_document,
    parse_body,
    parse_document,
)
from knowledge.phrasings import (
    phrasing_vectors,
    phrasings_current,
    reembed_phrasings,
    sync_phrasings,
)
from support.services.audit import audit_record

logger = logging.getLogger(__name__)


class ImportFileError(ValueError):
    """One or more files could not be parsed; nothing was imported."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


class StaleEditError(ValueError):
    pass


@dataclass(frozen=True)
class ImportResult:
    slug: str
    created: bool
    changed: bool
    chunks: int
    embedded: int
    deleted: int


def read_document_file(path: Path) -> ParsedDocument:
    """Read and parse one .md file; errors name the file and the line."""
    try:
        size = path.stat().st_size
        if size > settings.KNOWLEDGE_MAX_IMPORT_BYTES:
            raise DocumentFormatError(
                f"the file is {size:,} bytes; the limit is {settings.KNOWLEDGE_MAX_IMPORT_BYTES:,}"
            )
        text = decode_document(path.read_bytes())
        return parse_document(slug=path.stem, text=text)
    except DocumentFormatError as err:
        where = f"{path}:{err.line}" if err.line else str(path)
        raise ImportFileError([f"{where}: {err.message}"]) from None
    except OSError as err:
        raise ImportFileError([f"{path}: {err.strerror or err}"]) from None


def collect_document_files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.rglob("*.md") if p.is_file())
        if not files:
            raise ImportFileError([f"{path}: no .md files in this folder"])
        return files
    if not path.exists():
        raise ImportFileError([f"{path}: no such file or folder"])
    if path.suffix != ".md":
        raise ImportFileError([f"{path}: not a .md file"])
    return [path]


def knowledge_import_path(*, path: Path, embedder: Embedder | None = None) -> list[ImportResult]:
    """Import a .md file or a folder of them. Every file is parsed first: if any
    fails, nothing is imported and every error is reported."""
    files = collect_document_files(path)
    parsed: list[ParsedDocument] = []
    errors: list[str] = []
    for file in files:
        try:
            parsed.append(read_document_file(file))
        except ImportFileError as err:
            errors.extend(err.errors)
    slugs = [doc.slug for doc in parsed]
    for slug in {s for s in slugs if slugs.count(s) > 1}:
        errors.append(f"{path}: two files give the document slug {slug!r}")
    if errors:
        raise ImportFileError(errors)
    return [document_import(parsed=doc, embedder=embedder) for doc in parsed]


def document_import(
    *,
    parsed: ParsedDocument,
    user=None,
    expected_version: int | None = None,
    embedder: Embedder | None = None,
) -> ImportResult:
    """Create or update one document and its chunks.

    An unchanged document changes nothing. A changed one keeps the rows (and ids)
    of chunks whose position and content stayed, reuses the embeddings of moved
    chunks, and embeds only new content."""
    embedder = embedder or get_embedder()
    current = Document.objects.filter(slug=parsed.slug).first()
    if current is not None and expected_version is not None and current.version != expected_version:
        raise StaleEditError(
            f"{parsed.slug} was changed by someone else (version {current.version}, "
            f"your edit started from {expected_version}); reload and apply your change again"
        )
    if current is not None and _same_document(current, parsed, embedder):
        return ImportResult(parsed.slug, False, False, len(parsed.chunks), 0, 0)

    known = _known_embeddings(current, embedder) if current else {}
    missing = [c for c in parsed.chunks if c.content_sha256 not in known]
    if missing:
        vectors = embedder.embed_passages([c.embedding_input for c in missing])
        for chunk, vector in zip(missing, vectors, strict=True):
            known[chunk.content_sha256] = vector
    phrasings = phrasing_vectors(current, parsed.chunks, embedder)

    with transaction.atomic():
        document, created = Document.objects.select_for_update().get_or_create(
            slug=parsed.slug,
            defaults={"title": parsed.title, "language": parsed.language, "body": parsed.body},
        )
        if expected_version is not None and document.version != expected_version and not created:
            raise StaleEditError(
                f"{parsed.slug} was changed by someone else while you edited it; reload"
            )
        document.title = parsed.title
        document.language = parsed.language
        document.source_url = parsed.source_url
        document.shop = parsed.shop
        document.body = parsed.body
        document.body_sha256 = parsed.body_sha256
        document.updated_by = user
        if not created:
            document.version += 1
        document.save()
        deleted = _write_chunks(document, parsed, known, embedder)
        sync_phrasings(document, parsed, phrasings, embedder)
    return ImportResult(parsed.slug, created, True, len(parsed.chunks), len(missing), deleted)


def _write_chunks(
    document: Document, parsed: ParsedDocument, known: dict, embedder: Embedder
) -> int:
    """Make the document's chunk rows match ``parsed`` (inside the caller's
    transaction): unchanged rows are left alone, changed ones updated in place,
    extra ones deleted. Returns how many rows were deleted."""
    existing = {chunk.position: chunk for chunk in document.chunks.all()}
    for item in parsed.chunks:
        row = existing.get(item.position)
        if (
            row
            and row.content_sha256 == item.content_sha256
            and row.embedding_model == embedder.name
        ):
            continue
        row = row or Chunk(document=document, position=item.position)
        row.question = item.question
        row.alternatives = "\n".join(item.alternatives)
        row.text = item.text
        row.language = item.language
        row.codes = list(item.codes)
        row.content_sha256 = item.content_sha256
        row.embedding = known[item.content_sha256]
        row.embedding_model = embedder.name
        row.background = {}  # new content: knowledge.calibration derives it again
        row.save()
    # the count of chunk rows only (their phrasings go with them)
    _, deleted = document.chunks.filter(position__gt=len(parsed.chunks)).delete()
    return deleted.get(Chunk._meta.label, 0)


def _same_document(current: Document, parsed: ParsedDocument, embedder: Embedder) -> bool:
    if (
        current.body_sha256,
        current.title,
        current.language,
        current.source_url,
        current.shop,
    ) != (
        parsed.body_sha256,
        parsed.title,
        parsed.language,
        parsed.source_url,
        parsed.shop,
    ):
        return False
    stored = list(current.chunks.values_list("content_sha256", "embedding_model"))
    if stored != [(c.content_sha256, embedder.name) for c in parsed.chunks]:
        return False
    return phrasings_current(current, parsed, embedder)


def _known_embeddings(document: Document, embedder: Embedder) -> dict:
    rows = document.chunks.filter(embedding_model=embedder.name).values_list(
        "content_sha256", "embedding"
    )
    return {sha: vector for sha, vector in rows if vector is not None}


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


# --- Back office: edits are saved at once, chunks follow in a Celery task ---------


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


REINDEX_BATCH = 8


def document_reindex(*, document_id: int, embedder: Embedder | None = None) -> str:
    """Rechunk a document's saved body and embed what changed (the re-index task).

    Progress is written to the row as it goes. When a newer save lands while this
    runs, its own task does the work and this one leaves everything to it."""
    document = Document.objects.filter(pk=document_id).first()
    if document is None:
        return "gone"
    version = document.version
    _index_progress(document_id, version, IndexState.RUNNING, "reading the Markdown")
    try:
        parsed = parse_body(
            slug=document.slug,
            body=document.body,
            language=document.language,
            source_url=document.source_url,
            title=document.title,
            shop=document.shop,
        )
        embedder = embedder or get_embedder()
        known = _known_embeddings(document, embedder)
        missing = [c for c in parsed.chunks if c.content_sha256 not in known]
        for start in range(0, len(missing), REINDEX_BATCH):
            _index_progress(
                document_id,
                version,
                IndexState.RUNNING,
                f"embedding chunks: {start} of {len(missing)} done",
            )
            batch = missing[start : start + REINDEX_BATCH]
            vectors = embedder.embed_passages([c.embedding_input for c in batch])
            for chunk, vector in zip(batch, vectors, strict=True):
                known[chunk.content_sha256] = vector
        phrasings = phrasing_vectors(document, parsed.chunks, embedder)
        with transaction.atomic():
            current = Document.objects.select_for_update().get(pk=document_id)
            if current.version != version:
                return "superseded"
            _write_chunks(current, parsed, known, embedder)
            sync_phrasings(current, parsed, phrasings, embedder)
            _index_progress(
                document_id,
                version,
                IndexState.READY,
                f"version {version}: {len(parsed.chunks)} chunks, {len(missing)} embedded",
            )
        # the shop's threshold follows its documents (knowledge.calibration)
        transaction.on_commit(lambda: calibrate_all(embedder))
    except Document.DoesNotExist:
        return "gone"
    except DocumentFormatError as err:  # saved bodies are parsed first; kept for old rows
        _index_progress(document_id, version, IndexState.FAILED, str(err))
        return "failed"
    except Exception as err:
        _index_progress(document_id, version, IndexState.FAILED, f"{type(err).__name__}: {err}")
        raise
    return "ready"


def enqueue_reindex(document_id: int) -> None:
    """Queue the re-index task; when the broker cannot take it, say so on the row
    (the edit itself is saved; `knowledge reembed` or a later save catches up)."""
    from knowledge.tasks import reindex_document

    try:
        reindex_document.delay(document_id)
    except Exception as err:  # the broker is down: the page shows it, nothing crashes
        logger.exception("could not queue the re-index of document %s", document_id)
        Document.objects.filter(pk=document_id).update(
            index_state=IndexState.FAILED,
            index_detail=f"could not queue the re-index: {type(err).__name__}: {err}"[:300],
        )


def _enqueue_reindex_on_commit(document_id: int) -> None:
    transaction.on_commit(lambda: enqueue_reindex(document_id))


def _index_progress(document_id: int, version: int, state: str, detail: str) -> None:
    """Record progress, only while the row is still at the version being indexed."""
    Document.objects.filter(pk=document_id, version=version).update(
        index_state=state, index_detail=detail[:300]
    )


def _user_or_none(actor: Any | None) -> Any | None:
    return actor if actor is not None and getattr(actor, "is_authenticated", False) else None


def knowledge_reembed(*, embedder: Embedder | None = None, batch_size: int = 64) -> int:
    """Embed every chunk again with the configured embedder. When its dimension
    differs from the column's, the column and its HNSW index are rebuilt."""
    embedder = embedder or get_embedder()
    with transaction.atomic():
        _ensure_dimensions(embedder.dimensions)
        ids = list(Chunk.objects.order_by("pk").values_list("pk", flat=True))
        total = 0
        for start in range(0, len(ids), batch_size):
            rows = list(Chunk.objects.filter(pk__in=ids[start : start + batch_size]).order_by("pk"))
            inputs = ["\n".join([r.question, *r.alternative_list, r.text]) for r in rows]
            vectors = embedder.embed_passages(inputs)
            for row, vector in zip(rows, vectors, strict=True):
                row.embedding = vector
                row.embedding_model = embedder.name
            Chunk.objects.bulk_update(rows, ["embedding", "embedding_model"])
            reembed_phrasings(rows, embedder)
            total += len(rows)
    return total


# The vector columns and their HNSW indexes, rebuilt when the dimension changes.
VECTOR_COLUMNS = (
    ("knowledge_chunk", "chunk_embedding_hnsw"),
    ("knowledge_phrasing", "phrasing_embedding_hnsw"),
)


def _ensure_dimensions(dimensions: int) -> None:
    with connection.cursor() as cursor:
        for table, index in VECTOR_COLUMNS:
            cursor.execute(
                "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                "WHERE attrelid = %s::regclass AND attname = 'embedding'",
                [table],
            )
            (current,) = cursor.fetchone()
            if current == f"vector({dimensions})":
                continue
            cursor.execute(f"DROP INDEX IF EXISTS {index}")
            cursor.execute(
                f"ALTER TABLE {table} ALTER COLUMN embedding TYPE vector({int(dimensions)}) "
                "USING NULL"
            )
            cursor.execute(
                f"CREATE INDEX {index} ON {table} "
                "USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)"
            )
