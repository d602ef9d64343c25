"""The improvement loop in real browsers: a question that got nothing in the widget
is added as a phrasing on the Unanswered page, and the same question is then
answered in the widget (the edit re-indexed by the real Celery worker)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.widget import Widget

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

QUESTION = "Can I pick up my order in person?"


def test_a_question_that_got_nothing_is_answered_after_an_editor_adds_it(
    site, new_page, staff_user, log_in, shoot, answer_worker
):
    # Given a customer of the demo shop whose question gets nothing
    customer = new_page()
    customer.goto(f"{site}/shop/")
    widget = Widget(customer)
    widget.open()
    widget.ask(QUESTION)
    before = widget.wait_for_answers(1)
    expect(before).not_to_contain_text("[delivery#1]")

    # When an editor finds it on the Unanswered page, beside the delivery chunk
    staff_user("eddie", "editors")
    editor = log_in(site, "eddie", "/staff/unanswered/")
    group = editor.locator("article", has_text=QUESTION)
    expect(group).to_contain_text("still nothing")
    expect(group).to_contain_text("delivery#1")
    shoot(editor, "u1-staff-unanswered")
    # and adds the question as a phrasing of delivery#1
    group.get_by_role("button", name=re.compile(r"as a phrasing of delivery#1$")).click()

    # Then the group says so, re-checks while the worker re-embeds, and shows it answered
    expect(group).to_contain_text("Added to delivery#1")
    expect(group).to_contain_text("now answered: delivery#1", timeout=90_000)
    shoot(editor, "u2-staff-unanswered-answered")

    # and the same question, asked in the widget by the next customer (the first
    # one's conversation went to a person when it got nothing), is answered from it
    next_customer = new_page()
    next_customer.goto(f"{site}/shop/")
    widget = Widget(next_customer)
    widget.open()
    widget.ask(QUESTION)
    after = widget.wait_for_answers(1)
    expect(after).to_contain_text("[delivery#1]")
    shoot(next_customer, "u3-widget-answered")
