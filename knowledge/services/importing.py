"""Import: Markdown files into documents and chunks. Each document is written in
one transaction; embeddings are computed before it opens, and only for chunks
whose content changed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction

from knowledge.embedders import Embedder, get_embedder
from knowledge.models import Chunk, Document
from knowledge.parsing import (
    DocumentFormatError,
    ParsedDocument,
    decode_document,
    parse_document,
)
from knowledge.phrasings import (
    phrasing_vectors,
    phrasings_current,
    sync_phrasings,
)


class ImportFileError(ValueError):
    """One or more files could not be parsed; nothing was imported."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("\n".join(errors))
        self.errors = errors


class StaleEditError(ValueError):
    pass


@dataclass(frozen=True)
class ImportResult:
    slug: str
    created: bool
    changed: bool
    chunks: int
    embedded: int
    deleted: int


def read_document_file(path: Path) -> ParsedDocument:
    """Read and parse one .md file; errors name the file and the line."""
    try:
        size = path.stat().st_size
        if size > settings.KNOWLEDGE_MAX_IMPORT_BYTES:
            raise DocumentFormatError(
                f"the file is {size:,} bytes; the limit is {settings.KNOWLEDGE_MAX_IMPORT_BYTES:,}"
            )
        text = decode_document(path.read_bytes())
        return parse_document(slug=path.stem, text=text)
    except DocumentFormatError as err:
        where = f"{path}:{err.line}" if err.line else str(path)
        raise ImportFileError([f"{where}: {err.message}"]) from None
    except OSError as err:
        raise ImportFileError([f"{path}: {err.strerror or err}"]) from None


def collect_document_files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.rglob("*.md") if p.is_file())
        if not files:
            raise ImportFileError([f"{path}: no .md files in this folder"])
        return files
    if not path.exists():
        raise ImportFileError([f"{path}: no such file or folder"])
    if path.suffix != ".md":
        raise ImportFileError([f"{path}: not a .md file"])
    return [path]


def knowledge_import_path(*, path: Path, embedder: Embedder | None = None) -> list[ImportResult]:
    """Import a .md file or a folder of them. Every file is parsed first: if any
    fails, nothing is imported and every error is reported."""
    files = collect_document_files(path)
    parsed: list[ParsedDocument] = []
    errors: list[str] = []
    for file in files:
        try:
            parsed.append(read_document_file(file))
        except ImportFileError as err:
            errors.extend(err.errors)
    slugs = [doc.slug for doc in parsed]
    for slug in {s for s in slugs if slugs.count(s) > 1}:
        errors.append(f"{path}: two files give the document slug {slug!r}")
    if errors:
        raise ImportFileError(errors)
    return [document_import(parsed=doc, embedder=embedder) for doc in parsed]


def document_import(
    *,
    parsed: ParsedDocument,
    user=None,
    expected_version: int | None = None,
    embedder: Embedder | None = None,
) -> ImportResult:
    """Create or update one document and its chunks.

    An unchanged document changes nothing. A changed one keeps the rows (and ids)
    of chunks whose position and content stayed, reuses the embeddings of moved
    chunks, and embeds only new content."""
    embedder = embedder or get_embedder()
    current = Document.objects.filter(slug=parsed.slug).first()
    if current is not None and expected_version is not None and current.version != expected_version:
        raise StaleEditError(
            f"{parsed.slug} was changed by someone else (version {current.version}, "
            f"your edit started from {expected_version}); reload and apply your change again"
        )
    if current is not None and _same_document(current, parsed, embedder):
        return ImportResult(parsed.slug, False, False, len(parsed.chunks), 0, 0)

    known = known_embeddings(current, embedder) if current else {}
    missing = [c for c in parsed.chunks if c.content_sha256 not in known]
    if missing:
        vectors = embedder.embed_passages([c.embedding_input for c in missing])
        for chunk, vector in zip(missing, vectors, strict=True):
            known[chunk.content_sha256] = vector
    phrasings = phrasing_vectors(current, parsed.chunks, embedder)

    with transaction.atomic():
        document, created = Document.objects.select_for_update().get_or_create(
            slug=parsed.slug,
            defaults={"title": parsed.title, "language": parsed.language, "body": parsed.body},
        )
        if expected_version is not None and document.version != expected_version and not created:
            raise StaleEditError(
                f"{parsed.slug} was changed by someone else while you edited it; reload"
            )
        document.title = parsed.title
        document.language = parsed.language
        document.source_url = parsed.source_url
        document.shop = parsed.shop
        document.body = parsed.body
        document.body_sha256 = parsed.body_sha256
        document.updated_by = user
        if not created:
            document.version += 1
        document.save()
        deleted = write_chunks(document, parsed, known, embedder)
        sync_phrasings(document, parsed, phrasings, embedder)
    return ImportResult(parsed.slug, created, True, len(parsed.chunks), len(missing), deleted)


def write_chunks(
    document: Document, parsed: ParsedDocument, known: dict, embedder: Embedder
) -> int:
    """Make the document's chunk rows match ``parsed`` (inside the caller's
    transaction): unchanged rows are left alone, changed ones updated in place,
    extra ones deleted. Returns how many rows were deleted."""
    existing = {chunk.position: chunk for chunk in document.chunks.all()}
    for item in parsed.chunks:
        row = existing.get(item.position)
        if (
            row
            and row.content_sha256 == item.content_sha256
            and row.embedding_model == embedder.name
        ):
            continue
        row = row or Chunk(document=document, position=item.position)
        row.question = item.question
        row.alternatives = "\n".join(item.alternatives)
        row.text = item.text
        row.language = item.language
        row.codes = list(item.codes)
        row.content_sha256 = item.content_sha256
        row.embedding = known[item.content_sha256]
        row.embedding_model = embedder.name
        row.background = {}  # new content: knowledge.calibration derives it again
        row.save()
    # the count of chunk rows only (their phrasings go with them)
    _, deleted = document.chunks.filter(position__gt=len(parsed.chunks)).delete()
    return deleted.get(Chunk._meta.label, 0)


def _same_document(current: Document, parsed: ParsedDocument, embedder: Embedder) -> bool:
    if (
        current.body_sha256,
        current.title,
        current.language,
        current.source_url,
        current.shop,
    ) != (
        parsed.body_sha256,
        parsed.title,
        parsed.language,
        parsed.source_url,
        parsed.shop,
    ):
        return False
    stored = list(current.chunks.values_list("content_sha256", "embedding_model"))
    if stored != [(c.content_sha256, embedder.name) for c in parsed.chunks]:
        return False
    return phrasings_current(current, parsed, embedder)


def known_embeddings(document: Document, embedder: Embedder) -> dict:
    rows = document.chunks.filter(embedding_model=embedder.name).values_list(
        "content_sha256", "embedding"
    )
    return {sha: vector for sha, vector in rows if vector is not None}
