"""Knowledge base at scale: hybrid-query latency, HNSW recall and import throughput.

    .venv/bin/python benchmarks/knowledge_scale.py                 # 100,000 chunks, 200 queries
    .venv/bin/python benchmarks/knowledge_scale.py --chunks 20000 --queries 50

What it does, in a scratch database `bench_knowledge` on the embedded PostgreSQL
(dropped and recreated at the start, dropped at the end unless --keep; the
`supportdesk` and `test_*` databases are never touched; --database bench_NAME picks
another scratch name, so that two runs on one server do not collide):

1. migrate; drop the HNSW indexes; bulk-load N synthetic chunks (and their
   documents, and 1-2 phrasing vectors per chunk: the question, an alternative in
   half of them) with binary COPY; VACUUM ANALYZE; build the HNSW indexes (m=16,
   ef_construction=64, as in the migrations) and time them.
2. Import 200 chunks through the real path (`document_import`: parsing, e5
   embedding, ORM writes with the HNSW and GIN indexes present) and time it.
3. Time the hybrid SQL (`search_candidates`, the project's `HYBRID_SQL`) with
   precomputed query vectors: 50 warm-up queries, then 3 timed passes; p50/p95/p99
   per pass, the median pass reported. Query embedding (e5) is timed separately.
4. Recall@10 of the HNSW arm (the arm's own SQL, LIMIT = candidates per arm) against
   exact search (same ORDER BY with index scans disabled) at ef_search 40 (the
   project's setting) and 100.
5. The tail of the keyword arm: queries made of words that match most rows.

Synthetic data (seeded, reproducible): text is drawn from Spanish and English
shop word lists with Zipf-like document frequencies (the commonest word is in half
the chunks of its language, the rarest core word in ~0.7 %), topic words
tied to the chunk's cluster, a long tail of rare words, and codes like SKU-12345 in
~30 % of chunks. Embeddings are NOT random unit vectors (HNSW recall on those says
little): 1,000 random centroids + gaussian noise, normalised; a query vector is a
chunk's vector plus noise, normalised.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import re
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

BENCH_DB = "bench_knowledge"
# A phrasing vector is its chunk's vector plus this much noise per dimension.
PHRASING_NOISE = 0.025
SEED = 20240611
DIMENSIONS = 384
CENTROIDS = 1_000
# Per-dimension noise around a centroid: chunk-to-centroid cosine ~0.85, in the
# range where e5's cosines crowd.
CHUNK_NOISE = 0.032
QUERY_NOISE = 0.020
CHUNKS_PER_DOCUMENT = 10
# Share of a language's chunks that contain its commonest core word.
DF_TOP = 0.5

CORE_ES = (
    "pedido envío compra producto precio pago tarjeta cuotas entrega días domicilio "
    "sucursal garantía devolución cambio factura stock disponible retiro correo "
    "cliente cuenta dirección semana horario lunes viernes sábado descuento oferta "
    "promoción transferencia efectivo reembolso plazo hábiles seguimiento código "
    "número teléfono celular notebook televisor auricular cargador batería pantalla "
    "técnico servicio reparación usado canje valor nuevo modelo marca caja embalaje "
    "paquete costo gratis mínimo total interés banco mercado billetera confirmación "
    "correo electrónico mensaje consulta reclamo problema falla defecto fábrica meses "
    "año vigente tienda local ciudad provincia córdoba rosario mendoza buenos aires "
    "capital interior zona rápido normal express moto camioneta transporte demora"
).split()
CORE_EN = (
    "order delivery purchase product price payment card instalments shipping days "
    "home store warranty return exchange invoice stock available pickup courier "
    "customer account address week hours monday friday saturday discount offer "
    "promotion transfer cash refund deadline business tracking code number phone "
    "mobile laptop television headphones charger battery screen technician service "
    "repair used trade value new model brand box packaging parcel cost free minimum "
    "total interest bank wallet confirmation email message question complaint issue "
    "fault defect factory months year valid shop branch city province region fast "
    "standard express motorbike van transport delay receipt checkout basket"
).split()
SYLLABLES = (
    "ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo ga ge go la le li lo lu "
    "ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te "
    "ti to tu va ve vi vo za zo tra tre tri cla clo pla ple bra bro gra gro"
).split()


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
# Synthetic corpus
# --------------------------------------------------------------------------------


def pseudo_words(rng: np.random.Generator, count: int) -> list[str]:
    words: set[str] = set()
    while len(words) < count:
        n = int(rng.integers(3, 5))
        words.add("".join(rng.choice(SYLLABLES, size=n)))
    return sorted(words)


class Corpus:
    """Seeded synthetic chunks: text, language, codes, cluster and embedding."""

    def __init__(self, n: int, rng: np.random.Generator) -> None:
        self.n = n
        self.rng = rng
        self.rare = pseudo_words(rng, 6_000)
        # Each cluster has 6 topic words (shared by ~100 chunks each at 100k).
        self.topic_words = [
            [self.rare[i] for i in rng.choice(len(self.rare), size=6, replace=False)]
            for _ in range(CENTROIDS)
        ]
        self.df = {
            "es": DF_TOP / np.arange(1, len(CORE_ES) + 1) ** 0.9,
            "en": DF_TOP / np.arange(1, len(CORE_EN) + 1) ** 0.9,
        }
        self.zipf = {lang: df / df.sum() for lang, df in self.df.items()}
        self.core = {"es": CORE_ES, "en": CORE_EN}
        self.core_arr = {
            "es": np.asarray(CORE_ES, dtype=object),
            "en": np.asarray(CORE_EN, dtype=object),
        }
        self.rare_arr = np.asarray(self.rare, dtype=object)
        centroids = rng.standard_normal((CENTROIDS, DIMENSIONS)).astype(np.float32)
        self.centroids = centroids / np.linalg.norm(centroids, axis=1, keepdims=True)
        self.cluster = rng.integers(0, CENTROIDS, size=n)
        self.language = np.where(rng.random(n) < 0.5, "es", "en")
        self.sku = np.where(rng.random(n) < 0.3, rng.integers(10_000, 100_000, size=n), 0)
        self.topic_arr = np.asarray(self.topic_words, dtype=object)

    def embeddings(self, start: int, stop: int) -> np.ndarray:
        noise = self.rng.standard_normal((stop - start, DIMENSIONS)).astype(np.float32)
        vectors = self.centroids[self.cluster[start:stop]] + CHUNK_NOISE * noise
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def phrasing_vectors(self, chunk_vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(owner index, vector) of 1-2 phrasings per chunk: the question for every
        chunk, an alternative phrasing for half of them."""
        n = len(chunk_vectors)
        owners = np.concatenate([np.arange(n), np.flatnonzero(self.rng.random(n) < 0.5)])
        owners.sort(kind="stable")
        noise = self.rng.standard_normal((len(owners), DIMENSIONS)).astype(np.float32)
        vectors = chunk_vectors[owners] + PHRASING_NOISE * noise
        return owners, vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def texts(self, start: int, stop: int) -> list[tuple[str, str]]:
        """(question, text) for chunks start..stop. Core word r of the chunk's
        language is present with probability DF_TOP / r^0.9 (the commonest in about
        half the chunks of its language, the 110th in ~0.7 %); then 8-20 cluster
        topic words and 15-30 rare words; shuffled."""
        rng = self.rng
        b = stop - start
        langs = self.language[start:stop]
        present = {lang: rng.random((b, len(self.core[lang]))) < self.df[lang] for lang in self.df}
        n_topic = rng.integers(8, 21, size=b)
        n_rare = rng.integers(15, 31, size=b)
        topic = self.topic_arr[self.cluster[start:stop, None], rng.integers(0, 6, (b, 20))]
        rare = self.rare_arr[rng.integers(0, len(self.rare), (b, 30))]
        q_len = rng.integers(5, 10, size=b)
        out = []
        for k in range(b):
            lang = langs[k]
            words = [self.core[lang][j] for j in np.flatnonzero(present[lang][k])]
            words += list(topic[k, : n_topic[k]]) + list(rare[k, : n_rare[k]])
            rng.shuffle(words)
            question = " ".join(words[: q_len[k]]).capitalize()
            question = f"¿{question}?" if lang == "es" else f"{question}?"
            body = words[q_len[k] :]
            if self.sku[start + k]:
                body.insert(int(rng.integers(0, len(body) + 1)), f"SKU-{self.sku[start + k]}")
            out.append((question, " ".join(body).capitalize() + "."))
        return out

    def codes(self, i: int) -> list[str]:
        """What knowledge.codes.extract_codes gives for the chunk's text."""
        return [f"SKU{self.sku[i]}", str(self.sku[i])] if self.sku[i] else []

    def chunk_text(self, i: int) -> tuple[str, str]:
        return self.texts(i, i + 1)[0]


