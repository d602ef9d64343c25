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

The package: ``sql`` (the statement and its parameters), ``policy`` (what is close
enough) and ``hybrid`` (the entry points). Callers import from here.
"""

from knowledge.search.hybrid import (
    QueryError,
    SearchHit,
    clean_query,
    hybrid_search,
    search_with_candidates,
)
from knowledge.search.policy import (
    QUOTED,
    RETRIEVAL_DEFAULTS,
    Candidate,
    FusionWeights,
    RelevancePolicy,
    apply_relevance,
    confidence,
    has_exact_intent,
    query_margin,
    retrieval_config,
)
from knowledge.search.sql import HYBRID_SQL, hybrid_params, search_candidates

__all__ = [
    "HYBRID_SQL",
    "QUOTED",
    "RETRIEVAL_DEFAULTS",
    "Candidate",
    "FusionWeights",
    "QueryError",
    "RelevancePolicy",
    "SearchHit",
    "apply_relevance",
    "clean_query",
    "confidence",
    "has_exact_intent",
    "hybrid_params",
    "hybrid_search",
    "query_margin",
    "retrieval_config",
    "search_candidates",
    "search_with_candidates",
]
