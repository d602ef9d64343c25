"""The calibrated decision at search time: rank by relative score and decide answer or
nothing by the threshold its scope derived at import (knowledge.calibration), with the
term-coverage and arm-agreement signals behind their own switches (knowledge.coverage).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.conf import settings

from knowledge.calibration import (
    calibration_config,
    query_language,
    relative_score,
    threshold_from,
)


def candidate_limit(embedder_name: str) -> int:
    """How many fused candidates search reads: the whole vector arm when it is
    re-ranked by relative score, else the ten the absolute policy always saw."""
    if calibration_config(embedder_name).get("calibrated"):
        return settings.KNOWLEDGE_CANDIDATES_PER_ARM
    return 10


def rerank(
    query: str, candidates: list, *, weights, embedder_name: str, rrf_k: float | None = None
) -> list:
    """The fused candidates with the vector arm ranked by relative score and the
    fusion recomputed (RRF over the new vector ranks, the text and code ranks as
    the SQL gave them). A no-op when calibration is off for the embedder."""
    conf = calibration_config(embedder_name)
    if not conf.get("calibrated") or not candidates:
        return candidates
    language = query_language(query)
    w = conf["background_weight"]
    k = float(rrf_k if rrf_k is not None else settings.KNOWLEDGE_RRF_K)
    with_rel = [
        replace(c, relative=relative_score(c.semantic, c.background, language, w))
        for c in candidates
    ]
    vector = sorted(
        (c for c in with_rel if c.vector_rank is not None), key=lambda c: (-c.relative, c.source)
    )
    new_rank = {c.source: i + 1 for i, c in enumerate(vector)}
    out = []
    for c in with_rel:
        rank = new_rank.get(c.source)
        score = (
            (weights.vector / (k + rank) if rank else 0.0)
            + (weights.text / (k + c.text_rank) if c.text_rank else 0.0)
            + (weights.code / (k + c.code_rank) if c.code_rank else 0.0)
        )
        out.append(replace(c, vector_rank=rank, score=round(score, 6)))
    out.sort(key=lambda c: (-c.score, -(c.relative or 0.0), c.source))
    return out


@dataclass(frozen=True)
class CalibratedPolicy:
    """Answer or nothing on relative scores: a candidate passes on an exact code
    match, or when relative score + margin_weight × the query's relative margin
    (+ keyword_bonus when the keyword arm ranks it top 3) reaches `threshold`, the
    scope's own figure. Then the cosine gap rule of RelevancePolicy applies."""

    threshold: float
    margin_weight: float
    keyword_bonus: float
    max_gap_from_top: float
    scope: str = ""
    coverage_penalty: float = 0.0
    coverage_cap: int = 1
    coverage_rank_weight: float = 0.0
    coverage_rank_cap: int = 3
    coverage_rank_depth: int = 3
    agreement_bonus: float = 0.0

    def confidence(self, candidate, margin: float) -> float:
        keywords = candidate.text_rank is not None and candidate.text_rank <= 3
        return (
            candidate.relative
            + self.margin_weight * margin
            + (self.keyword_bonus if keywords else 0.0)
        )


def policy_for_scope(embedder_name: str, shop: str | None):
    """The calibrated policy of a search scope, or None (calibration off for the
    embedder, or the scope never calibrated): the caller falls back to the
    absolute RelevancePolicy."""
    from knowledge.models import Calibration
    from knowledge.search.policy import retrieval_config

    conf = calibration_config(embedder_name)
    if not conf.get("calibrated"):
        return None
    scope = shop or ""
    row = Calibration.objects.filter(scope=scope, embedder=embedder_name).first()
    if row is None or abs(row.background_weight - conf["background_weight"]) > 1e-9:
        return None
    threshold = threshold_from(
        row.negatives,
        quantile=conf["negative_quantile"],
        margin_weight=conf["relative_margin_weight"],
        offset=conf["offset"],
    )
    if threshold is None:
        return None
    return CalibratedPolicy(
        threshold,
        conf["relative_margin_weight"],
        conf["relative_keyword_bonus"],
        retrieval_config(embedder_name)["max_gap_from_top"],
        scope,
        conf.get("coverage_penalty", 0.0),
        conf.get("coverage_cap", 1),
        conf.get("coverage_rank_weight", 0.0),
        conf.get("coverage_rank_cap", 3),
        conf.get("coverage_rank_depth", 3),
        conf.get("agreement_bonus", 0.0),
    )


