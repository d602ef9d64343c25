"""`knowledge suggest-phrasings`: the configured model's phrasings, stored pending,
against the local provider stub (tests/support/provider_stub.py: each provider's
real HTTP API, replies in their recorded shape); then an editor accepts one (an
`> Also asked:` line through the ordinary edit: audited, re-embedded, stale-edit
rule) or rejects it. Nothing here reaches the network."""

from __future__ import annotations

import html
import time

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from config.audit.models import AuditEntry
from config.celery import app as celery_app
from knowledge.models import Chunk, Document, PhrasingSuggestion, SuggestionStatus
from tests.support.provider_stub import ProviderStub

pytestmark = pytest.mark.django_db

KEY = "sk-stub-not-a-real-key"
EXPECTED = [
    "how long is the warranty on my headphones",
    "my earbuds broke after a year, are they still covered?",
]


@pytest.fixture
def stub():
    server = ProviderStub().start()
    yield server
    server.stop()


def point_at(stub, settings, monkeypatch, api: str) -> None:
    settings.SUPPORT_MODEL_BACKEND = api
    settings.SUPPORT_MODEL_NAME = f"{api}-stub-model"
    settings.SUPPORT_MODEL_BASE_URL = stub.base_url(api)
    settings.SUPPORT_MODEL_TIMEOUT = 5.0
    settings.SUPPORT_MODEL_API_KEY_ENV = "SUPPORT_TEST_LLM_KEY"
    monkeypatch.setenv("SUPPORT_TEST_LLM_KEY", KEY)


@pytest.fixture(params=["anthropic", "openai"])
def backend(request, stub, settings, monkeypatch) -> str:
    point_at(stub, settings, monkeypatch, request.param)
    return request.param


