"""Per-session and per-IP limits on the widget API (rates from support.conf).

Writes (a new conversation, a message: each may cost a model call) and reads (the
widget polling for replies) are counted apart, so a widget open in two tabs that
polls every second never uses up the budget a customer needs to write."""

from __future__ import annotations

from typing import Any

from rest_framework.throttling import SimpleRateThrottle

from support import conf
from support.customer.access import TOKEN_HEADER, hash_token

READ_METHODS = ("GET", "HEAD", "OPTIONS")


class _WriteOrPollThrottle(SimpleRateThrottle):
    write_setting = ""
    poll_setting = ""

    def get_rate(self) -> str:
        return conf.get(self.write_setting)

    def allow_request(self, request: Any, view: Any) -> bool:
        polling = request.method in READ_METHODS
        self.scope = f"{self.base_scope}_{'poll' if polling else 'write'}"
        self.rate = conf.get(self.poll_setting if polling else self.write_setting)
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


class SessionThrottle(_WriteOrPollThrottle):
    base_scope = scope = "support_session"
    write_setting = "SUPPORT_THROTTLE_SESSION"
    poll_setting = "SUPPORT_THROTTLE_SESSION_POLL"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        # A shop site's widget has no session: its conversation token stands for it.
        token = request.headers.get(TOKEN_HEADER, "")
        key = hash_token(token)[:32] if token else request.session.session_key
        if not key:
            return None
        return self.cache_format % {"scope": self.scope, "ident": key}


class IPThrottle(_WriteOrPollThrottle):
    base_scope = scope = "support_ip"
    write_setting = "SUPPORT_THROTTLE_IP"
    poll_setting = "SUPPORT_THROTTLE_IP_POLL"

    def get_cache_key(self, request: Any, view: Any) -> str:
        # REMOTE_ADDR only: DRF's get_ident() trusts a client's X-Forwarded-For when
        # NUM_PROXIES is unset, and rotating that header would escape the limit.
        # Behind a proxy, have it overwrite REMOTE_ADDR (as for the staff login).
        ident = request.META.get("REMOTE_ADDR") or "unknown"
        return self.cache_format % {"scope": self.scope, "ident": ident}
