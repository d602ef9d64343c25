"""knowledge_scale.py's scratch database: made and dropped around the run, bulk-loaded
with binary COPY, and the real import path timed on it."""

from __future__ import annotations

import hashlib
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from scale_corpus import CHUNKS_PER_DOCUMENT, DIMENSIONS, SEED, Corpus

ROOT = Path(__file__).resolve().parent.parent
# The scratch database; knowledge_scale.py --database sets another bench_ name.
BENCH_DB = "bench_knowledge"


# --------------------------------------------------------------------------------
# Scratch database (before Django is set up)
# --------------------------------------------------------------------------------


def prepare_scratch_database() -> str:
    """Start the embedded server, drop and recreate the scratch database; return
    the server's socket directory."""
    if os.environ.get("DATABASE_URL"):
        sys.exit("knowledge_scale: unset DATABASE_URL; this benchmark uses the embedded server")
    os.environ["SUPPORTDESK_DATABASE_NAME"] = BENCH_DB
    from config.embedded_postgres import DATABASE_NAME, start_embedded_postgres

    assert DATABASE_NAME == BENCH_DB, DATABASE_NAME
    params = start_embedded_postgres(ROOT / "var" / "pgdata")
    drop_database(params["HOST"])
    create_database(params["HOST"])
    return params["HOST"]


def admin_connection(host: str):
    import psycopg

    return psycopg.connect(host=host, user="postgres", dbname="postgres", autocommit=True)


def drop_database(host: str) -> None:
    assert BENCH_DB.startswith("bench_"), BENCH_DB
    with admin_connection(host) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')


def create_database(host: str) -> None:
    with admin_connection(host) as conn:
        conn.execute(f'CREATE DATABASE "{BENCH_DB}"')


# --------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------


def bulk_load(corpus: Corpus, host: str, embedding_model: str) -> dict:
    """Documents and chunks by binary COPY on a separate psycopg connection (the
    Django connection keeps its own adapters). Returns the chunk embeddings."""
    import psycopg
    from pgvector.psycopg import register_vector

    from knowledge.codes import extract_codes

    n = corpus.n
    documents = (n + CHUNKS_PER_DOCUMENT - 1) // CHUNKS_PER_DOCUMENT
    now = datetime.now(UTC)
    vectors = np.empty((n, DIMENSIONS), dtype=np.float32)
    t_generate = 0.0
    started = time.perf_counter()
    with psycopg.connect(host=host, user="postgres", dbname=BENCH_DB) as conn:
        register_vector(conn)
        with conn.cursor() as cur:
            cur.execute("SELECT COALESCE(max(id), 0) FROM knowledge_document")
            base_doc = cur.fetchone()[0]
            database_defaults(cur)
            with cur.copy(
                "COPY knowledge_document (id, slug, title, language, source_url, body, "
                "body_sha256, version, updated_at) FROM STDIN WITH (FORMAT BINARY)"
            ) as copy:
                copy.set_types(
                    [
                        *("int8", "varchar", "varchar", "varchar", "varchar", "text", "varchar"),
                        *("int4", "timestamptz"),
                    ]
                )
                for d in range(documents):
                    lang = str(corpus.language[d * CHUNKS_PER_DOCUMENT])
                    body = f"# Synthetic document {d}\n"
                    copy.write_row(
                        (
                            base_doc + d + 1,
                            f"bench-{d:06d}",
                            f"Synthetic document {d}",
                            lang,
                            "",
                            body,
                            hashlib.sha256(body.encode()).hexdigest(),
                            1,
                            now,
                        )
                    )
            cur.execute(
                "SELECT setval(pg_get_serial_sequence('knowledge_document', 'id'), %s)",
                [base_doc + documents],
            )
            with cur.copy(
                "COPY knowledge_chunk (document_id, position, question, alternatives, text, "
                "language, content_sha256, embedding, embedding_model, codes, enabled) "
                "FROM STDIN WITH (FORMAT BINARY)"
            ) as copy:
                copy.set_types(
                    [
                        *("int8", "int4", "text", "text", "text", "varchar", "varchar", "vector"),
                        *("varchar", "varchar[]", "bool"),
                    ]
                )
                batch = 5_000
                for start in range(0, n, batch):
                    stop = min(n, start + batch)
                    g0 = time.perf_counter()
                    vectors[start:stop] = corpus.embeddings(start, stop)
                    rows = []
                    texts = corpus.texts(start, stop)
                    for i in range(start, stop):
                        question, text = texts[i - start]
                        if i < 50:
                            assert extract_codes(text) == corpus.codes(i), text
                        lang = str(corpus.language[i])
                        sha = hashlib.sha256(f"{question}\x1f\x1f{text}\x1f{lang}".encode())
                        rows.append(
                            (
                                base_doc + i // CHUNKS_PER_DOCUMENT + 1,
                                i % CHUNKS_PER_DOCUMENT + 1,
                                question,
                                "",
                                text,
                                lang,
                                sha.hexdigest(),
                                vectors[i],
                                embedding_model,
                                corpus.codes(i),
                                True,
                            )
                        )
                    t_generate += time.perf_counter() - g0
                    for row in rows:
                        copy.write_row(row)
            cur.execute(
                "SELECT id FROM knowledge_chunk WHERE document_id > %s "
                "ORDER BY document_id, position",
                [base_doc],
            )
            chunk_ids = [row[0] for row in cur.fetchall()]
            g0 = time.perf_counter()
            owners, phrasing_vectors = corpus.phrasing_vectors(vectors)
            t_generate += time.perf_counter() - g0
            with cur.copy(
                "COPY knowledge_phrasing (chunk_id, position, text, embedding, embedding_model) "
                "FROM STDIN WITH (FORMAT BINARY)"
            ) as copy:
                copy.set_types(["int8", "int4", "text", "vector", "varchar"])
                previous, position = -1, 0
                for owner, vector in zip(owners, phrasing_vectors, strict=True):
                    position = position + 1 if owner == previous else 0
                    previous = owner
                    copy.write_row(
                        (
                            chunk_ids[owner],
                            position,
                            f"phrasing {position}",
                            vector,
                            embedding_model,
                        )
                    )
        conn.commit()
    total = time.perf_counter() - started
    return {
        "vectors": vectors,
        "phrasings": len(owners),
        "documents": documents,
        "seconds_total": total,
        "seconds_generate": t_generate,
        "seconds_copy": total - t_generate,
    }


