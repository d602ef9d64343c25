"""The Content-Security-Policy header on every response.

The policy allows only this site's own files: no inline script or style, no eval, no
other origin. htmx is vendored under static/vendor/ and told not to inject its
indicator <style> (templates/staff/base.html); the widget's own boot CSS is a
constructed stylesheet; the charts are inline SVG (presentation attributes, which CSP
does not govern). CONTENT_SECURITY_POLICY in the settings replaces it whole.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

DEFAULT_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class ContentSecurityPolicyMiddleware:
    """Sets Content-Security-Policy on every response that has none of its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", None) or DEFAULT_POLICY

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.policy and "Content-Security-Policy" not in response.headers:
            response.headers["Content-Security-Policy"] = self.policy
        return response
