"""The Unanswered page (/staff/unanswered/): who may see it, what it lists and how
it groups, the add-phrasing POST (through knowledge's editing service: audited,
stale-edit rule, re-index) and the "now answered" state. Real PostgreSQL, the real
embedder and the real turn pipeline (naive model); the re-index task runs eagerly."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from config.audit.models import AuditEntry
from config.celery import app as celery_app
from knowledge.models import Document
from support.backoffice.unanswered_groups import unanswered_groups
from support.customer.answering import answer_customer_message
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import get_client
from support.models import Message

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
GIFT = "Do you offer gift wrapping for presents?"
GIFT_AGAIN = "Can you gift wrap my order?"
PICKUP = "Can I pick up my order in person?"
DISCOUNT = "Is there a student discount?"


@pytest.fixture
def eager_tasks():
    """Run the re-index task inline (a real worker is tested elsewhere)."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture
def asked(shop):
    """Ask a question in the demo shop's widget scope and let the assistant answer it."""

    def ask(text: str, *, shop_slug: str = "demo-shop", language: str = "en") -> Message:
        conversation = start_conversation(language=language, shop=shop_slug)
        message = post_customer_message(conversation=conversation, text=text, enqueue=False)
        answer_customer_message(message_id=message.pk, worker="test", client=get_client("naive"))
        return message

    return ask


@pytest.fixture
def editor(client, make_staff):
    client.force_login(make_staff("eddie", "editors"))
    return client


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def test_only_editors_see_the_page(client, make_staff, shop):
    url = reverse("unanswered-list")
    # Given no session: the login page
    assert client.get(url).status_code == 302
    # Given an agent or a refund approver: refused
    for name, group in (("agnes", "agents"), ("rafa", "refund_approvers")):
        client.force_login(make_staff(name, group))
        assert client.get(url).status_code == 403
        post = client.post(reverse("unanswered-add-phrasing", args=[1]), {})
        assert post.status_code == 403
    # Given an editor: the page
    client.force_login(make_staff("eddie", "editors"))
    assert client.get(url).status_code == 200


def test_the_page_lists_what_got_nothing_or_was_handed_off_newest_first(editor, asked):
    # Given a question answered from a chunk, one answered from a tool, two that got
    # nothing, and one whose conversation went to a person
    answered = asked("How much is delivery to a courier office?")
    tool = asked("When does order 1042 arrive?")
    first = asked(GIFT)
    second = asked(DISCOUNT)
    handed = asked("Please cancel my order, I changed my mind.")
    assert handed.turns.get().action == "handed_off"

    # When an editor opens the page
    page = text_of(editor.get(reverse("unanswered-list")))

    # Then the ones that got nothing are there, newest first, and the answered are not
    assert DISCOUNT in page and GIFT in page
    assert page.index(DISCOUNT) < page.index(GIFT)
    assert answered.text not in page and tool.text not in page
    listed = {q.question.message_id for g in unanswered_groups() for q in g.questions}
    assert {first.pk, second.pk} <= listed
    assert handed.pk in listed and "handed off" in page
    # and each group shows the chunks nearest it, each a link to its document
    assert 'href="/staff/corpus/delivery/edit/"' in page


def test_similar_questions_share_a_group(editor, asked):
    # Given two ways of asking for gift wrapping and one about a discount
    asked(GIFT)
    asked(DISCOUNT)
    asked(GIFT_AGAIN)

    # When the page groups them
    groups = unanswered_groups()

    # Then the gift-wrapping questions are one group (newest first), the discount its own
    texts = [[q.question.text for q in g.questions] for g in groups]
    assert texts == [[GIFT_AGAIN, GIFT], [DISCOUNT]]


def test_questions_of_different_shops_never_share_a_group(editor, asked):
    asked(GIFT)
    asked(GIFT, shop_slug="tienda-demo")
    groups = unanswered_groups()
    assert sorted(g.shop for g in groups) == ["demo-shop", "tienda-demo"]


