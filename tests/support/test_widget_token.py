"""The widget's conversation token: a conversation opened from a shop's site with no
cookie at all, by a token that opens that conversation only, expires, and is revoked
when the widget starts a new one."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from support.customer.access import Access, decide, hash_token
from support.models import Conversation, Message

SHOP = "https://shop.example.com"
NOW = timezone.now()


# --- the rule, without the database ------------------------------------------------


def test_the_right_token_before_its_expiry_opens():
    later = NOW + timedelta(hours=1)
    opened = decide(stored_hash=hash_token("t" * 43), expires_at=later, token="t" * 43, now=NOW)
    assert opened is Access.OPEN


def test_another_token_an_empty_one_or_a_revoked_conversation_opens_nothing():
    stored = hash_token("t" * 43)
    later = NOW + timedelta(hours=1)
    assert decide(stored_hash=stored, expires_at=later, token="u" * 43, now=NOW) is Access.NOT_FOUND
    assert decide(stored_hash=stored, expires_at=later, token="", now=NOW) is Access.NOT_FOUND
    assert decide(stored_hash="", expires_at=later, token="t" * 43, now=NOW) is Access.NOT_FOUND


def test_the_right_token_after_its_expiry_is_expired_not_unknown():
    stored = hash_token("t" * 43)
    before = NOW - timedelta(seconds=1)
    assert decide(stored_hash=stored, expires_at=before, token="t" * 43, now=NOW) is Access.EXPIRED


# --- through the API, from another origin ----------------------------------------------


@pytest.fixture
def clean_throttles(db):
    cache.clear()
    yield
    cache.clear()


def shop_site() -> APIClient:
    """A browser on the shop's site that sends no cookie to the desk (third-party
    cookies blocked): every call carries the Origin and nothing else."""
    client = APIClient(HTTP_ORIGIN=SHOP)
    return client


def start(client: APIClient, token: str = "") -> dict:
    headers = {"HTTP_X_CONVERSATION_TOKEN": token} if token else {}
    response = client.post("/api/conversations/", {"shop": "demo-shop"}, format="json", **headers)
    assert response.status_code == 201, response.content
    return response.json()


def post(client: APIClient, conversation: str, token: str, text: str = "Hi"):
    client.cookies.clear()
    return client.post(
        f"/api/conversations/{conversation}/messages/",
        {"text": text},
        format="json",
        HTTP_X_CONVERSATION_TOKEN=token,
    )


def poll(client: APIClient, conversation: str, token: str):
    client.cookies.clear()
    return client.get(
        f"/api/conversations/{conversation}/messages/", HTTP_X_CONVERSATION_TOKEN=token
    )


@pytest.mark.django_db
@pytest.mark.usefixtures("clean_throttles")
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP])
def test_a_shop_site_conversation_lives_on_its_token_without_any_cookie(shop):
    # Given a conversation started from the shop's site
    client = shop_site()
    response = client.post("/api/conversations/", {"shop": "demo-shop"}, format="json")
    body = response.json()

    # Then it comes with a token and sets no session cookie (it would be third-party)
    assert response.status_code == 201
    assert len(body["token"]) >= 40 and body["token_expires_at"]
    assert "sessionid" not in response.cookies
    # and only the token's hash is stored
    stored = Conversation.objects.get(public_id=body["id"])
    assert stored.token_hash == hash_token(body["token"]) and stored.session_key == ""

    # When the widget writes and polls with the token only (no cookie)
    written = post(client, body["id"], body["token"], "How long is the warranty?")
    polled = poll(client, body["id"], body["token"])

    # Then both are accepted
    assert written.status_code == 202
    assert polled.status_code == 200 and polled.json()["status"] == "bot"
    assert Message.objects.filter(conversation=stored).count() == 1


@pytest.mark.django_db
@pytest.mark.usefixtures("clean_throttles")
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP])
def test_a_token_never_opens_another_conversation(shop):
    # Given two visitors' conversations
    mine, theirs = start(shop_site()), start(shop_site())

    # When my token is used on their conversation, or no token at all
    client = shop_site()
    with_mine = poll(client, theirs["id"], mine["token"])
    written = post(client, theirs["id"], mine["token"])
    client.cookies.clear()
    without = client.get(f"/api/conversations/{theirs['id']}/messages/")

    # Then it is a 404, as for a conversation that does not exist, and nothing is stored
    assert with_mine.status_code == written.status_code == without.status_code == 404
    assert not Message.objects.filter(conversation__public_id=theirs["id"]).exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("clean_throttles")
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP], SUPPORT_WIDGET_TOKEN_TTL=3600)
def test_an_expired_token_is_a_401_that_says_so(shop):
    # Given a conversation whose token expired (the customer last wrote over a TTL ago)
    started = start(shop_site())
    Conversation.objects.filter(public_id=started["id"]).update(
        token_expires_at=timezone.now() - timedelta(seconds=1)
    )

    # When the widget polls or writes with it
    polled = poll(shop_site(), started["id"], started["token"])
    written = post(shop_site(), started["id"], started["token"])

    # Then both are refused with a clear reason, and nothing is stored
    assert polled.status_code == written.status_code == 401
    assert polled.json()["code"] == "token_expired"
    assert "expired" in polled.json()["detail"]
    assert not Message.objects.filter(conversation__public_id=started["id"]).exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("clean_throttles")
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP], SUPPORT_WIDGET_TOKEN_TTL=3600)
def test_writing_extends_the_token_and_a_new_conversation_revokes_the_old_one(shop):
    # Given a conversation about to expire
    old = start(shop_site())
    Conversation.objects.filter(public_id=old["id"]).update(
        token_expires_at=timezone.now() + timedelta(seconds=30)
    )

    # When the customer writes, its token lives another TTL
    assert post(shop_site(), old["id"], old["token"]).status_code == 202
    extended = Conversation.objects.get(public_id=old["id"]).token_expires_at
    assert extended > timezone.now() + timedelta(minutes=59)

    # When the widget starts a new conversation, showing the old token
    new = start(shop_site(), token=old["token"])

    # Then the old token opens nothing any more; the new one opens the new conversation
    assert poll(shop_site(), old["id"], old["token"]).status_code == 404
    assert poll(shop_site(), new["id"], new["token"]).status_code == 200
    assert new["token"] != old["token"]


@pytest.mark.django_db
@pytest.mark.usefixtures("clean_throttles")
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP])
def test_the_desks_own_pages_still_keep_the_conversation_in_the_session(shop):
    # Given the demo page on the desk itself (same origin, no Origin header on GET)
    client = APIClient()
    started = client.post("/api/conversations/", {"shop": "demo-shop"}, format="json").json()

    # Then the session cookie alone opens it, as before
    assert client.get(f"/api/conversations/{started['id']}/messages/").status_code == 200


@pytest.mark.django_db
@pytest.mark.usefixtures("clean_throttles")
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP], SUPPORT_THROTTLE_SESSION="2/min")
def test_the_per_conversation_limit_counts_by_token_when_there_is_no_session(shop):
    # Given a shop-site conversation (no session to count by)
    started = start(shop_site())

    # When it writes past its limit
    codes = [post(shop_site(), started["id"], started["token"]).status_code for _ in range(3)]

    # Then the token is what is counted
    assert codes == [202, 202, 429]
