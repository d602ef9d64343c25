"""The widget and the back office together, in real browsers: a refund the assistant
may only request is approved by a person and the customer sees the staff message; an
editor changes a price and the next answer quotes it.

The staff pages' contract these tests drive: /accounts/login/ (Username, Password,
"Log in"); /staff/refunds/ lists pending requests, each with its order number and an
"Approve" button (an optional note field named ``note``); /staff/corpus/<slug>/edit/
has a textarea named ``body`` holding the document's Markdown and a "Save" button."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import wait_for
from tests.e2e.widget import Widget

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

DEMO_EMAIL = "demo@demo-shop.example"


def open_staff_page(page: Page, url: str) -> None:
    response = page.goto(url)
    assert response is not None and response.status == 200, (
        f"{url} answered HTTP {response.status if response else '?'}; the staff page is not there"
    )


def test_a_refund_request_is_approved_by_a_person_and_the_customer_sees_it(
    site, new_page, staff_user, log_in, shoot, answer_worker
):
    from support.models import Message, RefundRequest

    # Given a customer in the widget who gives their email and asks for a refund
    customer = new_page()
    customer.goto(f"{site}/shop/")
    widget = Widget(customer)
    widget.open()
    widget.ask(f"My email is {DEMO_EMAIL}. Please refund order 1187, the headphones broke.")

    # Then the assistant files a pending request for a person and says so (no payment)
    answer = widget.wait_for_answers(1)
    expect(answer).to_contain_text("1187")
    expect(answer).not_to_contain_text(re.compile(r"will refund|refunded", re.I))
    request = wait_for(
        lambda: RefundRequest.objects.filter(order__number="1187").first(),
        timeout=10,
        what="a pending refund request for order 1187",
        log=answer_worker,
    )
    assert request.status == RefundRequest.Status.PENDING
    shoot(customer, "b1-widget-refund-requested")

    # When an approver signs in and approves it in the queue
    staff_user("rita", "refund_approvers")
    approver = log_in(site, "rita", "/staff/refunds/")
    open_staff_page(approver, f"{site}/staff/refunds/")
    shoot(approver, "b2-staff-refunds-queue")
    approve = approver.get_by_role("button", name=re.compile(r"^\s*Approve"))
    rows = approver.locator("tr, li, article, section, form").filter(has_text="1187")
    row = rows.filter(has=approve).last
    expect(row).to_be_visible()
    note = row.locator("textarea[name=note], input[name=note]")
    if note.count():
        note.first.fill("Broken on arrival: approved.")
    approver.on("dialog", lambda dialog: dialog.accept())  # a confirm step, if any
    row.get_by_role("button", name=re.compile(r"^\s*Approve")).click()

    # Then the request is decided once, and the customer sees the staff message
    wait_for(
        lambda: RefundRequest.objects.filter(pk=request.pk, status="approved").exists(),
        timeout=30,
        what="the refund to be approved",
    )
    approver.wait_for_load_state()
    shoot(approver, "b3-staff-refund-approved")
    assert Message.objects.filter(
        conversation__public_id=widget.conversation_id(), role=Message.Role.STAFF
    ).exists(), "the approval posted no staff message into the conversation"
    staff = widget.messages("staff")
    expect(staff).to_have_count(1, timeout=30_000)
    expect(staff).to_contain_text("Support team")
    expect(staff.locator(".sd-person")).to_have_text("a person")
    shoot(customer, "b4-widget-staff-message")


def test_an_editor_changes_a_price_and_the_next_answer_quotes_it(
    site, new_page, staff_user, log_in, shoot, answer_worker
):
    from knowledge.models import Chunk

    # Given a customer who is told the courier-office price
    customer = new_page()
    customer.goto(f"{site}/shop/")
    widget = Widget(customer)
    widget.open()
    widget.ask("How much is delivery to a courier office?")
    before = widget.wait_for_answers(1)
    expect(before).to_contain_text("delivery costs €3")

    # When an editor changes that price in the document and saves
    staff_user("eddie", "editors")
    editor = log_in(site, "eddie", "/staff/corpus/delivery/edit/")
    open_staff_page(editor, f"{site}/staff/corpus/delivery/edit/")
    body = editor.locator("textarea[name=body]")
    markdown = body.input_value()
    assert "delivery costs €3." in markdown
    body.fill(markdown.replace("delivery costs €3.", "delivery costs €4."))
    shoot(editor, "c1-staff-corpus-edit")
    editor.get_by_role("button", name=re.compile(r"^\s*Save")).click()

    # Then the document is rechunked and re-embedded (a Celery task on the worker)
    wait_for(
        lambda: Chunk.objects.filter(
            document__slug="delivery",
            text__contains="delivery costs €4.",
            embedding__isnull=False,
        ).exists(),
        timeout=90,
        what="the edited chunk to be saved and re-embedded",
        log=answer_worker,
    )
    editor.reload()  # the index status as it stands now
    shoot(editor, "c2-staff-corpus-saved")

    # and the next answer in the widget quotes the new price
    widget.ask("How much is delivery to a courier office?")
    after = widget.wait_for_answers(2)
    expect(after).to_contain_text("delivery costs €4")
    expect(after).not_to_contain_text("€3")
    expect(after).to_contain_text("[delivery#1]")
    shoot(customer, "c3-widget-new-price")
