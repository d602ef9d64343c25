"""Markdown → one chunk per customer question. Pure functions, no database.

A document file looks like this::

    ---
    source_url: https://shop.example/help/delivery
    language: en
    shop: demo-shop
    ---
    # Delivery
    ## How much does delivery cost?
    The whole answer, self-contained.
    > Also asked: what do you charge for shipping?

Each `## ` heading is a question and the text under it (up to the next `## `) is
its answer. Lines starting with `> Also asked:` at the end of a section are other
phrasings of the question: embedded and matched too, not shown as answer text.
`shop` (optional) says which shop's customers the document answers; without it the
document is shared by every shop.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any

import yaml

from knowledge.codes import extract_codes
from knowledge.language import detect_language

ALSO_ASKED = re.compile(r"^>\s*also asked:\s*(?P<phrase>.+)$", re.IGNORECASE)
FENCE = re.compile(r"^(```|~~~)")
SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,99}$")
FRONT_MATTER_KEYS = {"source_url", "language", "shop"}
SHOP = re.compile(r"^[a-z0-9][a-z0-9_-]{0,49}$")
LANGUAGES = {"es", "en"}


class DocumentFormatError(ValueError):
    """A document that cannot be chunked; `line` is 1-based when it applies."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


@dataclass(frozen=True)
class ParsedChunk:
    position: int
    question: str
    alternatives: tuple[str, ...]
    text: str
    language: str
    codes: tuple[str, ...]

    @property
    def content_sha256(self) -> str:
        joined = "\x1f".join(
            [self.question, "\n".join(self.alternatives), self.text, self.language]
        )
        return hashlib.sha256(joined.encode()).hexdigest()

    @property
    def embedding_input(self) -> str:
        """What gets embedded: the question, its other phrasings, then the answer."""
        return "\n".join([self.question, *self.alternatives, self.text])


@dataclass(frozen=True)
class ParsedDocument:
    slug: str
    title: str
    language: str
    source_url: str
    body: str
    chunks: tuple[ParsedChunk, ...]
    shop: str = ""

    @property
    def body_sha256(self) -> str:
        return hashlib.sha256(self.body.encode()).hexdigest()


