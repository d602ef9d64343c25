"""Which conversation a widget call may open: by its per-conversation token (any
allowed origin, no cookie) or, on the desk's own pages, by the session cookie.

A token is 32 random bytes (URL-safe text) handed out once, when the conversation
starts; only its SHA-256 is stored. It opens that one conversation and no other, it
expires SUPPORT_WIDGET_TOKEN_TTL seconds after the customer last wrote, and starting a
new conversation with the old token revokes it — so a token copied out of a browser
is worth one conversation for a bounded time."""

from __future__ import annotations

import enum
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from support import conf
from support.models import Conversation

TOKEN_HEADER = "X-Conversation-Token"


class Access(enum.Enum):
    OPEN = "open"
    NOT_FOUND = "not_found"  # no such conversation for this token or session: a 404
    EXPIRED = "expired"  # the right token, past its expiry: a 401 that says so


@dataclass(frozen=True)
class Opened:
    access: Access
    conversation: Conversation | None = None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> tuple[str, str]:
    """(the token for the widget, the hash to store)."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def token_ttl() -> timedelta:
    return timedelta(seconds=int(conf.get("SUPPORT_WIDGET_TOKEN_TTL")))


def decide(*, stored_hash: str, expires_at: datetime | None, token: str, now: datetime) -> Access:
    """Pure rule: the token matches the stored hash (compared in constant time) and
    has not expired."""
    if not stored_hash or not token or len(token) > 200:
        return Access.NOT_FOUND
    if not secrets.compare_digest(stored_hash, hash_token(token)):
        return Access.NOT_FOUND
    if expires_at is None or expires_at <= now:
        return Access.EXPIRED
    return Access.OPEN


def open_by_token(*, public_id: str, token: str) -> Opened:
    conversation = Conversation.objects.filter(public_id=public_id).first()
    if conversation is None:
        return Opened(Access.NOT_FOUND)
    access = decide(
        stored_hash=conversation.token_hash,
        expires_at=conversation.token_expires_at,
        token=token,
        now=timezone.now(),
    )
    return Opened(access, conversation if access is Access.OPEN else None)


def open_by_session(*, public_id: str, session_key: str) -> Opened:
    if not session_key:
        return Opened(Access.NOT_FOUND)
    found = Conversation.objects.filter(public_id=public_id, session_key=session_key).first()
    return Opened(Access.OPEN, found) if found else Opened(Access.NOT_FOUND)


def extend_token(*, conversation: Conversation) -> None:
    """The customer wrote: the token lives another TTL from now (a revoked one stays so)."""
    Conversation.objects.filter(pk=conversation.pk).exclude(token_hash="").update(
        token_expires_at=timezone.now() + token_ttl()
    )


def revoke_token(*, token: str) -> int:
    """The widget starts a new conversation and shows the old token: it stops opening
    the old one. Returns how many tokens were revoked (0 or 1)."""
    if not token or len(token) > 200:
        return 0
    return Conversation.objects.filter(token_hash=hash_token(token)).update(
        token_hash="", token_expires_at=None
    )
