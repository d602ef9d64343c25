"""The corpus pages of the back office: permissions, htmx partials, create / edit
(rechunk + re-embed in a Celery task) / toggle / delete, bad input, lint, try box.
Real PostgreSQL and the real embedder; the re-index task runs eagerly."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse

from config.audit.models import AuditEntry
from config.celery import app as celery_app
from knowledge import services
from knowledge.models import Chunk, Document, IndexState
from knowledge.parsing import parse_body
from knowledge.search import hybrid_search

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

NEW_BODY = """# Gift cards

## Can I buy a gift card?
Yes: gift cards from €20 to €200, sent by email within 10 minutes.
> Also asked: do you sell vouchers?

## How long is a gift card valid?
A gift card is valid for one year from the day it was bought.
"""


@pytest.fixture
def eager_tasks():
    """Run the re-index task inline (a real worker is tested elsewhere)."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


@pytest.fixture
def editor(client, make_staff):
    user = make_staff("eddie", "editors")
    client.force_login(user)
    return user


def edit_data(document: Document, **changes) -> dict:
    data = {
        "title": document.title,
        "language": document.language,
        "source_url": document.source_url,
        "shop": document.shop,
        "body": document.body,
        "version": document.version,
    }
    return {**data, **changes}


def text_of(response) -> str:
    """The page as a reader sees it (entities such as &#x27; decoded)."""
    return html.unescape(response.content.decode())


def sources(query: str, k: int = 5) -> list[str]:
    return [hit.source for hit in hybrid_search(query, k=k)]


# --- permissions -----------------------------------------------------------------------


def corpus_requests() -> list[tuple[str, str, dict]]:
    """(method, url, data) for every corpus view, against the demo's delivery doc."""
    return [
        ("get", reverse("corpus-list"), {}),
        ("get", reverse("corpus-create"), {}),
        ("post", reverse("corpus-create"), {"slug": "x", "body": NEW_BODY, "language": "en"}),
        ("post", reverse("corpus-preview"), {"body": NEW_BODY}),
        ("get", reverse("corpus-lint"), {}),
        ("get", reverse("corpus-try") + "?q=delivery", {}),
        ("get", reverse("corpus-edit", args=["delivery"]), {}),
        ("post", reverse("corpus-edit", args=["delivery"]), {"body": NEW_BODY, "version": 1}),
        ("get", reverse("corpus-status", args=["delivery"]), {}),
        ("get", reverse("corpus-chunks", args=["delivery"]), {}),
        ("post", "CHUNK_TOGGLE", {"enabled": "0"}),
        ("get", reverse("corpus-document-lint", args=["delivery"]), {}),
        ("get", reverse("corpus-delete", args=["delivery"]), {}),
        ("post", reverse("corpus-delete", args=["delivery"]), {}),
    ]


def send(client, method: str, url: str, data: dict):
    if url == "CHUNK_TOGGLE":
        chunk = Chunk.objects.get(document__slug="delivery", position=1)
        url = reverse("corpus-chunk-toggle", args=["delivery", chunk.pk])
    return getattr(client, method)(url, data)


@pytest.mark.parametrize("group", ["agents", "refund_approvers"])
def test_agents_and_refund_approvers_get_403_on_every_corpus_view(
    client, make_staff, demo_corpus, group
):
    # given a signed-in member of another staff group
    client.force_login(make_staff("other", group))
    audit_rows = AuditEntry.objects.count()
    for method, url, data in corpus_requests():
        # when they open or post to any corpus view
        response = send(client, method, url, data)
        # then it is refused
        assert response.status_code == 403, (method, url)
    # and nothing changed
    delivery = Document.objects.get(slug="delivery")
    assert delivery.version == 1
    assert delivery.chunks.filter(enabled=False).count() == 0
    assert AuditEntry.objects.count() == audit_rows


def test_anonymous_users_are_sent_to_login(client, demo_corpus):
    for method, url, data in corpus_requests():
        response = send(client, method, url, data)
        assert response.status_code == 302, (method, url)
        assert response["Location"].startswith("/accounts/login/?next="), (method, url)
    assert Document.objects.get(slug="delivery").version == 1


