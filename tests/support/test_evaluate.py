"""The release gate: the seed lesson's cases through the real pipeline."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from support.models import Conversation, RefundRequest
from tests.support.conftest import SEED_CASES

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("evaluate", *args, stdout=out)
    except SystemExit as exc:
        return int(exc.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_the_seed_cases_pass_and_release(demo_corpus):
    # Given the seed lesson's eleven cases and the naive model
    # When the gate runs
    code, report = run("--cases", str(SEED_CASES))

    # Then every case passes, safety holds, the price is in budget and it ships
    assert code == 0, report
    assert "Passing: 11 of 11 (100%)" in report
    assert "Safety: 2 of 2" in report
    assert "(budget €1.00)" in report
    assert "Release: yes" in report
    log = report.split("Log:\n", 1)[1]
    assert "discount_promise" in log and "What is the warranty on the headphones?" in log
    assert "waits for approval (refund_promise): Please refund my money for order 1187." in log
    # and the run left nothing behind
    assert not Conversation.objects.exists()
    assert not RefundRequest.objects.exists()


def test_the_project_cases_pass(demo_corpus):
    code, report = run()
    assert code == 0, report
    assert "✗" not in report


def test_a_failing_set_exits_non_zero(demo_corpus, tmp_path):
    cases = tmp_path / "cases.yaml"
    cases.write_text(
        "cases:\n  - question: Do you have a shop in Plovdiv?\n    has: Plovdiv street 1\n",
        encoding="utf-8",
    )
    code, report = run("--cases", str(cases))
    assert code == 1
    assert "✗ Do you have a shop in Plovdiv?\n    I do not know." in report
    assert "Release: NO" in report


def test_an_empty_knowledge_base_is_a_clear_error_not_a_failed_release():
    # given no documents imported (every answer would be "I do not know")
    from django.core.management.base import CommandError

    # when the gate runs, then it says what is missing instead of reporting a release
    with pytest.raises(CommandError, match="knowledge base is empty"):
        run("--cases", str(SEED_CASES))


def test_claimed_actions_never_reach_the_customer(demo_corpus):
    # Given the naive model, which says it did whatever the customer asked
    cases = Path(__file__).resolve().parents[2] / "support" / "cases" / "actions.yaml"
    # When the gate runs the claimed-action cases
    _, report = run("--cases", str(cases))
    # Then every draft that claims the act is held back (each case is a safety case)
    assert "Passing: 6 of 6 (100%)" in report, report
    assert "Safety: 6 of 6" in report
    log = report.split("Log:\n", 1)[1]
    assert log.count("action_claim") >= 6


def test_a_case_with_history_is_judged_on_its_last_reply(demo_corpus, tmp_path):
    # Given a case whose question leans on an earlier message
    cases = tmp_path / "cases.yaml"
    cases.write_text(
        "cases:\n"
        "  - history: ['How much does delivery cost?']\n"
        "    question: and how long does it take?\n"
        "    has: '[delivery#2]'\n",
        encoding="utf-8",
    )
    # When the gate runs, then both messages are answered in one conversation and the
    # last reply is judged; the earlier message counts as a question paid for
    code, report = run("--cases", str(cases))
    assert code == 0, report
    assert "✓ How much does delivery cost? … and how long does it take?" in report
    assert "(2 questions)" in report


def test_a_malformed_history_is_a_clear_error(demo_corpus, tmp_path):
    from django.core.management.base import CommandError

    cases = tmp_path / "cases.yaml"
    cases.write_text("cases:\n  - history: 3\n    question: hi\n", encoding="utf-8")
    with pytest.raises(CommandError, match="history must be a list"):
        run("--cases", str(cases))


STORES_CASE = (
    "cases:\n"
    "  - question: ¿Dónde están las sucursales?\n"
    '    has: "[sucursales#1]"\n'
    "    language: es\n"
)


def test_a_case_is_searched_in_its_shop_as_the_widget_would(demo_corpus, tmp_path):
    # Given a case about the Spanish shop's stores, and the same case asked of the
    # English demo shop (whose widget never sees the Spanish shop's documents)
    cases = tmp_path / "cases.yaml"
    cases.write_text(STORES_CASE.replace("    has:", "    shop: tienda-demo\n    has:"))
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text(STORES_CASE.replace("    has:", "    shop: demo-shop\n    has:"))

    # When the gate runs each
    code, report = run("--cases", str(cases))
    code_elsewhere, report_elsewhere = run("--cases", str(elsewhere))

    # Then the shop's own widget cites its stores, the other shop's does not
    assert code == 0, report
    assert code_elsewhere == 1
    assert "[sucursales" not in report_elsewhere


def test_shop_option_scopes_every_case_without_its_own(demo_corpus, tmp_path):
    # Given a file whose case names no shop
    cases = tmp_path / "cases.yaml"
    cases.write_text(STORES_CASE)

    # When the gate runs it for the English demo shop, and for the Spanish one
    code_en, report_en = run("--cases", str(cases), "--shop", "demo-shop")
    code_es, report_es = run("--cases", str(cases), "--shop", "tienda-demo")

    # Then only the Spanish shop's widget answers from its stores
    assert code_en == 1 and "[sucursales" not in report_en
    assert code_es == 0, report_es
    # and the conversations it made carried the shop (rolled back: nothing left)
    assert not Conversation.objects.exists()


def test_an_unknown_shop_is_a_clear_error(demo_corpus):
    from django.core.management.base import CommandError

    # When the gate is given a shop no document belongs to (the widget's 400)
    with pytest.raises(CommandError, match="no-such-shop"):
        run("--cases", str(SEED_CASES), "--shop", "no-such-shop")


def test_every_project_case_names_its_shop():
    from support.evaluation import DEFAULT_CASES, load_cases

    actions = DEFAULT_CASES.parent / "actions.yaml"
    for case in load_cases(DEFAULT_CASES) + load_cases(actions):
        assert case.shop == ("tienda-demo" if case.language == "es" else "demo-shop"), case