def apply_calibrated(
    candidates: list, *, policy: CalibratedPolicy, k: int, next_door: int = 0
) -> list:
    """Keep what is close enough by the scope's own calibration, best first, at
    most k. `next_door`: how many next-door terms the query has against the top
    candidate's document (knowledge/coverage.py); each raises the threshold by the
    policy's coverage_penalty, up to its coverage_cap. Pure: tested without a
    database."""
    from knowledge.coverage import coverage_threshold_raise

    threshold = policy.threshold + coverage_threshold_raise(
        next_door, penalty=policy.coverage_penalty, cap=policy.coverage_cap
    )
    if policy.agreement_bonus and arms_agree(candidates):
        threshold -= policy.agreement_bonus
    rel = sorted(
        (c.relative for c in candidates if c.relative is not None and c.vector_rank), reverse=True
    )
    margin = (rel[0] - rel[1]) if len(rel) >= 2 else (rel[0] if rel else 0.0)
    passing = [
        c
        for c in candidates
        if c.code_rank is not None
        or (c.relative is not None and policy.confidence(c, margin) >= threshold)
    ]
    from knowledge.search.policy import near_the_best

    return near_the_best(passing, max_gap=policy.max_gap_from_top, k=k)


def arms_agree(candidates: list) -> bool:
    """The keyword arm's first chunk is the vector arm's first."""
    vector = min(
        (c for c in candidates if c.vector_rank), key=lambda c: c.vector_rank, default=None
    )
    text = next((c for c in candidates if c.text_rank == 1), None)
    return vector is not None and text is not None and vector.source == text.source


def decide(
    candidates: list, *, embedder_name: str, shop: str | None, k: int, query: str = ""
) -> list:
    """The calibrated decision for the scope when there is one, else the absolute
    policy of knowledge.search. With coverage on, `query` is checked against the
    top candidate's document (knowledge/coverage.py)."""
    from knowledge.search.policy import RelevancePolicy, apply_relevance

    policy = policy_for_scope(embedder_name, shop)
    if policy is None or any(c.relative is None for c in candidates):
        return apply_relevance(candidates, policy=RelevancePolicy.for_embedder(embedder_name), k=k)
    return decide_calibrated(candidates, policy=policy, k=k, query=query, shop=shop)


def decide_calibrated(
    candidates: list,
    *,
    policy: CalibratedPolicy,
    k: int,
    query: str,
    shop: str | None,
    count=None,
) -> list:
    """The calibrated decision with term coverage when the policy asks for it:
    the top candidates re-ordered by coverage, then the threshold raised by the
    new top's next-door terms. `count(query, document, shop)` counts them
    (default: count_next_door, from the database)."""
    if not query or not candidates or not (policy.coverage_penalty or policy.coverage_rank_weight):
        return apply_calibrated(candidates, policy=policy, k=k)
    if count is None:
        per_search = next_door_counter(query, shop)

        def count(query, document, shop):
            return per_search(document)

    counts: dict[str, int] = {}

    def next_door(candidate) -> int:
        document = candidate.source.split("#")[0]
        if document not in counts:
            counts[document] = count(query, document, shop)
        return counts[document]

    candidates = coverage_rerank(candidates, next_door, policy=policy)
    return apply_calibrated(candidates, policy=policy, k=k, next_door=next_door(candidates[0]))


def coverage_rerank(candidates: list, next_door, *, policy: CalibratedPolicy) -> list:
    """The first coverage_rank_depth candidates re-ordered by relative score −
    coverage_rank_weight × next_door(candidate) (at most coverage_rank_cap terms);
    an exact code match stays first, ties keep their order, and the re-ordered
    candidates take the fused scores of the places they move to (the decision
    sorts what passes by score). Unchanged when the weight is 0. Pure: next_door
    is given."""
    depth = policy.coverage_rank_depth
    top = candidates[:depth]
    if policy.coverage_rank_weight <= 0 or len(top) < 2:
        return candidates
    w, cap = policy.coverage_rank_weight, policy.coverage_rank_cap

    def key(item):
        i, c = item
        relative = c.relative if c.relative is not None else c.semantic
        return (c.code_rank is None, -(relative - w * min(next_door(c), cap)), i)

    order = [c for _, c in sorted(enumerate(top), key=key)]
    scores = [c.score for c in top]
    moved = [replace(c, score=score) for c, score in zip(order, scores, strict=True)]
    return moved + candidates[depth:]


def next_door_counter(query: str, shop: str | None):
    """document → the query's next-door terms against it (knowledge/coverage.py),
    with the scope's synonyms; reads the scope's vocabulary once per search."""
    from knowledge.coverage import next_door_counter as counter
    from knowledge.selectors import synonyms_for_scope

    return counter(query, shop, lambda: synonyms_for_scope(shop).expand(query).groups)


def count_next_door(query: str, document: str, shop: str | None) -> int:
    return next_door_counter(query, shop)(document)
