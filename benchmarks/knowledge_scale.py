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
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import scale_db  # noqa: E402
from scale_corpus import (  # noqa: E402
    CENTROIDS,
    CHUNK_NOISE,
    CORE_EN,
    CORE_ES,
    DF_TOP,
    DIMENSIONS,
    PHRASING_NOISE,
    QUERY_NOISE,
    SEED,
    Corpus,
    query_set,
)
from scale_db import (  # noqa: E402
    bulk_load,
    drop_database,
    prepare_scratch_database,
    real_import,
    run_sql,
)
from scale_measure import (  # noqa: E402
    embedding_latency,
    explain_text_arm,
    latency_stats,
    machine_info,
    percentile,
    prepared,
    recall,
    server_info,
    text_matches,
    time_hybrid,
)

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
        scale_db.BENCH_DB = args.database
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

    assert settings.DATABASES["default"]["NAME"] == scale_db.BENCH_DB
    if args.text_rank_cap is not None:
        settings.KNOWLEDGE_TEXT_RANK_CAP = args.text_rank_cap
    try:
        call_command("migrate", verbosity=0)
        log(f"scratch database {scale_db.BENCH_DB} migrated")
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
