"""The staff login page with a lockout: repeated bad passwords answer 429.

Failures are counted in the shared cache per (username, address) and per address;
a success clears the pair's counter. Django's login() already rotates the session
key, so a session id known before login is useless after it."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

PER_ADDRESS_FACTOR = 4


def _client_address(request: HttpRequest) -> str:
    # Behind a proxy, configure it to overwrite REMOTE_ADDR (never trust a header
    # the client can set itself).
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _keys(request: HttpRequest) -> tuple[str, str]:
    address = _client_address(request)
    username = (request.POST.get("username") or "").strip().lower()
    pair = hashlib.sha256(f"{username}\x00{address}".encode()).hexdigest()[:32]
    return f"login-fail:pair:{pair}", f"login-fail:addr:{address}"


def failures_exceed_limit(*, pair_failures: int, address_failures: int, limit: int) -> bool:
    """Pure rule: locked once the pair reached the limit or the address 4x it."""
    return pair_failures >= limit or address_failures >= limit * PER_ADDRESS_FACTOR


def _is_locked(pair_key: str, address_key: str) -> bool:
    return failures_exceed_limit(
        pair_failures=cache.get(pair_key, 0),
        address_failures=cache.get(address_key, 0),
        limit=settings.STAFF_LOGIN_MAX_FAILURES,
    )


def _count_failure(key: str) -> None:
    timeout = settings.STAFF_LOGIN_LOCKOUT_SECONDS
    if cache.add(key, 1, timeout):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout)


def staff_login(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return LoginView.as_view()(request)
    pair_key, address_key = _keys(request)
    if _is_locked(pair_key, address_key):
        minutes = max(1, settings.STAFF_LOGIN_LOCKOUT_SECONDS // 60)
        return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
    response = LoginView.as_view()(request)
    if request.user.is_authenticated:
        cache.delete(pair_key)
    else:
        _count_failure(pair_key)
        _count_failure(address_key)
    return response
