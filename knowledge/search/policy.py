"""The relevance policy: answer or nothing. Pure functions over the candidates'
signals (the blended similarity, how far the best stands out from the next, the
keyword arm's agreement, an exact code match), tested without a database, and the
per-embedder settings they read (settings.KNOWLEDGE_RETRIEVAL over the calibrated
defaults; see README › Retrieval quality)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings


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
    # knowledge.decision.rerank (None before, or without a calibration).
    background: dict | None = None
    relative: float | None = None

    @property
    def semantic(self) -> float:
        return self.cosine if self.similarity is None else self.similarity


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
    return near_the_best(passing, max_gap=policy.max_gap_from_top, k=k)


def near_the_best(passing: list, *, max_gap: float, k: int) -> list:
    """The passing chunks whose passage cosine is within ``max_gap`` of the best one
    (an exact code match always), best first: the rest are the "nearest piece"."""
    if not passing:
        return []
    best = max(c.cosine for c in passing)
    kept = [c for c in passing if c.code_rank is not None or c.cosine >= best - max_gap]
    kept.sort(key=lambda c: (-c.score, c.source))
    return kept[:k]
