"""The demo's staff accounts: one per staff group and one in every group, created
once by ``make run`` through the same service ``manage.py staff create`` uses, each
with a generated password. The passwords are stored only hashed in the database;
the one plain copy is ``var/demo-staff.txt`` (var/ is never committed), written
when they are created so a newcomer can find them again."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth import get_user_model

from config.staff_access import StaffGroup
from config.staff_accounts import create_staff_account

DEMO_STAFF: tuple[tuple[str, tuple[StaffGroup, ...]], ...] = (
    ("demo-editor", (StaffGroup.EDITORS,)),
    ("demo-agent", (StaffGroup.AGENTS,)),
    ("demo-refunds", (StaffGroup.REFUND_APPROVERS,)),
    ("demo-privacy", (StaffGroup.PRIVACY,)),
    ("demo-all", tuple(StaffGroup)),
)


@dataclass(frozen=True)
class DemoLogin:
    username: str
    groups: tuple[StaffGroup, ...]
    password: str | None  # None: the account existed already (its password is not known)


def ensure_demo_staff(*, credentials_file: Path, login_url: str) -> list[DemoLogin]:
    """Create the demo accounts that do not exist yet and append their passwords to
    ``credentials_file`` (mode 0600). Existing accounts are left as they are."""
    users = get_user_model().objects
    logins: list[DemoLogin] = []
    for username, groups in DEMO_STAFF:
        if users.filter(username=username).exists():
            logins.append(DemoLogin(username, groups, None))
            continue
        created = create_staff_account(
            username=username, groups=groups, actor_label="make run (demo staff)"
        )
        logins.append(DemoLogin(username, groups, created.password))
    new = [login for login in logins if login.password]
    if new:
        _append(credentials_file, login_url, new)
    return logins


def _append(path: Path, login_url: str, logins: list[DemoLogin]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = not path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(fd, "a", encoding="utf-8") as out:
        if fresh:
            out.write(
                f"# Demo back-office accounts (created by make run). Log in at {login_url}\n"
                "# Reset one with: .venv/bin/python manage.py changepassword USERNAME\n"
            )
        for login in logins:
            groups = ",".join(g.value for g in login.groups)
            out.write(f"{login.username}\t{login.password}\t{groups}\n")