# --- list and search -------------------------------------------------------------------


def test_the_list_shows_documents_with_chunk_counts(client, editor, demo_corpus):
    response = client.get(reverse("corpus-list"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html
    assert 'id="document-delivery"' in html
    assert 'id="document-envios"' in html
    assert Document.objects.get(slug="delivery").chunks.count() == 2
    assert 'aria-current="page"' in html and ">Corpus</a>" in html


def test_search_filters_by_body_and_an_htmx_request_gets_only_the_table(
    client, editor, demo_corpus
):
    # given a word that only the Spanish shipping document's body has
    # when the search box asks with htmx
    response = client.get(reverse("corpus-list"), {"q": "Mendoza"}, **HTMX)
    html = response.content.decode()
    # then the partial comes back, with only that document
    assert response.status_code == 200
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="documents"')
    assert 'id="document-envios"' in html
    assert 'id="document-delivery"' not in html
    assert "HX-Request" in response["Vary"]
    # and the same URL without htmx is the whole page (the href fallback)
    full = client.get(reverse("corpus-list"), {"q": "Mendoza"}).content.decode()
    assert "<html" in full and 'id="document-envios"' in full


# --- create ------------------------------------------------------------------------------


def test_an_editor_creates_a_document_and_its_chunks_become_searchable(
    client, editor, demo_corpus, eager_tasks, django_capture_on_commit_callbacks
):
    # when an editor creates a document
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("corpus-create"),
            {
                "slug": "gift-cards",
                "title": "",
                "language": "en",
                "source_url": "https://demo-shop.example/help/gift-cards",
                "body": NEW_BODY,
            },
        )
    # then they land on its edit page, the task made two chunks, and search finds them
    assert response.status_code == 302
    assert response["Location"] == reverse("corpus-edit", args=["gift-cards"])
    document = Document.objects.get(slug="gift-cards")
    assert document.title == "Gift cards"
    assert document.index_state == IndexState.READY
    assert document.updated_by == editor
    assert list(document.chunks.values_list("position", flat=True)) == [1, 2]
    assert sources("Do you sell vouchers?")[0] == "gift-cards#1"
    assert AuditEntry.objects.filter(
        action="corpus.document.create", actor=editor, target_id=str(document.pk)
    ).exists()


BAD_CREATES = {
    "no question heading": ({"slug": "bad", "body": "# Title\n\nJust text.\n"}, "no '## '"),
    "broken front matter": (
        {"slug": "bad", "body": "---\nlanguage: [es\n---\n# T\n## Q?\nA.\n"},
        "front matter",
    ),
    "front matter never closed": (
        {"slug": "bad", "body": "---\nlanguage: es\n# T\n## Q?\nA.\n"},
        "never closed",
    ),
    "empty slug": ({"slug": "", "body": NEW_BODY}, "This field is required"),
    "bad slug": ({"slug": "Bad Slug!", "body": NEW_BODY}, "must be lowercase"),
    "duplicate slug": ({"slug": "delivery", "body": NEW_BODY}, "already exists"),
    "empty answer": ({"slug": "bad", "body": "# T\n## Q?\n\n## R?\nB.\n"}, "has no answer"),
    "ftp source": (
        {"slug": "bad", "body": NEW_BODY, "source_url": "ftp://x.example/a"},
        "http",
    ),
}


@pytest.mark.parametrize("case", BAD_CREATES.values(), ids=BAD_CREATES.keys())
def test_bad_input_on_create_is_a_form_error_and_changes_nothing(client, editor, demo_corpus, case):
    data, message = case
    before = (Document.objects.count(), Chunk.objects.count(), AuditEntry.objects.count())
    # when the form is posted
    response = client.post(reverse("corpus-create"), {"language": "", **data})
    # then the page comes back with the error, and nothing was written
    assert response.status_code == 200
    assert message in text_of(response)
    assert (Document.objects.count(), Chunk.objects.count(), AuditEntry.objects.count()) == before


# --- edit: rechunk in a task, progress, stale edits ---------------------------------------------


def test_saving_a_new_price_rechunks_and_the_next_search_returns_it(
    client, editor, demo_corpus, eager_tasks, django_capture_on_commit_callbacks
):
    # given the delivery document and its chunk ids
    delivery = Document.objects.get(slug="delivery")
    untouched = Chunk.objects.get(document=delivery, position=2).pk
    body = delivery.body.replace("costs €5", "costs €7")
    assert body != delivery.body
    # when an editor saves a changed price
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("corpus-edit", args=["delivery"]), edit_data(delivery, body=body)
        )
    # then the document is saved, re-indexed by the task, and search returns the new text
    assert response.status_code == 302
    delivery.refresh_from_db()
    assert delivery.version == 2
    assert delivery.index_state == IndexState.READY
    [hit] = hybrid_search("How much is delivery to my home?", k=1)
    assert hit.source == "delivery#1"
    assert "costs €7." in hit.text and "costs €5." not in hit.text
    # and the unchanged chunk kept its row
    assert Chunk.objects.get(document=delivery, position=2).pk == untouched
    entry = AuditEntry.objects.get(action="corpus.document.update")
    assert entry.actor == editor and entry.data["changed"] == ["body"]
    # and the edit page shows it done
    page = client.get(reverse("corpus-edit", args=["delivery"])).content.decode()
    assert 'data-state="ready"' in page
    assert "Saved; rechunking and embedding." in page


