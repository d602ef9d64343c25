"""manage.py staff create and the service under it (config/staff_accounts.py)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from config.audit.models import AuditEntry
from config.staff_access import StaffGroup, user_in_groups

pytestmark = pytest.mark.django_db


def staff(*args: str, stdin: str | None = None) -> str:
    out = StringIO()
    extra = {"stdin": StringIO(stdin)} if stdin is not None else {}
    call_command("staff", "create", *args, stdout=out, stderr=StringIO(), **extra)
    return out.getvalue()


def test_a_new_account_gets_its_groups_a_printed_password_and_an_audit_row():
    # given no account called ana
    # when an operator creates her in two groups without giving a password
    out = staff("--group", "editors", "--group", "agents", "--username", "ana")
    # then she is in both groups, and the printed password logs her in
    password = out.split("password: ", 1)[1].strip()
    ana = authenticate(username="ana", password=password)
    assert ana is not None
    assert user_in_groups(ana, (StaffGroup.EDITORS,))
    assert user_in_groups(ana, (StaffGroup.AGENTS,))
    assert not user_in_groups(ana, (StaffGroup.REFUND_APPROVERS,))
    # and the creation is audited, without the password
    entry = AuditEntry.objects.get(action="staff.create")
    assert entry.target_id == str(ana.pk)
    assert entry.data["groups"] == ["agents", "editors"]
    assert password not in str(entry.data)
    # and the database keeps only its hash
    assert password not in User.objects.get(username="ana").password


def test_a_password_from_stdin_is_used_and_not_printed():
    # when the password comes on standard input
    out = staff(
        "--group",
        "privacy",
        "--username",
        "pia",
        "--email",
        "pia@example.com",
        "--password-stdin",
        stdin="a-long-privacy-password\n",
    )
    # then it is the account's password, and nothing prints it
    assert "a-long-privacy-password" not in out
    assert authenticate(username="pia", password="a-long-privacy-password") is not None
    assert User.objects.get(username="pia").email == "pia@example.com"


def test_an_existing_username_is_refused_and_left_as_it_was():
    # given an account called rita
    staff("--group", "refund_approvers", "--username", "rita", "--password-stdin", stdin="x" * 20)
    # when someone creates rita again in another group
    with pytest.raises(CommandError, match=r"already exists.*changepassword rita"):
        staff("--group", "editors", "--username", "Rita")
    # then she keeps her password and her only group, and one audit row stays
    rita = authenticate(username="rita", password="x" * 20)
    assert rita is not None
    assert list(rita.groups.values_list("name", flat=True)) == ["refund_approvers"]
    assert AuditEntry.objects.filter(action="staff.create").count() == 1


def test_an_unknown_group_is_refused_naming_the_valid_ones():
    # when the group is misspelt
    with pytest.raises(CommandError) as error:
        staff("--group", "editor", "--username", "eddie")
    # then the error names every valid group, and no account is created
    for group in StaffGroup:
        assert group.value in str(error.value)
    assert not User.objects.filter(username="eddie").exists()


def test_a_weak_password_is_refused_with_the_validators_reason():
    with pytest.raises(CommandError, match=r"password refused: .*too short"):
        staff("--group", "agents", "--username", "amy", "--password-stdin", stdin="short\n")
    assert not User.objects.filter(username="amy").exists()
