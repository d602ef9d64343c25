"""The privacy page: staff of the ``privacy`` group export or erase one customer's
data, each behind a confirmation (the services: support/privacy/requests.py)."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from config.staff_access import StaffGroup, staff_required
from support.privacy.requests import erase_customer, export_customer
from support.privacy.subject import normalise_email, pseudonym

PAGE = "support/staff/privacy/page.html"


class ExportForm(forms.Form):
    email = forms.EmailField(error_messages={"required": "Give the customer's e-mail."})
    confirm = forms.BooleanField(
        error_messages={"required": "Confirm that you checked who is asking."}
    )


class EraseForm(forms.Form):
    email = forms.EmailField(error_messages={"required": "Give the customer's e-mail."})
    confirm_email = forms.EmailField(
        error_messages={"required": "Type the e-mail again to confirm the erasure."}
    )

    def clean(self) -> dict:
        data = super().clean()
        email, again = data.get("email"), data.get("confirm_email")
        if email and again and normalise_email(email) != normalise_email(again):
            raise forms.ValidationError("The two e-mails differ: nothing was erased.")
        return data


def _page(request: HttpRequest, *, export=None, erase=None, status: int = 200) -> HttpResponse:
    context = {"nav": "privacy", "export": export or ExportForm(), "erase": erase or EraseForm()}
    return render(request, PAGE, context, status=status)


@require_GET
@staff_required(StaffGroup.PRIVACY)
def privacy_page(request: HttpRequest) -> HttpResponse:
    return _page(request)


@require_POST
@staff_required(StaffGroup.PRIVACY)
def privacy_export(request: HttpRequest) -> HttpResponse:
    form = ExportForm(request.POST)
    if not form.is_valid():
        return _page(request, export=form, status=400)
    document = export_customer(email=form.cleaned_data["email"], actor=request.user)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    name = f"export-{pseudonym(form.cleaned_data['email'])[:12]}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_POST
@staff_required(StaffGroup.PRIVACY)
def privacy_erase(request: HttpRequest) -> HttpResponse:
    form = EraseForm(request.POST)
    if not form.is_valid():
        return _page(request, erase=form, status=400)
    done = erase_customer(email=form.cleaned_data["email"], actor=request.user)
    if done is None:
        messages.info(request, "No customer has that e-mail address: nothing was erased.")
    else:
        messages.success(
            request,
            f"Erased: {done.conversations} conversations, {done.messages} messages. "
            "Orders and refund decisions stay for the accounts.",
        )
    return redirect("privacy-requests")