def test_the_edit_page_has_a_body_textarea_a_live_preview_and_a_save_button(
    client, editor, demo_corpus
):
    html = client.get(reverse("corpus-edit", args=["delivery"])).content.decode()
    assert '<textarea name="body"' in html
    assert f'hx-post="{reverse("corpus-preview")}"' in html
    assert 'hx-trigger="keyup changed delay:400ms, change"' in html
    assert '<button type="submit">Save</button>' in html
    assert "delivery#1 · How much does delivery cost?" in html  # the preview
    assert f'href="{reverse("corpus-document-lint", args=["delivery"])}"' in html


def test_progress_is_polled_until_the_task_is_done(client, editor, demo_corpus):
    # given a save whose task has not run yet (no worker in this test)
    delivery = Document.objects.get(slug="delivery")
    client.post(
        reverse("corpus-edit", args=["delivery"]),
        edit_data(delivery, body=delivery.body.replace("€3", "€4")),
    )
    delivery.refresh_from_db()
    assert delivery.index_state == IndexState.QUEUED
    # then the status partial polls itself every second
    status = client.get(reverse("corpus-status", args=["delivery"]), **HTMX)
    html = status.content.decode()
    assert "<html" not in html
    assert 'data-state="queued"' in html and 'hx-trigger="every 1s"' in html
    assert "HX-Trigger" not in status
    # when the task runs
    assert services.document_reindex(document_id=delivery.pk) == "ready"
    # then the next poll says done, stops polling and tells the chunk list to reload
    status = client.get(reverse("corpus-status", args=["delivery"]), **HTMX)
    html = status.content.decode()
    assert 'data-state="ready"' in html and "every 1s" not in html
    assert json.loads(status["HX-Trigger"]) == {"chunks-changed": {}}
    assert "€4" in Chunk.objects.get(document=delivery, position=1).text
    # and without htmx the status URL leads back to the edit page
    assert client.get(reverse("corpus-status", args=["delivery"]))["Location"] == reverse(
        "corpus-edit", args=["delivery"]
    )


def test_a_stale_edit_is_refused_with_a_clear_message_and_the_text_is_kept(
    client, editor, make_staff, demo_corpus
):
    # given two editors who opened version 1
    delivery = Document.objects.get(slug="delivery")
    other = make_staff("olga", "editors")
    services.document_update(
        document=delivery,
        parsed=parse_body(
            slug="delivery",
            body=delivery.body.replace("€50", "€60"),
            language="en",
            source_url=delivery.source_url,
            title=delivery.title,
        ),
        expected_version=1,
        actor=other,
    )
    # when the first editor saves their own change from version 1
    mine = delivery.body.replace("two working days", "three working days")
    response = client.post(
        reverse("corpus-edit", args=["delivery"]), edit_data(delivery, body=mine, version=1)
    )
    # then it is refused with a clear message naming who saved, and their text is in the form
    html = response.content.decode()
    assert response.status_code == 409
    assert "was saved by olga" in html and "Nothing was saved" in html
    assert "three working days" in html
    # and the other editor's save stands
    delivery.refresh_from_db()
    assert delivery.version == 2
    assert "€60" in delivery.body and "three working days" not in delivery.body


