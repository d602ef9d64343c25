"""Which web pages may call the widget API: the site itself and the shop origins
listed in SUPPORT_WIDGET_ALLOWED_ORIGINS. A browser call from any other origin is
refused before it reaches a view (so no model call, no stored message)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from support.customer.access import TOKEN_HEADER

API_PREFIX = "/api/"


class OriginDecision(enum.Enum):
    NO_ORIGIN = "no_origin"  # not a cross-site browser call (curl, same-origin GET)
    SAME_SITE = "same_site"
    ALLOWED = "allowed"
    REFUSED = "refused"


def decide_origin(*, origin: str, own_origin: str, allowed: Iterable[str]) -> OriginDecision:
    """Pure rule. Origins compare exactly (scheme, host and port), case-insensitively."""
    if not origin:
        return OriginDecision.NO_ORIGIN
    origin = origin.strip().rstrip("/").lower()
    if origin == own_origin.lower():
        return OriginDecision.SAME_SITE
    if origin in {a.strip().rstrip("/").lower() for a in allowed if a.strip()}:
        return OriginDecision.ALLOWED
    return OriginDecision.REFUSED


class WidgetOriginMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(API_PREFIX):
            return self.get_response(request)
        origin = request.headers.get("Origin", "")
        decision = decide_origin(
            origin=origin,
            own_origin=f"{request.scheme}://{request.get_host()}",
            allowed=getattr(settings, "SUPPORT_WIDGET_ALLOWED_ORIGINS", ()),
        )
        # A call from a shop's site: it opens conversations by token only and starts
        # no session (its cookie would be a third-party cookie, which browsers block).
        request.widget_cross_origin = decision is OriginDecision.ALLOWED
        if decision is OriginDecision.REFUSED:
            return JsonResponse(
                {"detail": f"The origin {origin[:200]} may not use this widget."}, status=403
            )
        if decision is OriginDecision.ALLOWED and request.method == "OPTIONS":
            response = HttpResponse(status=204)
        else:
            response = self.get_response(request)
        if decision is OriginDecision.ALLOWED:
            response["Access-Control-Allow-Origin"] = origin
            # No Allow-Credentials: the widget sends no cookie across origins; the
            # conversation token travels in its own header.
            response["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
            response["Access-Control-Allow-Headers"] = f"Content-Type, {TOKEN_HEADER}"
            response["Access-Control-Expose-Headers"] = "Retry-After"
            response["Access-Control-Max-Age"] = "600"
            response["Vary"] = "Origin"
        return response
