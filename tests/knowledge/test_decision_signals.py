"""Term coverage as a decision signal (knowledge/coverage.py): a next-door term is
a query word the top document never mentions but another document of the scope
does, the off-topic bank's words aside; each raises the calibrated threshold."""

from dataclasses import replace

import pytest
from django.test import override_settings

from knowledge.calibration import calibration_config
from knowledge.coverage import (
    ScopeVocabulary,
    coverage_threshold_raise,
    keys_of,
    next_door_terms,
    stem_words,
    text_keys,
    words_of,
)
from knowledge.decision import (
    CalibratedPolicy,
    apply_calibrated,
    arms_agree,
    coverage_rerank,
    decide_calibrated,
)
from knowledge.search import Candidate


def naive_stems(*texts):
    """A stand-in for PostgreSQL's Snowball dictionaries: a word's stem is its first
    five letters in both; "que", "los", "the" and "you" are stop words."""
    stop = {"que", "los", "the", "you", "hacen", "tienen"}
    words = {w for t in texts for w in words_of(t)}
    table = {w: ([] if w in stop else [w[:5]]) for w in words}
    return {"spanish_stem": table, "english_stem": table}


DOCS = {
    "bombas": "Bombas. La bomba filtra el agua de la pileta ocho horas por día.",
    "garantia": "Garantía. El service técnico de bombas lo hace el fabricante.",
}
BANK = "¿Qué tiempo va a hacer mañana? ¿Me recomendás una serie?"


def vocabulary(stems):
    return ScopeVocabulary(
        {slug: text_keys(text, stems) for slug, text in DOCS.items()}, text_keys(BANK, stems)
    )


def test_a_word_another_document_has_and_the_top_one_lacks_is_next_door():
    # given a pump page that never says "service" and a warranty page that does
    query = "¿Hacen service de bombas?"
    stems = naive_stems(query, BANK, *DOCS.values())
    # when the question lands on the pump page
    found = next_door_terms(query, document="bombas", vocabulary=vocabulary(stems), stems=stems)
    # then "service" is the next-door term ("bombas" is covered, "hacen" a stop word)
    assert found == ["service"]


def test_a_word_the_shop_never_writes_is_not_next_door():
    # given a customer's story full of words no document of the shop uses
    query = "mi suegra dice que la bomba suena rarísimo"
    stems = naive_stems(query, BANK, *DOCS.values())
    # when it lands on the pump page
    found = next_door_terms(query, document="bombas", vocabulary=vocabulary(stems), stems=stems)
    # then nothing counts against it: unknown words are not evidence of another topic
    assert found == []


def test_a_word_of_the_off_topic_bank_is_not_next_door():
    # given a word ("mañana") that any customer says, written in the warranty page too
    docs = {**DOCS, "garantia": DOCS["garantia"] + " Respondemos mañana."}
    query = "la bomba llega mañana?"
    stems = naive_stems(query, BANK, *docs.values())
    vocab = ScopeVocabulary(
        {slug: text_keys(text, stems) for slug, text in docs.items()}, text_keys(BANK, stems)
    )
    # when the question lands on the pump page
    found = next_door_terms(query, document="bombas", vocabulary=vocab, stems=stems)
    # then it is not a next-door term
    assert found == []


def test_a_synonym_the_top_document_says_covers_the_word():
    # given a dictionary group "service, mantenimiento" and a pump page that says
    # "mantenimiento"
    docs = {**DOCS, "bombas": DOCS["bombas"] + " Mantenimiento cada año."}
    query = "¿hacen service de bombas?"
    stems = naive_stems(query, BANK, "service mantenimiento", *docs.values())
    vocab = ScopeVocabulary(
        {slug: text_keys(text, stems) for slug, text in docs.items()}, text_keys(BANK, stems)
    )
    # when the question lands on the pump page, with and without the dictionary
    plain = next_door_terms(query, document="bombas", vocabulary=vocab, stems=stems)
    expanded = next_door_terms(
        query,
        document="bombas",
        vocabulary=vocab,
        stems=stems,
        synonym_groups=[("service", "mantenimiento")],
    )
    # then only the dictionary makes "service" covered
    assert plain == ["service"]
    assert expanded == []


