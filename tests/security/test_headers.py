"""The Content-Security-Policy on every page, templates with nothing it would refuse,
and every session cookie SameSite=Lax (the widget on a shop's site needs none)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client, override_settings

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-long-staff-password"
# What a policy without 'unsafe-inline' refuses: script elements without src, style
# elements and attributes, inline event handlers, javascript: URLs.
INLINE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.IGNORECASE
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/", "/shop/", "/shop/?lang=es", "/accounts/login/"])
def test_every_page_carries_a_policy_without_inline_script_or_style(path):
    response = Client().get(path)

    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "style-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_the_staff_pages_carry_it_too(make_staff):
    make_staff("ed", "editors", "agents")
    client = Client()
    client.post("/accounts/login/", {"username": "ed", "password": PASSWORD})

    for path in ("/staff/", "/staff/corpus/", "/staff/inbox/", "/staff/guards/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "script-src 'self'" in response.headers["Content-Security-Policy"], path


def test_no_template_has_inline_script_style_or_handlers():
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for match in INLINE.finditer(path.read_text(encoding="utf-8"))
    ]

    assert found == []


def test_every_session_cookie_is_samesite_lax_in_production(make_staff, settings):
    # Given the production cookie rule (the widget needs no cookie: its token is a header)
    source = (ROOT / "config" / "production.py").read_text(encoding="utf-8")
    rule = re.search(r'^SESSION_COOKIE_SAMESITE = "(\w+)"', source, re.MULTILINE)
    assert rule and rule.group(1) == "Lax"
    settings.SESSION_COOKIE_SAMESITE = rule.group(1)
    make_staff("amy", "agents")

    # When a staff member logs in
    staff = Client()
    staff.post("/accounts/login/", {"username": "amy", "password": PASSWORD})

    # Then their session never travels on another site's requests
    assert staff.cookies["sessionid"]["samesite"] == "Lax"


@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=["https://shop.example.com"])
def test_the_widget_on_a_shops_site_gets_no_cookie_at_all(db):
    # When the widget on a shop's site starts a conversation
    response = Client().post(
        "/api/conversations/",
        {"language": "en"},
        content_type="application/json",
        HTTP_ORIGIN="https://shop.example.com",
    )

    # Then it has its token and no cookie (one would be third-party there)
    assert response.status_code == 201 and response.json()["token"]
    assert not response.cookies
