"""One click from an Unanswered group to the corpus's New document form, prefilled
(the group's shop and language, its question as the `## ` heading, the others as
`> Also asked:` lines); saving it is the corpus's own audited create. Real
PostgreSQL, the real embedder and turn pipeline (naive model)."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from config.audit.models import AuditEntry
from config.celery import app as celery_app
from knowledge.models import Document
from knowledge.search import hybrid_search
from support.customer.answering import answer_customer_message
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.llm import get_client
from support.models import Message

pytestmark = pytest.mark.django_db

GIFT = "Do you offer gift wrapping for presents?"
GIFT_AGAIN = "Can you gift wrap my order?"
ANSWER = "Yes: gift wrapping costs €3 per item; tick it at checkout."


@pytest.fixture
def asked(shop):
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


@pytest.fixture
def eager_tasks():
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def text_of(response) -> str:
    return html.unescape(response.content.decode())


def test_the_new_document_form_opens_prefilled_from_the_group(editor, asked):
    # Given two ways of asking for gift wrapping, one group (newest first)
    asked(GIFT)
    newest = asked(GIFT_AGAIN)
    url = reverse("unanswered-new-document", args=[newest.pk])

    # When the editor follows the group's button
    assert url in text_of(editor.get(reverse("unanswered-list")))
    response = editor.get(url)
    page = text_of(response)

    # Then the corpus's New document form, posting to the corpus's create view
    assert response.status_code == 200
    assert f'action="{reverse("corpus-create")}"' in page
    # with the group's shop, language, a free slug and the body skeleton
    assert 'name="shop" value="demo-shop"' in page
    assert '<option value="en" selected>' in page
    assert 'name="slug" value="can-you-gift-wrap-my-order"' in page
    assert f"## {GIFT_AGAIN}\n\n> Also asked: {GIFT}\n" in page
    assert "Started from 2 unanswered questions" in page
    # and nothing is saved by opening it
    assert not Document.objects.filter(slug="can-you-gift-wrap-my-order").exists()


def test_a_spanish_group_keeps_its_shop_and_language(editor, asked):
    message = asked("¿Hacen envoltorio para regalo?", shop_slug="tienda-demo", language="es")
    page = text_of(editor.get(reverse("unanswered-new-document", args=[message.pk])))
    assert 'name="shop" value="tienda-demo"' in page
    assert '<option value="es" selected>' in page
    assert 'name="slug" value="hacen-envoltorio-para-regalo"' in page


def test_the_skeleton_is_not_saved_until_the_answer_is_written(editor, asked):
    message = asked(GIFT)
    body = f"# {GIFT}\n\n## {GIFT}\n\n"
    response = editor.post(
        reverse("corpus-create"),
        {"slug": "gift-wrapping", "shop": "demo-shop", "language": "en", "body": body},
    )
    assert response.status_code == 200 and "has no answer under it" in text_of(response)
    assert not Document.objects.filter(slug="gift-wrapping").exists()
    assert message.pk  # the question stays listed


def test_saving_it_is_the_corpus_create_and_answers_the_group(
    editor, asked, eager_tasks, django_capture_on_commit_callbacks
):
    # Given the prefilled form of the gift-wrapping group, with the answer written
    asked(GIFT)
    newest = asked(GIFT_AGAIN)
    body = f"# Gift wrapping\n\n## {GIFT_AGAIN}\n{ANSWER}\n> Also asked: {GIFT}\n"

    # When the editor creates it (the re-index task runs on commit)
    with django_capture_on_commit_callbacks(execute=True):
        response = editor.post(
            reverse("corpus-create"),
            {"slug": "gift-wrapping", "shop": "demo-shop", "language": "en", "body": body},
        )

    # Then the document exists in the group's shop, audited as any create
    assert response.status_code == 302
    document = Document.objects.get(slug="gift-wrapping")
    assert document.shop == "demo-shop"
    assert AuditEntry.objects.filter(
        action="corpus.document.create", target_id=str(document.pk)
    ).exists()
    # and the widget's search in that shop answers the group's questions with it
    for question in (GIFT, GIFT_AGAIN):
        assert [h.source for h in hybrid_search(question, k=2, shop="demo-shop")][:1] == [
            "gift-wrapping#1"
        ]
    group = text_of(
        editor.get(reverse("unanswered-group", args=[newest.pk]), HTTP_HX_REQUEST="true")
    )
    assert "now answered: gift-wrapping#1" in group


def test_only_editors_open_it_and_an_unlisted_question_is_not_found(client, make_staff, asked):
    message = asked(GIFT)
    url = reverse("unanswered-new-document", args=[message.pk])
    for name, group in (("agnes", "agents"), ("rafa", "refund_approvers")):
        client.force_login(make_staff(name, group))
        assert client.get(url).status_code == 403
    client.force_login(make_staff("eddie", "editors"))
    assert client.get(reverse("unanswered-new-document", args=[999999])).status_code == 404
