"""The corpus lint's pure functions: plain data in, findings out (no database)."""

from __future__ import annotations

import pytest

from knowledge.lint import (
    CompetingPair,
    EmbeddedChunk,
    EvaluationCase,
    FigureNote,
    LintChunk,
    SourceText,
    cited_sources,
    competing_pairs,
    evaluation_gaps,
    lint_chunks_of,
    relevance_verdicts,
    unanchored_figures,
)
from knowledge.parsing import parse_document
from knowledge.search import Candidate, RelevancePolicy, apply_relevance


def chunk(source: str, text: str, *, url: str = "", language: str = "en") -> LintChunk:
    return LintChunk(source, url, language, "A question?", text)


# --- (a) figures in documents with no source_url -------------------------------------


def test_money_and_quantities_of_a_document_with_no_source_are_reported():
    # given a chunk of a document with no source_url stating a price and a delay
    chunks = [chunk("care#1", "Cleaning costs €5 and takes 2 days.")]
    # when linted
    found = unanchored_figures(chunks)
    # then both figures are reported, with their kinds, for that chunk
    assert [(f.source, [(n.text, n.kind) for n in f.figures]) for f in found] == [
        ("care#1", [("5", "money"), ("2", "quantity")])
    ]


def test_a_document_with_a_source_url_is_anchored():
    # given the same chunk in a document that names its published page
    chunks = [chunk("care#1", "Cleaning costs €5.", url="https://shop.example/care")]
    # then nothing is reported
    assert unanchored_figures(chunks) == []


def test_dates_years_and_bare_numbers_are_not_claims():
    # given a sourceless chunk with only a date, a year and a step number
    chunks = [chunk("care#2", "Since 2024, on 26/10 we open. Step 3: wipe.")]
    # then nothing is reported
    assert unanchored_figures(chunks) == []


def test_spanish_percentages_are_read_with_the_spanish_lexicon():
    chunks = [chunk("pagos#9", "Tenés un 10 % de descuento por transferencia.", language="es")]
    [found] = unanchored_figures(chunks)
    assert found.figures == (FigureNote("10", "percent", "pagos#9"),)


def test_the_live_preview_lints_a_parsed_document():
    # given a parsed body with no source_url (the editor has not saved yet)
    parsed = parse_document(slug="care", text="# Care\n## Price?\nIt costs €7.\n")
    # then its chunk is linted under its future source id
    [found] = unanchored_figures(lint_chunks_of(parsed))
    assert found.source == "care#1"
    assert [n.text for n in found.figures] == ["7"]


# --- (b) competing chunks ---------------------------------------------------------------


def vectors() -> list[EmbeddedChunk]:
    return [
        EmbeddedChunk("a#1", "How much is delivery?", [1.0, 0.0, 0.0]),
        EmbeddedChunk("a#2", "What does shipping cost?", [0.99, 0.141, 0.0]),
        EmbeddedChunk("b#1", "Can I return it?", [0.0, 1.0, 0.0]),
        EmbeddedChunk("b#2", "Nothing", [0.0, 0.0, 0.0]),
    ]


def test_pairs_above_the_threshold_compete_closest_first():
    # when the stored vectors are compared at 0.95
    pairs = competing_pairs(vectors(), threshold=0.95)
    # then only the two delivery chunks compete (cosine 0.99 / |(0.99, 0.141)| ≈ 0.99)
    assert pairs == [
        CompetingPair(
            "a#1",
            "a#2",
            "How much is delivery?",
            "What does shipping cost?",
            pytest.approx(0.99, abs=1e-3),
        )
    ]


def test_a_document_panel_sees_only_pairs_involving_its_chunks():
    assert competing_pairs(vectors(), threshold=0.95, involving=["b#1"]) == []
    assert [p.second for p in competing_pairs(vectors(), threshold=0.95, involving=["a#2"])] == [
        "a#2"
    ]


def test_a_zero_vector_or_a_lone_chunk_competes_with_nothing():
    assert competing_pairs(vectors()[3:], threshold=0.1) == []
    assert competing_pairs([vectors()[0], vectors()[3]], threshold=0.1) == []


def test_pairs_are_sorted_by_cosine_then_source():
    items = [
        EmbeddedChunk("x#1", "q", [1.0, 0.0]),
        EmbeddedChunk("x#2", "q", [1.0, 0.0]),
        EmbeddedChunk("x#3", "q", [0.8, 0.6]),
    ]
    pairs = competing_pairs(items, threshold=0.7)
    assert [(p.first, p.second, p.cosine) for p in pairs] == [
        ("x#1", "x#2", 1.0),
        ("x#1", "x#3", 0.8),
        ("x#2", "x#3", 0.8),
    ]


# --- (c) evaluation questions whose retrieval lacks a needed figure -----------------------