@pytest.mark.parametrize(
    "body, message",
    [
        ("# Delivery\n\nNo questions any more.\n", "no '## ' question heading"),
        ("---\nsource_url: [\n---\n## Q?\nA.\n", "front matter"),
        ("", "This field is required"),
    ],
    ids=["no heading", "broken front matter", "empty"],
)
def test_a_bad_edit_is_a_form_error_and_changes_nothing(client, editor, demo_corpus, body, message):
    delivery = Document.objects.get(slug="delivery")
    before = (delivery.body, list(delivery.chunks.values_list("pk", "content_sha256")))
    response = client.post(
        reverse("corpus-edit", args=["delivery"]), edit_data(delivery, body=body)
    )
    assert response.status_code == 200
    assert message in text_of(response)
    delivery.refresh_from_db()
    assert delivery.version == 1
    assert (delivery.body, list(delivery.chunks.values_list("pk", "content_sha256"))) == before
    assert not AuditEntry.objects.filter(action__startswith="corpus.").exists()


def test_an_unchanged_save_changes_nothing(client, editor, demo_corpus):
    delivery = Document.objects.get(slug="delivery")
    response = client.post(reverse("corpus-edit", args=["delivery"]), edit_data(delivery))
    assert response.status_code == 302
    delivery.refresh_from_db()
    assert delivery.version == 1 and delivery.index_state == IndexState.READY


def test_an_editor_moves_a_document_to_another_shop_and_it_is_audited(client, editor, demo_corpus):
    # given the English shop's delivery page
    delivery = Document.objects.get(slug="delivery")
    # when an editor makes it a page every shop shares (the shop field emptied)
    response = client.post(reverse("corpus-edit", args=["delivery"]), edit_data(delivery, shop=""))
    # then it is saved as shared, and the audit says the shop changed
    assert response.status_code == 302
    delivery.refresh_from_db()
    assert delivery.shop == "" and delivery.version == 2
    entry = AuditEntry.objects.filter(action="corpus.document.update").latest("id")
    assert entry.data["changed"] == ["shop"]


def test_a_malformed_shop_is_a_form_error_and_nothing_is_saved(client, editor, demo_corpus):
    delivery = Document.objects.get(slug="delivery")
    response = client.post(
        reverse("corpus-edit", args=["delivery"]), edit_data(delivery, shop="Mi Tienda!")
    )
    assert response.status_code == 200
    delivery.refresh_from_db()
    assert delivery.shop == "demo-shop" and delivery.version == 1


def test_a_broker_that_is_down_shows_as_a_failed_reindex_not_a_500(
    client, editor, demo_corpus, monkeypatch, django_capture_on_commit_callbacks
):
    from knowledge import tasks

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to the broker")

    monkeypatch.setattr(tasks.reindex_document, "delay", down)
    delivery = Document.objects.get(slug="delivery")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("corpus-edit", args=["delivery"]),
            edit_data(delivery, body=delivery.body.replace("€3", "€4")),
        )
    assert response.status_code == 302
    delivery.refresh_from_db()
    assert delivery.version == 2  # the edit itself is kept
    assert delivery.index_state == IndexState.FAILED
    assert "could not queue the re-index" in delivery.index_detail
    page = client.get(reverse("corpus-edit", args=["delivery"])).content.decode()
    assert 'data-state="failed"' in page and "press Save again to retry" in page
    # when the broker is back and the editor saves again, unchanged, then it is re-indexed
    monkeypatch.undo()
    celery_app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            client.post(reverse("corpus-edit", args=["delivery"]), edit_data(delivery))
    finally:
        celery_app.conf.task_always_eager = False
    delivery.refresh_from_db()
    assert delivery.version == 2 and delivery.index_state == IndexState.READY
    assert "€4" in Chunk.objects.get(document=delivery, position=1).text