def suggest(*args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command("knowledge", "suggest-phrasings", *args, stdout=out)
    return out.getvalue()


# --- the command -----------------------------------------------------------------------


def test_no_model_configured_is_a_clear_error_and_stores_nothing(demo_corpus, settings):
    # Given the offline default backend (no provider model)
    settings.SUPPORT_MODEL_BACKEND = "extractive"
    # When the command runs, then it fails (non-zero exit) saying what is missing
    with pytest.raises(CommandError, match="no provider model is configured"):
        suggest()
    assert not PhrasingSuggestion.objects.exists()


def test_a_provider_without_a_key_is_refused_before_any_call(
    demo_corpus, stub, settings, monkeypatch
):
    point_at(stub, settings, monkeypatch, "openai")
    monkeypatch.delenv("SUPPORT_TEST_LLM_KEY")
    with pytest.raises(CommandError, match="SUPPORT_TEST_LLM_KEY"):
        suggest("--document", "warranty")
    assert stub.requests == [] and not PhrasingSuggestion.objects.exists()


def test_the_models_phrasings_are_stored_pending_in_the_chunks_language(demo_corpus, stub, backend):
    # Given the provider's recorded reply (one phrasing the chunk already has)
    stub.reply(backend, "phrasings_warranty")
    chunk = Chunk.objects.get(document__slug="warranty", position=1)
    before = chunk.alternatives

    # When the command asks about the warranty document, two per chunk
    printed = suggest("--document", "warranty", "--per-chunk", "2")

    # Then two new phrasings wait, pending, for the chunk and its question
    stored = list(PhrasingSuggestion.objects.order_by("pk"))
    assert [s.text for s in stored] == EXPECTED
    assert {s.status for s in stored} == {SuggestionStatus.PENDING}
    assert {(s.chunk_id, s.question, s.model) for s in stored} == {
        (chunk.pk, chunk.question, f"{backend}:{backend}-stub-model")
    }
    assert "2 suggestions for 1 chunks" in printed
    # and nothing was published: the chunk and its document are unchanged
    chunk.refresh_from_db()
    assert chunk.alternatives == before
    assert Document.objects.get(slug="warranty").version == 1
    # and the model was asked once, with the question, its language and the key
    [request] = stub.requests_to(backend)
    sent = str(request.body)
    assert chunk.question in sent and "English" in sent and "2 other ways" in sent
    assert KEY in (request.headers.get("x-api-key", "") + request.headers.get("authorization", ""))
    assert AuditEntry.objects.filter(action="corpus.suggestions.create").count() == 1


def test_a_second_run_does_not_repeat_what_is_pending(demo_corpus, stub, backend):
    stub.reply(backend, "phrasings_warranty")
    stub.reply(backend, "phrasings_warranty")
    suggest("--document", "warranty")
    suggest("--document", "warranty")
    assert PhrasingSuggestion.objects.count() == 3  # the reply's three new ones, once
    assert "how long is the warranty on my headphones" in str(stub.requests_to(backend)[1].body)


def test_a_provider_down_half_way_stores_nothing(demo_corpus, stub, backend):
    # Given a provider that answers the first chunk of delivery and fails the second
    stub.reply(backend, "phrasings_warranty")
    stub.fail(backend, 529 if backend == "anthropic" else 503, "overloaded")

    # When the command runs over the document, then a clear error and nothing stored
    with pytest.raises(CommandError, match=f"{backend}: .*nothing stored"):
        suggest("--document", "delivery")
    assert not PhrasingSuggestion.objects.exists()
    assert not AuditEntry.objects.filter(action="corpus.suggestions.create").exists()


def test_a_provider_that_hangs_times_out(demo_corpus, stub, backend, settings):
    settings.SUPPORT_MODEL_TIMEOUT = 1.0
    stub.hang(backend)
    started = time.monotonic()
    with pytest.raises(CommandError, match="Timeout"):
        suggest("--document", "warranty")
    assert time.monotonic() - started < 10
    assert not PhrasingSuggestion.objects.exists()


def test_an_unknown_document_and_a_bad_count_are_clear_errors(demo_corpus, stub, backend):
    with pytest.raises(CommandError, match="no document with the slug 'nope'"):
        suggest("--document", "nope")
    with pytest.raises(CommandError, match="--per-chunk must be between 1 and 10"):
        suggest("--per-chunk", "0")
    assert stub.requests == []


def test_a_reply_that_is_not_a_list_stores_nothing(demo_corpus, stub, backend):
    body = {
        "anthropic": {
            "id": "msg_x",
            "type": "message",
            "role": "assistant",
            "model": "m",
            "content": [{"type": "text", "text": "Sure! Here are some ideas."}],
            "stop_reason": "end_turn",
            "usage": {"input_tokens": 1, "output_tokens": 1},
        },
        "openai": {
            "id": "c",
            "object": "chat.completion",
            "created": 1,
            "model": "m",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": "Sure! Here are some ideas."},
                    "finish_reason": "stop",
                }
            ],
        },
    }[backend]
    stub.reply_body(backend, body)
    with pytest.raises(CommandError, match="did not answer with a JSON array"):
        suggest("--document", "warranty")
    assert not PhrasingSuggestion.objects.exists()


# --- the editor's decision -------------------------------------------------------------


@pytest.fixture
def eager_tasks():
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture
def pending(demo_corpus) -> list[PhrasingSuggestion]:
    chunk = Chunk.objects.get(document__slug="warranty", position=1)
    return [
        PhrasingSuggestion.objects.create(
            chunk=chunk, question=chunk.question, text=text, model="openai:stub"
        )
        for text in EXPECTED
    ]


@pytest.fixture
def editor(client, make_staff):
    user = make_staff("eddie", "editors")
    client.force_login(user)
    return user


def accept_url(suggestion) -> str:
    return reverse("corpus-suggestion-accept", args=["warranty", suggestion.pk])


def reject_url(suggestion) -> str:
    return reverse("corpus-suggestion-reject", args=["warranty", suggestion.pk])


def test_pending_suggestions_wait_in_the_chunk_list(client, editor, pending):
    page = html.unescape(client.get(reverse("corpus-edit", args=["warranty"])).content.decode())
    assert "2 suggested phrasings waiting for review" in page
    for suggestion in pending:
        assert f"“{suggestion.text}”" in page and accept_url(suggestion) in page
    # and the chunk list the page reloads after a re-index shows them too
    partial = client.get(reverse("corpus-chunks", args=["warranty"]), HTTP_HX_REQUEST="true")
    assert accept_url(pending[0]) in partial.content.decode()


