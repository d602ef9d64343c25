"""The privacy page: only the privacy group; export and erase behind a confirmation."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from config.audit.models import AuditEntry
from config.staff_access import StaffGroup
from support.models import Customer
from support.privacy.requests import ERASE_ACTION, EXPORT_ACTION

pytestmark = pytest.mark.django_db
DEMO_EMAIL = "demo@demo-shop.example"


@pytest.fixture
def privacy_client(shop, make_staff) -> Client:
    client = Client()
    client.force_login(make_staff("pia", StaffGroup.PRIVACY))
    return client


@pytest.mark.parametrize(
    "group", [StaffGroup.AGENTS, StaffGroup.EDITORS, StaffGroup.REFUND_APPROVERS]
)
def test_other_staff_groups_are_refused(shop, make_staff, group):
    client = Client()
    client.force_login(make_staff(f"u-{group}", group))
    assert client.get("/staff/privacy/").status_code == 403
    response = client.post(
        "/staff/privacy/erase/", {"email": DEMO_EMAIL, "confirm_email": DEMO_EMAIL}
    )
    assert response.status_code == 403
    assert Customer.objects.filter(email=DEMO_EMAIL).exists()


def test_the_privacy_group_exports_only_after_confirming(privacy_client):
    assert privacy_client.get("/staff/privacy/").status_code == 200
    refused = privacy_client.post("/staff/privacy/export/", {"email": DEMO_EMAIL})
    assert refused.status_code == 400 and not AuditEntry.objects.filter(action=EXPORT_ACTION)
    response = privacy_client.post("/staff/privacy/export/", {"email": DEMO_EMAIL, "confirm": "1"})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["customer"]["email"] == DEMO_EMAIL
    assert AuditEntry.objects.get(action=EXPORT_ACTION).actor_label == "pia"


def test_the_privacy_group_erases_only_when_the_email_is_typed_twice(privacy_client):
    refused = privacy_client.post(
        "/staff/privacy/erase/", {"email": DEMO_EMAIL, "confirm_email": "other@example.com"}
    )
    assert refused.status_code == 400
    assert Customer.objects.filter(email=DEMO_EMAIL).exists()
    response = privacy_client.post(
        "/staff/privacy/erase/", {"email": DEMO_EMAIL, "confirm_email": DEMO_EMAIL.upper()}
    )
    assert response.status_code == 302
    assert not Customer.objects.filter(email=DEMO_EMAIL).exists()
    assert AuditEntry.objects.get(action=ERASE_ACTION).actor_label == "pia"
