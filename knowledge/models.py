from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models.expressions import RawSQL
from pgvector.django import HnswIndex, VectorField


class Language(models.TextChoices):
    SPANISH = "es", "Español"
    ENGLISH = "en", "English"


# The text search configuration follows the chunk's language; anything else is
# tokenised without stemming. The expression is immutable, so PostgreSQL keeps the
# column up to date itself.
SEARCH_VECTOR_SQL = (
    "to_tsvector("
    "CASE language WHEN 'es' THEN 'spanish'::regconfig "
    "WHEN 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END, "
    "question || ' ' || alternatives || ' ' || text)"
)


class IndexState(models.TextChoices):
    """Where a document's chunks stand after an edit in the back office."""

    READY = "ready", "Chunks up to date"
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Rechunking and embedding"
    FAILED = "failed", "Re-index failed"


class Document(models.Model):
    slug = models.SlugField(max_length=100, unique=True)
    title = models.CharField(max_length=300)
    language = models.CharField(max_length=2, choices=Language.choices)
    source_url = models.URLField(max_length=500, blank=True)
    # Which shop's customers this document answers; "" = every shop's. A search
    # scoped to a shop sees that shop's documents and the shared ones only, so a
    # customer of one shop is never answered with another shop's policy.
    shop = models.SlugField(max_length=50, blank=True, default="", db_index=True)
    body = models.TextField(help_text="Markdown: each '## ' heading is a customer question.")
    body_sha256 = models.CharField(max_length=64, editable=False)
    # Bumped on every save; an editor's form carries the version it started from,
    # so a stale edit is refused instead of silently overwriting.
    version = models.PositiveIntegerField(default=1)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Progress of the rechunk + re-embed task a back-office save enqueues (kept in
    # the row, not a cache: the worker is another process).
    index_state = models.CharField(
        max_length=10, choices=IndexState.choices, default=IndexState.READY
    )
    index_detail = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    @property
    def indexing(self) -> bool:
        return self.index_state in (IndexState.QUEUED, IndexState.RUNNING)


class Chunk(models.Model):
    """One customer question and its whole answer."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="chunks")
    position = models.PositiveIntegerField(help_text="1-based position of the '##' section.")
    question = models.TextField()
    alternatives = models.TextField(
        blank=True, default="", help_text="Other phrasings of the question, one per line."
    )
    text = models.TextField()
    language = models.CharField(max_length=2, choices=Language.choices)
    content_sha256 = models.CharField(max_length=64)
    embedding = VectorField(dimensions=settings.KNOWLEDGE_EMBEDDING_DIMENSIONS, null=True)
    embedding_model = models.CharField(max_length=100, blank=True)
    codes = ArrayField(models.CharField(max_length=80), default=list, blank=True)
    search_vector = models.GeneratedField(
        expression=RawSQL(SEARCH_VECTOR_SQL, []),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    enabled = models.BooleanField(default=True)
    # Mean cosine of this chunk to the off-topic question bank, per question
    # language ({"bank": id, "es": .., "en": ..}); {} until the next calibration
    # (knowledge.calibration). Search subtracts it: a chunk that is near every
    # question, or near every question in its own language, is not near this one.
    background = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["document__slug", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "position"], name="chunk_position_unique"),
        ]
        indexes = [
            HnswIndex(
                name="chunk_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
            GinIndex(fields=["search_vector"], name="chunk_search_vector_gin"),
            GinIndex(fields=["codes"], name="chunk_codes_gin"),
        ]

    def __str__(self) -> str:
        return self.source

    @property
    def source(self) -> str:
        return f"{self.document.slug}#{self.position}"

    @property
    def alternative_list(self) -> list[str]:
        return [line for line in self.alternatives.splitlines() if line.strip()]

    @property
    def phrasing_list(self) -> list[str]:
        """The question and its other phrasings: what a customer might type."""
        return [self.question, *self.alternative_list]


class Phrasing(models.Model):
    """One way of asking a chunk's question (position 0 is the `##` heading, then
    each `> Also asked:` line), embedded on its own as a query. A customer's
    question is compared with each phrasing and the best counts: on the bilingual
    set that ranks better than one vector of the question and its phrasings
    joined, or their centroid (see README › Retrieval quality)."""

    chunk = models.ForeignKey(Chunk, on_delete=models.CASCADE, related_name="phrasings")
    position = models.PositiveIntegerField()
    text = models.TextField()
    embedding = VectorField(dimensions=settings.KNOWLEDGE_EMBEDDING_DIMENSIONS, null=True)
    embedding_model = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["chunk", "position"]
        constraints = [
            models.UniqueConstraint(fields=["chunk", "position"], name="phrasing_position_unique"),
        ]
        indexes = [
            HnswIndex(
                name="phrasing_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return self.text


class Calibration(models.Model):
    """The relevance calibration derived from one search scope's own documents
    (a shop's, with the shared ones; scope "" = every document): how the off-topic
    question bank and the chunks' own questions score there. The threshold is read
    from it at search time (knowledge.calibration)."""

    scope = models.CharField(max_length=50, unique=True)
    embedder = models.CharField(max_length=100)
    bank = models.CharField(max_length=64)
    background_weight = models.FloatField()
    chunks = models.PositiveIntegerField()
    # [[relative score of the best chunk, margin to the second], ...] per bank question
    negatives = models.JSONField(default=list)
    # the same for each chunk's own question asked of the scope (its own chunk's score)
    positives = models.JSONField(default=list)
    derived_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["scope"]

    def __str__(self) -> str:
        return self.scope or "(all documents)"


class SuggestionStatus(models.TextChoices):
    PENDING = "pending", "Waiting for an editor"
    ACCEPTED = "accepted", "Accepted: added as a phrasing"
    REJECTED = "rejected", "Rejected"


class PhrasingSuggestion(models.Model):
    """A way of asking a chunk's question that the configured model proposed
    (`knowledge suggest-phrasings`). It is never searched or published by itself:
    an editor accepts it (it becomes an `> Also asked:` line through the ordinary
    edit) or rejects it. ``question`` is the chunk's question when it was asked, so
    a suggestion whose chunk now asks something else is not accepted blindly."""

    chunk = models.ForeignKey(Chunk, on_delete=models.CASCADE, related_name="suggestions")
    question = models.TextField()
    text = models.CharField(max_length=300)
    model = models.CharField(max_length=150, help_text="backend:model that proposed it")
    status = models.CharField(
        max_length=10, choices=SuggestionStatus.choices, default=SuggestionStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["chunk", "pk"]
        indexes = [models.Index(fields=["status", "chunk"], name="suggestion_status_chunk")]

    def __str__(self) -> str:
        return self.text


class SynonymDictionary(models.Model):
    """A shop's synonyms (knowledge.synonyms has the format): regional words, brand
    nicknames, misspellings; shop "" holds the shared groups every shop's search
    uses. Stored as the editor's text (comments kept); parsed and checked on every
    save, so what is stored always parses."""

    shop = models.SlugField(max_length=50, blank=True, default="", unique=True)
    text = models.TextField(blank=True, default="")
    groups = models.PositiveIntegerField(default=0)
    # Bumped on every save; the editor's form carries the version it started from.
    version = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["shop"]

    def __str__(self) -> str:
        return self.shop or "(shared)"
