"""The generated corpus: false positives ≤ 1 %, false negatives ≤ 3 %."""

import sys
from pathlib import Path

from guards.calibration import calibrate, format_report
from guards.checkfmt import parse_case

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from guards_corpus import generate


def test_corpus_is_deterministic_balanced_and_large_enough():
    first, again = generate(count=2400), generate(count=2400)
    assert first == again and len(first) >= 2000
    locales = {t["locale"] for t in first}
    assert locales == {"es-AR", "es-ES", "en"}
    bad = sum(t["expect"]["verdict"] == "fail" for t in first)
    assert 0.3 < bad / len(first) < 0.6


def test_calibration_rates_on_the_generated_corpus():
    # given the full labelled corpus; when every guard is measured
    report = calibrate(parse_case(t) for t in generate(count=2400))
    text = format_report(report)
    # then the gate's error rates meet the bar
    assert report.fp_rate <= 0.01, text
    assert report.fn_rate <= 0.03, text
    # and every guard was exercised by bad turns and caught them
    for stats in report.guards.values():
        assert stats.rejections > 0, text


def test_calibration_counts_a_false_positive_and_a_false_negative():
    good_but_rejected = {"id": "g", "draft": "El plan cuesta 3 €.", "expect": {"verdict": "pass"}}
    bad_but_passed = {
        "id": "b",
        "draft": "Hola.",
        "expect": {"verdict": "fail", "guard": "refund_promise"},
    }
    report = calibrate([parse_case(good_but_rejected), parse_case(bad_but_passed)])
    assert report.false_positive_turns == ["g"] and report.false_negative_turns == ["b"]
    assert report.guards["unbacked_figure"].false_positives == ["g"]
    assert report.guards["refund_promise"].false_negatives == ["b"]
