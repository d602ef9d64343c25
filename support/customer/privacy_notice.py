"""The one sentence a customer gets, once per conversation, after the masker hid a
number they typed: it was hidden, and the shop never needs it in a chat. It is put
in front of the first reply written after the masked message (any reply: an answer,
a handoff or a refund held for a person)."""

from __future__ import annotations

from django.utils import timezone

from support.models import Conversation, Language, Message

NOTICE = {
    Language.ENGLISH: (
        "For your safety we hid the card, bank account or ID number in your message: "
        "we never need it in this chat, please do not send it here."
    ),
    Language.SPANISH: (
        "Por tu seguridad ocultamos el número de tarjeta, cuenta bancaria o documento "
        "de tu mensaje: nunca lo necesitamos en este chat, por favor no lo envíes por aquí."
    ),
}


def with_privacy_notice(*, conversation: Conversation, message: Message, text: str) -> str:
    """``text`` with the notice in front when ``message`` had something hidden and the
    conversation was not told yet (a conditional UPDATE: told once, even when two
    turns finish at the same time)."""
    if not message.masked:
        return text
    told = Conversation.objects.filter(pk=conversation.pk, privacy_notice_at__isnull=True).update(
        privacy_notice_at=timezone.now()
    )
    if not told:
        return text
    notice = NOTICE.get(conversation.language, NOTICE[Language.ENGLISH])
    return f"{notice}\n\n{text}"
