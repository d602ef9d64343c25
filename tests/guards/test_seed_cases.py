import json
from pathlib import Path

import pytest

from guards.checkfmt import parse_case
from guards.pipeline import run_guards

# ../shared/cases beside the clone; the lead's stand-alone copy in tests/data as a fallback.
_ROOT = Path(__file__).resolve().parents[2]
SEED = next(
    (
        path
        for path in (
            _ROOT.parent / "shared" / "cases" / "guards-seed.jsonl",
            _ROOT / "tests" / "data" / "seed_cases" / "guards-seed.jsonl",
        )
        if path.exists()
    ),
    _ROOT.parent / "shared" / "cases" / "guards-seed.jsonl",
)


def _cases():
    if not SEED.exists():
        return []
    return [
        json.loads(line) for line in SEED.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


@pytest.mark.skipif(not SEED.exists(), reason="shared/cases is not beside the clone")
@pytest.mark.parametrize("obj", _cases(), ids=lambda o: o["id"])
def test_seed_case_gives_expected_verdict_guard_and_extra_figure(obj):
    # given a seed turn with its expected verdict
    case = parse_case(obj)
    # when the guards run on it
    result = run_guards(case.ctx, budget_ms=1000)
    # then the verdict, the single guard and the named extra figure are the expected ones
    assert result.verdict == case.expect.verdict
    guards = [str(f.guard) for f in result.failures]
    if case.expect.verdict == "pass":
        assert guards == []
    else:
        assert guards == [str(case.expect.guard)]
    if case.expect.extra_figure is not None:
        assert case.expect.extra_figure in result.failures[0].extra_figures
        assert result.failures[0].source_figures or "no numbers" in result.failures[0].detail


def test_seed_file_has_all_28_cases():
    # given the shared seed file, then it is present and complete (a missing file hides nothing)
    assert len(_cases()) == 28
