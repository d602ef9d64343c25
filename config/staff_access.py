"""Who may open which staff page. Permissions are checked in the views (this
decorator), never only by hiding a link in a template."""

from __future__ import annotations

import enum
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse


class StaffGroup(enum.StrEnum):
    """The Django auth groups of the back office (created by a migration)."""

    EDITORS = "editors"
    REFUND_APPROVERS = "refund_approvers"
    AGENTS = "agents"
    # Customers' access and erasure requests (support/backoffice/privacy_requests.py).
    PRIVACY = "privacy"


def user_in_groups(user: Any, groups: tuple[StaffGroup, ...]) -> bool:
    """True for a signed-in user in any of the groups (superusers are in all)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    if not groups:
        return bool(user.groups.exists())
    return user.groups.filter(name__in=[g.value for g in groups]).exists()


def staff_required(*groups: StaffGroup) -> Callable:
    """Login required, then membership of one of ``groups`` (any staff group when
    none is given); others get 403."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return _to_login(request)
            if not user_in_groups(request.user, groups):
                raise PermissionDenied("your account is not in a group allowed here")
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


def _to_login(request: HttpRequest) -> HttpResponse:
    """Anonymous (or expired) sessions go to the login page; an htmx request is told
    to navigate the whole page there, not to swap the login form into a fragment."""
    if request.headers.get("HX-Request") == "true":
        current = urlsplit(request.headers.get("HX-Current-URL", ""))
        back = (current.path + (f"?{current.query}" if current.query else "")) or "/staff/"
        target = redirect_to_login(back, settings.LOGIN_URL)["Location"]
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect_to_login(request.get_full_path(), settings.LOGIN_URL)
