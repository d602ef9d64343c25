"""The refund queue: refund approvers approve or deny what the assistant could only request."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET, require_POST

from config.staff_access import StaffGroup, staff_required
from support.backoffice import selectors
from support.backoffice.forms import RefundDecisionForm, first_error
from support.backoffice.refund_decisions import (
    AlreadyDecided,
    DecisionNotAllowed,
    IdempotencyConflict,
    InvalidDecision,
    RefundDecision,
    RefundDecisionError,
    RefundNotFound,
    refund_request_decide,
)

QUEUE = "support/staff/refunds/queue.html"
LIST = "support/staff/refunds/_refund_list.html"
ROW = "support/staff/refunds/_refund_row.html"
STATUS_OF = {
    RefundNotFound: 404,
    DecisionNotAllowed: 403,
    AlreadyDecided: 409,
    IdempotencyConflict: 409,
    InvalidDecision: 400,
}


def _queue_context(tab: str) -> dict:
    tab = "decided" if tab == "decided" else "pending"
    refunds = selectors.refunds_decided() if tab == "decided" else selectors.refunds_pending()
    return {
        "nav": "refunds",
        "tab": tab,
        "refunds": refunds,
        "pending_count": selectors.refunds_pending_count(),
        "new_key": _new_key,
    }


def _new_key() -> str:
    """A fresh idempotency key per rendered form: a double submit replays, not repeats."""
    return uuid.uuid4().hex


@require_GET
@staff_required(StaffGroup.REFUND_APPROVERS)
def refund_queue(request: HttpRequest) -> HttpResponse:
    context = _queue_context(request.GET.get("tab", "pending"))
    # A tab fetched by htmx gets the list only; a history restore needs the whole page.
    partial = request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request
    response = render(request, LIST if partial else QUEUE, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_POST
@staff_required(StaffGroup.REFUND_APPROVERS)
def refund_decide(request: HttpRequest, pk: int) -> HttpResponse:
    form = RefundDecisionForm(request.POST)
    if not form.is_valid():
        return _refused(request, pk, first_error(form), 400, note=request.POST.get("note", ""))
    key = request.headers.get("Idempotency-Key") or form.cleaned_data["idempotency_key"]
    try:
        decision = refund_request_decide(
            refund_request_id=pk,
            decided_by=request.user,
            approve=form.approve,
            note=form.cleaned_data["note"],
            idempotency_key=key or None,
            amount=form.cleaned_data["amount"],
        )
    except RefundDecisionError as error:
        status = STATUS_OF.get(type(error), 400)
        return _refused(request, pk, error.message, status, note=form.cleaned_data["note"])
    done = _done_message(decision)
    if request.htmx:
        refund = selectors.refund_for_row(refund_request_id=pk)
        return render(request, ROW, {"refund": refund, "done": done, "new_key": _new_key})
    messages.success(request, done)
    return redirect("refund-queue")


def _done_message(decision: RefundDecision) -> str:
    verb = "Approved" if decision.approved else "Denied"
    text = f"{verb}: refund for order {decision.order_number}."
    if decision.customer_message_id:
        text += " The customer was told in their conversation."
    if decision.replayed:
        text += " (This decision had already been recorded; nothing was done twice.)"
    return text


def _refused(request: HttpRequest, pk: int, error: str, status: int, *, note: str) -> HttpResponse:
    """Nothing was decided: say why, in the row (htmx) or at the top of the queue."""
    if request.htmx:
        refund = selectors.refund_for_row(refund_request_id=pk)
        context = {"refund": refund, "error": error, "note": note, "new_key": _new_key}
        return render(request, ROW, context, status=status)
    context = _queue_context("pending") | {"error": error}
    return render(request, QUEUE, context, status=status)