def test_adding_a_phrasing_answers_the_question_now(
    editor, asked, eager_tasks, django_capture_on_commit_callbacks
):
    # Given a question that got nothing, beside the delivery chunk
    message = asked(PICKUP)
    document = Document.objects.get(slug="delivery")
    version = document.version
    group_url = reverse("unanswered-group", args=[message.pk])
    assert "still nothing" in text_of(editor.get(group_url, **HTMX))

    # When the editor adds it as a phrasing of delivery#1 (htmx; the re-index task
    # runs when the edit commits)
    with django_capture_on_commit_callbacks(execute=True):
        response = editor.post(
            reverse("unanswered-add-phrasing", args=[message.pk]),
            {"group": message.pk, "source": "delivery#1", "version": version},
            **HTMX,
        )

    # Then the group comes back saying so, and re-checks itself while it re-embeds
    body = text_of(response)
    assert response.status_code == 200, body
    assert f'id="group-{message.pk}"' in body and "<html" not in body
    assert "Added to delivery#1" in body
    assert f'hx-get="{group_url}?pending=delivery"' in body
    # by an ordinary, audited edit: the line is in the document, its version moved on
    document.refresh_from_db()
    assert f"> Also asked: {PICKUP}" in document.body
    assert document.version == version + 1
    entry = AuditEntry.objects.get(action="corpus.chunk.add_phrasing")
    assert entry.data["source"] == "delivery#1" and entry.data["phrase"] == PICKUP
    assert AuditEntry.objects.filter(action="corpus.document.update").exists()

    # When the group re-checks (the re-index has run)
    recheck = text_of(editor.get(group_url + "?pending=delivery", **HTMX))

    # Then the question is answered now (the widget's own search, in its shop),
    # and the group stops re-checking
    assert "now answered: delivery#1" in recheck
    assert "1 of 1 answered now" in recheck
    assert "hx-trigger=" not in recheck


def test_a_phrasing_from_a_stale_page_is_refused(editor, asked):
    # Given the page showed payment at one version, and someone saved since
    message = asked(PICKUP)
    document = Document.objects.get(slug="delivery")
    Document.objects.filter(pk=document.pk).update(version=document.version + 1)

    # When the editor clicks add on the old page
    response = editor.post(
        reverse("unanswered-add-phrasing", args=[message.pk]),
        {"group": message.pk, "source": "delivery#1", "version": document.version},
        **HTMX,
    )

    # Then nothing is written and the group says why
    assert response.status_code == 409
    assert "Nothing was saved" in text_of(response)
    document.refresh_from_db()
    assert PICKUP not in document.body


def test_a_plain_post_redirects_back_to_the_group(
    editor, asked, eager_tasks, django_capture_on_commit_callbacks
):
    # Given a question that got nothing, and no htmx (a plain form POST)
    message = asked(PICKUP)
    version = Document.objects.get(slug="delivery").version
    with django_capture_on_commit_callbacks(execute=True):
        response = editor.post(
            reverse("unanswered-add-phrasing", args=[message.pk]),
            {"group": message.pk, "source": "delivery#1", "version": version},
        )
    # Then it is redirected to its group on the page, which says it is answered now
    assert response.status_code == 302
    assert response["Location"] == reverse("unanswered-list") + f"#group-{message.pk}"
    page = text_of(editor.get(response["Location"]))
    assert "Added to delivery#1" in page
    assert "now answered: delivery#1" in page


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"group": "1", "source": "nope", "version": "1"},
        {"group": "1", "source": "no-such-doc#1", "version": "1"},
        {"group": "1", "source": "delivery#99", "version": "1"},
    ],
)
def test_bad_input_is_a_400_not_a_500(editor, asked, data):
    message = asked(PICKUP)
    data = {**data, "group": message.pk} if data else data
    response = editor.post(reverse("unanswered-add-phrasing", args=[message.pk]), data, **HTMX)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_an_unknown_question_is_a_404(editor, shop):
    assert editor.post(reverse("unanswered-add-phrasing", args=[999999]), {}).status_code == 404
    assert editor.get(reverse("unanswered-group", args=[999999]), **HTMX).status_code == 404
