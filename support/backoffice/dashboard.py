"""The staff dashboard (/staff/): open to every staff group, read-only."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from config.staff_access import staff_required, user_in_groups
from support.backoffice.dashboard_summary import dashboard_stats
from support.backoffice.guard_log import GUARD_LOG_GROUPS


@require_GET
@staff_required()
def staff_dashboard(request: HttpRequest) -> HttpResponse:
    context = {
        "nav": "dashboard",
        "stats": dashboard_stats(),
        # Only a link: the guard log checks its own groups.
        "can_open_guard_log": user_in_groups(request.user, GUARD_LOG_GROUPS),
    }
    return render(request, "support/dashboard/dashboard.html", context)
