"""Hybrid search over the chunks: one SQL statement fuses three arms by weighted
Reciprocal Rank Fusion, then a relevance policy decides what is close enough.

- vector arm: HNSW cosine over the embeddings (meaning, paraphrases, other languages);
- text arm: full text over the generated tsvector, lexemes OR-ed (words as typed);
- code arm: exact match of normalised codes (SKU-9942, ERR_401_EXPIRED_TOKEN).

The text arm is weighted low for ordinary questions (on the bilingual set it pulled
Spanish paraphrases and cross-lingual questions down) and up when the query carries
a code or a quoted phrase, where it is strong. See README › Retrieval.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

import numpy as np
from django.conf import settings
from django.db import connection, transaction
from pgvector import Vector

from knowledge.codes import extract_query_codes
from knowledge.embedders import Embedder, get_embedder


class QueryError(ValueError):
    pass


@dataclass(frozen=True)
class Candidate:
    """A chunk some arm returned, before the relevance policy."""

    source: str
    document: str
    question: str
    text: str
    language: str
    score: float
    cosine: float
    vector_rank: int | None
    text_rank: int | None
    code_rank: int | None


@dataclass(frozen=True)
class SearchHit:
    source: str
    document: str
    question: str
    text: str
    score: float
    vector_rank: int | None
    text_rank: int | None

    def as_json(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class RelevancePolicy:
    min_cosine: float
    min_cosine_with_keywords: float
    max_gap_from_top: float

    @classmethod
    def for_embedder(cls, name: str) -> RelevancePolicy:
        conf = settings.KNOWLEDGE_RETRIEVAL[name]
        return cls(conf["min_cosine"], conf["min_cosine_with_keywords"], conf["max_gap_from_top"])


@dataclass(frozen=True)
class FusionWeights:
    vector: float
    text: float
    code: float

    @classmethod
    def for_query(cls, *, embedder_name: str, query: str, codes: list[str]) -> FusionWeights:
        conf = settings.KNOWLEDGE_RETRIEVAL[embedder_name]
        weights = conf["weights"]
        text = weights["text"]
        if has_exact_intent(query, codes):
            text = conf["code_query_text_weight"]
        return cls(weights["vector"], text, weights["code"])


QUOTED = re.compile(r'"[^"]{3,200}"|«[^»]{3,200}»')


def has_exact_intent(query: str, codes: list[str]) -> bool:
    """A code-like token or a quoted phrase: the customer means these exact words."""
    return any(not code.isdigit() for code in codes) or bool(QUOTED.search(query))


def clean_query(query: str) -> str:
    """Strip what PostgreSQL cannot take (NUL) and what tsquery reads as syntax."""
    if len(query) > settings.KNOWLEDGE_MAX_QUERY_CHARS:
        raise QueryError(
            f"the query is {len(query):,} characters; the limit is "
            f"{settings.KNOWLEDGE_MAX_QUERY_CHARS:,}"
        )
    query = query.replace("\x00", " ").replace("\\", " ")
    return " ".join(query.split())


def apply_relevance(
    candidates: list[Candidate], *, policy: RelevancePolicy, k: int
) -> list[Candidate]:
    """Keep what is close enough, best first, at most k. Pure: tested without a DB.

    A chunk passes on an exact code match, on a high cosine, or on a fair cosine
    that the keyword arm agrees with. Then chunks far below the best passing
    cosine are dropped: they are the "nearest piece", not an answer."""
    passing = [
        c
        for c in candidates
        if c.code_rank is not None
        or c.cosine >= policy.min_cosine
        or (
            c.cosine >= policy.min_cosine_with_keywords
            and c.text_rank is not None
            and c.text_rank <= 3
        )
    ]
    if not passing:
        return []
    best = max(c.cosine for c in passing)
    kept = [
        c for c in passing if c.code_rank is not None or c.cosine >= best - policy.max_gap_from_top
    ]
    kept.sort(key=lambda c: (-c.score, c.source))
    return kept[:k]


HYBRID_SQL = """
WITH
vec AS (
    SELECT id, row_number() OVER (ORDER BY dist, id) AS rank
    FROM (
        SELECT c.id, c.embedding <=> %(emb)s::vector AS dist
        FROM knowledge_chunk c
        WHERE c.enabled AND c.embedding IS NOT NULL
        ORDER BY c.embedding <=> %(emb)s::vector
        LIMIT %(n)s
    ) nearest
),
tsq AS (
    SELECT string_agg(quote_literal(lexeme), ' | ')::tsquery AS query
    FROM unnest(tsvector_to_array(
        to_tsvector('spanish', %(q)s) || to_tsvector('english', %(q)s)
    )) AS lexeme
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
       f.vector_rank, f.text_rank, f.code_rank
FROM fused f
JOIN knowledge_chunk c ON c.id = f.id
JOIN knowledge_document d ON d.id = c.document_id
ORDER BY f.score DESC, c.id
LIMIT %(limit)s
"""


def search_candidates(
    query: str, *, vector: np.ndarray, weights: FusionWeights, codes: list[str], limit: int = 10
) -> list[Candidate]:
    params = {
        "emb": Vector(np.asarray(vector, dtype=np.float32)).to_text(),
        "q": query,
        "codes": codes,
        "n": settings.KNOWLEDGE_CANDIDATES_PER_ARM,
        "text_rank_cap": settings.KNOWLEDGE_TEXT_RANK_CAP,
        "rrf_k": float(settings.KNOWLEDGE_RRF_K),
        "wv": weights.vector,
        "wt": weights.text,
        "wc": weights.code,
        "limit": limit,
    }
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.ef_search = %s", [settings.KNOWLEDGE_HNSW_EF_SEARCH])
        cursor.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        cursor.execute(HYBRID_SQL, params)
        rows = cursor.fetchall()
    return [
        Candidate(
            source=f"{slug}#{position}",
            document=title,
            question=question,
            text=text,
            language=language,
            score=round(float(score), 6),
            cosine=float(cosine) if cosine is not None else 0.0,
            vector_rank=vector_rank,
            text_rank=text_rank,
            code_rank=code_rank,
        )
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
        ) in rows
    ]


def hybrid_search(
    query: str,
    *,
    k: int | None = None,
    embedder: Embedder | None = None,
    vector: np.ndarray | None = None,
) -> list[SearchHit]:
    """The chunks that answer `query`, best first, at most k; [] when nothing is
    close. Raises QueryError for a query over the length limit."""
    candidates = search_with_candidates(query, embedder=embedder, vector=vector)[1]
    embedder_name = (embedder or get_embedder()).name
    kept = apply_relevance(
        candidates,
        policy=RelevancePolicy.for_embedder(embedder_name),
        k=k or settings.KNOWLEDGE_TOP_K,
    )
    return [
        SearchHit(c.source, c.document, c.question, c.text, c.score, c.vector_rank, c.text_rank)
        for c in kept
    ]


def search_with_candidates(
    query: str, *, embedder: Embedder | None = None, vector: np.ndarray | None = None
) -> tuple[str, list[Candidate]]:
    """The cleaned query and every fused candidate (for calibration and the
    back office's "try a question" box)."""
    query = clean_query(query)
    if not query:
        return query, []
    embedder = embedder or get_embedder()
    if vector is None:
        vector = embedder.embed_queries([query])[0]
    codes = extract_query_codes(query)
    weights = FusionWeights.for_query(embedder_name=embedder.name, query=query, codes=codes)
    return query, search_candidates(query, vector=vector, weights=weights, codes=codes)