def test_words_are_folded_and_short_words_skipped_unless_they_carry_a_digit():
    # given accents, capitals, a two-letter word and a size
    # when the query is split into words
    # then they are folded, "de" is skipped and "4m" kept
    assert words_of("Cámara de 4m ÑANDÚ") == ["camara", "4m", "nandu"]
    assert keys_of("que", naive_stems("que")) is None


def test_each_next_door_term_raises_the_threshold_up_to_the_cap():
    # given a penalty of 0.03 per term and a cap of 1
    # when a query has 0, 1 or 3 next-door terms
    # then the threshold rises by 0, 0.03 and still 0.03
    assert coverage_threshold_raise(0, penalty=0.03, cap=1) == 0
    assert coverage_threshold_raise(1, penalty=0.03, cap=1) == 0.03
    assert coverage_threshold_raise(3, penalty=0.03, cap=1) == 0.03


def candidate(source, *, relative, cosine=0.85, code_rank=None, vector_rank=1):
    return Candidate(
        source, "Doc", "Q?", "A.", "es", 0.02, cosine, vector_rank, None, code_rank,
        similarity=cosine, relative=relative,
    )  # fmt: skip


def test_a_next_door_term_turns_a_borderline_answer_into_nothing():
    # given a calibrated policy with a coverage penalty and a clear enough match
    policy = CalibratedPolicy(0.30, 2.0, 0.0, 0.06, "", coverage_penalty=0.03, coverage_cap=1)
    cands = [candidate("a#1", relative=0.30), candidate("b#1", relative=0.295, vector_rank=2)]
    # when the query has no next-door term, or one
    covered = apply_calibrated(cands, policy=policy, k=2, next_door=0)
    next_door = apply_calibrated(cands, policy=policy, k=2, next_door=1)
    # then it is answered only when covered
    assert [c.source for c in covered][:1] == ["a#1"]
    assert next_door == []


def test_an_exact_code_match_passes_whatever_the_coverage():
    # given an exact code match with a low relative score
    policy = CalibratedPolicy(0.30, 2.0, 0.0, 0.06, "", coverage_penalty=0.03, coverage_cap=1)
    cands = [candidate("sku#1", relative=0.1, code_rank=1)]
    # when the query has a next-door term
    # then the code match is still the answer
    assert [c.source for c in apply_calibrated(cands, policy=policy, k=2, next_door=2)] == ["sku#1"]


def test_coverage_off_by_default_changes_nothing():
    # given the default policy (no coverage penalty)
    policy = CalibratedPolicy(0.30, 2.0, 0.0, 0.06)
    cands = [candidate("a#1", relative=0.31)]
    # when the query has next-door terms
    # then the decision is the calibrated one
    assert [c.source for c in apply_calibrated(cands, policy=policy, k=2, next_door=3)] == ["a#1"]


def test_a_close_runner_up_that_covers_the_query_moves_first():
    # given two close candidates, the first from a document missing two of the
    # query's shop words, and a rank weight of 0.005 per word
    policy = CalibratedPolicy(0.0, 2.0, 0.0, 0.06, "", coverage_rank_weight=0.005)
    first = replace(candidate("pumps#1", relative=0.300), score=0.03)
    second = replace(candidate("warranty#2", relative=0.295, vector_rank=2), score=0.02)
    counts = {"pumps": 2, "warranty": 0}
    # when the top candidates are re-ordered by coverage
    ordered = coverage_rerank(
        [first, second], lambda c: counts[c.source.split("#")[0]], policy=policy
    )
    # then the covering one is first and takes the first place's score
    assert [c.source for c in ordered] == ["warranty#2", "pumps#1"]
    assert [c.score for c in ordered] == [0.03, 0.02]


