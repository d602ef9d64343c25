"""The corpus lint panel (per document and for the whole corpus) and the "try a
question" box. The checks are pure functions in knowledge/lint.py; these views
gather their plain data from the database, the search and the evaluation set."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from knowledge import answer_cases, lint
from knowledge.embedders import EmbedderError, get_embedder
from knowledge.models import Chunk, Document
from knowledge.search import (
    QueryError,
    RelevancePolicy,
    hybrid_search,
    search_with_candidates,
)
from knowledge.staff_views import document_for_editing, editors_only, render_page


def competing_cosine() -> float:
    return float(
        getattr(settings, "KNOWLEDGE_LINT_COMPETING_COSINE", lint.DEFAULT_COMPETING_COSINE)
    )


retrieval_k = answer_cases.retrieval_k


def enabled_chunks(document: Document | None = None):
    rows = Chunk.objects.filter(enabled=True).select_related("document")
    if document is not None:
        rows = rows.filter(document=document)
    return rows.order_by("document__slug", "position")


def lint_chunks(document: Document | None) -> list[lint.LintChunk]:
    return [
        lint.LintChunk(c.source, c.document.source_url, c.language, c.question, c.text)
        for c in enabled_chunks(document)
    ]


def embedded_chunks() -> list[lint.EmbeddedChunk]:
    rows = enabled_chunks().filter(embedding__isnull=False).defer("text", "alternatives")
    return [lint.EmbeddedChunk(c.source, c.question, c.embedding) for c in rows]


def evaluation_cases(document: Document | None) -> list[lint.EvaluationCase]:
    """The evaluation set's cases (those citing ``document`` when given), each with
    what the assistant's retrieval returns for its question today."""
    cases = answer_cases.answer_cases()
    texts = {c.source: lint.SourceText(c.source, c.text, c.language) for c in enabled_chunks()}
    wanted = []
    for case in cases:
        cited = lint.cited_sources(case.has)
        if document is not None and not any(s.startswith(f"{document.slug}#") for s in cited):
            continue
        if not cited and not lint.claim_figures(case.has, language=case.language):
            continue  # nothing this case's answer needs from the corpus
        wanted.append((case, tuple(texts[s] for s in cited if s in texts)))
    if not wanted:
        return []
    vectors = get_embedder().embed_queries([case.question for case, _ in wanted])
    found = []
    for (case, expected), vector in zip(wanted, vectors, strict=True):
        try:
            hits = hybrid_search(case.question, k=retrieval_k(), vector=vector)
        except QueryError:
            hits = []
        retrieved = tuple(texts[h.source] for h in hits if h.source in texts)
        found.append(
            lint.EvaluationCase(case.question, case.language, case.has, expected, retrieved)
        )
    return found


def lint_report(document: Document | None) -> dict[str, Any]:
    threshold = competing_cosine()
    involving = None
    if document is not None:
        involving = [
            f"{document.slug}#{p}" for p in document.chunks.values_list("position", flat=True)
        ]
    report: dict[str, Any] = {
        "document": document,
        "threshold": threshold,
        "unanchored": lint.unanchored_figures(lint_chunks(document)),
        "competing": lint.competing_pairs(
            embedded_chunks(), threshold=threshold, involving=involving
        ),
    }
    try:
        cases = evaluation_cases(document)
        report["evaluation_checked"] = len(cases)
        report["evaluation_gaps"] = lint.evaluation_gaps(cases)
    except (OSError, ValueError, EmbedderError) as err:
        report["evaluation_error"] = f"The evaluation set could not be checked: {err}"
    return report


@editors_only
@require_GET
def corpus_lint(request: HttpRequest) -> HttpResponse:
    context = {"report": lint_report(None)}
    return render_page(request, "knowledge/lint.html", "knowledge/_lint_panel.html", context)


@editors_only
@require_GET
def document_lint(request: HttpRequest, slug: str) -> HttpResponse:
    document = document_for_editing(slug)
    context = {"report": lint_report(document), "document": document}
    return render_page(
        request, "knowledge/document_lint.html", "knowledge/_lint_panel.html", context
    )


@editors_only
@require_GET
def try_question(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "")
    context: dict[str, Any] = {"q": query, "k": retrieval_k()}
    if query.strip():
        try:
            _, candidates = search_with_candidates(query)
            policy = RelevancePolicy.for_embedder(get_embedder().name)
            context["policy_fields"] = [(n, f"{v:g}") for n, v in asdict(policy).items()]
            context["verdicts"] = lint.relevance_verdicts(candidates, policy=policy, k=context["k"])
        except (QueryError, EmbedderError) as err:
            context["error"] = str(err)
    return render_page(request, "knowledge/try.html", "knowledge/_try_results.html", context)
