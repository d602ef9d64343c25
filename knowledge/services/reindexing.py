"""Re-indexing: rechunk and re-embed a saved document (the back office's task), or
embed the whole corpus again with another embedder (`knowledge reembed`)."""

from __future__ import annotations

from django.db import connection, transaction

from knowledge.calibration import calibrate_all
from knowledge.embedders import Embedder, get_embedder
from knowledge.models import Chunk, Document, IndexState
from knowledge.parsing import DocumentFormatError, parse_saved
from knowledge.phrasings import (
    phrasing_vectors,
    reembed_phrasings,
    sync_phrasings,
)
from knowledge.services.importing import (
    known_embeddings,
    write_chunks,
)

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
        parsed = parse_saved(document)
        embedder = embedder or get_embedder()
        known = known_embeddings(document, embedder)
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
            write_chunks(current, parsed, known, embedder)
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


def _index_progress(document_id: int, version: int, state: str, detail: str) -> None:
    """Record progress, only while the row is still at the version being indexed."""
    Document.objects.filter(pk=document_id, version=version).update(
        index_state=state, index_detail=detail[:300]
    )


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
