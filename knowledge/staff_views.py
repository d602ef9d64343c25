"""The corpus pages of the back office (editors only): list, create, edit with a
live chunk preview, re-index progress, chunk toggles, delete.

Views are thin: the access decorator, a form, one service call, a render. Each
partial is the same template the full page includes, so an htmx request
(``HX-Request``) gets the partial and a plain request gets the page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from config.staff_access import StaffGroup, staff_required
from knowledge import services
from knowledge.forms import DocumentCreateForm, DocumentEditForm, PreviewForm, chunk_body
from knowledge.lint import lint_chunks_of, unanchored_figures
from knowledge.models import Document
from knowledge.parsing import DocumentFormatError, ParsedDocument
from knowledge.selectors import calibration_summaries, chunks_for_editing

editors_only = staff_required(StaffGroup.EDITORS)
MAX_QUERY = 200


def is_partial(request: HttpRequest) -> bool:
    """An htmx request for a fragment (a history restore wants the whole page)."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def render_page(
    request: HttpRequest,
    page: str,
    partial: str,
    context: dict[str, Any],
    *,
    status: int = 200,
) -> HttpResponse:
    """The partial for htmx, the whole page otherwise; caches keep them apart."""
    context = {"nav": "corpus", **context}
    template = partial if is_partial(request) else page
    response = render(request, template, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


def document_for_editing(slug: str) -> Document:
    return get_object_or_404(Document.objects.select_related("updated_by"), slug=slug)


def document_rows(query: str) -> QuerySet[Document]:
    rows = Document.objects.select_related("updated_by").annotate(chunk_count=Count("chunks"))
    if query:
        rows = rows.filter(
            Q(title__icontains=query) | Q(slug__icontains=query) | Q(body__icontains=query)
        )
    return rows.order_by("slug")


@editors_only
@require_GET
def document_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:MAX_QUERY]
    context = {"documents": document_rows(query), "q": query}
    if not is_partial(request):
        context["calibrations"] = calibration_summaries()
    return render_page(request, "knowledge/list.html", "knowledge/_document_table.html", context)


@editors_only
@require_http_methods(["GET", "POST"])
def document_create(request: HttpRequest) -> HttpResponse:
    form = DocumentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and "preview" not in request.POST:
        try:
            document = services.document_create(parsed=form.parsed, actor=request.user)
        except services.DuplicateSlugError as err:
            form.add_error("slug", str(err))
        else:
            messages.success(request, f"Created {document.slug}; its chunks are being embedded.")
            return redirect("corpus-edit", slug=document.slug)
    preview = preview_context(form) if form.is_bound else {"empty": True}
    return render(
        request, "knowledge/create.html", {"nav": "corpus", "form": form, "preview": preview}
    )


@editors_only
@require_http_methods(["GET", "POST"])
def document_edit(request: HttpRequest, slug: str) -> HttpResponse:
    document = document_for_editing(slug)
    status = 200
    if request.method == "POST":
        form = DocumentEditForm(request.POST, slug=document.slug)
        if form.is_valid() and "preview" not in request.POST:
            try:
                changed = services.document_update(
                    document=document,
                    parsed=form.parsed,
                    expected_version=form.cleaned_data["version"],
                    actor=request.user,
                )
            except services.StaleEditError as err:
                form.add_error(None, str(err))
                status = 409
            else:
                note = "Saved; rechunking and embedding." if changed else "Nothing changed."
                messages.success(request, note)
                return redirect("corpus-edit", slug=document.slug)
    else:
        form = DocumentEditForm.for_document(document)
    context = {
        "document": document,
        "form": form,
        "preview": preview_context(form) if form.is_bound else saved_preview(document),
        "chunks": chunks_for_editing(document),
        "stale": status == 409,
    }
    return render(request, "knowledge/edit.html", {"nav": "corpus", **context}, status=status)


def preview_context(form: PreviewForm | DocumentCreateForm | DocumentEditForm) -> dict[str, Any]:
    """What the preview partial shows for a bound form: chunks, or one error line."""
    if form.is_valid() and form.parsed is not None:
        return chunks_preview(form.parsed)
    errors = [str(e) for field in ("body", "slug") for e in form.errors.get(field, [])]
    return {"error": errors[0] if errors else "Fix the form's errors to see the chunks."}


def saved_preview(document: Document) -> dict[str, Any]:
    try:
        parsed = chunk_body(
            slug=document.slug,
            body=document.body,
            language=document.language,
            source_url=document.source_url,
            title=document.title,
        )
    except DocumentFormatError as err:
        return {"error": str(err)}
    return chunks_preview(parsed)


def chunks_preview(parsed: ParsedDocument) -> dict[str, Any]:
    return {"parsed": parsed, "unanchored": unanchored_figures(lint_chunks_of(parsed))}


@editors_only
@require_POST
def document_preview(request: HttpRequest) -> HttpResponse:
    form = PreviewForm(request.POST)
    return render(request, "knowledge/_preview.html", {"preview": preview_context(form)})


@editors_only
@require_GET
def document_status(request: HttpRequest, slug: str) -> HttpResponse:
    document = document_for_editing(slug)
    if not is_partial(request):
        return redirect("corpus-edit", slug=document.slug)
    response = render(request, "knowledge/_index_status.html", {"document": document})
    if not document.indexing:
        # The task is over: the chunk list and the lint panel load again.
        trigger_client_event(response, "chunks-changed")
    return response


@editors_only
@require_GET
def document_chunks(request: HttpRequest, slug: str) -> HttpResponse:
    document = document_for_editing(slug)
    if not is_partial(request):
        return redirect(reverse("corpus-edit", kwargs={"slug": document.slug}) + "#chunks")
    context = {"document": document, "chunks": chunks_for_editing(document)}
    return render(request, "knowledge/_chunk_list.html", context)


@editors_only
@require_POST
def chunk_toggle(request: HttpRequest, slug: str, chunk_id: int) -> HttpResponse:
    document = document_for_editing(slug)
    chunk = get_object_or_404(chunks_for_editing(document), pk=chunk_id)
    if request.POST.get("enabled") not in ("0", "1"):
        return HttpResponse("enabled must be 0 or 1", status=400, content_type="text/plain")
    enabled = request.POST["enabled"] == "1"
    services.chunk_set_enabled(chunk=chunk, enabled=enabled, actor=request.user)
    if not is_partial(request):
        messages.success(request, f"{chunk.source} {'enabled' if enabled else 'disabled'}.")
        return redirect(reverse("corpus-edit", kwargs={"slug": slug}) + f"#chunk-{chunk.pk}")
    return render(request, "knowledge/_chunk_row.html", {"chunk": chunk, "document": document})


@editors_only
@require_http_methods(["GET", "POST"])
def document_delete(request: HttpRequest, slug: str) -> HttpResponse:
    document = document_for_editing(slug)
    if request.method == "POST":
        services.document_delete(document=document, actor=request.user)
        messages.success(request, f"Deleted {slug} and its chunks.")
        return redirect("corpus-list")
    context = {"document": document, "chunk_count": document.chunks.count(), "nav": "corpus"}
    return render(request, "knowledge/delete.html", context)
