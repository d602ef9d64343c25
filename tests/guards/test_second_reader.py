"""The second reader: its features, its two decisions on the rules' verdicts, where it
stays out, and the shipped weights being the data's."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from guards import pipeline
from guards.codes import GuardCode, GuardMode
from guards.pipeline import DEFAULT_GUARDS, run_guards
from guards.reader_features import fold, turn_features
from guards.second_reader import SecondReader, commitment_kinds, default_reader
from guards.verdicts import GuardFailure
from tests.guards.helpers import turn

ROOT = Path(__file__).resolve().parents[2]
GUARDS = ("action_claim", "refund_promise", "discount_promise")


def reader(weights: dict[str, list[float]], *, bias: float = -6.0, **more: object) -> SecondReader:
    """A reader with hand-set weights: its verdicts follow from the words alone."""
    data = {
        "guards": list(GUARDS),
        "adds": list(GUARDS),
        "bias": [bias] * 3,
        "weights": weights,
        "low": 0.01,
        "high": 0.9,
    }
    return SecondReader.from_dict({**data, **more})


ALL = {code: GuardMode.ENFORCE for code in GuardCode}


def discount_failure(reason: GuardCode, detail: str) -> GuardFailure:
    """An enforced failure of the discount guard, a rejection or an error by ``reason``."""
    return GuardFailure(
        guard=GuardCode.DISCOUNT_PROMISE, mode=GuardMode.ENFORCE, reason=reason, detail=detail
    )


def test_features_fold_case_and_accents_and_mark_words_no_source_has():
    # given a draft with an accent, and a retrieved section with one of its words
    ctx = turn(
        "Te DEVOLVÉMOS el envío hoy.", locale="es-AR", chunks={"envios#1": "El envío tarda."}
    )
    # when its features are read
    features = turn_features(ctx)
    # then words are folded, paired and cut to their endings and beginnings
    assert fold("DEVOLVÉMOS") == ["devolvemos"]
    assert {"w:devolvemos", "b:te_devolvemos", "s:emos", "p:devol"} <= features
    # and a word only the draft has is marked, one the section has is not
    assert "ns:devolvemos" in features and "ns:envio" not in features
    assert "noret" not in features and "handoff" not in features


def test_a_rejection_the_reader_reads_as_correct_is_kept_but_observed():
    # given a rule's rejection of a sentence the reader scores near zero
    ctx = turn("El sofá tiene envío gratis en CABA.", locale="es-AR")
    rule = discount_failure(GuardCode.DISCOUNT_PROMISE, "free shipping the sources do not give")
    # when the reader applies its decisions
    out = reader({"w:sofa": [0.0, 0.0, -10.0]}).apply(ctx, [rule], ALL)
    # then the rejection no longer stops the draft, and the log says why and what the rule said
    assert len(out) == 1 and out[0].mode == GuardMode.OBSERVE
    assert out[0].detail.startswith("set aside by the second reader")
    assert "free shipping the sources do not give" in out[0].detail


def test_only_the_guards_it_may_set_aside_are_set_aside():
    # given the same rejection, and a reader that may set aside only the act guard
    ctx = turn("El sofá tiene envío gratis en CABA.", locale="es-AR")
    rule = discount_failure(GuardCode.DISCOUNT_PROMISE, "free shipping the sources do not give")
    narrow = reader({"w:sofa": [0.0, 0.0, -10.0]}, sets_aside=["action_claim"])
    # when it applies its decisions, then the discount rejection stands as the rule said
    assert narrow.apply(ctx, [rule], ALL) == [rule]


def test_a_firm_finding_is_never_set_aside():
    # given a gift given as an apology, which no source can back whatever its wording
    ctx = turn("Para compensarte, te regalamos el envío.", locale="es-AR")
    rule = replace(
        discount_failure(GuardCode.DISCOUNT_PROMISE, "gives something free as compensation"),
        firm=True,
    )
    # when a reader that scores the turn near zero applies its decisions
    out = reader({"w:compensarte": [0.0, 0.0, -10.0]}).apply(ctx, [rule], ALL)
    # then the rejection stands as the rule said
    assert out == [rule]


def test_an_error_of_a_guard_is_never_set_aside():
    ctx = turn("El sofá tiene envío gratis.", locale="es-AR")
    error = discount_failure(GuardCode.GUARD_ERROR, "ValueError: boom")
    out = reader({"w:sofa": [0.0, 0.0, -10.0]}).apply(ctx, [error], ALL)
    assert out == [error]


def test_a_slip_no_rule_read_fails_and_the_note_names_the_sentence_and_words():
    # given a draft whose money wording no rule parses, scored high by the reader
    ctx = turn("Hola, gracias por escribir. Quedate tranquilo, la guita está.", locale="es-AR")
    assert "refund_promise" not in commitment_kinds(ctx)
    # when the reader applies its decisions to no rule failure
    out = reader({"w:guita": [0.0, 12.0, 0.0]}).apply(ctx, [], ALL)
    # then the draft fails the refund guard, and the note quotes the sentence and the word
    assert [(f.guard, f.mode) for f in out] == [(GuardCode.REFUND_PROMISE, GuardMode.ENFORCE)]
    assert out[0].detail.startswith("money back promised in 'Quedate tranquilo, la guita está'")
    assert "'guita'" in out[0].detail


def test_a_commitment_the_rules_read_and_let_through_is_not_overruled():
    # given a refund the rules read as waiting on an approval (they let it through)
    ctx = turn("Si se aprueba, te devolvemos el dinero.", locale="es-AR")
    assert "refund_promise" in commitment_kinds(ctx)
    # when the reader scores its words very high
    out = reader({"w:devolvemos": [0.0, 12.0, 0.0]}).apply(ctx, [], ALL)
    # then the structure's reason stands: nothing is added
    assert out == []


def test_a_cleared_commitment_is_overruled_only_over_the_third_threshold():
    # given the same cleared refund, and a reader with an ``overrule`` threshold of 0.99
    ctx = turn("Si se aprueba, te devolvemos el dinero.", locale="es-AR")
    # when the reader scores it over ``high`` but not over ``overrule`` (0.95)
    surer = reader({"w:devolvemos": [0.0, 9.0, 0.0]}, overrule=0.99)
    # then the rules' reading stands
    assert surer.apply(ctx, [], ALL) == []
    # and when it scores it over ``overrule`` (0.998), the draft fails, and the note says
    # that the rules read the commitment and let it through
    surest = reader({"w:devolvemos": [0.0, 12.0, 0.0]}, overrule=0.99)
    out = surest.apply(ctx, [], ALL)
    assert [(f.guard, f.mode) for f in out] == [(GuardCode.REFUND_PROMISE, GuardMode.ENFORCE)]
    assert "over 0.99, where the rules read it and let it through" in out[0].detail


def test_a_guard_switched_off_gets_nothing_added():
    ctx = turn("Quedate tranquilo, la guita está.", locale="es-AR")
    modes = {**ALL, GuardCode.REFUND_PROMISE: GuardMode.OFF}
    assert reader({"w:guita": [0.0, 12.0, 0.0]}).apply(ctx, [], modes) == []


def test_an_observed_guard_gets_an_observed_failure():
    ctx = turn("Quedate tranquilo, la guita está.", locale="es-AR")
    modes = {**ALL, GuardCode.REFUND_PROMISE: GuardMode.OBSERVE}
    out = reader({"w:guita": [0.0, 12.0, 0.0]}).apply(ctx, [], modes)
    assert [f.mode for f in out] == [GuardMode.OBSERVE]


def test_the_pipeline_runs_the_reader_only_over_its_own_guards(monkeypatch):
    # given a default reader that reads every draft as a refund promise
    eager = reader({}, bias=12.0)
    monkeypatch.setattr(pipeline, "default_reader", lambda: eager)
    ctx = turn("Quedate tranquilo, la guita está.", locale="es-AR")
    # then the default pipeline gets its verdict
    assert "refund_promise" in {str(f.guard) for f in run_guards(ctx).failures}
    # and a caller's own set of guards, or a caller who asks for the rules alone, does not
    own = run_guards(ctx, guards=DEFAULT_GUARDS[:1]).failures
    assert "refund_promise" not in {str(f.guard) for f in own}
    assert run_guards(ctx, second_reader=None).passed


def test_the_setting_switches_the_reader_off(monkeypatch, settings):
    eager = reader({}, bias=12.0)
    monkeypatch.setattr(pipeline, "default_reader", lambda: eager)
    settings.GUARDS_SECOND_READER = False
    assert run_guards(turn("Quedate tranquilo, la guita está.", locale="es-AR")).passed


def test_the_shipped_weights_were_learned_from_the_data_as_it_is():
    # given the trainer's record of what it learned from
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import guards_learn

    held = json.loads(guards_learn.OUT.read_text(encoding="utf-8"))
    files = guards_learn.training_files()
    # then the blind files, the generated corpus and the corrections are the same now
    assert held["trained_on"]["files"] == [p.stem for p in files]
    assert held["trained_on"]["sha256"] == guards_learn.data_digest(files), (
        "retrain: python benchmarks/guards_learn.py"
    )
    # and no measurement file took part
    assert not set(held["trained_on"]["files"]) & guards_learn.MEASURE_FILES
    assert default_reader() is not None


def _corrections() -> list[dict]:
    path = ROOT / "tests" / "guards" / "reader_corrections.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@pytest.mark.parametrize("case", _corrections(), ids=lambda case: case["id"])
def test_a_case_the_reader_once_got_wrong_gets_the_rules_verdict(case):
    from guards.checkfmt import parse_case

    # given a turn a pinned test holds, which the reader once judged otherwise
    parsed = parse_case(case)
    # when the whole pipeline runs on it
    failed = {str(f.guard) for f in run_guards(parsed.ctx, budget_ms=1000).failures}
    # then the verdict is the rules' (the one the pinned test asserts)
    if parsed.expect.verdict == "pass":
        assert failed == set(), case["note"]
    else:
        assert str(parsed.expect.guard) in failed, case["note"]
