"""Phrasing vectors: each way of asking a chunk's question (the `##` heading, then
each `> Also asked:` line) embedded on its own, as a query — a customer's question
is compared with each, and the best counts (see knowledge.search).

Kept in step with the chunks by import and reembed: the vectors of phrasings whose
text is already stored for the document (with the same embedder) are reused, so
an unchanged chunk is never embedded again and a changed one embeds only its new
phrasings. Embedding happens before the document's transaction opens; writing
happens inside it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import numpy as np

from knowledge.embedders import Embedder
from knowledge.models import Chunk, Document, Phrasing
from knowledge.parsing import ParsedChunk, ParsedDocument

BATCH = 32


def phrasing_texts(chunk: ParsedChunk) -> list[str]:
    return [chunk.question, *chunk.alternatives]


def stored_phrasings(document: Document) -> dict[int, list[tuple[str, str]]]:
    """Chunk position → its stored (text, embedding model) pairs, in order."""
    stored: dict[int, list[tuple[str, str]]] = defaultdict(list)
    rows = (
        Phrasing.objects.filter(chunk__document=document, embedding__isnull=False)
        .order_by("chunk__position", "position")
        .values_list("chunk__position", "text", "embedding_model")
    )
    for position, text, model in rows:
        stored[position].append((text, model))
    return stored


def phrasings_current(document: Document, parsed: ParsedDocument, embedder: Embedder) -> bool:
    """Does every chunk of the document have the phrasing vectors `parsed` needs?"""
    stored = stored_phrasings(document)
    return all(
        stored.get(chunk.position, []) == [(t, embedder.name) for t in phrasing_texts(chunk)]
        for chunk in parsed.chunks
    )


def phrasing_vectors(
    document: Document | None, chunks: Iterable[ParsedChunk], embedder: Embedder
) -> dict[str, np.ndarray]:
    """Text → vector for every phrasing of `chunks`: stored ones reused, the rest
    embedded (as queries: a phrasing is what a customer would type)."""
    known: dict[str, np.ndarray] = {}
    if document is not None:
        rows = Phrasing.objects.filter(
            chunk__document=document, embedding_model=embedder.name, embedding__isnull=False
        ).values_list("text", "embedding")
        known = {text: np.asarray(vector, dtype=np.float32) for text, vector in rows}
    wanted = {text for chunk in chunks for text in phrasing_texts(chunk)}
    missing = sorted(wanted - known.keys())
    for start in range(0, len(missing), BATCH):
        batch = missing[start : start + BATCH]
        for text, vector in zip(batch, embedder.embed_queries(batch), strict=True):
            known[text] = vector
    return {text: known[text] for text in wanted}


def sync_phrasings(
    document: Document,
    parsed: ParsedDocument,
    vectors: dict[str, np.ndarray],
    embedder: Embedder,
) -> int:
    """Make the stored phrasings match `parsed` (inside the caller's transaction);
    chunks whose phrasings are already current are left alone. Returns how many
    phrasing rows were written."""
    stored = stored_phrasings(document)
    rows = {chunk.position: chunk for chunk in document.chunks.all()}
    written = 0
    for item in parsed.chunks:
        texts = phrasing_texts(item)
        if stored.get(item.position, []) == [(t, embedder.name) for t in texts]:
            continue
        chunk = rows[item.position]
        written += replace_phrasings(chunk, texts, [vectors[t] for t in texts], embedder.name)
    return written


def replace_phrasings(
    chunk: Chunk, texts: list[str], vectors: Iterable[np.ndarray], model: str
) -> int:
    Phrasing.objects.filter(chunk=chunk).delete()
    created = Phrasing.objects.bulk_create(
        Phrasing(chunk=chunk, position=i, text=text, embedding=vector, embedding_model=model)
        for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))
    )
    return len(created)


def reembed_phrasings(chunks: list[Chunk], embedder: Embedder) -> int:
    """Embed the phrasings of `chunks` again (knowledge reembed)."""
    texts = {chunk.pk: chunk.phrasing_list for chunk in chunks}
    unique = sorted({t for ts in texts.values() for t in ts})
    vectors: dict[str, np.ndarray] = {}
    for start in range(0, len(unique), BATCH):
        batch = unique[start : start + BATCH]
        vectors.update(zip(batch, embedder.embed_queries(batch), strict=True))
    return sum(
        replace_phrasings(
            chunk, texts[chunk.pk], [vectors[t] for t in texts[chunk.pk]], embedder.name
        )
        for chunk in chunks
    )
