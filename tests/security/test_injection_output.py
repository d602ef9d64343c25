"""Improper output handling (OWASP LLM05), the server side: what the API hands the
widget when a model's draft carries markup.

Decision: markup is data. The API returns the reply as a JSON string, unchanged (the
widget renders it with textContent, so ``<script>`` shows as text; the browser side is
tested with the widget). What would make a browser fetch or run something on the
model's say-so never reaches a customer at all: the foreign_link guard blocks Markdown
and HTML images (any host), ``javascript:``/``data:`` URLs and links to foreign hosts,
and the turn hands off with its fixed sentence."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from knowledge.parsing import DocumentFormatError, parse_document
from support.customer.answering import answer_customer_message
from support.customer.turn import GAVE_UP
from support.models import Message, Turn
from tests.support import conftest as support_fixtures
from tests.support.scripted import ScriptedClient, text

pytestmark = pytest.mark.django_db
shop = support_fixtures.shop  # the support app's fixture, used here too

QUESTION = "How much is delivery to a courier office?"
FACT = "Delivery to a courier office costs €3 [delivery#1]."
# Markup that is only text once rendered with textContent: returned as it is.
AS_DATA = [
    f"<script>alert(1)</script> {FACT}",
    f"<svg onload=alert(1)> {FACT}",
    f'<a href="#" onerror="alert(document.cookie)">{FACT}</a>',
    f"{FACT} </p><iframe srcdoc='x'></iframe>",
    f"**{FACT}** &lt;b&gt; &#60;script&#62;",
]
# What would load or run something: never reaches a customer.
BLOCKED = [
    f"{FACT} ![x](http://evil/x.png)",
    f"{FACT} ![logo](https://demo-shop.example/logo.png)",
    f"<img src=x onerror=alert(1)> {FACT}",
    f"<IMG SRC=https://evil.example.net/pixel.gif> {FACT}",
    f"{FACT} [click here](javascript:alert(document.cookie))",
    f'{FACT} <a href="javascript:alert(1)">here</a>',
    f"{FACT} [details](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    f"{FACT} Details: [here](https://evil.example.com/delivery)",
    f'{FACT} <a href="//evil.example.com/x">here</a>',
]


@pytest.fixture
def widget(shop, settings):
    settings.SUPPORT_THROTTLE_SESSION = settings.SUPPORT_THROTTLE_IP = "1000/min"
    cache.clear()
    yield APIClient()
    cache.clear()


def reply_through_the_api(widget, draft: str):
    """A customer asks through the API in a new conversation, the model drafts ``draft``
    (twice: it repeats it when the guards send it back), the widget polls the reply."""
    client = widget
    created = client.post("/api/conversations/", {"language": "en"}, format="json")
    assert created.status_code == 201
    conversation = created.json()["id"]
    sent = client.post(
        f"/api/conversations/{conversation}/messages/", {"text": QUESTION}, format="json"
    )
    assert sent.status_code == 202
    message = Message.objects.get(pk=sent.json()["id"])
    done = answer_customer_message(
        message_id=message.pk, worker="test", client=ScriptedClient([text(draft), text(draft)])
    )
    polled = client.get(f"/api/conversations/{conversation}/messages/?after={message.pk}")
    assert polled.status_code == 200
    return done, polled


@pytest.mark.parametrize("draft", AS_DATA)
def test_markup_is_returned_as_data_in_a_json_string(widget, draft):
    done, polled = reply_through_the_api(widget, draft)
    assert done.turn.action == Turn.Action.ANSWERED
    # the body is JSON, never sniffed as HTML, and the text is exactly the draft
    assert polled["Content-Type"] == "application/json"
    assert polled["X-Content-Type-Options"] == "nosniff"
    assert polled.content.lstrip().startswith(b"{")
    [reply] = json.loads(polled.content)["messages"]
    assert reply["text"] == draft
    assert reply["sources"][0]["url"] == "https://demo-shop.example/help/delivery"


@pytest.mark.parametrize("draft", BLOCKED)
def test_images_and_script_links_never_reach_a_customer(widget, draft):
    done, polled = reply_through_the_api(widget, draft)
    assert done.turn.action == Turn.Action.HANDED_OFF
    for attempt in done.turn.drafts:
        assert "foreign_link" in {f["guard"] for f in attempt["failures"]}
    [reply] = polled.json()["messages"]
    assert reply["text"] == GAVE_UP["en"]
    shown = polled.content.decode().lower()
    for danger in ("![", "<img", "javascript:", "data:text", "evil", "//evil"):
        assert danger not in shown


def test_the_counts(widget):
    """The figures for the README: drafts with markup, what reached a customer."""
    passed = blocked = 0
    unexpected = []  # why a draft went the other way: the handoff note or the verdicts
    for draft in AS_DATA + BLOCKED:
        done, _ = reply_through_the_api(widget, draft)
        passed += done.turn.action == Turn.Action.ANSWERED
        blocked += done.turn.action == Turn.Action.HANDED_OFF
        expected = Turn.Action.ANSWERED if draft in AS_DATA else Turn.Action.HANDED_OFF
        if done.turn.action != expected:
            failures = [
                [f["guard"] + ":" + f["detail"] for f in d["failures"]] for d in done.turn.drafts
            ]
            unexpected.append((draft[:40], done.turn.action, done.turn.error, failures))
    print(f"\noutput handling: {len(AS_DATA)} as data, {blocked} of {len(BLOCKED)} blocked")
    assert (passed, blocked) == (len(AS_DATA), len(BLOCKED)), unexpected


def test_a_document_source_url_is_only_ever_http():
    # the widget links a reply's sources; their URLs come from documents, never the model
    for url in ("javascript:alert(1)", "data:text/html,x", "//evil.example"):
        with pytest.raises(DocumentFormatError):
            parse_document(slug="x", text=f"---\nsource_url: {url}\n---\n# X\n## Q?\nA.\n")