def test_accepting_adds_the_phrasing_through_the_ordinary_edit(
    client, editor, pending, eager_tasks, django_capture_on_commit_callbacks
):
    # Given the document at version 1 and a pending suggestion
    suggestion = pending[0]

    # When the editor accepts it (the re-index runs when the edit commits)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(accept_url(suggestion), {"version": 1})

    # Then back to the chunk, the phrase is an Also asked line, re-embedded
    assert response.status_code == 302
    assert response["Location"].endswith(f"#chunk-{suggestion.chunk_id}")
    document = Document.objects.get(slug="warranty")
    assert document.version == 2
    assert f"> Also asked: {suggestion.text}" in document.body
    chunk = Chunk.objects.get(document=document, position=1)
    assert suggestion.text in chunk.alternative_list
    assert chunk.phrasings.filter(text=suggestion.text, embedding__isnull=False).exists()
    # and the suggestion is accepted, by whom, audited with the edit itself
    suggestion.refresh_from_db()
    assert suggestion.status == SuggestionStatus.ACCEPTED and suggestion.decided_by == editor
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"corpus.suggestion.accept", "corpus.document.update", "corpus.chunk.add_phrasing"} <= (
        actions
    )
    # and the other one still waits
    page = html.unescape(client.get(reverse("corpus-edit", args=["warranty"])).content.decode())
    assert "1 suggested phrasing waiting for review" in page


def test_accepting_from_a_stale_page_writes_nothing(client, editor, pending):
    # Given someone saved the document after the page was shown
    Document.objects.filter(slug="warranty").update(version=2)

    # When the editor accepts from the page of version 1
    response = client.post(accept_url(pending[0]), {"version": 1}, follow=True)

    # Then it is refused with who saved in between; nothing changed
    assert "while you were editing version 1" in html.unescape(response.content.decode())
    pending[0].refresh_from_db()
    assert pending[0].status == SuggestionStatus.PENDING
    assert "Also asked: how long is the warranty on my headphones" not in (
        Document.objects.get(slug="warranty").body
    )
    assert not AuditEntry.objects.filter(action__startswith="corpus.").exists()


def test_a_suggestion_for_a_question_the_chunk_no_longer_asks_is_not_accepted(
    client, editor, pending
):
    PhrasingSuggestion.objects.filter(pk=pending[0].pk).update(question="Something else?")
    response = client.post(accept_url(pending[0]), {"version": 1}, follow=True)
    assert "reject this suggestion or ask the model again" in html.unescape(
        response.content.decode()
    )
    assert Document.objects.get(slug="warranty").version == 1


def test_rejecting_keeps_it_out_of_the_corpus_and_the_page(client, editor, pending):
    response = client.post(reject_url(pending[1]))
    assert response.status_code == 302
    pending[1].refresh_from_db()
    assert pending[1].status == SuggestionStatus.REJECTED and pending[1].decided_by == editor
    assert AuditEntry.objects.filter(
        action="corpus.suggestion.reject", target_id=str(pending[1].pk)
    ).exists()
    document = Document.objects.get(slug="warranty")
    assert document.version == 1 and pending[1].text not in document.body
    page = client.get(reverse("corpus-edit", args=["warranty"])).content.decode()
    assert reject_url(pending[1]) not in page
    # and a second decision on it is refused
    again = client.post(reject_url(pending[1]), follow=True)
    assert "was rejected already" in html.unescape(again.content.decode())


@pytest.mark.parametrize("group", ["agents", "refund_approvers"])
def test_only_editors_decide(client, make_staff, pending, group):
    client.force_login(make_staff("other", group))
    assert client.post(accept_url(pending[0]), {"version": 1}).status_code == 403
    assert client.post(reject_url(pending[0])).status_code == 403
    assert set(PhrasingSuggestion.objects.values_list("status", flat=True)) == {"pending"}


def test_a_suggestion_of_another_document_is_not_found(client, editor, pending):
    url = reverse("corpus-suggestion-reject", args=["delivery", pending[0].pk])
    assert client.post(url).status_code == 404
