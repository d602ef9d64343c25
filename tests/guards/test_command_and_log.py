"""GuardLog, its services and the manage.py command contracts."""

import io
import json

import pytest
from django.core.management import call_command

from guards.checkfmt import check_lines
from guards.models import GuardLog
from guards.pipeline import run_guards
from guards.services import guard_log_mark_false_positive, guard_log_record

from .helpers import turn

GOOD = {"id": "a", "locale": "es", "question": "", "draft": "Hola, ¿en qué te ayudo?"}
BAD = {
    "id": "b",
    "locale": "es",
    "draft": "El plan cuesta 3 €.",
    "retrieved": [{"source": "planes#1", "text": "Cuesta 79,18 €."}],
    "extra": True,
}


def test_check_lines_keeps_order_and_reports_malformed_lines():
    lines = [json.dumps(GOOD), "{not json", json.dumps({"id": "c", "draft": 5}), json.dumps(BAD)]
    payloads = [o.payload for o in check_lines(lines)]
    assert [p["id"] for p in payloads] == ["a", None, "c", "b"]
    assert "error" in payloads[1] and "draft" in payloads[2]["error"]
    assert payloads[3]["verdict"] == "fail"
    [failure] = payloads[3]["failures"]
    assert set(failure) == {"guard", "reason", "extra_figures", "source_figures"}
    assert failure["extra_figures"] == ["3"]
    assert failure["source_figures"][0] == {
        "text": "79,18",
        "value": "79.18",
        "origin": "chunk:planes#1",
    }


def test_check_command_exits_2_after_writing_every_line(monkeypatch):
    monkeypatch.setattr(
        "sys.stdin", io.StringIO(json.dumps(GOOD) + "\nbroken\n" + json.dumps(BAD) + "\n")
    )
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_info:
        call_command("guards", "check", stdout=out)
    assert exit_info.value.code == 2
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r.get("verdict", "error") for r in rows] == ["pass", "error", "fail"]


def test_calibrate_command_on_a_labelled_file(tmp_path):
    path = tmp_path / "turns.jsonl"
    labelled = dict(
        BAD, expect={"verdict": "fail", "guard": "unbacked_figure", "extra_figure": "3"}
    )
    path.write_text(
        json.dumps(labelled) + "\n" + json.dumps(dict(GOOD, expect={"verdict": "pass"})) + "\n"
    )
    out = io.StringIO()
    call_command(
        "guards", "calibrate", "--file", str(path), "--guard", "unbacked_figure", stdout=out
    )
    text = out.getvalue()
    assert (
        "unbacked_figure: seen 2, rejections 1 (50.0%); most frequent extra figures: 3 ×1" in text
    )
    assert "false-positive rate 0.00%" in text


@pytest.mark.django_db
def test_guard_log_records_enforced_and_observed_failures_in_one_go():
    ctx = turn(
        "Te hacemos un 10% de descuento: el plan cuesta 3 €.",
        chunks={"planes#1": "Cuesta 79,18 €."},
    )
    result = run_guards(ctx, modes={"discount_promise": "observe"}, budget_ms=1000)
    rows = guard_log_record(result=result, ctx=ctx, turn_id=7, attempt=2)
    stored = {(r.guard, r.mode) for r in GuardLog.objects.filter(turn_id=7, attempt=2)}
    assert (
        stored == {("unbacked_figure", "enforce"), ("discount_promise", "observe")}
        and len(rows) == 2
    )
    gate = GuardLog.objects.get(guard="unbacked_figure")
    assert (
        gate.extra_figures == ["10", "3"] and gate.source_figures[0]["origin"] == "chunk:planes#1"
    )


@pytest.mark.django_db
def test_marked_false_positive_is_exported_as_the_exact_case():
    ctx = turn(
        "Son unos 85 € al mes.", chunks={"planes#1": "Cuesta 79,18 € al mes."}, question="¿precio?"
    )
    [log] = guard_log_record(result=run_guards(ctx, budget_ms=1000), ctx=ctx)
    guard_log_mark_false_positive(log_id=log.pk)
    out = io.StringIO()
    call_command("guards", "export-false-positives", stdout=out)
    [line] = out.getvalue().splitlines()
    exported = json.loads(line)
    assert exported["draft"] == ctx.draft and exported["retrieved"] == ctx.to_json()["retrieved"]
    assert exported["expect"] == {"verdict": "pass", "guard": None, "extra_figure": None}
    assert GuardLog.objects.get(pk=log.pk).false_positive is True
