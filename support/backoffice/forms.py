"""Forms of the support app's staff pages: they validate the shape of the input; the
rules (who may, in which state) are the services'."""

from __future__ import annotations

from django import forms
from django.core.validators import RegexValidator

from support import conf
from support.backoffice.refund_decisions import KEY_MAX_CHARS, NOTE_MAX_CHARS


class RefundDecisionForm(forms.Form):
    decision = forms.ChoiceField(
        choices=[("approve", "Approve"), ("deny", "Deny")],
        error_messages={
            "required": "Choose Approve or Deny.",
            "invalid_choice": "Choose Approve or Deny.",
        },
    )
    note = forms.CharField(
        required=False,
        max_length=NOTE_MAX_CHARS,
        error_messages={"max_length": "The note is too long: at most %(limit_value)d characters."},
    )
    # The amount shown on the page: a decision about another amount is refused.
    amount = forms.DecimalField(required=False, max_digits=12, decimal_places=2)
    idempotency_key = forms.CharField(
        required=False,
        max_length=KEY_MAX_CHARS,
        validators=[RegexValidator(r"^[A-Za-z0-9._:-]+$", "The idempotency key is malformed.")],
    )

    @property
    def approve(self) -> bool:
        return self.cleaned_data["decision"] == "approve"


class StaffReplyForm(forms.Form):
    text = forms.CharField(
        max_length=int(conf.get("SUPPORT_MAX_MESSAGE_CHARS")),
        error_messages={
            "required": "The reply is empty.",
            "max_length": "The reply is too long: at most %(limit_value)d characters.",
        },
    )


def first_error(form: forms.Form) -> str:
    """The form's first error message, for a one-line notice."""
    for errors in form.errors.values():
        if errors:
            return str(errors[0])
    return "The input is not valid."
