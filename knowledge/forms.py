"""Back-office forms for documents. A valid form carries the parsed document
(``form.parsed``): the Markdown is chunked while validating, so a body that
cannot be chunked is a form error, never a 500 later on."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.urls import reverse
from django.utils.text import slugify

from knowledge.models import Document, Language
from knowledge.parsing import (
    DocumentFormatError,
    ParsedDocument,
    parse_body,
    parse_document,
    validate_slug,
)

PREVIEW_SLUG = "preview"


class DocumentForm(forms.Form):
    title = forms.CharField(
        max_length=300,
        required=False,
        help_text="Empty: the first '# ' heading of the body.",
    )
    language = forms.ChoiceField(
        choices=[("", "Detect from the text"), *Language.choices], required=False
    )
    source_url = forms.URLField(
        max_length=500,
        required=False,
        assume_scheme="https",
        label="Source URL",
        help_text="The published page the figures come from.",
    )
    shop = forms.SlugField(
        max_length=50,
        required=False,
        help_text="The shop whose customers this answers (the widget's data-shop); "
        "empty: every shop.",
    )
    body = forms.CharField(
        strip=False,
        widget=forms.Textarea(attrs={"rows": 22, "spellcheck": "true"}),
        help_text="Markdown: each '## ' heading is one customer question; the text under it "
        "is its whole answer; '> Also asked:' lines are other phrasings.",
    )

    def __init__(self, *args: Any, slug: str = PREVIEW_SLUG, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.slug = slug
        self.parsed: ParsedDocument | None = None
        # Live preview: the chunks are re-rendered as the editor types (the form's
        # other fields go along, as for any non-GET htmx request inside a form).
        self.fields["body"].widget.attrs.update(
            {
                "hx-post": reverse("corpus-preview"),
                "hx-trigger": "keyup changed delay:400ms, change",
                "hx-target": "#preview",
                "hx-swap": "outerHTML",
                "hx-sync": "this:replace",
            }
        )

    def clean_source_url(self) -> str:
        url = self.cleaned_data["source_url"]
        if url and not url.startswith(("http://", "https://")):
            raise forms.ValidationError("The source URL must start with http:// or https://.")
        return url

    def clean_body(self) -> str:
        body = self.cleaned_data["body"]
        size = len(body.encode())
        if size > settings.KNOWLEDGE_MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"The body is {size:,} bytes; the limit is {settings.KNOWLEDGE_MAX_IMPORT_BYTES:,}."
            )
        return body.replace("\r\n", "\n").replace("\r", "\n")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "body" in data and not self.errors:
            try:
                self.parsed = chunk_body(
                    slug=self._slug_for_parsing(data),
                    body=data["body"],
                    language=data.get("language") or "",
                    source_url=data.get("source_url") or "",
                    title=data.get("title") or "",
                    shop=data.get("shop") or "",
                )
            except DocumentFormatError as err:
                self.add_error("body", str(err))
        return data

    def _slug_for_parsing(self, data: dict[str, Any]) -> str:
        return self.slug


class DocumentCreateForm(DocumentForm):
    slug = forms.CharField(
        max_length=100,
        help_text="Lowercase letters, digits, '-' or '_'; chunks are cited as slug#n.",
    )
    field_order = ["slug", "title", "language", "source_url", "shop", "body"]

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"].strip()
        try:
            validate_slug(slug)
        except DocumentFormatError as err:
            raise forms.ValidationError(str(err)) from None
        if Document.objects.filter(slug=slug).exists():
            raise forms.ValidationError(f"A document with the slug {slug!r} already exists.")
        return slug

    def _slug_for_parsing(self, data: dict[str, Any]) -> str:
        return data["slug"]


class DocumentEditForm(DocumentForm):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    @classmethod
    def for_document(cls, document: Document) -> DocumentEditForm:
        return cls(
            slug=document.slug,
            initial={
                "title": document.title,
                "language": document.language,
                "source_url": document.source_url,
                "shop": document.shop,
                "body": document.body,
                "version": document.version,
            },
        )


class PreviewForm(DocumentForm):
    """The live preview: the edit form's fields, any slug (only used for ids)."""

    slug = forms.CharField(max_length=100, required=False)

    def _slug_for_parsing(self, data: dict[str, Any]) -> str:
        slug = (data.get("slug") or "").strip()
        try:
            return validate_slug(slug)
        except DocumentFormatError:
            return self.slug


def chunk_body(
    *, slug: str, body: str, language: str, source_url: str, title: str, shop: str = ""
) -> ParsedDocument:
    """Chunk a body typed in the back office. The form's fields win; an empty
    language, source URL or shop comes from the body's front matter (or the
    language is detected)."""
    whole = parse_document(slug=slug, text=body)
    return parse_body(
        slug=slug,
        body=body,
        language=language or whole.language,
        source_url=source_url or whole.source_url,
        title=title,
        shop=shop or whole.shop,
    )


MAX_SKETCH_PHRASINGS = 10
MAX_SKETCH_PHRASING = 200


def new_document_initial(
    *, question: str, also_asked: list[str], shop: str, language: str
) -> dict[str, str]:
    """The New document form's initial values for a question the corpus does not
    answer (the Unanswered page): the shop, the language, a free slug from the
    question, and a body skeleton — the question as the `## ` heading and the other
    questions as `> Also asked:` lines. The answer is left for the editor to
    write: until it is, the form refuses to save (a question with no answer)."""
    heading = " ".join(question.split()).lstrip("#").strip() or "New question"
    seen = {heading.casefold()}
    lines = []
    for other in also_asked:
        phrase = " ".join(other.split())
        if not phrase or len(phrase) > MAX_SKETCH_PHRASING or phrase.casefold() in seen:
            continue
        seen.add(phrase.casefold())
        lines.append(f"> Also asked: {phrase}")
        if len(lines) >= MAX_SKETCH_PHRASINGS:
            break
    body = "\n".join([f"# {heading}", "", f"## {heading}", "", *lines]) + "\n"
    return {
        "slug": _free_slug(heading),
        "shop": shop,
        "language": language if language in Language.values else "",
        "body": body,
    }


def _free_slug(text: str) -> str:
    base = slugify(text)[:60].strip("-") or "new-document"
    slug, n = base, 2
    while Document.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug
