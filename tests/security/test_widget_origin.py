"""The widget API answers the site itself and the allowlisted shop origins only."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from support.customer.widget_origins import OriginDecision, decide_origin
from support.models import Message

SHOP = "https://shop.example.com"


def test_the_origin_rule():
    own = "https://desk.example.com"
    assert decide_origin(origin="", own_origin=own, allowed=[]) is OriginDecision.NO_ORIGIN
    assert decide_origin(origin=own, own_origin=own, allowed=[]) is OriginDecision.SAME_SITE
    assert decide_origin(origin=SHOP + "/", own_origin=own, allowed=[SHOP]) is (
        OriginDecision.ALLOWED
    )
    # a look-alike host or another port is another origin
    for other in ("https://shop.example.com.evil.test", "https://shop.example.com:8443"):
        assert decide_origin(origin=other, own_origin=own, allowed=[SHOP]) is (
            OriginDecision.REFUSED
        )


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP])
def test_a_call_from_an_origin_off_the_allowlist_is_refused_and_stores_nothing():
    # given a conversation started from an allowed shop page
    client = Client()
    created = client.post(
        "/api/conversations/", {}, HTTP_ORIGIN=SHOP, content_type="application/json"
    )
    assert created.status_code == 201
    assert created["Access-Control-Allow-Origin"] == SHOP
    public_id = created.json()["id"]
    # when a page on a foreign site posts into it with the visitor's cookie
    refused = client.post(
        f"/api/conversations/{public_id}/messages/",
        {"text": "hola"},
        HTTP_ORIGIN="https://evil.example.net",
        content_type="application/json",
    )
    # then it is refused before any view runs, and no message is stored
    assert refused.status_code == 403
    assert "Access-Control-Allow-Origin" not in refused
    assert Message.objects.count() == 0


@pytest.mark.django_db
@override_settings(SUPPORT_WIDGET_ALLOWED_ORIGINS=[SHOP])
def test_an_allowed_origin_gets_its_preflight_answered():
    response = Client().options(
        "/api/conversations/",
        HTTP_ORIGIN=SHOP,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert response.status_code == 204
    # the conversation token's header may be sent; no cookie is asked for
    assert "X-Conversation-Token" in response["Access-Control-Allow-Headers"]
    assert "Access-Control-Allow-Credentials" not in response
    assert response["Access-Control-Expose-Headers"] == "Retry-After"
