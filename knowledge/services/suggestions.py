"""Phrasings proposed by the configured model, and an editor's decision on each.

``suggest_phrasings`` asks the model about every chunk first and stores nothing
until every call has answered: a provider that fails or times out half-way leaves
no half a run behind. What it stores is pending; an editor accepts a suggestion
(it becomes an ``> Also asked:`` line through ``chunk_add_phrasing``: re-embedded,
audited, the stale-edit rule) or rejects it. Each step is audited."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from config.audit.services import audit_record
from knowledge.models import Chunk, Document, PhrasingSuggestion, SuggestionStatus
from knowledge.parsing import DocumentFormatError, parse_saved
from knowledge.services.also_asked import chunk_add_phrasing
from knowledge.suggesting import (
    ModelSettings,
    ask_model,
    configured_model,
    parse_phrasings,
    prompt_for,
)

MAX_PER_CHUNK = 10


class SuggestionDecisionError(ValueError):
    """The suggestion was decided already, or its chunk asks another question now."""


@dataclass(frozen=True)
class SuggestionRun:
    model: str
    chunks: int
    stored: int


def suggest_phrasings(
    *,
    document_slug: str | None = None,
    per_chunk: int = 3,
    actor: Any | None = None,
    ask: Callable[[ModelSettings, str], str] = ask_model,
) -> SuggestionRun:
    """Ask the configured model for up to ``per_chunk`` new phrasings of each
    enabled chunk (of one document, or all) and store them as pending. Raises
    SuggestionError (no model configured, provider down: nothing stored) or
    Document.DoesNotExist for an unknown slug."""
    if not 1 <= per_chunk <= MAX_PER_CHUNK:
        raise ValueError(f"per_chunk must be between 1 and {MAX_PER_CHUNK}")
    config = configured_model()
    chunks = Chunk.objects.filter(enabled=True).select_related("document")
    if document_slug is not None:
        chunks = chunks.filter(document=Document.objects.get(slug=document_slug))
    chunks = list(chunks.order_by("document__slug", "position"))
    pending: dict[int, list[str]] = {}
    for chunk_id, text in PhrasingSuggestion.objects.filter(
        chunk__in=chunks, status=SuggestionStatus.PENDING
    ).values_list("chunk_id", "text"):
        pending.setdefault(chunk_id, []).append(text)
    found: list[PhrasingSuggestion] = []
    for chunk in chunks:
        known = [*chunk.phrasing_list, *pending.get(chunk.pk, [])]
        prompt = prompt_for(
            question=chunk.question,
            answer=chunk.text,
            known=known,
            language=chunk.language,
            count=per_chunk,
        )
        for phrase in parse_phrasings(ask(config, prompt), known=known, count=per_chunk):
            found.append(
                PhrasingSuggestion(
                    chunk=chunk, question=chunk.question, text=phrase, model=config.label
                )
            )
    with transaction.atomic():
        PhrasingSuggestion.objects.bulk_create(found)
        audit_record(
            actor=actor,
            action="corpus.suggestions.create",
            data={
                "model": config.label,
                "document": document_slug or "",
                "chunks": len(chunks),
                "stored": len(found),
            },
            actor_label="" if actor is not None else "manage.py knowledge suggest-phrasings",
        )
    return SuggestionRun(model=config.label, chunks=len(chunks), stored=len(found))


def suggestion_accept(
    *, suggestion_id: int, expected_version: int, actor: Any | None = None
) -> PhrasingSuggestion:
    """Add the suggestion to its chunk as an ``> Also asked:`` line (the document
    as it was at ``expected_version``) and mark it accepted. Raises
    StaleEditError (someone saved in between: nothing written) or
    SuggestionDecisionError."""
    with transaction.atomic():
        suggestion = _pending_for_update(suggestion_id)
        chunk = suggestion.chunk
        now_asks = _question_in_body(chunk)
        if now_asks != suggestion.question:
            raise SuggestionDecisionError(
                f"{chunk.source} now asks “{now_asks}”, not “{suggestion.question}”: "
                "reject this suggestion or ask the model again."
            )
        added = chunk_add_phrasing(
            source=chunk.source,
            phrase=suggestion.text,
            expected_version=expected_version,
            actor=actor,
        )
        _decide(suggestion, SuggestionStatus.ACCEPTED, actor, {"added": added.added})
    return suggestion


def suggestion_reject(*, suggestion_id: int, actor: Any | None = None) -> PhrasingSuggestion:
    """Mark the suggestion rejected: it is never shown or published again."""
    with transaction.atomic():
        suggestion = _pending_for_update(suggestion_id)
        _decide(suggestion, SuggestionStatus.REJECTED, actor, {})
    return suggestion


def _question_in_body(chunk: Chunk) -> str:
    """The question at the chunk's position in the document's saved body (the
    body is what an accepted phrasing is written into; its rows may lag a re-index)."""
    document = chunk.document
    try:
        parsed = parse_saved(document)
    except DocumentFormatError:
        return ""
    if not 1 <= chunk.position <= len(parsed.chunks):
        return ""
    return parsed.chunks[chunk.position - 1].question


def _pending_for_update(suggestion_id: int) -> PhrasingSuggestion:
    """Raises PhrasingSuggestion.DoesNotExist, or SuggestionDecisionError when decided."""
    suggestion = (
        PhrasingSuggestion.objects.select_for_update(of=("self",))
        .select_related("chunk__document")
        .get(pk=suggestion_id)
    )
    if suggestion.status != SuggestionStatus.PENDING:
        raise SuggestionDecisionError(
            f"this suggestion was {suggestion.get_status_display().lower()} already"
        )
    return suggestion


def _decide(
    suggestion: PhrasingSuggestion, status: str, actor: Any | None, extra: dict[str, Any]
) -> None:
    suggestion.status = status
    suggestion.decided_at = timezone.now()
    suggestion.decided_by = actor if getattr(actor, "is_authenticated", False) else None
    suggestion.save(update_fields=["status", "decided_at", "decided_by"])
    verb = "accept" if status == SuggestionStatus.ACCEPTED else "reject"
    audit_record(
        actor=actor,
        action=f"corpus.suggestion.{verb}",
        target=suggestion,
        data={"source": suggestion.chunk.source, "phrase": suggestion.text, **extra},
    )
