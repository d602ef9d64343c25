"""knowledge_scale.py's measurements: hybrid SQL latency, HNSW recall, the keyword
arm's tail, query embedding, and the machine and server they ran on."""

from __future__ import annotations

import os
import platform
import re
import time
from pathlib import Path

import numpy as np

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
