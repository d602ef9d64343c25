"""Per-session and per-IP limits on the widget API (rates from support.conf)."""

from __future__ import annotations

from rest_framework.throttling import SimpleRateThrottle

from support import conf


class SessionThrottle(SimpleRateThrottle):
    scope = "support_session"

    def get_rate(self) -> str:
        return conf.get("SUPPORT_THROTTLE_SESSION")

    def get_cache_key(self, request, view) -> str | None:
        key = request.session.session_key
        if not key:
            return None
        return self.cache_format % {"scope": self.scope, "ident": key}


class IPThrottle(SimpleRateThrottle):
    scope = "support_ip"

    def get_rate(self) -> str:
        return conf.get("SUPPORT_THROTTLE_IP")

    def get_cache_key(self, request, view) -> str:
        # REMOTE_ADDR only: DRF's get_ident() trusts a client's X-Forwarded-For when
        # NUM_PROXIES is unset, and rotating that header would escape the limit.
        # Behind a proxy, have it overwrite REMOTE_ADDR (as for the staff login).
        ident = request.META.get("REMOTE_ADDR") or "unknown"
        return self.cache_format % {"scope": self.scope, "ident": ident}
