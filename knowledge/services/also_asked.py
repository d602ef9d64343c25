"""One customer's wording added to a chunk as an ``> Also asked:`` line (the
back office's Unanswered page). It is an ordinary edit of the document: the same
service, the same stale-edit rule, the same re-index (re-embedding the chunk and
its phrasings), audited once more with the phrasing itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from config.audit.services import audit_record
from knowledge.models import Document
from knowledge.parsing import DocumentFormatError, add_also_asked, parse_saved
from knowledge.services.editing import document_update


@dataclass(frozen=True)
class PhrasingAdded:
    source: str
    phrase: str
    added: bool  # False: the chunk already had it (nothing was written)


def chunk_add_phrasing(
    *, source: str, phrase: str, expected_version: int, actor: Any | None = None
) -> PhrasingAdded:
    """Add ``phrase`` to the chunk ``source`` (``slug#n``) of the document as it was
    at ``expected_version``. Raises Document.DoesNotExist for an unknown document,
    DocumentFormatError for an unknown chunk or an empty phrase, StaleEditError
    when the document was saved since that version (nothing is written)."""
    slug, _, number = source.partition("#")
    if not number.isdigit():
        raise DocumentFormatError(f"{source!r} is not a chunk id (slug#n)")
    phrase = " ".join(phrase.split())
    with transaction.atomic():
        document = Document.objects.select_for_update().get(slug=slug)
        body = add_also_asked(document.body, position=int(number), phrase=phrase)
        parsed = parse_saved(document, body=body)
        chunk = parsed.chunks[int(number) - 1]
        known = {chunk.question.casefold(), *(a.casefold() for a in chunk.alternatives[:-1])}
        if phrase.casefold() in known:
            return PhrasingAdded(source=source, phrase=phrase, added=False)
        document_update(
            document=document, parsed=parsed, expected_version=expected_version, actor=actor
        )
        audit_record(
            actor=actor,
            action="corpus.chunk.add_phrasing",
            target=document,
            data={"source": source, "phrase": phrase, "version": document.version},
        )
    return PhrasingAdded(source=source, phrase=phrase, added=True)
