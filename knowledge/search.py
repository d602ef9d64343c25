"""Hybrid search over the chunks: one SQL statement fuses three arms by weighted
Reciprocal Rank Fusion, then a relevance policy decides what is close enough.

- vector arm: HNSW cosine over the chunk embeddings (question + phrasings + answer)
  and over each phrasing of the question on its own (knowledge_phrasing), ranked by
  a blend of the two similarities (meaning, paraphrases, other languages);
- text arm: full text over the generated tsvector, lexemes OR-ed (words as typed);
- code arm: exact match of normalised codes (SKU-9942, ERR_401_EXPIRED_TOKEN).

The text arm is weighted low for ordinary questions (on the bilingual set it pulled
Spanish paraphrases and cross-lingual questions down) and up when the query carries
a code or a quoted phrase, where it is strong. See README › Retrieval.

Then the relevance policy decides answer-or-nothing from the candidates' signals:
the blended similarity, how far the best stands out from the next (margin), the
keyword arm's agreement and an exact code match.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

import numpy as np
from django.conf import settings
from django.db import connection, transaction
from pgvector import Vector

from knowledge import calibration
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
    # Best cosine between the query and one phrasing of the question (None when
    # the chunk has no phrasing vectors yet), and the blend the vector arm ranks by.
    phrasing_cosine: float | None = None
    similarity: float | None = None
    # The chunk's off-topic background and the similarity relative to it, set by
    # knowledge.calibration.rerank (None before, or without a calibration).
    background: dict | None = None
    relative: float | None = None

    @property
    def semantic(self) -> float:
        return self.cosine if self.similarity is None else self.similarity


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


# Used for any key an embedder's settings.KNOWLEDGE_RETRIEVAL entry does not give
# (the e5-small values are the calibrated defaults; see README › Retrieval quality).
RETRIEVAL_DEFAULTS: dict[str, dict] = {
    "e5-small": {
        "weights": {"vector": 1.0, "text": 0.0, "code": 2.0},
        "code_query_text_weight": 1.0,
        "phrasing_weight": 0.0,
        "min_confidence": 0.890,
        "margin_weight": 1.5,
        "keyword_bonus": 0.02,
        "max_gap_from_top": 0.06,
    },
}


def retrieval_config(name: str) -> dict:
    """settings.KNOWLEDGE_RETRIEVAL[name] completed with RETRIEVAL_DEFAULTS; for an
    embedder without calibrated defaults the older keys (min_cosine,
    min_cosine_with_keywords) are read as a confidence threshold and a keyword
    bonus, with no margin term."""
    conf = dict(settings.KNOWLEDGE_RETRIEVAL.get(name, {}))
    defaults = RETRIEVAL_DEFAULTS.get(name)
    if defaults is None:
        high = conf.get("min_cosine", 0.87)
        defaults = {
            "phrasing_weight": 0.3,
            "min_confidence": high,
            "margin_weight": 0.0,
            "keyword_bonus": high - conf.get("min_cosine_with_keywords", high),
            "max_gap_from_top": 0.05,
        }
    return {**defaults, **conf}


@dataclass(frozen=True)
class RelevancePolicy:
    """Answer or nothing. A candidate's confidence is its blended similarity, plus
    `margin_weight` × how far the best candidate stands out from the second (a
    property of the query: one clear match rather than several near ones), plus
    `keyword_bonus` when the keyword arm ranks it in its top 3. It passes at
    `min_confidence`, or on an exact code match whatever its similarity."""

    min_confidence: float
    margin_weight: float
    keyword_bonus: float
    max_gap_from_top: float

    @classmethod
    def for_embedder(cls, name: str) -> RelevancePolicy:
        conf = retrieval_config(name)
        return cls(
            conf["min_confidence"],
            conf["margin_weight"],
            conf["keyword_bonus"],
            conf["max_gap_from_top"],
        )


@dataclass(frozen=True)
class FusionWeights:
    vector: float
    text: float
    code: float
    # Share of the phrasing similarity in the vector arm's blend (0: passage only).
    phrasing: float = 0.3

    @classmethod
    def for_query(cls, *, embedder_name: str, query: str, codes: list[str]) -> FusionWeights:
        conf = retrieval_config(embedder_name)
        weights = conf["weights"]
        text = weights["text"]
        if has_exact_intent(query, codes):
            text = conf["code_query_text_weight"]
        return cls(weights["vector"], text, weights["code"], conf["phrasing_weight"])


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


def query_margin(candidates: list[Candidate]) -> float:
    """How far the best semantic match stands out from the second best."""
    best = sorted((c.semantic for c in candidates), reverse=True)[:2]
    if not best:
        return 0.0
    return best[0] - best[1] if len(best) == 2 else best[0]


def confidence(candidate: Candidate, *, margin: float, policy: RelevancePolicy) -> float:
    keywords = candidate.text_rank is not None and candidate.text_rank <= 3
    return (
        candidate.semantic
        + policy.margin_weight * margin
        + (policy.keyword_bonus if keywords else 0.0)
    )


def apply_relevance(
    candidates: list[Candidate], *, policy: RelevancePolicy, k: int
) -> list[Candidate]:
    """Keep what is close enough, best first, at most k. Pure: tested without a DB.

    A chunk passes on an exact code match or when its confidence (similarity,
    the query's margin, keyword agreement) reaches the threshold. Then chunks whose
    passage cosine is far below the best passing one are dropped: they are the
    "nearest piece", not an answer."""
    margin = query_margin(candidates)
    passing = [
        c
        for c in candidates
        if c.code_rank is not None
        or confidence(c, margin=margin, policy=policy) >= policy.min_confidence
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
) -> dict:
    """The parameters of HYBRID_SQL (also used by benchmarks/knowledge_scale.py)."""
    return {
        "emb": Vector(np.asarray(vector, dtype=np.float32)).to_text(),
        "q": query,
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
) -> list[Candidate]:
    """Every fused candidate; `shop` scopes the search to that shop's documents
    and the shared ones (None: all documents)."""
    params = hybrid_params(
        query, vector=vector, weights=weights, codes=codes, limit=limit, shop=shop
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


def hybrid_search(
    query: str,
    *,
    k: int | None = None,
    embedder: Embedder | None = None,
    vector: np.ndarray | None = None,
    shop: str | None = None,
) -> list[SearchHit]:
    """The chunks that answer `query`, best first, at most k; [] when nothing is
    close. `shop` limits the search to that shop's documents and the shared ones
    (None: every document). Raises QueryError for a query over the length limit."""
    candidates = search_with_candidates(query, embedder=embedder, vector=vector, shop=shop)[1]
    embedder_name = (embedder or get_embedder()).name
    # the scope's own calibration when it has one (knowledge.calibration)
    kept = calibration.decide(
        candidates, embedder_name=embedder_name, shop=shop, k=k or settings.KNOWLEDGE_TOP_K
    )
    return [
        SearchHit(c.source, c.document, c.question, c.text, c.score, c.vector_rank, c.text_rank)
        for c in kept
    ]


def search_with_candidates(
    query: str,
    *,
    embedder: Embedder | None = None,
    vector: np.ndarray | None = None,
    shop: str | None = None,
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
    candidates = search_candidates(
        query,
        vector=vector,
        weights=weights,
        codes=codes,
        shop=shop,
        limit=calibration.candidate_limit(embedder.name),
    )
    return query, calibration.rerank(
        query, candidates, weights=weights, embedder_name=embedder.name
    )
