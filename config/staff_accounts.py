"""Back-office accounts: the one service that creates a staff login in named staff
groups (``manage.py staff create`` and the demo's accounts both call it). It sits in
``config`` because every app's staff pages rely on the same groups
(config/staff_access.py)."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from config.audit.services import audit_record
from config.staff_access import StaffGroup

GENERATED_PASSWORD_BYTES = 15  # 20 URL-safe characters


class StaffAccountError(ValueError):
    """The account cannot be created as asked; the message says why."""


class StaffAccountExists(StaffAccountError):
    pass


@dataclass(frozen=True)
class CreatedStaff:
    user: Any
    password: str
    generated: bool  # True when the service chose the password (show it once)


def staff_group(name: str) -> StaffGroup:
    """The StaffGroup called ``name``; an unknown name is an error naming the valid ones."""
    try:
        return StaffGroup(name)
    except ValueError:
        valid = ", ".join(g.value for g in StaffGroup)
        raise StaffAccountError(f"unknown staff group {name!r}; valid groups: {valid}") from None


def generate_password() -> str:
    return secrets.token_urlsafe(GENERATED_PASSWORD_BYTES)


def create_staff_account(
    *,
    username: str,
    groups: Iterable[StaffGroup | str],
    email: str = "",
    password: str | None = None,
    actor: Any | None = None,
    actor_label: str = "",
) -> CreatedStaff:
    """Create an active login in ``groups`` (at least one) and audit it as
    ``staff.create``. ``password=None``: a generated one, returned once and stored only
    hashed. An existing username is refused (never overwritten): reset a password with
    ``manage.py changepassword``."""
    chosen = sorted({staff_group(g) if isinstance(g, str) else g for g in groups})
    if not chosen:
        raise StaffAccountError("give at least one staff group")
    username = username.strip()
    if not username:
        raise StaffAccountError("give a username")
    model = get_user_model()
    generated = password is None
    password = generate_password() if password is None else password
    candidate = model(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except ValidationError as error:
        raise StaffAccountError("password refused: " + " ".join(error.messages)) from None
    with transaction.atomic():
        existing = model.objects.filter(username__iexact=username).first()
        if existing is not None:
            name = existing.get_username()
            raise StaffAccountExists(
                f"a user called {name!r} already exists; nothing was changed "
                f"(reset its password with: manage.py changepassword {name})"
            )
        user = model.objects.create_user(username=username, email=email, password=password)
        for group in chosen:
            user.groups.add(Group.objects.get_or_create(name=group.value)[0])
        audit_record(
            actor=actor,
            actor_label=actor_label,
            action="staff.create",
            target=user,
            data={"username": username, "groups": [g.value for g in chosen], "email": bool(email)},
        )
    return CreatedStaff(user=user, password=password, generated=generated)
