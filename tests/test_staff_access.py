"""The back office's access rule: login first, then a group."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, Group

from config.staff_access import StaffGroup, user_in_groups

pytestmark = pytest.mark.django_db


def test_the_migration_creates_the_three_staff_groups():
    names = set(Group.objects.values_list("name", flat=True))
    assert {g.value for g in StaffGroup} <= names


def test_a_member_passes_and_a_member_of_another_group_does_not(make_staff):
    # given an editor
    editor = make_staff("eddie", StaffGroup.EDITORS)
    # then they pass for editors and fail for refund approvers
    assert user_in_groups(editor, (StaffGroup.EDITORS,))
    assert not user_in_groups(editor, (StaffGroup.REFUND_APPROVERS,))


def test_anonymous_and_groupless_users_are_refused(make_staff):
    plain = make_staff("plain")
    assert not user_in_groups(AnonymousUser(), ())
    assert not user_in_groups(plain, ())


def test_the_audit_table_refuses_updates_and_deletes(make_staff):
    from django.db import DatabaseError, transaction

    from config.audit.services import audit_record

    # given one audit row
    entry = audit_record(actor=make_staff("amy", StaffGroup.AGENTS), action="test.write")
    # when someone tries to change or delete it, then the database refuses
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        type(entry).objects.filter(pk=entry.pk).update(action="forged")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        type(entry).objects.filter(pk=entry.pk).delete()


def test_an_htmx_request_without_a_session_is_sent_to_login_as_a_page(client):
    # given an anonymous htmx request from a staff page (an expired session)
    response = client.post(
        "/staff/refunds/1/decide/",
        HTTP_HX_REQUEST="true",
        HTTP_HX_CURRENT_URL="http://testserver/staff/refunds/?tab=pending",
    )
    # then htmx is told to load the login page, which comes back to the page after
    assert response.status_code == 204
    assert response["HX-Redirect"] == "/accounts/login/?next=/staff/refunds/%3Ftab%3Dpending"