def query_set(corpus: Corpus, count: int, rng: np.random.Generator) -> list[dict]:
    """Queries aimed at a chunk: 1-2 of its topic words, 1-4 Zipf core words (so
    common words appear as often as customers type them), a code in 20 %."""
    with_sku = np.flatnonzero(corpus.sku)
    queries = []
    for q in range(count):
        if q % 5 == 0 and len(with_sku):
            target = int(rng.choice(with_sku))
        else:
            target = int(rng.integers(0, corpus.n))
        lang = str(corpus.language[target])
        topic = list(rng.choice(corpus.topic_words[corpus.cluster[target]], size=2))
        core = list(
            rng.choice(
                corpus.core[lang], size=int(rng.integers(1, 5)), p=corpus.zipf[lang], replace=False
            )
        )
        words = [str(w) for w in topic[: int(rng.integers(1, 3))] + core]
        rng.shuffle(words)
        if q % 5 == 0 and corpus.sku[target]:
            words.append(f"SKU-{corpus.sku[target]}")
        queries.append({"target": target, "language": lang, "text": " ".join(words)})
    return queries


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


# --------------------------------------------------------------------------------
# Measurements
# --------------------------------------------------------------------------------


def percentile(values: list[float], p: float) -> float:
    return float(np.percentile(np.asarray(values), p))


