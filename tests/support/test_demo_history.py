"""The demo history (support/demo_history.py) and the demo staff accounts: what the
staff pages show after make run, played once."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from guards.models import GuardLog
from support.demo.staff import DEMO_STAFF, ensure_demo_staff
from support.demo_history import DEMO_PREFIX, SCRIPT
from support.models import Conversation, Message, RefundRequest, Turn

pytestmark = [pytest.mark.django_db, pytest.mark.timeout(300)]


def demo_history() -> str:
    out = StringIO()
    call_command("demo_history", stdout=out)
    return out.getvalue()


def test_the_demo_history_fills_every_staff_view_once(demo_corpus):
    # given the demo corpus and no demo history
    # when the demo history is played
    first = demo_history()
    # then every scripted conversation is there, marked as demo data
    demo = Conversation.objects.filter(session_key__startswith=DEMO_PREFIX)
    assert demo.count() == len(SCRIPT)
    assert set(demo.values_list("shop", flat=True)) == {"demo-shop", "tienda-demo"}
    assert f"{len(SCRIPT)} conversations" in first
    # and the guard log holds a blocked discount and an unbacked figure with its figure
    assert GuardLog.objects.filter(guard="discount_promise").exists()
    unbacked = GuardLog.objects.filter(guard="unbacked_figure").first()
    assert unbacked is not None and unbacked.extra_figures
    # and a refund waits for a person, in each shop
    held = RefundRequest.objects.filter(status=RefundRequest.Status.PENDING)
    assert set(held.values_list("order__shop__slug", flat=True)) == {"demo-shop", "tienda-demo"}
    # and conversations were handed off, and others answered
    assert demo.filter(status=Conversation.Status.HANDED_OFF).count() >= 4
    assert Turn.objects.filter(action=Turn.Action.ANSWERED).count() >= 10
    counts = (Message.objects.count(), GuardLog.objects.count(), RefundRequest.objects.count())

    # when it is played again
    second = demo_history()
    # then nothing is added
    assert "nothing added" in second
    assert (Message.objects.count(), GuardLog.objects.count(), RefundRequest.objects.count()) == (
        counts
    )
    assert demo.count() == len(SCRIPT)


def test_the_demo_staff_are_created_once_and_their_passwords_written(tmp_path):
    path = tmp_path / "var" / "demo-staff.txt"
    # when make run creates the demo staff
    logins = ensure_demo_staff(credentials_file=path, login_url="http://x/accounts/login/")
    # then each account logs in with the password written to the file (mode 0600)
    assert [login.username for login in logins] == [name for name, _ in DEMO_STAFF]
    text = path.read_text()
    assert "http://x/accounts/login/" in text
    for login in logins:
        assert f"{login.username}\t{login.password}\t" in text
        assert authenticate(username=login.username, password=login.password) is not None
    assert path.stat().st_mode & 0o777 == 0o600
    # when it runs again, then nothing is created and the file is unchanged
    again = ensure_demo_staff(credentials_file=path, login_url="http://x/accounts/login/")
    assert all(login.password is None for login in again)
    assert path.read_text() == text
