"""The hybrid SQL: one statement fuses the vector, full-text and code arms by
weighted Reciprocal Rank Fusion and returns every candidate with its signals."""

from __future__ import annotations

import numpy as np
from django.conf import settings
from django.db import connection, transaction
from pgvector import Vector

from knowledge.search.policy import Candidate, FusionWeights

HYBRID_SQL = """
WITH
scope AS (
    -- A search scoped to a shop sees its documents and the shared ones ('');
    -- unscoped (shop NULL), every document. The NULL test is folded away at plan
    -- time, so an unscoped search pays nothing for it.
    SELECT id FROM knowledge_document
    WHERE %(shop)s::text IS NULL OR shop = %(shop)s::text OR shop = ''
),
passage AS (
    SELECT c.id
    FROM knowledge_chunk c
    WHERE c.enabled AND c.embedding IS NOT NULL
      AND (%(shop)s::text IS NULL OR c.document_id IN (SELECT id FROM scope))
    ORDER BY c.embedding <=> %(emb)s::vector
    LIMIT %(n)s
),
phrased AS (
    SELECT p.chunk_id AS id
    FROM knowledge_phrasing p
    WHERE p.embedding IS NOT NULL
      AND (%(shop)s::text IS NULL OR p.chunk_id IN (
          SELECT c.id FROM knowledge_chunk c WHERE c.document_id IN (SELECT id FROM scope)
      ))
    ORDER BY p.embedding <=> %(emb)s::vector
    LIMIT %(n)s
),
vec AS (
    -- Chunks near the query by their whole text or by one phrasing of their
    -- question, ranked by a blend of the two similarities.
    SELECT id, row_number() OVER (ORDER BY similarity DESC, id) AS rank
    FROM (
        SELECT c.id,
               (1 - %(wp)s) * (1 - (c.embedding <=> %(emb)s::vector))
             + %(wp)s * COALESCE(ph.cosine, 1 - (c.embedding <=> %(emb)s::vector)) AS similarity
        FROM (SELECT id FROM passage UNION SELECT id FROM phrased) near
        JOIN knowledge_chunk c ON c.id = near.id
        LEFT JOIN LATERAL (
            SELECT max(1 - (p.embedding <=> %(emb)s::vector)) AS cosine
            FROM knowledge_phrasing p
            WHERE p.chunk_id = c.id
        ) ph ON true
        WHERE c.enabled AND c.embedding IS NOT NULL
        ORDER BY similarity DESC, c.id
        LIMIT %(n)s
    ) blended
),
common AS (
    -- Lexemes in more chunks than the text arm ranks (KNOWLEDGE_TEXT_RANK_CAP), from
    -- the statistics ANALYZE keeps for the tsvector column (autovacuum refreshes
    -- them): OR-ed into the query they would make it match a large share of the
    -- corpus and say little. Empty on a small corpus or before the first ANALYZE.
    SELECT COALESCE(array_agg(e.lexeme), '{}') AS lexemes
    FROM pg_stats s
    JOIN pg_class t ON t.oid = 'knowledge_chunk'::regclass
    CROSS JOIN LATERAL unnest(
        s.most_common_elems::text::text[], s.most_common_elem_freqs
    ) AS e(lexeme, freq)
    WHERE s.schemaname = current_schema() AND s.tablename = 'knowledge_chunk'
      AND s.attname = 'search_vector' AND e.lexeme IS NOT NULL
      AND e.freq * t.reltuples > %(text_rank_cap)s
),
lexemes AS (
    SELECT DISTINCT lexeme, lexeme = ANY (common.lexemes) AS is_common
    FROM unnest(tsvector_to_array(
        to_tsvector('spanish', %(q)s) || to_tsvector('english', %(q)s)
    )) AS lexeme, common
),
tsq AS (
    -- The query's lexemes OR-ed, the common ones left out (all of them kept when
    -- every one is common: the cap below still bounds the work).
    SELECT COALESCE(
        string_agg(quote_literal(lexeme), ' | ') FILTER (WHERE NOT is_common),
        string_agg(quote_literal(lexeme), ' | ')
    )::tsquery AS query
    FROM lexemes
),
txt AS (
    SELECT id, row_number() OVER (ORDER BY r DESC, id) AS rank
    FROM (
        SELECT bounded.id, ts_rank_cd(bounded.search_vector, tsq.query, 1) AS r
        FROM (
            -- Bound the rows that get ranked: ts_rank_cd costs per matching row, and
            -- one common word can match half of a large corpus.
            SELECT c.id, c.search_vector
            FROM knowledge_chunk c, tsq
            WHERE c.enabled AND tsq.query IS NOT NULL AND c.search_vector @@ tsq.query
              AND (%(shop)s::text IS NULL OR c.document_id IN (SELECT id FROM scope))
            LIMIT %(text_rank_cap)s
        ) bounded, tsq
        ORDER BY r DESC
        LIMIT %(n)s
    ) matched
),
code AS (
    SELECT id, row_number() OVER (ORDER BY hits DESC, id) AS rank
    FROM (
        SELECT c.id,
               cardinality(ARRAY(
                   SELECT unnest(c.codes) INTERSECT SELECT unnest(%(codes)s::varchar[])
               )) AS hits
        FROM knowledge_chunk c
        WHERE c.enabled AND c.codes && %(codes)s::varchar[]
          AND (%(shop)s::text IS NULL OR c.document_id IN (SELECT id FROM scope))
        ORDER BY hits DESC
        LIMIT %(n)s
    ) coded
),
fused AS (
    SELECT COALESCE(vec.id, txt.id, code.id) AS id,
           vec.rank AS vector_rank, txt.rank AS text_rank, code.rank AS code_rank,
           COALESCE(%(wv)s / (%(rrf_k)s + vec.rank), 0)
         + COALESCE(%(wt)s / (%(rrf_k)s + txt.rank), 0)
         + COALESCE(%(wc)s / (%(rrf_k)s + code.rank), 0) AS score
    FROM vec
    FULL OUTER JOIN txt ON txt.id = vec.id
    FULL OUTER JOIN code ON code.id = COALESCE(vec.id, txt.id)
)
SELECT d.slug, c.position, d.title, c.question, c.text, c.language, f.score,
       1 - (c.embedding <=> %(emb)s::vector) AS cosine,
       f.vector_rank, f.text_rank, f.code_rank, ph.cosine AS phrasing_cosine, c.background
FROM fused f
JOIN knowledge_chunk c ON c.id = f.id
JOIN knowledge_document d ON d.id = c.document_id
LEFT JOIN LATERAL (
    SELECT max(1 - (p.embedding <=> %(emb)s::vector)) AS cosine
    FROM knowledge_phrasing p
    WHERE p.chunk_id = c.id
) ph ON true
ORDER BY f.score DESC, c.id
LIMIT %(limit)s
"""


def hybrid_params(
    query: str,
    *,
    vector: np.ndarray,
    weights: FusionWeights,
    codes: list[str],
    limit: int = 10,
    shop: str | None = None,
    text_query: str | None = None,
) -> dict:
    """The parameters of HYBRID_SQL (also used by benchmarks/knowledge_scale.py).
    ``text_query`` is what the keyword arm reads when it is not the query itself
    (the query with its synonyms, knowledge.synonyms)."""
    return {
        "emb": Vector(np.asarray(vector, dtype=np.float32)).to_text(),
        "q": text_query or query,
        "codes": codes,
        "n": settings.KNOWLEDGE_CANDIDATES_PER_ARM,
        "text_rank_cap": settings.KNOWLEDGE_TEXT_RANK_CAP,
        "rrf_k": float(settings.KNOWLEDGE_RRF_K),
        "wv": weights.vector,
        "wt": weights.text,
        "wc": weights.code,
        "wp": weights.phrasing,
        "limit": limit,
        "shop": shop,
    }


def search_candidates(
    query: str,
    *,
    vector: np.ndarray,
    weights: FusionWeights,
    codes: list[str],
    limit: int = 10,
    shop: str | None = None,
    text_query: str | None = None,
) -> list[Candidate]:
    """Every fused candidate; `shop` scopes the search to that shop's documents
    and the shared ones (None: all documents); `text_query` feeds the keyword arm
    instead of the query (its synonyms expansion)."""
    params = hybrid_params(
        query,
        vector=vector,
        weights=weights,
        codes=codes,
        limit=limit,
        shop=shop,
        text_query=text_query,
    )
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.ef_search = %s", [settings.KNOWLEDGE_HNSW_EF_SEARCH])
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute(HYBRID_SQL, params)
        rows = cursor.fetchall()
    candidates = []
    for (
        slug,
        position,
        title,
        question,
        text,
        language,
        score,
        cosine,
        vector_rank,
        text_rank,
        code_rank,
        phrasing_cosine,
        background,
    ) in rows:
        cosine = float(cosine) if cosine is not None else 0.0
        phrasing = float(phrasing_cosine) if phrasing_cosine is not None else None
        blend = (1 - weights.phrasing) * cosine + weights.phrasing * (
            cosine if phrasing is None else phrasing
        )
        candidates.append(
            Candidate(
                source=f"{slug}#{position}",
                document=title,
                question=question,
                text=text,
                language=language,
                score=round(float(score), 6),
                cosine=cosine,
                vector_rank=vector_rank,
                text_rank=text_rank,
                code_rank=code_rank,
                phrasing_cosine=phrasing,
                similarity=blend,
                background=background or None,
            )
        )
    return candidates
