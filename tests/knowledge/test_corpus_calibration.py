"""The corpus page shows each scope's relevance calibration: when it was derived,
with which embedder, its threshold, positives and negatives, and whether search
decides by it (off by default). Real PostgreSQL and the real embedder."""

from __future__ import annotations

import html

import pytest
from django.test import override_settings
from django.urls import reverse

from knowledge.models import Calibration

pytestmark = pytest.mark.django_db


@pytest.fixture
def editor(client, make_staff):
    client.force_login(make_staff("eddie", "editors"))
    return client


def test_the_corpus_page_shows_each_scopes_calibration_and_that_it_is_off(editor, demo_corpus):
    # Given the demo corpus imported (each shop and "every document" calibrated)
    scopes = list(Calibration.objects.order_by("scope").values_list("scope", flat=True))
    assert scopes == ["", "demo-shop", "tienda-demo"]

    # When an editor opens the corpus page
    response = editor.get(reverse("corpus-list"))
    page = html.unescape(response.content.decode())

    # Then one row per scope, with its embedder, counts and threshold, not in use
    assert response.status_code == 200
    assert "Relevance calibration" in page
    for scope in ("all", "demo-shop", "tienda-demo"):
        assert f'id="calibration-{scope}" data-in-use="false"' in page
    row = Calibration.objects.get(scope="demo-shop")
    assert f"{len(row.positives)} / {len(row.negatives)}" in page
    assert "<code>e5-small</code>" in page
    assert 'KNOWLEDGE_RETRIEVAL["e5-small"]["calibrated"] is not True' in page
    assert row.derived_at.strftime("%Y-%m-%d") in page


@override_settings(KNOWLEDGE_RETRIEVAL={"e5-small": {"calibrated": True}})
def test_turned_on_the_calibration_shows_in_use(editor, demo_corpus):
    page = editor.get(reverse("corpus-list")).content.decode()
    assert 'id="calibration-demo-shop" data-in-use="true"' in page
    assert "search decides by this threshold" in page


def test_a_calibration_of_another_embedder_is_not_in_use(editor, demo_corpus):
    Calibration.objects.filter(scope="demo-shop").update(embedder="minilm")
    with override_settings(KNOWLEDGE_RETRIEVAL={"e5-small": {"calibrated": True}}):
        page = editor.get(reverse("corpus-list")).content.decode()
    assert 'id="calibration-demo-shop" data-in-use="false"' in page
    assert "derived with minilm; the search embeds with e5-small" in page


def test_the_search_partial_leaves_the_calibration_out(editor, demo_corpus):
    partial = editor.get(reverse("corpus-list") + "?q=delivery", HTTP_HX_REQUEST="true")
    assert "Relevance calibration" not in partial.content.decode()
