"""A person takes over a handed-off conversation: replies as staff, closes it, or gives
it back to the assistant. Only agents (and superusers); every action is audited.

Each write is conditional on the conversation still being handed off (a row lock for a
reply, ``UPDATE … WHERE status = 'handed_off'`` for a status change), so two agents
acting at once cannot reply to a closed conversation or close it twice.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from config.audit.services import audit_record
from config.staff_access import StaffGroup, user_in_groups
from support import conf
from support.models import Conversation, Message
from support.privacy.anonymise import handoff_reason


class HandoffError(Exception):
    """Nothing was done; ``message`` says why, in words for the staff page."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class HandoffNotAllowed(HandoffError):
    pass


class ConversationNotFound(HandoffError):
    pass


class ConversationNotHandedOff(HandoffError):
    pass


class InvalidReply(HandoffError):
    pass


def _check_agent(user: Any) -> None:
    if not user_in_groups(user, (StaffGroup.AGENTS,)):
        raise HandoffNotAllowed("Only agents may act on handed-off conversations.")


def _not_handed_off(conversation: Conversation) -> ConversationNotHandedOff:
    where = {
        Conversation.Status.CLOSED: "is closed",
        Conversation.Status.BOT: "is with the assistant",
    }.get(conversation.status, f"is {conversation.status}")
    return ConversationNotHandedOff(
        f"This conversation {where}, not waiting for a person; nothing was changed."
    )


def staff_reply_post(*, public_id: str, author: Any, text: str) -> Message:
    """Post ``text`` as a staff message the customer's widget will show."""
    _check_agent(author)
    text = (text or "").strip()
    limit = int(conf.get("SUPPORT_MAX_MESSAGE_CHARS"))
    if not text:
        raise InvalidReply("The reply is empty.")
    if len(text) > limit:
        raise InvalidReply(f"The reply is {len(text):,} characters; the limit is {limit:,}.")
    with transaction.atomic():
        conversation = Conversation.objects.select_for_update().filter(public_id=public_id).first()
        if conversation is None:
            raise ConversationNotFound("There is no such conversation.")
        if conversation.status != Conversation.Status.HANDED_OFF:
            raise _not_handed_off(conversation)
        message = Message.objects.create(
            conversation=conversation, role=Message.Role.STAFF, text=text
        )
        audit_record(
            actor=author,
            action="conversation.staff_reply",
            target=conversation,
            data={"public_id": public_id, "message_id": message.pk, "chars": len(text)},
        )
    return message


def _leave_handoff(*, public_id: str, actor: Any, to: str, action: str) -> Conversation:
    _check_agent(actor)
    with transaction.atomic():
        conversation = Conversation.objects.filter(public_id=public_id).first()
        if conversation is None:
            raise ConversationNotFound("There is no such conversation.")
        changed = Conversation.objects.filter(
            pk=conversation.pk, status=Conversation.Status.HANDED_OFF
        ).update(status=to)
        if changed != 1:
            conversation.refresh_from_db(fields=["status"])
            raise _not_handed_off(conversation)
        audit_record(
            actor=actor,
            action=action,
            target=conversation,
            data={
                "public_id": public_id,
                "from": Conversation.Status.HANDED_OFF.value,
                "to": to,
                # The reason only: the rest of a note may quote the customer, and the
                # audit log is append-only (it never keeps a customer's words).
                "handoff_reason": handoff_reason(conversation.handoff_note),
            },
        )
    conversation.status = to
    return conversation


def conversation_close(*, public_id: str, actor: Any) -> Conversation:
    """Close a handed-off conversation (the assistant will not answer it again)."""
    return _leave_handoff(
        public_id=public_id,
        actor=actor,
        to=Conversation.Status.CLOSED.value,
        action="conversation.close",
    )


def conversation_return_to_bot(*, public_id: str, actor: Any) -> Conversation:
    """Give a handed-off conversation back to the assistant: it answers the next message."""
    return _leave_handoff(
        public_id=public_id,
        actor=actor,
        to=Conversation.Status.BOT.value,
        action="conversation.return_to_bot",
    )