def database_defaults(cur) -> None:
    """COPY leaves out the columns it does not name; give those that have only a
    Python-side default (Django's) that default in the scratch database."""
    from psycopg import sql

    from knowledge.models import Chunk, Document, Phrasing

    for model in (Document, Chunk, Phrasing):
        table = model._meta.db_table
        cur.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = %s "
            "AND is_nullable = 'NO' AND column_default IS NULL AND is_generated = 'NEVER'",
            [table],
        )
        for (column,) in cur.fetchall():
            field = next((f for f in model._meta.concrete_fields if f.column == column), None)
            default = field.get_default() if field is not None and field.has_default() else None
            if not isinstance(default, str | int | bool):
                continue
            cur.execute(
                sql.SQL("ALTER TABLE {} ALTER COLUMN {} SET DEFAULT {}").format(
                    sql.Identifier(table), sql.Identifier(column), sql.Literal(default)
                )
            )


def run_sql(host: str, sql: str, *, settings: tuple[str, ...] = ()) -> float:
    import psycopg

    with psycopg.connect(host=host, user="postgres", dbname=BENCH_DB, autocommit=True) as conn:
        for setting in settings:
            conn.execute(setting)
        started = time.perf_counter()
        conn.execute(sql)
        return time.perf_counter() - started


class TimingEmbedder:
    """Delegates to the real embedder and adds up the time spent embedding."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimensions = inner.dimensions
        self.seconds = 0.0

    def embed_queries(self, texts):
        started = time.perf_counter()
        try:
            return self.inner.embed_queries(texts)
        finally:
            self.seconds += time.perf_counter() - started

    def embed_passages(self, texts):
        started = time.perf_counter()
        try:
            return self.inner.embed_passages(texts)
        finally:
            self.seconds += time.perf_counter() - started


def real_import(corpus: Corpus, embedder, chunks: int) -> dict:
    """Import `chunks` fresh chunks as Markdown documents through document_import."""
    from knowledge.parsing import parse_document
    from knowledge.services import document_import

    rng = np.random.default_rng(SEED + 1)
    timing = TimingEmbedder(embedder)
    documents = []
    for d in range((chunks + CHUNKS_PER_DOCUMENT - 1) // CHUNKS_PER_DOCUMENT):
        lang = "es" if d % 2 == 0 else "en"
        lines = ["---", f"language: {lang}", "---", f"# Imported document {d}", ""]
        for _ in range(min(CHUNKS_PER_DOCUMENT, chunks - d * CHUNKS_PER_DOCUMENT)):
            i = int(rng.choice(np.flatnonzero(corpus.language == lang)))
            question, text = corpus.chunk_text(i)
            lines += [f"## {question.strip('¿?')}?", text, ""]
        documents.append(parse_document(slug=f"import-{d:04d}", text="\n".join(lines)))
    started = time.perf_counter()
    imported = sum(document_import(parsed=doc, embedder=timing).chunks for doc in documents)
    total = time.perf_counter() - started
    return {"chunks": imported, "seconds": total, "seconds_embedding": timing.seconds}
