"""The corpus pages' synonyms dictionaries (editors only): the list of search
scopes (the shared dictionary and each shop's) and one page per scope with the
dictionary as text, in the file format of knowledge/synonyms.py.

Thin like the other corpus pages: the access decorator, a form, one service call, a
render of the partial (htmx) or the whole page."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from knowledge import services
from knowledge.models import Document, SynonymDictionary
from knowledge.parsing import SHOP
from knowledge.selectors import synonym_dictionary
from knowledge.staff_views import editors_only, is_partial, render_page
from knowledge.synonyms import MAX_CHARS, SynonymFormatError, parse_synonyms


class SynonymsForm(forms.Form):
    text = forms.CharField(
        required=False,
        strip=False,
        max_length=MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 20, "cols": 80, "spellcheck": "false"}),
        label="Synonyms (one group per line, terms separated by commas, # starts a comment)",
    )
    version = forms.IntegerField(min_value=0, widget=forms.HiddenInput)


def scope_url(shop: str) -> str:
    if shop:
        return reverse("corpus-synonyms-shop", kwargs={"shop": shop})
    return reverse("corpus-synonyms-shared")


def scope_rows() -> list[dict[str, Any]]:
    """The shared scope, then every shop that has documents or a dictionary."""
    saved = {d.shop: d for d in SynonymDictionary.objects.select_related("updated_by")}
    shops = set(Document.objects.exclude(shop="").values_list("shop", flat=True))
    shops |= {s for s in saved if s}
    rows = []
    for shop in ["", *sorted(shops)]:
        rows.append({"shop": shop, "dictionary": saved.get(shop), "url": scope_url(shop)})
    return rows


@editors_only
@require_GET
def synonyms_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "knowledge/synonyms_list.html", {"nav": "corpus", "scopes": scope_rows()}
    )


@editors_only
@require_http_methods(["GET", "POST"])
def synonyms_shared(request: HttpRequest) -> HttpResponse:
    return synonyms_edit(request, "")


@editors_only
@require_http_methods(["GET", "POST"])
def synonyms_shop(request: HttpRequest, shop: str) -> HttpResponse:
    if not SHOP.match(shop):
        raise Http404("no such shop")
    return synonyms_edit(request, shop)


def synonyms_edit(request: HttpRequest, shop: str) -> HttpResponse:
    dictionary = synonym_dictionary(shop)
    status = 200
    line_errors: list[str] = []
    note = ""
    if request.method == "POST":
        form = SynonymsForm(request.POST)
        if form.is_valid():
            try:
                saved = services.synonyms_set(
                    shop=shop,
                    text=form.cleaned_data["text"],
                    expected_version=form.cleaned_data["version"],
                    actor=request.user,
                )
            except SynonymFormatError as err:
                line_errors = err.errors
                status = 400
            except services.StaleEditError as err:
                form.add_error(None, str(err))
                status = 409
            else:
                if saved.changed:
                    note = (
                        f"Saved version {saved.dictionary.version}: {saved.dictionary.groups} "
                        f"groups ({len(saved.added)} added, {len(saved.removed)} removed)."
                    )
                else:
                    note = "Nothing changed."
                if not is_partial(request):
                    messages.success(request, note)
                    return redirect(scope_url(shop))
                dictionary = saved.dictionary
                form = SynonymsForm(
                    initial={"text": dictionary.text, "version": dictionary.version}
                )
        else:
            status = 400
    else:
        form = SynonymsForm(initial={"text": dictionary.text, "version": dictionary.version})
    context = {
        "shop": shop,
        "dictionary": dictionary,
        "form": form,
        "line_errors": line_errors,
        "note": note,
        "stale": status == 409,
        "action": scope_url(shop),
        "groups": parse_groups_or_empty(dictionary.text),
    }
    return render_page(
        request, "knowledge/synonyms.html", "knowledge/_synonyms_form.html", context, status=status
    )


def parse_groups_or_empty(text: str) -> list:
    try:
        return parse_synonyms(text)
    except SynonymFormatError:
        return []
