"""The corpus editor's decisions on the model's phrasing suggestions (editors only):
accept one (it becomes an ``> Also asked:`` line of its chunk, through the same
edit as any other: audited, re-embedded, the stale-edit rule) or reject it.

Plain POST forms; each answers with a redirect back to the chunk on the
document's edit page, and a message saying what happened."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from config.staff_access import StaffGroup, staff_required
from knowledge import services
from knowledge.models import PhrasingSuggestion

editors_only = staff_required(StaffGroup.EDITORS)


class AcceptForm(forms.Form):
    version = forms.IntegerField(min_value=1)


def _suggestion_of(slug: str, suggestion_id: int) -> PhrasingSuggestion:
    suggestion = (
        PhrasingSuggestion.objects.select_related("chunk__document")
        .filter(pk=suggestion_id)
        .first()
    )
    if suggestion is None or suggestion.chunk.document.slug != slug:
        raise Http404("no such suggestion in this document")
    return suggestion


def _back(slug: str, suggestion: PhrasingSuggestion) -> HttpResponse:
    url = reverse("corpus-edit", kwargs={"slug": slug}) + f"#chunk-{suggestion.chunk_id}"
    return redirect(url)


@editors_only
@require_POST
def suggestion_accept(request: HttpRequest, slug: str, suggestion_id: int) -> HttpResponse:
    suggestion = _suggestion_of(slug, suggestion_id)
    form = AcceptForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Reload the page: the form lacked the document's version.")
        return _back(slug, suggestion)
    try:
        services.suggestion_accept(
            suggestion_id=suggestion.pk,
            expected_version=form.cleaned_data["version"],
            actor=request.user,
        )
    except (services.StaleEditError, services.SuggestionDecisionError) as err:
        messages.error(request, str(err))
    else:
        messages.success(
            request,
            f"Added “{suggestion.text}” to {suggestion.chunk.source}; re-embedding it.",
        )
    return _back(slug, suggestion)


@editors_only
@require_POST
def suggestion_reject(request: HttpRequest, slug: str, suggestion_id: int) -> HttpResponse:
    suggestion = _suggestion_of(slug, suggestion_id)
    try:
        services.suggestion_reject(suggestion_id=suggestion.pk, actor=request.user)
    except services.SuggestionDecisionError as err:
        messages.error(request, str(err))
    else:
        messages.success(request, f"Rejected “{suggestion.text}”.")
    return _back(slug, suggestion)
