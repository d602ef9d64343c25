"""Self-calibration: each scope's threshold from its own documents, relative scores."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import override_settings

from knowledge.calibration import (
    calibration_config,
    load_bank,
    relative_score,
    threshold_from,
)
from knowledge.decision import CalibratedPolicy, apply_calibrated, policy_for_scope, rerank
from knowledge.models import Calibration, Chunk
from knowledge.search import Candidate, FusionWeights, hybrid_search

POLICY = CalibratedPolicy(
    threshold=0.30, margin_weight=2.0, keyword_bonus=0.0, max_gap_from_top=0.06
)


def candidate(source, *, relative, cosine=0.85, score=0.02, vector_rank=1, code_rank=None):
    return Candidate(
        source, "Doc", "Q?", "A.", "es", score, cosine, vector_rank, None, code_rank,
        similarity=cosine, relative=relative,
    )  # fmt: skip


def test_the_bank_has_off_topic_questions_in_both_languages():
    langs = [lang for lang, _ in load_bank()]
    assert langs.count("es") >= 40 and langs.count("en") >= 40


def test_relative_score_subtracts_the_background_of_the_query_language():
    background = {"bank": "x", "es": 0.80, "en": 0.76}
    assert relative_score(0.88, background, "es", 0.5) == pytest.approx(0.48)
    assert relative_score(0.88, background, "en", 0.5) == pytest.approx(0.50)
    # no background yet (a chunk imported before the next calibration): unchanged
    assert relative_score(0.88, {}, "es", 0.5) == 0.88
    assert relative_score(0.88, '{"es": 0.8}', "es", 1.0) == pytest.approx(0.08)


def test_threshold_is_the_quantile_of_the_negatives_plus_the_offset():
    negatives = [[0.20, 0.00], [0.22, 0.01], [0.24, 0.00], [0.30, 0.02]]
    assert threshold_from(negatives, quantile=1.0, margin_weight=0.0, offset=0.01) == (
        pytest.approx(0.31)
    )
    assert threshold_from(negatives, quantile=1.0, margin_weight=2.0, offset=0.0) == (
        pytest.approx(0.34)
    )
    assert threshold_from([], quantile=0.9, margin_weight=0.0, offset=0.0) is None


def test_calibrated_decision_needs_to_stand_out_from_the_scope_background():
    # the margin is the query's (one clear match); the runner-up far below in cosine
    # is the "nearest piece" and dropped, as in the absolute policy
    clear = [
        candidate("a#1", relative=0.31),
        candidate("b#1", relative=0.28, cosine=0.75, vector_rank=2),
    ]
    assert [c.source for c in apply_calibrated(clear, policy=POLICY, k=2)] == ["a#1"]
    crowded = [candidate("a#1", relative=0.29), candidate("b#1", relative=0.289, vector_rank=2)]
    assert apply_calibrated(crowded, policy=POLICY, k=2) == []
    code = [candidate("sku#1", relative=0.1, code_rank=1)]
    assert [c.source for c in apply_calibrated(code, policy=POLICY, k=2)] == ["sku#1"]


@override_settings(KNOWLEDGE_RETRIEVAL={"e5-small": {"calibrated": True, "background_weight": 1.0}})
def test_rerank_orders_the_vector_arm_by_relative_score():
    # a hub chunk (near every question) first by cosine, the specific one below it
    hub = Candidate("hub#1", "D", "Q", "A", "es", 0.0, 0.86, 1, None, None, similarity=0.86,
                    background={"es": 0.82, "en": 0.80})  # fmt: skip
    specific = Candidate("spec#1", "D", "Q", "A", "es", 0.0, 0.85, 2, None, None,
                         similarity=0.85, background={"es": 0.76, "en": 0.74})  # fmt: skip
    weights = FusionWeights(1.0, 0.0, 2.0, 0.0)
    ranked = rerank("¿cuánto cuesta?", [hub, specific], weights=weights, embedder_name="e5-small")
    assert [c.source for c in ranked] == ["spec#1", "hub#1"]
    assert ranked[0].vector_rank == 1 and ranked[0].relative == pytest.approx(0.09)


def test_import_derives_and_prints_each_shops_calibration(db):
    from tests.conftest import DEMO_CORPUS

    out = StringIO()
    call_command("knowledge", "import", str(DEMO_CORPUS), stdout=out)
    printed = out.getvalue()
    assert "calibration demo-shop:" in printed and "calibration tienda-demo:" in printed
    assert "threshold" in printed
    scopes = dict(Calibration.objects.values_list("scope", "chunks"))
    # every document, and each shop (its own and the shared documents)
    assert set(scopes) == {"", "demo-shop", "tienda-demo"}
    assert scopes[""] == scopes["demo-shop"] + scopes["tienda-demo"]
    row = Calibration.objects.get(scope="tienda-demo")
    assert len(row.negatives) == len(load_bank())
    assert len(row.positives) == scopes["tienda-demo"]
    # every chunk has its background for both languages
    for background in Chunk.objects.values_list("background", flat=True):
        assert {"es", "en"} <= set(background)
    # the shop's own questions stand out from the off-topic bank
    conf = calibration_config("e5-small")
    threshold = threshold_from(
        row.negatives,
        quantile=conf["negative_quantile"],
        margin_weight=conf["relative_margin_weight"],
        offset=conf["offset"],
    )
    mw = conf["relative_margin_weight"]
    passing = [top + mw * margin >= threshold for top, margin in row.positives]
    assert sum(passing) / len(passing) >= 0.9


def test_search_by_the_calibrated_decision_when_turned_on(demo_corpus):
    on = {"e5-small": {"calibrated": True}}
    with override_settings(KNOWLEDGE_RETRIEVAL=on):
        assert policy_for_scope("e5-small", "tienda-demo") is not None
        hits = hybrid_search("¿cuánto tarda el envío a Córdoba?", shop="tienda-demo")
        assert hits and hits[0].source.startswith("envios#")
        assert hybrid_search("¿me recomendás una serie para ver?", shop="tienda-demo") == []
    # off by default: the absolute policy decides
    assert policy_for_scope("e5-small", "tienda-demo") is None