def test_a_clear_leader_keeps_its_place_and_a_code_match_stays_first():
    # given a leader well ahead, and an exact code match below a closer candidate
    policy = CalibratedPolicy(0.0, 2.0, 0.0, 0.06, "", coverage_rank_weight=0.005)
    leader = [candidate("a#1", relative=0.33), candidate("b#1", relative=0.30, vector_rank=2)]
    coded = [candidate("sku#1", relative=0.2, code_rank=1), candidate("b#1", relative=0.30)]
    # when the top candidates are re-ordered with the leader's document missing a word
    # then the leader stays first, and so does the code match
    assert (
        coverage_rerank(leader, lambda c: 1 if c.source == "a#1" else 0, policy=policy)[0].source
        == "a#1"
    )
    assert (
        coverage_rerank(coded, lambda c: 3 if c.source == "sku#1" else 0, policy=policy)[0].source
        == "sku#1"
    )


def test_the_decision_counts_the_new_top_documents_terms_once_each():
    # given a policy with both coverage switches and a counter that records its calls
    policy = CalibratedPolicy(
        0.30, 2.0, 0.0, 0.06, "", coverage_penalty=0.03, coverage_rank_weight=0.005
    )
    cands = [candidate("a#1", relative=0.36), candidate("a#2", relative=0.30, vector_rank=2)]
    calls = []

    def count(query, document, shop):
        calls.append(document)
        return 0

    # when a query is decided
    kept = decide_calibrated(cands, policy=policy, k=2, query="q", shop="s", count=count)
    # then each document is counted once and the covered top is answered
    assert calls == ["a"]
    assert kept[0].source == "a#1"


def test_the_switches_are_read_from_knowledge_retrieval():
    # given a deployment that turns both coverage switches on
    with override_settings(
        KNOWLEDGE_RETRIEVAL={
            "e5-small": {
                "calibrated": True,
                "coverage_penalty": 0.03,
                "coverage_rank_weight": 0.005,
            }
        }
    ):
        # when the calibrated decision's settings are read
        conf = calibration_config("e5-small")
    # then both are on, with the default caps and depth
    assert conf["coverage_penalty"] == 0.03 and conf["coverage_rank_weight"] == 0.005
    assert (conf["coverage_cap"], conf["coverage_rank_cap"], conf["coverage_rank_depth"]) == (
        1,
        3,
        3,
    )
    # and by default both are off
    assert calibration_config("e5-small")["coverage_penalty"] == 0.0
    assert calibration_config("e5-small")["coverage_rank_weight"] == 0.0


@pytest.mark.django_db
def test_words_are_stemmed_by_postgresqls_snowball_dictionaries():
    # given the embedded PostgreSQL
    # when Spanish and English words are stemmed
    stems = stem_words(["bombas", "bomba", "pumps", "que"])
    # then both dictionaries answer, and a stop word has no stem
    assert keys_of("bombas", stems) == keys_of("bomba", stems)
    assert ("english_stem", "pump") in keys_of("pumps", stems)
    assert keys_of("que", stems) is None


def test_agreeing_arms_lower_the_threshold_by_the_bonus():
    # given a borderline match that the keyword arm also ranks first, and one it does not
    policy = CalibratedPolicy(0.32, 2.0, 0.0, 0.06, "", agreement_bonus=0.02)
    agreed = [
        replace(candidate("a#1", relative=0.30), text_rank=1),
        replace(candidate("b#1", relative=0.30, vector_rank=2), text_rank=2),
    ]
    split = [
        replace(candidate("a#1", relative=0.30), text_rank=2),
        replace(candidate("b#1", relative=0.30, vector_rank=2), text_rank=1),
    ]
    # when each is decided
    # then the arms agree only in the first, which alone is answered
    assert arms_agree(agreed) and not arms_agree(split)
    assert [c.source for c in apply_calibrated(agreed, policy=policy, k=1)] == ["a#1"]
    assert apply_calibrated(split, policy=policy, k=1) == []
