"""Phrasing vectors: one per way of asking a chunk's question, kept in step with
the chunks by import and reembed, embedded only when new."""

import pytest

from knowledge.embedders import get_embedder
from knowledge.models import Chunk, Phrasing
from knowledge.search import search_with_candidates
from knowledge.services import knowledge_import_path, knowledge_reembed

pytestmark = pytest.mark.django_db

DOC = """---
language: en
---
# Care

## How do I clean the headphones?
Wipe them with a dry cloth.
> Also asked: The ear pads are dirty, what do I use?

## Can I wash the ear pads?
No, replace them instead.
"""


class CountingEmbedder:
    """The real embedder, counting what it is asked to embed."""

    def __init__(self):
        self.inner = get_embedder()
        self.name = self.inner.name
        self.dimensions = self.inner.dimensions
        self.passages = 0
        self.queries = 0

    def embed_queries(self, texts):
        self.queries += len(texts)
        return self.inner.embed_queries(texts)

    def embed_passages(self, texts):
        self.passages += len(texts)
        return self.inner.embed_passages(texts)


def phrasings():
    return list(
        Phrasing.objects.order_by("chunk__position", "position").values_list(
            "chunk__position", "position", "text", "embedding_model"
        )
    )


def test_import_stores_one_vector_per_phrasing(tmp_path):
    path = tmp_path / "care.md"
    path.write_text(DOC)
    embedder = CountingEmbedder()
    knowledge_import_path(path=path, embedder=embedder)
    assert phrasings() == [
        (1, 0, "How do I clean the headphones?", "e5-small"),
        (1, 1, "The ear pads are dirty, what do I use?", "e5-small"),
        (2, 0, "Can I wash the ear pads?", "e5-small"),
    ]
    assert embedder.queries == 3
    assert not Phrasing.objects.filter(embedding__isnull=True).exists()


def test_unchanged_file_embeds_no_phrasing_and_a_changed_chunk_only_its_own(tmp_path):
    path = tmp_path / "care.md"
    path.write_text(DOC)
    embedder = CountingEmbedder()
    knowledge_import_path(path=path, embedder=embedder)
    ids = list(Phrasing.objects.order_by("pk").values_list("pk", flat=True))
    # when the same file is imported again, nothing is embedded or rewritten
    knowledge_import_path(path=path, embedder=embedder)
    assert (embedder.queries, embedder.passages) == (3, 2)
    assert list(Phrasing.objects.order_by("pk").values_list("pk", flat=True)) == ids
    # when one chunk gets a new phrasing, only that phrasing is embedded
    path.write_text(
        DOC.replace(
            "instead.\n", "instead.\n> Also asked: Can the pads go in the washing machine?\n"
        )
    )
    knowledge_import_path(path=path, embedder=embedder)
    assert (embedder.queries, embedder.passages) == (4, 3)
    assert [p[2] for p in phrasings() if p[0] == 2] == [
        "Can I wash the ear pads?",
        "Can the pads go in the washing machine?",
    ]
    # and the other chunk's phrasing rows stay as they were
    assert set(ids[:2]) <= set(Phrasing.objects.values_list("pk", flat=True))


def test_removed_chunk_takes_its_phrasings_along(tmp_path):
    path = tmp_path / "care.md"
    path.write_text(DOC)
    knowledge_import_path(path=path)
    path.write_text(DOC.split("## Can I wash")[0])
    result = knowledge_import_path(path=path)[0]
    assert result.deleted == 1
    assert [p[0] for p in phrasings()] == [1, 1]


def test_import_fills_phrasings_missing_from_an_older_database(tmp_path):
    # given chunks imported before phrasing vectors existed
    path = tmp_path / "care.md"
    path.write_text(DOC)
    knowledge_import_path(path=path)
    Phrasing.objects.all().delete()
    embedder = CountingEmbedder()
    # when the unchanged file is imported again
    result = knowledge_import_path(path=path, embedder=embedder)[0]
    # then the phrasings are embedded, the chunks are not
    assert (embedder.queries, embedder.passages, result.embedded) == (3, 0, 0)
    assert len(phrasings()) == 3


def test_reembed_rewrites_every_phrasing(tmp_path):
    path = tmp_path / "care.md"
    path.write_text(DOC)
    knowledge_import_path(path=path)
    Phrasing.objects.update(embedding=None, embedding_model="")
    assert knowledge_reembed() == Chunk.objects.count()
    assert {p[3] for p in phrasings()} == {"e5-small"}
    assert not Phrasing.objects.filter(embedding__isnull=True).exists()


def test_a_customer_phrasing_is_matched_on_its_own(demo_corpus):
    # "> Also asked: Will the courier call me first?" under delivery#2
    _, candidates = search_with_candidates("will the courier phone me before coming?")
    best = candidates[0]
    assert best.source == "delivery#2"
    assert best.phrasing_cosine is not None and best.phrasing_cosine > best.cosine