ROSARIO = SourceText(
    "envios#2", "A Rosario el envío cuesta $ 9.900 y llega en 2 a 4 días hábiles.", "es"
)
CABA = SourceText("envios#1", "En CABA el envío cuesta $ 4.900 y llega en 1 día hábil.", "es")


def case(*, expected=(ROSARIO,), retrieved=(ROSARIO,), has="[envios#2]", question="¿Rosario?"):
    return EvaluationCase(question, "es", has, tuple(expected), tuple(retrieved))


def test_cited_sources_are_read_from_the_expected_answer_once_each():
    assert cited_sources("see [envios#2], [envios#2] and [pagos#1]; not [x] or [A#1]") == (
        "envios#2",
        "pagos#1",
    )


def test_retrieving_the_expected_chunk_leaves_no_gap():
    assert evaluation_gaps([case()]) == []


def test_retrieving_another_chunk_reports_the_missing_figures():
    # given the Rosario question retrieves the CABA chunk only
    gaps = evaluation_gaps([case(retrieved=(CABA,))])
    # then the Rosario price and both ends of its delay ("2 a 4 días") are missing
    [gap] = gaps
    assert gap.expected_sources == ("envios#2",)
    assert gap.retrieved_sources == ("envios#1",)
    assert [(n.text, n.kind) for n in gap.missing] == [
        ("9.900", "money"),
        ("2", "quantity"),
        ("4", "quantity"),
    ]


def test_nothing_retrieved_misses_every_figure():
    [gap] = evaluation_gaps([case(retrieved=())])
    assert [n.text for n in gap.missing] == ["9.900", "2", "4"]


def test_a_figure_in_another_format_or_in_the_question_is_backed():
    # given the retrieved chunk writes the price differently and the question the delay
    other = SourceText("otro#1", "Cuesta 9900 pesos.", "es")
    asked = "¿Llega en 2 a 4 días?"
    assert evaluation_gaps([case(retrieved=(other,), question=asked)]) == []


def test_a_figure_in_the_expected_text_itself_is_needed():
    # given a case whose expected answer is a figure, not a citation
    gaps = evaluation_gaps([case(expected=(), retrieved=(CABA,), has="cuesta $ 12.900")])
    assert [(n.text, n.source) for n in gaps[0].missing] == [("12.900", "expected answer")]


def test_cases_needing_no_figure_are_skipped():
    words = SourceText("pagos#3", "Sí, aceptamos Mercado Pago.", "es")
    assert evaluation_gaps([case(expected=(words,), retrieved=())]) == []
    assert evaluation_gaps([case(expected=(), retrieved=(), has="No lo sé")]) == []


# --- the "try a question" verdicts ---------------------------------------------------------


def policy() -> RelevancePolicy:
    # the configured policy; the candidates below sit far from any threshold
    return RelevancePolicy.for_embedder("e5-small")


def candidate(source, *, score, cosine, vector_rank=1, text_rank=None, code_rank=None):
    return Candidate(
        source, "Doc", "Q?", "text", "en", score, cosine, vector_rank, text_rank, code_rank
    )


def test_every_candidate_gets_a_verdict_and_a_reason():
    # given a clear match, a near twin, a code match, a far piece and one well below the best
    candidates = [
        candidate("best#1", score=0.040, cosine=0.99),
        candidate("twin#1", score=0.030, cosine=0.98),
        candidate("code#1", score=0.050, cosine=0.10, code_rank=1),
        candidate("far#1", score=0.020, cosine=0.10, vector_rank=9),
        candidate("below#1", score=0.010, cosine=0.90, vector_rank=3),
    ]
    # when the policy keeps at most 2
    verdicts = relevance_verdicts(candidates, policy=policy(), k=2)
    gap = policy().max_gap_from_top
    # then they come in fused-score order, each with why
    assert [(v.candidate.source, v.kept, v.reason) for v in verdicts] == [
        ("code#1", True, "exact code match"),
        ("best#1", True, "close enough"),
        ("twin#1", False, "close enough, but beyond the top 2"),
        ("far#1", False, "below the relevance threshold"),
        ("below#1", False, f"more than {gap:g} below the best passing match"),
    ]


def test_the_kept_verdicts_are_exactly_what_the_search_keeps():
    candidates = [
        candidate(f"c#{i}", score=1 / (60 + i), cosine=0.80 + i / 100, vector_rank=i)
        for i in range(1, 20)
    ]
    kept = [v.candidate for v in relevance_verdicts(candidates, policy=policy(), k=2) if v.kept]
    assert kept == apply_relevance(candidates, policy=policy(), k=2)


def test_no_candidates_no_verdicts():
    assert relevance_verdicts([], policy=policy(), k=2) == []