def latency_stats(values_ms: list[float]) -> dict:
    return {
        "p50": percentile(values_ms, 50),
        "p95": percentile(values_ms, 95),
        "p99": percentile(values_ms, 99),
        "max": max(values_ms),
    }


def prepared(query: str, embedder_name: str):
    from knowledge.codes import extract_query_codes
    from knowledge.search import FusionWeights, clean_query

    text = clean_query(query)
    codes = extract_query_codes(text)
    weights = FusionWeights.for_query(embedder_name=embedder_name, query=text, codes=codes)
    return text, codes, weights


def time_hybrid(queries: list[dict], vectors: np.ndarray, embedder_name: str, passes: int):
    from knowledge.search import search_candidates

    items = [(*prepared(q["text"], embedder_name), vectors[k]) for k, q in enumerate(queries)]
    for text, codes, weights, vector in items[:50]:  # warm-up: caches, connection
        search_candidates(text, vector=vector, weights=weights, codes=codes, limit=10)
    runs = []
    per_query = np.zeros((passes, len(items)))
    hits = 0
    for p in range(passes):
        times = []
        for k, (text, codes, weights, vector) in enumerate(items):
            started = time.perf_counter()
            result = search_candidates(text, vector=vector, weights=weights, codes=codes, limit=10)
            elapsed = (time.perf_counter() - started) * 1000
            times.append(elapsed)
            per_query[p, k] = elapsed
            if p == 0 and result:
                target = queries[k]["target"]
                hits += any(
                    c.source == f"bench-{target // 10:06d}#{target % 10 + 1}" for c in result
                )
        runs.append(latency_stats(times))
    runs.sort(key=lambda r: r["p50"])
    return runs[len(runs) // 2], runs, np.median(per_query, axis=0), hits


def text_matches(queries: list[str]) -> list[int]:
    """Rows the keyword arm has to rank for each query (its tsquery, as in HYBRID_SQL)."""
    from django.db import connection

    counts = []
    with connection.cursor() as cursor:
        for q in queries:
            cursor.execute(
                """
                WITH tsq AS (
                    SELECT string_agg(quote_literal(lexeme), ' | ')::tsquery AS query
                    FROM unnest(tsvector_to_array(
                        to_tsvector('spanish', %(q)s) || to_tsvector('english', %(q)s)
                    )) AS lexeme
                )
                SELECT count(*) FROM knowledge_chunk c, tsq
                WHERE c.enabled AND tsq.query IS NOT NULL AND c.search_vector @@ tsq.query
                """,
                {"q": q},
            )
            counts.append(cursor.fetchone()[0])
    return counts


VECTOR_ARM_SQL = """
SELECT c.id FROM knowledge_chunk c
WHERE c.enabled AND c.embedding IS NOT NULL
ORDER BY c.embedding <=> %(emb)s::vector
LIMIT %(n)s
"""


def vector_arm(vector: np.ndarray, *, ef_search: int | None, n: int) -> tuple[list[int], str]:
    """Ids of the vector arm, nearest first; exact when ef_search is None."""
    from django.db import connection, transaction
    from pgvector import Vector

    params = {"emb": Vector(vector).to_text(), "n": n}
    with transaction.atomic(), connection.cursor() as cursor:
        if ef_search is None:
            cursor.execute("SET LOCAL enable_indexscan = off")
            cursor.execute("SET LOCAL enable_bitmapscan = off")
        else:
            cursor.execute("SET LOCAL hnsw.ef_search = %s", [ef_search])
            cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute("EXPLAIN " + VECTOR_ARM_SQL, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute(
            f"SELECT id FROM ({VECTOR_ARM_SQL}) arm "
            "JOIN knowledge_chunk c USING (id) ORDER BY c.embedding <=> %(emb)s::vector, id",
            params,
        )
        return [row[0] for row in cursor.fetchall()], plan


def recall(vectors: np.ndarray, *, n: int, ef_values: tuple[int, ...]) -> dict:
    exact, hnsw = [], {ef: [] for ef in ef_values}
    plans = {}
    started = time.perf_counter()
    for vector in vectors:
        ids, plans["exact"] = vector_arm(vector, ef_search=None, n=n)
        exact.append(ids)
    exact_seconds = (time.perf_counter() - started) / len(vectors)
    assert "hnsw" not in plans["exact"], plans["exact"]
    out = {"exact_ms": exact_seconds * 1000}
    for ef in ef_values:
        started = time.perf_counter()
        for vector in vectors:
            ids, plans[ef] = vector_arm(vector, ef_search=ef, n=n)
            hnsw[ef].append(ids)
        out[f"plan@{ef}"] = "HNSW" if "chunk_embedding_hnsw" in plans[ef] else "seq scan"
        out[f"ms@{ef}"] = (time.perf_counter() - started) / len(vectors) * 1000
        out[f"recall10@{ef}"] = float(
            np.mean(
                [len(set(h[:10]) & set(e[:10])) / 10 for h, e in zip(hnsw[ef], exact, strict=True)]
            )
        )
        out[f"recall{n}@{ef}"] = float(
            np.mean([len(set(h) & set(e)) / len(e) for h, e in zip(hnsw[ef], exact, strict=True)])
        )
    return out


def explain_text_arm(query: str, vector: np.ndarray, embedder_name: str) -> str:
    """EXPLAIN ANALYZE of HYBRID_SQL, reduced to the lines that show where time goes."""
    from django.conf import settings
    from django.db import connection, transaction

    from knowledge.search import HYBRID_SQL, hybrid_params

    text, codes, weights = prepared(query, embedder_name)
    params = hybrid_params(text, vector=vector, weights=weights, codes=codes, limit=10)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.ef_search = %s", [settings.KNOWLEDGE_HNSW_EF_SEARCH])
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS OFF, TIMING ON) " + HYBRID_SQL, params)
        lines = [row[0] for row in cursor.fetchall()]
    keep = ("Limit", "Sort", "Index Scan", "Bitmap", "Execution Time", "WindowAgg", "Seq Scan")
    lines = [re.sub(r"'\[[^\]]*\]'::vector", "'[…]'::vector", line) for line in lines]
    return "\n".join(f"      {line}" for line in lines if any(k in line for k in keep))


def embedding_latency(embedder, queries: list[str]) -> dict:
    embedder.embed_queries(["warm up"])
    times = []
    for q in queries:
        started = time.perf_counter()
        embedder.embed_queries([q])
        times.append((time.perf_counter() - started) * 1000)
    return latency_stats(times)


def machine_info() -> dict:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kb = 0
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            mem_kb = int(line.split()[1])
    # Not `nproc`: it honours OMP_NUM_THREADS, which the e5 embedder sets to 1.
    nproc = f"{len(os.sched_getaffinity(0))}"
    return {
        "nproc": nproc,
        "cpu": cpu,
        "memory": f"{mem_kb / 1024 / 1024:.1f} GiB",
        "python": platform.python_version(),
        "kernel": platform.release(),
    }


def server_info() -> dict:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        vector = cursor.fetchone()[0]
        out = {"postgresql": version, "pgvector": vector}
        for name in ("shared_buffers", "work_mem", "maintenance_work_mem", "jit"):
            cursor.execute(f"SHOW {name}")
            out[name] = cursor.fetchone()[0]
        cursor.execute("SELECT pg_size_pretty(pg_relation_size('chunk_embedding_hnsw'))")
        out["hnsw_size"] = cursor.fetchone()[0]
        cursor.execute("SELECT pg_size_pretty(pg_relation_size('phrasing_embedding_hnsw'))")
        out["phrasing_hnsw_size"] = cursor.fetchone()[0]
        cursor.execute("SELECT pg_size_pretty(pg_total_relation_size('knowledge_chunk'))")
        out["chunk_table_total"] = cursor.fetchone()[0]
    return out


# --------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--import-chunks", type=int, default=200)
    parser.add_argument("--embed-queries", type=int, default=50)
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument(
        "--database", default=None, help="scratch database name, bench_…; default bench_knowledge"
    )
    parser.add_argument(
        "--text-rank-cap",
        type=int,
        default=None,
        help="override settings.KNOWLEDGE_TEXT_RANK_CAP for this run",
    )
    args = parser.parse_args()
    if args.database:
        if not args.database.startswith("bench_"):
            sys.exit("knowledge_scale: --database must start with bench_")
        global BENCH_DB
        BENCH_DB = args.database
    wall = time.perf_counter()

    def log(message: str) -> None:
        print(f"[{time.perf_counter() - wall:6.1f}s] {message}", flush=True)

    host = prepare_scratch_database()
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    from knowledge.embedders import get_embedder

    assert settings.DATABASES["default"]["NAME"] == BENCH_DB
    if args.text_rank_cap is not None:
        settings.KNOWLEDGE_TEXT_RANK_CAP = args.text_rank_cap
    try:
        call_command("migrate", verbosity=0)
        log(f"scratch database {BENCH_DB} migrated")
        run_sql(host, "DROP INDEX chunk_embedding_hnsw")
        run_sql(host, "DROP INDEX phrasing_embedding_hnsw")

        rng = np.random.default_rng(SEED)
        corpus = Corpus(args.chunks, rng)
        embedder = get_embedder()
        load = bulk_load(corpus, host, embedder.name)
        log(
            f"bulk-loaded {args.chunks:,} chunks in {load['seconds_total']:.1f} s "
            f"(generation {load['seconds_generate']:.1f} s, COPY {load['seconds_copy']:.1f} s)"
        )
        vacuum_s = run_sql(host, "VACUUM ANALYZE knowledge_chunk")
        vacuum_s += run_sql(host, "VACUUM ANALYZE knowledge_phrasing")
        run_sql(host, "ANALYZE knowledge_document")
        log(f"VACUUM ANALYZE {vacuum_s:.1f} s")
        hnsw_s = run_sql(
            host,
            "CREATE INDEX chunk_embedding_hnsw ON knowledge_chunk "
            "USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)",
            settings=("SET maintenance_work_mem = '1GB'",),
        )
        log(f"HNSW index built in {hnsw_s:.1f} s (maintenance_work_mem 1GB)")
        phrasing_hnsw_s = run_sql(
            host,
            "CREATE INDEX phrasing_embedding_hnsw ON knowledge_phrasing "
            "USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)",
            settings=("SET maintenance_work_mem = '1GB'",),
        )
        log(f"phrasing HNSW index ({load['phrasings']:,} vectors) built in {phrasing_hnsw_s:.1f} s")

        imp = real_import(corpus, embedder, args.import_chunks)
        log(
            f"real import: {imp['chunks']} chunks in {imp['seconds']:.1f} s "
            f"(embedding {imp['seconds_embedding']:.1f} s)"
        )

        qrng = np.random.default_rng(SEED + 2)
        queries = query_set(corpus, args.queries, qrng)
        qnoise = qrng.standard_normal((len(queries), DIMENSIONS)).astype(np.float32)
        qvectors = load["vectors"][[q["target"] for q in queries]] + QUERY_NOISE * qnoise
        qvectors /= np.linalg.norm(qvectors, axis=1, keepdims=True)

        emb = embedding_latency(embedder, [q["text"] for q in queries[: args.embed_queries]])
        log(f"query embedding (e5) p50 {emb['p50']:.1f} ms")

        hybrid, passes, per_query_ms, hits = time_hybrid(
            queries, qvectors, embedder.name, args.passes
        )
        log(f"hybrid p50 {hybrid['p50']:.2f} ms p95 {hybrid['p95']:.2f} ms")
        matches = np.asarray(text_matches([q["text"] for q in queries]))

        rec = recall(qvectors, n=settings.KNOWLEDGE_CANDIDATES_PER_ARM, ef_values=(40, 100))
        log(f"recall@10 ef40 {rec['recall10@40']:.3f} ef100 {rec['recall10@100']:.3f}")

        common_es, common_en = CORE_ES[:3], CORE_EN[:3]
        common_queries = [
            " ".join(common_es[:2]),
            " ".join(common_en[:2]),
            f"{common_es[0]} {common_en[0]}",
            " ".join(common_es),
        ]
        common_matches = text_matches(common_queries)
        common_times = []
        crng = np.random.default_rng(SEED + 3)
        from knowledge.search import search_candidates

        for _ in range(2):
            for k, q in enumerate(common_queries):
                text, codes, weights = prepared(q, embedder.name)
                vector = qvectors[k]
                search_candidates(text, vector=vector, weights=weights, codes=codes)
        for _ in range(10):
            for k in crng.permutation(len(common_queries)):
                text, codes, weights = prepared(common_queries[k], embedder.name)
                started = time.perf_counter()
                search_candidates(text, vector=qvectors[k], weights=weights, codes=codes)
                common_times.append((time.perf_counter() - started) * 1000)
        common = latency_stats(common_times)
        explain = explain_text_arm(common_queries[3], qvectors[0], embedder.name)
        log(f"common-word queries p50 {common['p50']:.1f} ms p95 {common['p95']:.1f} ms")

        server = server_info()
        machine = machine_info()
    finally:
        connection.close()
        if not args.keep:
            drop_database(host)

    # ---------------------------------------------------------------- summary
    small = matches < 1_000
    big = matches >= 10_000
    by_bucket = []
    for label, mask in (
        ("< 1k", small),
        ("1k–10k", ~small & ~big),
        ("≥ 10k", big),
    ):
        if mask.any():
            by_bucket.append(
                f"{label}: {int(mask.sum())} queries, p50 "
                f"{percentile(list(per_query_ms[mask]), 50):.1f} ms, p95 "
                f"{percentile(list(per_query_ms[mask]), 95):.1f} ms"
            )
    ok = "✓" if hybrid["p50"] <= 20 else "✗"
    ok_recall = "✓" if rec["recall10@40"] >= 0.95 else "✗"
    n_arm = settings.KNOWLEDGE_CANDIDATES_PER_ARM
    print()
    print("=" * 78)
    print(f"Knowledge base at scale — {args.chunks:,} chunks, {len(queries)} queries")
    print("=" * 78)
    print(
        f"Machine: {machine['nproc']} cores · {machine['cpu']} · {machine['memory']} RAM · "
        f"Linux {machine['kernel']} · Python {machine['python']}"
    )
    print(
        f"Server:  embedded PostgreSQL {server['postgresql']} + pgvector {server['pgvector']} "
        f"(shared_buffers {server['shared_buffers']}, work_mem {server['work_mem']}, "
        f"jit {server['jit']})"
    )
    print(
        f"Data:    synthetic, seed {SEED}; text from es/en word lists (core words with "
        f"Zipf-like df, top {DF_TOP:.0%} of a language's chunks; "
        f"cluster topic words; rare words; SKU codes in 30 %); embeddings {DIMENSIONS}-d = "
        f"{CENTROIDS:,} random centroids + gaussian noise σ={CHUNK_NOISE}/dim, normalised "
        f"(not random unit vectors); query vector = target chunk + noise σ={QUERY_NOISE}/dim. "
        f"Chunk table {server['chunk_table_total']} incl. indexes, HNSW {server['hnsw_size']}; "
        f"{load['phrasings']:,} phrasing vectors (chunk + noise σ={PHRASING_NOISE}/dim), "
        f"HNSW {server['phrasing_hnsw_size']}."
    )
    print(
        f"Settings: ef_search {settings.KNOWLEDGE_HNSW_EF_SEARCH}, iterative_scan "
        f"relaxed_order, text rank cap {settings.KNOWLEDGE_TEXT_RANK_CAP} (lexemes in more "
        f"chunks left out of the keyword query), {n_arm} candidates per arm, "
        f"RRF k={settings.KNOWLEDGE_RRF_K}, "
        f"limit 10; HNSW m=16 ef_construction=64 built after the load."
    )
    print("-" * 78)
    rows = [
        (
            "Bulk load (binary COPY, GIN + tsvector, no HNSW)",
            f"{args.chunks / load['seconds_total']:,.0f} chunks/s",
            f"{load['seconds_total']:.1f} s incl. {load['seconds_generate']:.1f} s generating",
        ),
        (
            "HNSW build after load (m16, efc64, mwm 1GB)",
            f"{hnsw_s:.1f} s",
            f"{args.chunks / hnsw_s:,.0f} chunks/s",
        ),
        (
            "Phrasing HNSW build after load",
            f"{phrasing_hnsw_s:.1f} s",
            f"{load['phrasings']:,} phrasing vectors",
        ),
        (
            "Real import path (document_import, e5)",
            f"{imp['chunks'] / imp['seconds']:.1f} chunks/s",
            f"{imp['chunks']} chunks, {imp['seconds']:.1f} s, "
            f"embedding {imp['seconds_embedding'] / imp['seconds']:.0%} of it",
        ),
        (
            "Query embedding (e5, 1 thread)",
            f"p50 {emb['p50']:.1f} ms",
            f"p95 {emb['p95']:.1f} ms over {args.embed_queries}",
        ),
        (
            f"Hybrid SQL, embedding excluded {ok} (≤20 ms)",
            f"p50 {hybrid['p50']:.2f} ms",
            f"p95 {hybrid['p95']:.2f} · p99 {hybrid['p99']:.2f} ms "
            f"(median of {args.passes} passes)",
        ),
        ("  passes p50 / p95", " · ".join(f"{r['p50']:.1f}/{r['p95']:.1f}" for r in passes), ""),
        ("  target chunk in top 10", f"{hits}/{len(queries)}", ""),
        (
            "  keyword-arm matching rows per query",
            f"median {int(np.median(matches)):,}",
            f"p95 {int(np.percentile(matches, 95)):,} · max {int(matches.max()):,}",
        ),
        (
            f"HNSW recall@10 vs exact, ef_search 40 {ok_recall} (≥0.95)",
            f"{rec['recall10@40']:.3f}",
            f"recall@{n_arm} {rec[f'recall{n_arm}@40']:.3f} · {rec['ms@40']:.2f} ms/query "
            f"({rec['plan@40']})",
        ),
        (
            "HNSW recall@10 vs exact, ef_search 100",
            f"{rec['recall10@100']:.3f}",
            f"recall@{n_arm} {rec[f'recall{n_arm}@100']:.3f} · {rec['ms@100']:.2f} ms/query "
            f"({rec['plan@100']})",
        ),
        ("Exact vector search (seq scan)", f"{rec['exact_ms']:.1f} ms/query", ""),
        (
            "Common-word queries (keyword arm ~all rows)",
            f"p50 {common['p50']:.1f} ms",
            f"p95 {common['p95']:.1f} · max {common['max']:.1f} ms",
        ),
    ]
    for name, value, extra in rows:
        print(f"{name:<50} {value:>18}  {extra}")
    print("-" * 78)
    print("Hybrid latency by keyword-arm matching rows (median of passes per query):")
    for line in by_bucket:
        print(f"  {line}")
    print("Common-word queries and their matching rows:")
    for q, m in zip(common_queries, common_matches, strict=True):
        print(f"  {q!r}: {m:,} rows")
    print(f"EXPLAIN ANALYZE of {common_queries[3]!r} (selected lines):")
    print(explain)
    print(f"Total wall time {time.perf_counter() - wall:.0f} s; scratch database ", end="")
    print("kept" if args.keep else "dropped")


if __name__ == "__main__":
    main()
