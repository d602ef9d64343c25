"""Who may open which staff page. Permissions are checked in the views (this
decorator), never only by hiding a link in a template."""

from __future__ import annotations

import enum
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse


class StaffGroup(enum.StrEnum):
    """The Django auth groups of the back office (created by a migration)."""

    EDITORS = "editors"
    REFUND_APPROVERS = "refund_approvers"
    AGENTS = "agents"


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
        @login_required
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not user_in_groups(request.user, groups):
                raise PermissionDenied("your account is not in a group allowed here")
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
