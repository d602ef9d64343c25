"""The search as callers use it: clean the query, embed it, fetch the fused
candidates (knowledge/search/sql.py), keep what the relevance policy passes
(knowledge/search/policy.py)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
from django.conf import settings

from knowledge import decision
from knowledge.codes import extract_query_codes
from knowledge.embedders import Embedder, get_embedder
from knowledge.search.policy import Candidate, FusionWeights
from knowledge.search.sql import search_candidates
from knowledge.selectors import synonyms_for_scope
from knowledge.synonyms import Expansion


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
    query, candidates = search_with_candidates(query, embedder=embedder, vector=vector, shop=shop)
    embedder_name = (embedder or get_embedder()).name
    # the scope's own calibration when it has one (knowledge.calibration)
    kept = decision.decide(
        candidates,
        embedder_name=embedder_name,
        shop=shop,
        k=k or settings.KNOWLEDGE_TOP_K,
        query=query,
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
    expansion = synonyms_for_scope(shop).expand(query)
    if vector is None:
        vector = embed_expanded(expansion, embedder)
    codes = extract_query_codes(query)
    weights = FusionWeights.for_query(embedder_name=embedder.name, query=query, codes=codes)
    candidates = search_candidates(
        query,
        vector=vector,
        weights=weights,
        codes=codes,
        shop=shop,
        limit=decision.candidate_limit(embedder.name),
        text_query=expansion.text_query if settings.KNOWLEDGE_SYNONYMS_TEXT else None,
    )
    return query, decision.rerank(query, candidates, weights=weights, embedder_name=embedder.name)


def synonyms_vector_mode() -> str:
    """How the vector arm uses a query's synonyms (settings.KNOWLEDGE_SYNONYMS_VECTOR):
    "append" embeds the query with the matched groups' other terms after it, "mean"
    averages that vector with the plain query's, "first" appends only each group's
    first term, "off" embeds the query alone."""
    return settings.KNOWLEDGE_SYNONYMS_VECTOR


def embed_expanded(
    expansion: Expansion, embedder: Embedder, *, mode: str | None = None
) -> np.ndarray:
    """The query vector for the vector arm, with the synonyms as ``mode`` says."""
    mode = mode or synonyms_vector_mode()
    if not expansion.groups or mode == "off":
        return embedder.embed_queries([expansion.query])[0]
    if mode == "mean":
        plain, expanded = embedder.embed_queries([expansion.query, expansion.vector_query])
        mean = np.asarray(plain, dtype=np.float32) + np.asarray(expanded, dtype=np.float32)
        return mean / np.linalg.norm(mean)
    if mode == "first":
        return embedder.embed_queries([expansion.first_query])[0]
    return embedder.embed_queries([expansion.vector_query])[0]
