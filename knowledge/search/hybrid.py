"""The search as callers use it: clean the query, embed it, fetch the fused
candidates (knowledge/search/sql.py), keep what the relevance policy passes
(knowledge/search/policy.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
from django.conf import settings

from knowledge import calibration
from knowledge.codes import extract_query_codes
from knowledge.embedders import Embedder, get_embedder
from knowledge.search.policy import Candidate, FusionWeights
from knowledge.search.sql import search_candidates


class QueryError(ValueError):
    pass


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


def clean_query(query: str) -> str:
    """Strip what PostgreSQL cannot take (NUL) and what tsquery reads as syntax."""
    if len(query) > settings.KNOWLEDGE_MAX_QUERY_CHARS:
        raise QueryError(
            f"the query is {len(query):,} characters; the limit is "
            f"{settings.KNOWLEDGE_MAX_QUERY_CHARS:,}"
        )
    query = query.replace("\x00", " ").replace("\\", " ")
    return " ".join(query.split())


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