def decode_document(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise DocumentFormatError("the file is not UTF-8 text", line=line) from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def validate_slug(slug: str) -> str:
    if not SLUG.match(slug):
        raise DocumentFormatError(
            f"slug {slug!r} must be lowercase letters, digits, '-' or '_' (at most 100)"
        )
    return slug


def parse_document(*, slug: str, text: str) -> ParsedDocument:
    """Parse a whole Markdown document (front matter included) into chunks."""
    validate_slug(slug)
    meta, body, body_start = _split_front_matter(text)
    language = meta.get("language")
    source_url = meta.get("source_url", "")
    title, sections = _split_sections(body, first_line=body_start)
    if not sections:
        raise DocumentFormatError("no '## ' question heading: nothing to chunk")
    if language is None:
        language = detect_language(body)
    chunks = tuple(
        _make_chunk(position, heading, lines, language=language, line=line)
        for position, (heading, lines, line) in enumerate(sections, start=1)
    )
    return ParsedDocument(
        slug=slug,
        title=title or slug.replace("-", " ").replace("_", " ").capitalize(),
        language=language,
        source_url=source_url,
        body=body.strip() + "\n",
        chunks=chunks,
        shop=meta.get("shop", ""),
    )


def parse_body(
    *, slug: str, body: str, language: str, source_url: str, title: str, shop: str = ""
) -> ParsedDocument:
    """Parse a body edited in the back office: metadata comes from the form."""
    doc = parse_document(slug=slug, text=body)
    chunks = tuple(
        ParsedChunk(c.position, c.question, c.alternatives, c.text, language, c.codes)
        for c in doc.chunks
    )
    return ParsedDocument(
        slug, title or doc.title, language, source_url, doc.body, chunks, validate_shop(shop)
    )


def parse_saved(document: Any, *, body: str | None = None) -> ParsedDocument:
    """Parse a stored document (or ``body`` written into it) with its own metadata:
    ``document`` is anything with slug, body, language, source_url, title and shop."""
    return parse_body(
        slug=document.slug,
        body=document.body if body is None else body,
        language=document.language,
        source_url=document.source_url,
        title=document.title,
        shop=document.shop,
    )


def validate_shop(shop: str) -> str:
    if shop and not SHOP.match(shop):
        raise DocumentFormatError(
            f"shop {shop!r} must be lowercase letters, digits, '-' or '_' (at most 50)"
        )
    return shop


def _split_front_matter(text: str) -> tuple[dict[str, str], str, int]:
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, text, 1
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise DocumentFormatError(
            "front matter opened with '---' is never closed", line=1
        ) from None
    try:
        meta = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(err, "problem", None) or "invalid YAML"
        raise DocumentFormatError(f"front matter: {problem}", line=line) from None
    if not isinstance(meta, dict):
        raise DocumentFormatError("front matter must be 'key: value' lines", line=2)
    clean: dict[str, str] = {}
    for key, value in meta.items():
        if key not in FRONT_MATTER_KEYS:
            continue
        if not isinstance(value, str) or not value.strip():
            raise DocumentFormatError(f"front matter: {key} must be a non-empty text", line=2)
        clean[key] = value.strip()
    if "language" in clean and clean["language"] not in LANGUAGES:
        raise DocumentFormatError(
            f"front matter: language must be one of {sorted(LANGUAGES)}, not {clean['language']!r}",
            line=2,
        )
    if "source_url" in clean and not re.match(r"^https?://\S+$", clean["source_url"]):
        raise DocumentFormatError("front matter: source_url must be an http(s) URL", line=2)
    if "shop" in clean and not SHOP.match(clean["shop"]):
        raise DocumentFormatError(
            "front matter: shop must be lowercase letters, digits, '-' or '_' (at most 50), "
            f"not {clean['shop']!r}",
            line=2,
        )
    return clean, "\n".join(lines[end + 1 :]), end + 2


def _split_sections(body: str, *, first_line: int) -> tuple[str, list[tuple[str, list[str], int]]]:
    title = ""
    sections: list[tuple[str, list[str], int]] = []
    in_fence = False
    for offset, line in enumerate(body.split("\n")):
        if FENCE.match(line.strip()):
            in_fence = not in_fence
        if not in_fence and line.startswith("## "):
            sections.append((line[3:].strip(), [], first_line + offset))
        elif not in_fence and line.startswith("# ") and not sections and not title:
            title = line[2:].strip()
        elif sections:
            sections[-1][1].append(line)
    return title, sections


def _make_chunk(
    position: int, heading: str, lines: list[str], *, language: str, line: int
) -> ParsedChunk:
    if not heading:
        raise DocumentFormatError("a '## ' heading has no question text", line=line)
    alternatives: list[str] = []
    answer: list[str] = []
    for text_line in lines:
        match = ALSO_ASKED.match(text_line.strip())
        if match:
            alternatives.append(match.group("phrase").strip())
        else:
            answer.append(text_line)
    text = "\n".join(answer).strip()
    if not text:
        raise DocumentFormatError(f"the question {heading!r} has no answer under it", line=line)
    return ParsedChunk(
        position=position,
        question=heading,
        alternatives=tuple(alternatives),
        text=text,
        language=language,
        codes=tuple(extract_codes(" ".join([heading, text]))),
    )


def add_also_asked(body: str, *, position: int, phrase: str) -> str:
    """``body`` with ``> Also asked: phrase`` as the last line of chunk ``position``'s
    section (1-based, as in the chunk's source id). Raises DocumentFormatError when
    the body has no such chunk."""
    phrase = " ".join(phrase.split())
    if not phrase:
        raise DocumentFormatError("an empty phrasing")
    lines = body.split("\n")
    headings: list[int] = []
    in_fence = False
    for index, line in enumerate(lines):
        if FENCE.match(line.strip()):
            in_fence = not in_fence
        if not in_fence and line.startswith("## "):
            headings.append(index)
    if not 1 <= position <= len(headings):
        raise DocumentFormatError(f"the document has no chunk {position}")
    start = headings[position - 1]
    end = headings[position] if position < len(headings) else len(lines)
    last = max((i for i in range(start, end) if lines[i].strip()), default=start)
    return "\n".join([*lines[: last + 1], f"> Also asked: {phrase}", *lines[last + 1 :]])
