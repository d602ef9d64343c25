"""The handoff inbox: agents read conversations the assistant handed to a person, reply
as staff, close them or give them back to the assistant."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from config.staff_access import StaffGroup, staff_required
from support.backoffice import selectors
from support.backoffice.forms import StaffReplyForm, first_error
from support.backoffice.handoff import (
    ConversationNotFound,
    ConversationNotHandedOff,
    HandoffError,
    HandoffNotAllowed,
    InvalidReply,
    conversation_close,
    conversation_return_to_bot,
    staff_reply_post,
)
from support.models import Conversation

LIST = "support/staff/inbox/list.html"
DETAIL = "support/staff/inbox/detail.html"
CONVERSATION = "support/staff/inbox/_conversation.html"
STATUS_OF = {
    ConversationNotFound: 404,
    HandoffNotAllowed: 403,
    ConversationNotHandedOff: 409,
    InvalidReply: 400,
}


def _conversation(public_id: str) -> Conversation:
    found = selectors.conversation_for_staff(public_id=public_id)
    if found is None:
        raise Http404("no such conversation")
    return found


@require_GET
@staff_required(StaffGroup.AGENTS)
def inbox_list(request: HttpRequest) -> HttpResponse:
    context = {"nav": "inbox", "conversations": selectors.conversations_handed_off()}
    return render(request, LIST, context)


@require_GET
@staff_required(StaffGroup.AGENTS)
def inbox_detail(request: HttpRequest, public_id: str) -> HttpResponse:
    context = {"nav": "inbox", "conversation": _conversation(public_id)}
    return render(request, DETAIL, context)


@require_POST
@staff_required(StaffGroup.AGENTS)
def inbox_reply(request: HttpRequest, public_id: str) -> HttpResponse:
    form = StaffReplyForm(request.POST)
    if not form.is_valid():
        return _respond(
            request, public_id, error=first_error(form), status=400, text=_text(request), reply=True
        )
    try:
        staff_reply_post(public_id=public_id, author=request.user, text=form.cleaned_data["text"])
    except HandoffError as error:
        status = STATUS_OF.get(type(error), 400)
        return _respond(
            request, public_id, error=error.message, status=status, text=_text(request), reply=True
        )
    return _respond(request, public_id, done="Reply sent: the customer sees it in the chat.")


@require_POST
@staff_required(StaffGroup.AGENTS)
def inbox_close(request: HttpRequest, public_id: str) -> HttpResponse:
    return _change(request, public_id, conversation_close, "Conversation closed.")


@require_POST
@staff_required(StaffGroup.AGENTS)
def inbox_return(request: HttpRequest, public_id: str) -> HttpResponse:
    return _change(
        request,
        public_id,
        conversation_return_to_bot,
        "Conversation given back to the assistant: it answers the next message.",
    )


def _change(
    request: HttpRequest, public_id: str, service: Callable[..., Conversation], done: str
) -> HttpResponse:
    try:
        service(public_id=public_id, actor=request.user)
    except HandoffError as error:
        return _respond(
            request, public_id, error=error.message, status=STATUS_OF.get(type(error), 400)
        )
    return _respond(request, public_id, done=done)


def _text(request: HttpRequest) -> str:
    return request.POST.get("text", "")[:20_000]


def _respond(
    request: HttpRequest,
    public_id: str,
    *,
    done: str = "",
    error: str = "",
    status: int = 200,
    text: str = "",
    reply: bool = False,
) -> HttpResponse:
    """The conversation panel (htmx), or — without JavaScript — back to the page: a
    redirect after success, the page with the error otherwise. A reply's error is shown
    by the reply box while there is one."""
    if status == 404:
        if request.htmx:
            return render(request, CONVERSATION, {"error": error}, status=404)
        raise Http404(error)
    if not request.htmx and not error:
        messages.success(request, done)
        return redirect("inbox-detail", public_id=public_id)
    conversation = _conversation(public_id)
    by_the_box = reply and conversation.status == Conversation.Status.HANDED_OFF
    context = {
        "nav": "inbox",
        "conversation": conversation,
        "done": done,
        "error": "" if by_the_box else error,
        "reply_error": error if by_the_box else "",
        "text": text,
    }
    return render(request, CONVERSATION if request.htmx else DETAIL, context, status=status)
