"""The relevance policy: what is close enough. Pure, no database."""

from knowledge.search import Candidate, RelevancePolicy, apply_relevance, has_exact_intent

POLICY = RelevancePolicy(min_cosine=0.87, min_cosine_with_keywords=0.84, max_gap_from_top=0.05)


def candidate(source, *, cosine, score=0.02, vector_rank=1, text_rank=None, code_rank=None):
    return Candidate(
        source, "Doc", "Q?", "A.", "en", score, cosine, vector_rank, text_rank, code_rank
    )


def test_nothing_close_returns_nothing_not_the_nearest_piece():
    # given only weak candidates (the nearest piece has cosine 0.84, no keyword)
    cands = [candidate("a#1", cosine=0.84), candidate("b#1", cosine=0.80, vector_rank=2)]
    # then the answer is empty
    assert apply_relevance(cands, policy=POLICY, k=2) == []


def test_fair_cosine_passes_when_the_keyword_arm_agrees():
    cands = [candidate("a#1", cosine=0.85, text_rank=1), candidate("b#1", cosine=0.85)]
    assert [c.source for c in apply_relevance(cands, policy=POLICY, k=2)] == ["a#1"]


def test_exact_code_match_passes_whatever_the_cosine():
    cands = [candidate("sku#1", cosine=0.70, code_rank=1, score=0.06)]
    assert [c.source for c in apply_relevance(cands, policy=POLICY, k=2)] == ["sku#1"]


def test_far_below_the_best_is_dropped_and_k_is_respected():
    cands = [
        candidate("a#1", cosine=0.95, score=0.03),
        candidate("b#1", cosine=0.89, score=0.02),
        candidate("c#1", cosine=0.93, score=0.01),
    ]
    kept = apply_relevance(cands, policy=POLICY, k=2)
    assert [c.source for c in kept] == ["a#1", "c#1"]


def test_exact_intent_means_a_code_or_a_quoted_phrase():
    assert has_exact_intent("me sale ERR_401", ["ERR401"])
    assert has_exact_intent('what does "free over" mean', [])
    assert not has_exact_intent("how much is delivery", [])
    assert not has_exact_intent("order 1042", ["1042"])
