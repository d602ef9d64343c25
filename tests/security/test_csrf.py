"""A staff POST made by htmx without the CSRF token is refused (the token rides in
hx-headers on <body>; a forged cross-site request has none)."""

from __future__ import annotations

import pytest
from django.test import Client

from support.models import RefundRequest
from tests.support.test_refund_decisions import make_refund

pytestmark = pytest.mark.django_db


def test_an_htmx_post_without_the_csrf_token_is_refused(make_staff):
    # given a signed-in refund approver and a pending request
    refund = make_refund()
    make_staff("rita", "refund_approvers")
    client = Client(enforce_csrf_checks=True)
    client.login(username="rita", password="a-long-staff-password")
    # when an htmx request approves it without the token
    response = client.post(
        f"/staff/refunds/{refund.pk}/decide/",
        {"decision": "approve", "note": "ok"},
        HTTP_HX_REQUEST="true",
    )
    # then it is refused and nothing was decided
    assert response.status_code == 403
    assert b"CSRF" in response.content
    assert RefundRequest.objects.get(pk=refund.pk).status == RefundRequest.Status.PENDING


def test_the_staff_pages_put_the_token_in_hx_headers(make_staff):
    make_staff("rita", "refund_approvers")
    client = Client(enforce_csrf_checks=True)
    client.login(username="rita", password="a-long-staff-password")
    page = client.get("/staff/refunds/").content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page
