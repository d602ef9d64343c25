"""The relevance policy: what is close enough. Pure, no database."""

import pytest

from knowledge.search import (
    Candidate,
    RelevancePolicy,
    apply_relevance,
    has_exact_intent,
    query_margin,
    retrieval_config,
)

POLICY = RelevancePolicy(
    min_confidence=0.88, margin_weight=1.0, keyword_bonus=0.01, max_gap_from_top=0.05
)


def candidate(
    source,
    *,
    similarity,
    score=0.02,
    vector_rank=1,
    text_rank=None,
    code_rank=None,
    phrasing=None,
):
    return Candidate(
        source,
        "Doc",
        "Q?",
        "A.",
        "en",
        score,
        similarity,
        vector_rank,
        text_rank,
        code_rank,
        phrasing_cosine=phrasing,
        similarity=similarity,
    )


def test_nothing_close_returns_nothing_not_the_nearest_piece():
    # given only weak candidates, close to each other (no clear best)
    cands = [candidate("a#1", similarity=0.86), candidate("b#1", similarity=0.855, vector_rank=2)]
    # then the answer is empty
    assert apply_relevance(cands, policy=POLICY, k=2) == []


def test_a_fair_match_that_stands_out_passes():
    # given the same best similarity, but 0.03 clear of the next candidate
    cands = [candidate("a#1", similarity=0.86), candidate("b#1", similarity=0.83, vector_rank=2)]
    # then the margin lifts it over the threshold (0.86 + 1.0 × 0.03 ≥ 0.88)
    assert [c.source for c in apply_relevance(cands, policy=POLICY, k=2)] == ["a#1"]


def test_keyword_agreement_adds_the_keyword_bonus():
    cands = [
        candidate("a#1", similarity=0.872, text_rank=1),
        candidate("b#1", similarity=0.871, vector_rank=2),
    ]
    assert [c.source for c in apply_relevance(cands, policy=POLICY, k=2)] == ["a#1"]


def test_exact_code_match_passes_whatever_the_similarity():
    cands = [candidate("sku#1", similarity=0.70, code_rank=1, score=0.06)]
    assert [c.source for c in apply_relevance(cands, policy=POLICY, k=2)] == ["sku#1"]


def test_far_below_the_best_is_dropped_and_k_is_respected():
    cands = [
        candidate("a#1", similarity=0.95, score=0.03),
        candidate("b#1", similarity=0.89, score=0.02),
        candidate("c#1", similarity=0.93, score=0.01),
    ]
    kept = apply_relevance(cands, policy=POLICY, k=2)
    assert [c.source for c in kept] == ["a#1", "c#1"]


def test_the_margin_is_a_property_of_the_query():
    cands = [candidate("a#1", similarity=0.90), candidate("b#1", similarity=0.87)]
    assert query_margin(cands) == pytest.approx(0.03)
    assert query_margin([]) == 0.0


def test_without_phrasing_vectors_the_passage_cosine_counts():
    # a candidate built without a blend (older rows, other callers) uses its cosine
    bare = Candidate("a#1", "Doc", "Q?", "A.", "en", 0.02, 0.91, 1, None, None)
    assert bare.semantic == 0.91
    assert [c.source for c in apply_relevance([bare], policy=POLICY, k=2)] == ["a#1"]


def test_exact_intent_means_a_code_or_a_quoted_phrase():
    assert has_exact_intent("me sale ERR_401", ["ERR401"])
    assert has_exact_intent('what does "free over" mean', [])
    assert not has_exact_intent("how much is delivery", [])
    assert not has_exact_intent("order 1042", ["1042"])


def test_embedder_without_calibrated_defaults_reads_the_older_thresholds(settings):
    settings.KNOWLEDGE_RETRIEVAL = {
        "other": {
            "weights": {"vector": 1.0, "text": 0.5, "code": 2.0},
            "code_query_text_weight": 1.0,
            "min_cosine": 0.55,
            "min_cosine_with_keywords": 0.35,
            "max_gap_from_top": 0.2,
        }
    }
    policy = RelevancePolicy.for_embedder("other")
    assert policy.min_confidence == 0.55
    assert policy.keyword_bonus == pytest.approx(0.2)
    assert policy.margin_weight == 0.0
    assert retrieval_config("other")["phrasing_weight"] == 0.3
