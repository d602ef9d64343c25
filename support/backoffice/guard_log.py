"""The guard log's staff pages (/staff/guards/): the rejection notes, one note explained, and the
"false positive" mark.

Who: agents (they read why an answer was thrown away before taking a conversation
over) and editors (a false positive often means a chunk lacks a figure). Refund
approvers are not let in: the notes carry customers' questions and drafts that
their job does not need.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from config.staff_access import StaffGroup, staff_required
from guards.codes import GUARD_CODES, GuardMode
from guards.models import GuardLog
from guards.services import mark_false_positive
from support.backoffice import selectors
from support.models import Turn

GUARD_LOG_GROUPS = (StaffGroup.AGENTS, StaffGroup.EDITORS)
PER_PAGE = 25
DATE_FORMATS = ["%Y-%m-%d"]


class GuardLogFilterForm(forms.Form):
    guard = forms.ChoiceField(
        required=False,
        choices=[("", "any guard"), *((c.value, c.value) for c in GUARD_CODES)],
        error_messages={
            "invalid_choice": "Unknown guard code “%(value)s”: pick one from the list."
        },
    )
    mode = forms.ChoiceField(
        required=False,
        label="Mode",
        choices=[("", "any mode"), (GuardMode.ENFORCE, "enforce"), (GuardMode.OBSERVE, "observe")],
        error_messages={"invalid_choice": "Unknown mode “%(value)s”: enforce or observe."},
    )
    action = forms.ChoiceField(
        required=False,
        label="Turn's action",
        choices=[("", "any action"), *Turn.Action.choices],
        error_messages={"invalid_choice": "Unknown action “%(value)s”: pick one from the list."},
    )
    date_from = forms.DateField(
        required=False,
        label="From",
        input_formats=DATE_FORMATS,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": "“From” must be a date written YYYY-MM-DD."},
    )
    date_to = forms.DateField(
        required=False,
        label="To",
        input_formats=DATE_FORMATS,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": "“To” must be a date written YYYY-MM-DD."},
    )
    false_positive = forms.ChoiceField(
        required=False,
        label="False positive",
        choices=[("", "marked or not"), ("yes", "marked"), ("no", "not marked")],
        error_messages={"invalid_choice": "“False positive” must be yes or no."},
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", "“To” is before “From”.")
        return data

    def filters(self) -> selectors.GuardLogFilters:
        """The valid filters only (an invalid field is reported and ignored)."""
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        marked = data.get("false_positive") or ""
        return selectors.GuardLogFilters(
            guard=data.get("guard") or "",
            mode=data.get("mode") or "",
            action=data.get("action") or "",
            date_from=data.get("date_from"),
            date_to=data.get("date_to"),
            false_positive={"yes": True, "no": False}.get(marked),
        )


def _partial_request(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


@require_GET
@staff_required(*GUARD_LOG_GROUPS)
def guardlog_list(request: HttpRequest) -> HttpResponse:
    form = GuardLogFilterForm(request.GET)
    form.is_valid()
    logs = selectors.guard_log_list(form.filters())
    page = selectors.paginate(logs, page=request.GET.get("page"), per_page=PER_PAGE)
    partial = _partial_request(request)
    context = {"form": form, "page": page, "nav": "guards", "partial": partial}
    template = (
        "support/staff/guards/_guardlog_results.html"
        if partial
        else "support/staff/guards/guardlog_list.html"
    )
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_GET
@staff_required(*GUARD_LOG_GROUPS)
def guardlog_detail(request: HttpRequest, log_id: int) -> HttpResponse:
    detail = selectors.guard_log_detail(log_id)
    if detail is None:
        raise Http404("no such guard log note")
    context = {"nav": "guards", **selectors.explain_note(detail)}
    return render(request, "support/staff/guards/guardlog_detail.html", context)


@require_POST
@staff_required(*GUARD_LOG_GROUPS)
def guardlog_mark_false_positive(request: HttpRequest, log_id: int) -> HttpResponse:
    try:
        mark = mark_false_positive(log_id=log_id, user=request.user)
    except GuardLog.DoesNotExist:
        raise Http404("no such guard log note") from None
    if _partial_request(request):
        context = {"log": mark.log, "just_marked": mark.marked_now, "already": not mark.marked_now}
        return render(request, "support/staff/guards/_false_positive.html", context)
    if mark.marked_now:
        messages.success(request, "Marked as a false positive: the export turns it into a test.")
    else:
        messages.info(request, "This note was already marked as a false positive.")
    return redirect(reverse("guardlog-detail", args=[log_id]))
