"""The refund queue (/staff/refunds/): who may see and decide, the htmx row partial,
plain-form fallbacks, bad input, and customer text shown as text."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from config.audit.models import AuditEntry
from support.models import Message, RefundRequest
from tests.support.test_refund_decisions import decisions_audited, make_refund, staff_user

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
QUEUE = reverse("refund-queue")


def decide_url(refund: RefundRequest | int) -> str:
    return reverse("refund-decide", args=[getattr(refund, "pk", refund)])


@pytest.fixture
def approver_client(client):
    client.force_login(staff_user("rita", "refund_approvers"))
    return client


# --- permissions ------------------------------------------------------------------------


def test_anonymous_users_are_sent_to_login_for_the_queue_and_the_decision(client):
    # given a pending request and nobody signed in
    refund = make_refund()
    # when an anonymous visitor opens the queue or posts an approval
    page = client.get(QUEUE)
    post = client.post(decide_url(refund), {"decision": "approve"})
    # then both are redirected to the login page, and nothing was decided
    for response in (page, post):
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
    refund.refresh_from_db()
    assert refund.status == "pending"


@pytest.mark.parametrize("group", ["editors", "agents"])
def test_editors_and_agents_can_neither_see_nor_decide(client, group):
    # given a pending request and a signed-in editor or agent
    refund = make_refund()
    client.force_login(staff_user("someone", group))
    # when they open the queue or post an approval (plain or htmx)
    responses = [
        client.get(QUEUE),
        client.post(decide_url(refund), {"decision": "approve"}),
        client.post(decide_url(refund), {"decision": "approve"}, **HTMX),
    ]
    # then every answer is 403, and nothing was decided
    assert [r.status_code for r in responses] == [403, 403, 403]
    refund.refresh_from_db()
    assert refund.status == "pending" and decisions_audited(refund) == 0


def test_a_superuser_may_use_the_queue(client):
    client.force_login(staff_user("boss", superuser=True))
    assert client.get(QUEUE).status_code == 200


def test_the_decision_endpoint_only_takes_posts(approver_client):
    refund = make_refund()
    assert approver_client.get(decide_url(refund)).status_code == 405


# --- the queue page ----------------------------------------------------------------------


def test_the_queue_shows_each_pending_request_with_its_context_and_two_buttons(approver_client):
    # given a pending request filed in a customer's conversation
    refund = make_refund()
    # when the approver opens the queue
    response = approver_client.get(QUEUE)
    # then the row shows order, amount and currency, customer, reason and the last messages
    assert response.status_code == 200
    html = response.content.decode()
    assert f'id="refund-{refund.pk}"' in html
    assert "Order 7001" in html and "€49.90" in html and "49.90 EUR" in html
    assert "Carla Cliente" in html and "carla-7001@example.com" in html
    assert "The blender arrived broken" in html
    assert "A person will review your refund request." in html
    # and a note field with buttons whose visible text is exactly Approve and Deny
    assert f'<textarea id="note-{refund.pk}" name="note"' in html
    assert re.search(r"<button [^>]*>Approve</button>", html)
    assert re.search(r"<button [^>]*>Deny</button>", html)
    # and the form works without JavaScript too (a plain POST with the CSRF token)
    assert f'action="{decide_url(refund)}"' in html and f'hx-post="{decide_url(refund)}"' in html
    assert "csrfmiddlewaretoken" in html


def test_the_decided_tab_lists_decisions_and_is_a_partial_for_htmx(approver_client):
    # given one decided and one pending request
    decided = make_refund(number="7001")
    pending = make_refund(number="7002")
    approver_client.post(decide_url(decided), {"decision": "deny", "note": "Too late"})
    # when the decided tab is fetched by htmx
    response = approver_client.get(QUEUE, {"tab": "decided"}, **HTMX)
    # then only the list partial comes back, with the decision and without the pending one
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="refund-lists"' in html
    assert f'id="refund-{decided.pk}"' in html and f'id="refund-{pending.pk}"' not in html
    assert "Denied" in html and "Too late" in html
    # and the tab links work without JavaScript (href as well as hx-get)
    assert 'href="/staff/refunds/?tab=decided"' in html
    assert 'hx-get="/staff/refunds/?tab=decided"' in html


# --- deciding -----------------------------------------------------------------------------


def test_an_htmx_approval_returns_the_row_partial_showing_the_decision(approver_client):
    # given a pending request
    refund = make_refund()
    # when the approver clicks Approve (htmx)
    response = approver_client.post(
        decide_url(refund),
        {"decision": "approve", "note": "", "amount": "49.90", "idempotency_key": "k-1"},
        **HTMX,
    )
    # then the answer is the row partial showing the decision, without the buttons
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and html.strip().startswith(
        f'<article class="card" id="refund-{refund.pk}"'
    )
    assert "Approved" in html and "by rita" in html
    assert ">Approve</button>" not in html
    # and the request is approved, audited, and the customer was told
    refund.refresh_from_db()
    assert refund.status == "approved" and refund.idempotency_key == "k-1"
    assert decisions_audited(refund) == 1
    assert Message.objects.filter(role="staff", conversation=refund.turn.conversation).count() == 1


def test_a_plain_form_post_decides_and_redirects_back_to_the_queue(approver_client):
    # given a pending request
    refund = make_refund()
    # when the approver denies it without JavaScript
    response = approver_client.post(
        decide_url(refund), {"decision": "deny", "note": "Outside the return window"}
    )
    # then they are sent back to the queue, which says what happened
    assert response.status_code == 302 and response["Location"] == QUEUE
    page = approver_client.get(QUEUE).content.decode()
    assert "Denied: refund for order 7001." in page
    refund.refresh_from_db()
    assert refund.status == "denied" and refund.note == "Outside the return window"


def test_a_double_submitted_form_is_decided_once(approver_client):
    # given a pending request and its form (one idempotency key)
    refund = make_refund()
    data = {"decision": "approve", "amount": "49.90", "idempotency_key": "form-key-1"}
    # when the same form is submitted twice
    first = approver_client.post(decide_url(refund), data, **HTMX)
    second = approver_client.post(decide_url(refund), data, **HTMX)
    # then both show the decision, the second says nothing was done twice
    assert first.status_code == second.status_code == 200
    assert "nothing was done twice" in second.content.decode()
    assert decisions_audited(refund) == 1


def test_the_idempotency_key_header_is_honoured(approver_client):
    refund = make_refund()
    approver_client.post(
        decide_url(refund), {"decision": "approve"}, HTTP_IDEMPOTENCY_KEY="hdr-1", **HTMX
    )
    refund.refresh_from_db()
    assert refund.idempotency_key == "hdr-1"


# --- bad input: a clear message, 4xx, nothing changed ---------------------------------------


@pytest.mark.parametrize("htmx", [True, False])
def test_deciding_an_already_decided_request_says_so_and_changes_nothing(client, htmx):
    # given a request already approved by Rafa
    refund = make_refund()
    rafa = staff_user("rafa", "refund_approvers")
    client.force_login(rafa)
    client.post(decide_url(refund), {"decision": "approve"})
    client.force_login(staff_user("rita", "refund_approvers"))
    # when Rita, whose page is stale, denies it
    response = client.post(
        decide_url(refund), {"decision": "deny", "note": "no"}, **(HTMX if htmx else {})
    )
    # then she is told it was already approved by Rafa (409), and nothing changed
    assert response.status_code == 409
    html = response.content.decode()
    assert "already approved by rafa" in html and "your decision was not recorded" in html
    if htmx:
        assert "<html" not in html and f'id="refund-{refund.pk}"' in html
    refund.refresh_from_db()
    assert refund.status == "approved" and refund.decided_by == rafa
    assert decisions_audited(refund) == 1


@pytest.mark.parametrize("htmx", [True, False])
def test_an_unknown_request_is_a_404_with_a_message(approver_client, htmx):
    response = approver_client.post(
        decide_url(999999), {"decision": "approve"}, **(HTMX if htmx else {})
    )
    assert response.status_code == 404
    assert "There is no refund request #999999." in response.content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"decision": "deny", "note": "  "}, "A denial needs a note"),
        ({"decision": "refund-everything"}, "Choose Approve or Deny."),
        ({}, "Choose Approve or Deny."),
        ({"decision": "approve", "amount": "4990"}, "not the amount shown"),
        ({"decision": "approve", "idempotency_key": "<bad key>"}, "malformed"),
        ({"decision": "approve", "note": "x" * 1001}, "The note is too long"),
    ],
)
def test_bad_input_is_a_400_with_a_message_and_nothing_is_decided(approver_client, data, message):
    # given a pending request
    refund = make_refund()
    # when the form is posted with bad input
    response = approver_client.post(decide_url(refund), data, **HTMX)
    # then the row comes back with the message, still pending, and nothing was decided
    html = response.content.decode()
    assert response.status_code == 400
    assert message in html
    assert ">Approve</button>" in html
    refund.refresh_from_db()
    assert refund.status == "pending" and decisions_audited(refund) == 0


def test_an_approver_cannot_approve_their_own_request_through_the_page(client):
    # given an approver who is also the customer who asked
    rita = staff_user("rita", "refund_approvers")
    refund = make_refund(customer_user=rita)
    client.force_login(rita)
    # when she approves it
    response = client.post(decide_url(refund), {"decision": "approve"}, **HTMX)
    # then it is refused with a reason, and nothing was decided
    assert response.status_code == 403
    assert "cannot decide a refund you requested yourself" in response.content.decode()
    refund.refresh_from_db()
    assert refund.status == "pending"
    assert AuditEntry.objects.filter(action="refund.decide_refused").count() == 1


# --- customer text is text ---------------------------------------------------------------


def test_html_in_customer_text_is_escaped_on_the_queue(approver_client):
    # given a request whose conversation and reason carry HTML
    attack = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    refund = make_refund(customer_text=f"Refund order 7001 please {attack}")
    # when the approver opens the queue and the decided tab after denying it
    pending = approver_client.get(QUEUE).content.decode()
    approver_client.post(decide_url(refund), {"decision": "deny", "note": f"No {attack}"})
    decided = approver_client.get(QUEUE, {"tab": "decided"}).content.decode()
    # then the markup is shown as text, never as markup
    for html in (pending, decided):
        assert "<script>alert" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_a_history_restore_gets_the_whole_page(approver_client):
    # given htmx restoring a pushed tab URL that is not in its cache
    response = approver_client.get(
        QUEUE, {"tab": "decided"}, HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX
    )
    # then the whole page comes back, not the list alone
    assert response.status_code == 200 and "<html" in response.content.decode()
    assert "HX-Request" in response["Vary"]
