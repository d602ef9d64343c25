"""Staff login: repeated bad passwords lock the login out (429), a good login
rotates the session key."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from config.staff_login import failures_exceed_limit

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-staff-password"


def _attempt(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def test_the_lockout_rule_counts_the_pair_and_the_address():
    assert not failures_exceed_limit(pair_failures=4, address_failures=4, limit=5)
    assert failures_exceed_limit(pair_failures=5, address_failures=5, limit=5)
    assert failures_exceed_limit(pair_failures=0, address_failures=20, limit=5)


@override_settings(STAFF_LOGIN_MAX_FAILURES=3)
def test_repeated_bad_passwords_lock_the_login_out_even_for_the_right_one(make_staff):
    # given a staff account
    make_staff("rita", "refund_approvers")
    client = Client()
    # when three wrong passwords are tried
    statuses = [_attempt(client, "rita", "wrong").status_code for _ in range(3)]
    # then each was a normal failed login, and the fourth attempt, even right, is 429
    assert statuses == [200, 200, 200]
    locked = _attempt(client, "rita", PASSWORD)
    assert locked.status_code == 429
    assert b"Too many failed logins" in locked.content
    assert "_auth_user_id" not in client.session


@override_settings(STAFF_LOGIN_MAX_FAILURES=3)
def test_a_lockout_from_one_address_does_not_lock_another(make_staff):
    make_staff("rita", "refund_approvers")
    for _ in range(3):
        _attempt(Client(), "rita", "wrong", address="10.0.0.1")
    elsewhere = _attempt(Client(), "rita", PASSWORD, address="10.0.0.2")
    assert elsewhere.status_code == 302


def test_logging_in_changes_the_session_key(make_staff):
    # given a visitor with a session before login
    make_staff("amy", "agents")
    client = Client()
    client.get("/accounts/login/")
    session = client.session
    session["seen"] = True
    session.save()
    before = client.cookies["sessionid"].value
    # when they log in
    response = _attempt(client, "amy", PASSWORD)
    # then they are in, under a new session key
    assert response.status_code == 302
    assert client.cookies["sessionid"].value != before


def test_the_admin_login_goes_through_the_same_page():
    response = Client().get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/admin/"


def test_the_production_settings_pass_the_deploy_check(tmp_path):
    import os
    import secrets
    import subprocess
    import sys

    from django.conf import settings

    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_ALLOWED_HOSTS": "desk.example.com",
        # check --deploy does not connect; the URL only keeps the embedded server off.
        "DATABASE_URL": "postgres://desk:unused@127.0.0.1:1/desk",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