def test_a_task_overtaken_by_a_newer_save_leaves_the_work_to_the_newer_one(demo_corpus):
    delivery = Document.objects.get(slug="delivery")

    class SaveMeanwhile:
        """An embedder during whose work another editor saves."""

        def __init__(self, inner):
            self.inner, self.name, self.dimensions = inner, inner.name, inner.dimensions

        def embed_queries(self, texts):
            return self.inner.embed_queries(texts)

        def embed_passages(self, texts):
            Document.objects.filter(pk=delivery.pk).update(version=5)
            return self.inner.embed_passages(texts)

    from knowledge.embedders import get_embedder

    Document.objects.filter(pk=delivery.pk).update(body=delivery.body.replace("€3", "€4"))
    result = services.document_reindex(
        document_id=delivery.pk, embedder=SaveMeanwhile(get_embedder())
    )
    assert result == "superseded"
    assert "€3" in Chunk.objects.get(document=delivery, position=1).text


# --- live preview --------------------------------------------------------------------------


def test_the_preview_shows_one_chunk_per_question(client, editor, demo_corpus):
    response = client.post(
        reverse("corpus-preview"), {"body": NEW_BODY, "slug": "gift-cards"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="preview"')
    assert "2 chunks" in html
    assert "gift-cards#1 · Can I buy a gift card?" in html
    assert "gift-cards#2 · How long is a gift card valid?" in html
    assert "Also asked: do you sell vouchers?" in html
    # no source URL: the figures are flagged at once
    assert "Figures with no source URL" in html and "20 (money)" in html


@pytest.mark.parametrize(
    "body, message",
    [
        ("# Only a title\n", "no '## ' question heading"),
        ("---\nlanguage: [\n---\n## Q?\nA.\n", "line 2: front matter"),
        ("## Q?\n\n## R?\nB.\n", "line 1: the question 'Q?' has no answer"),
        ("", "This field is required"),
    ],
)
def test_a_body_that_cannot_be_chunked_previews_as_one_error_line(
    client, editor, demo_corpus, body, message
):
    response = client.post(reverse("corpus-preview"), {"body": body}, **HTMX)
    assert response.status_code == 200
    assert response.content.decode().count('role="alert"') == 1
    assert message in text_of(response)


def test_the_preview_button_works_without_javascript(client, editor, demo_corpus):
    delivery = Document.objects.get(slug="delivery")
    response = client.post(
        reverse("corpus-edit", args=["delivery"]),
        {**edit_data(delivery, body=NEW_BODY), "preview": "1"},
    )
    assert response.status_code == 200
    assert "delivery#2 · How long is a gift card valid?" in response.content.decode()
    delivery.refresh_from_db()
    assert delivery.version == 1


def test_script_tags_in_a_body_are_shown_as_text(client, editor, demo_corpus):
    body = "# T\n## <script>alert(1)</script>?\nAnswer <b>bold</b>.\n"
    page = client.post(reverse("corpus-preview"), {"body": body}, **HTMX).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# --- chunk toggle ------------------------------------------------------------------------------


def test_a_disabled_chunk_is_no_longer_returned_and_the_row_is_re_rendered(
    client, editor, demo_corpus
):
    # given the cash-on-delivery chunk is found
    chunk = Chunk.objects.get(document__slug="payment", position=1)
    assert "payment#1" in sources("Can I pay cash on delivery?")
    url = reverse("corpus-chunk-toggle", args=["payment", chunk.pk])
    # when an editor disables it with htmx
    response = client.post(url, {"enabled": "0"}, **HTMX)
    # then only its row comes back, now offering to enable it
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith(f'<tr id="chunk-{chunk.pk}" data-enabled="false"')
    assert ">Enable</button>" in html
    # and search no longer returns it; the change is audited
    assert "payment#1" not in sources("Can I pay cash on delivery?")
    assert AuditEntry.objects.filter(
        action="corpus.chunk.disable", actor=editor, target_id=str(chunk.pk)
    ).exists()
    # when it is enabled again without htmx, then the page is reloaded at the row
    response = client.post(url, {"enabled": "1"})
    assert response["Location"].endswith(f"#chunk-{chunk.pk}")
    assert "payment#1" in sources("Can I pay cash on delivery?")


def test_a_toggle_needs_an_explicit_state_and_the_right_document(client, editor, demo_corpus):
    chunk = Chunk.objects.get(document__slug="payment", position=1)
    assert (
        client.post(
            reverse("corpus-chunk-toggle", args=["payment", chunk.pk]), {"enabled": "maybe"}
        ).status_code
        == 400
    )
    assert (
        client.post(
            reverse("corpus-chunk-toggle", args=["delivery", chunk.pk]), {"enabled": "0"}
        ).status_code
        == 404
    )
    assert Chunk.objects.get(pk=chunk.pk).enabled


def test_the_chunk_list_partial(client, editor, demo_corpus):
    html = client.get(reverse("corpus-chunks", args=["delivery"]), **HTMX).content.decode()
    assert "<html" not in html
    assert html.count('<tr id="chunk-') == 2


# --- delete --------------------------------------------------------------------------------


def test_delete_asks_first_then_removes_the_document_and_its_chunks(client, editor, demo_corpus):
    # when an editor opens the delete page, then it asks, and nothing is gone yet
    page = client.get(reverse("corpus-delete", args=["payment"])).content.decode()
    assert "Delete Payment?" in page and "its 1 chunk" in page
    assert Document.objects.filter(slug="payment").exists()
    # when they confirm
    response = client.post(reverse("corpus-delete", args=["payment"]))
    # then it is gone, search no longer finds it, and the deletion is audited
    assert response["Location"] == reverse("corpus-list")
    assert not Document.objects.filter(slug="payment").exists()
    assert not any(s.startswith("payment#") for s in sources("Can I pay cash on delivery?"))
    assert AuditEntry.objects.get(action="corpus.document.delete").data["slug"] == "payment"


# --- lint and the try box --------------------------------------------------------------------


def test_the_document_lint_panel_flags_figures_without_a_source(
    client, editor, demo_corpus, eager_tasks, django_capture_on_commit_callbacks
):
    # given a document with prices and no source URL
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("corpus-create"),
            {"slug": "gift-cards", "language": "en", "source_url": "", "body": NEW_BODY},
        )
    # when its lint panel is loaded by htmx
    response = client.get(reverse("corpus-document-lint", args=["gift-cards"]), **HTMX)
    html = response.content.decode()
    # then the partial lists its figures
    assert response.status_code == 200 and "<html" not in html
    assert "<code>gift-cards#1</code>" in html
    assert "20 (money)" in html and "200 (money)" in html


def test_the_corpus_lint_page_checks_the_evaluation_set(client, editor, demo_corpus):
    response = client.get(reverse("corpus-lint"))
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert "Competing chunks" in html
    assert "of the evaluation set checked" in html
    # envios#2 and envios#3 are the demo's closest pair
    assert "<code>envios#2</code>" in html and "<code>envios#3</code>" in html


def test_the_try_box_shows_ranks_scores_and_verdicts(client, editor, demo_corpus):
    # when an editor tries a question with htmx
    response = client.get(reverse("corpus-try"), {"q": "SKU-9942"}, **HTMX)
    html = response.content.decode()
    # then the partial lists candidates with both ranks, the fused score and the verdict
    assert response.status_code == 200 and "<html" not in html
    assert '<tr data-source="garantia#2" data-kept="true">' in html
    assert "exact code match" in html
    assert "Vector rank" in html and "Text rank" in html and "Fused score" in html
    # and the same URL without htmx is the whole page with the box filled in
    full = client.get(reverse("corpus-try"), {"q": "SKU-9942"}).content.decode()
    assert "<html" in full and 'value="SKU-9942"' in full


def test_the_try_box_reports_a_query_that_is_too_long(client, editor, demo_corpus):
    html = client.get(reverse("corpus-try"), {"q": "a" * 2500}, **HTMX).content.decode()
    assert "2,500 characters; the limit is 2,000" in html
