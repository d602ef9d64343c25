"""The Unanswered page (/staff/unanswered/, editors): the questions the documents
did not answer, grouped, with the nearest chunks; one click adds a question as an
``> Also asked:`` line to a chunk (knowledge's editing service: audited, stale-edit
rule, re-index), and the group then shows which of its questions the search answers.
Another opens the corpus's New document form prefilled from the group; saving it
is the corpus's own create (audited, embedded by the re-index task).

Views are thin: the access decorator, a form, one service call, a render. The
group partial is rendered by the page, by its own GET (a re-check while the
document re-indexes) and by the POST alike."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from config.staff_access import StaffGroup, staff_required
from knowledge import services
from knowledge.forms import DocumentCreateForm, new_document_initial
from knowledge.models import Document, IndexState
from knowledge.parsing import DocumentFormatError
from support.backoffice.unanswered_groups import Group, unanswered_group, unanswered_groups
from support.models import Message

editors_only = staff_required(StaffGroup.EDITORS)
PAGE = "support/staff/unanswered/list.html"
GROUP = "support/staff/unanswered/_group.html"


class AddPhrasingForm(forms.Form):
    group = forms.IntegerField(min_value=1)
    source = forms.RegexField(regex=r"^[a-z0-9][a-z0-9_-]{0,99}#[0-9]{1,6}$", max_length=110)
    version = forms.IntegerField(min_value=1)


def _partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


def _pending(slug: str) -> bool:
    """True while the document's re-index has not finished (the group re-checks)."""
    state = Document.objects.filter(slug=slug).values_list("index_state", flat=True).first()
    return state in (IndexState.QUEUED, IndexState.RUNNING)


def _render_group(
    request: HttpRequest, group: Group, *, status: int = 200, **extra: object
) -> HttpResponse:
    pending = str(extra.pop("pending", "") or "")
    context = {"group": group, "pending": pending if pending and _pending(pending) else "", **extra}
    response = render(request, GROUP, context, status=status)
    patch_vary_headers(response, ["HX-Request"])
    return response


@editors_only
@require_GET
def unanswered_list(request: HttpRequest) -> HttpResponse:
    context = {"nav": "unanswered", "groups": unanswered_groups()}
    return render(request, PAGE, context)


@editors_only
@require_GET
def unanswered_group_view(request: HttpRequest, message_id: int) -> HttpResponse:
    group = unanswered_group(message_id=message_id)
    if group is None:
        raise Http404("no such question on the Unanswered page")
    if not _partial(request):
        return redirect(reverse("unanswered-list") + f"#group-{group.key}")
    return _render_group(request, group, pending=request.GET.get("pending", "")[:100])


@editors_only
@require_POST
def unanswered_add_phrasing(request: HttpRequest, message_id: int) -> HttpResponse:
    """Add the customer's message ``message_id`` as a phrasing of the chosen chunk."""
    message = Message.objects.filter(pk=message_id, role=Message.Role.CUSTOMER).first()
    if message is None:
        raise Http404("no such customer question")
    form = AddPhrasingForm(request.POST)
    error, status, added = "", 200, None
    if not form.is_valid():
        error, status = "Pick one of the chunks listed beside the group.", 400
    else:
        try:
            added = services.chunk_add_phrasing(
                source=form.cleaned_data["source"],
                phrase=message.text,
                expected_version=form.cleaned_data["version"],
                actor=request.user,
            )
        except services.StaleEditError as err:
            error, status = str(err), 409
        except (Document.DoesNotExist, DocumentFormatError) as err:
            error, status = f"That chunk is not in the corpus any more: {err}", 400
    done = ""
    if added is not None:
        done = (
            f"Added to {added.source}; re-embedding it."
            if added.added
            else f"{added.source} already had this phrasing: nothing changed."
        )
    if not _partial(request):
        (messages.success if done else messages.error)(request, done or error)
        key = form.cleaned_data.get("group") if form.is_valid() else message_id
        return redirect(reverse("unanswered-list") + f"#group-{key}")
    key = form.cleaned_data["group"] if form.is_valid() else message_id
    group = unanswered_group(message_id=key) or unanswered_group(message_id=message_id)
    if group is None:
        raise Http404("no such question on the Unanswered page")
    pending = added.source.partition("#")[0] if added and added.added else ""
    return _render_group(request, group, status=status, error=error, done=done, pending=pending)


@editors_only
@require_GET
def unanswered_new_document(request: HttpRequest, message_id: int) -> HttpResponse:
    """The corpus's New document form, prefilled from the group of ``message_id``:
    its shop and language, its newest question as the `## ` heading and the others
    as `> Also asked:` lines. The form posts to the corpus's own create view."""
    group = unanswered_group(message_id=message_id, searched=False)
    if group is None:
        raise Http404("no such question on the Unanswered page")
    first = group.questions[0].question
    initial = new_document_initial(
        question=first.text,
        also_asked=[item.question.text for item in group.questions[1:]],
        shop=group.shop,
        language=first.language,
    )
    context = {
        "nav": "corpus",
        "form": DocumentCreateForm(initial=initial),
        "preview": {"empty": True},
        "from_unanswered": group,
    }
    return render(request, "knowledge/create.html", context)
