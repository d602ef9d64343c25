"""python manage.py staff create --group editors [--group agents …] --username NAME
[--email E] [--password-stdin]: a back-office login in named staff groups (the
service: config/staff_accounts.py). Without --password-stdin a password is generated
and printed once; it is stored only hashed."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from config.staff_access import StaffGroup
from config.staff_accounts import StaffAccountError, create_staff_account


class Command(BaseCommand):
    help = "Create a back-office staff account in one or more staff groups."
    stealth_options = ("stdin",)  # call_command(..., stdin=StringIO(...)) in tests

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        create = sub.add_parser("create", help="Create a staff account (refused if it exists).")
        create.add_argument("--username", required=True)
        create.add_argument(
            "--group",
            action="append",
            dest="groups",
            required=True,
            metavar="GROUP",
            help="a staff group, repeatable: " + ", ".join(g.value for g in StaffGroup),
        )
        create.add_argument("--email", default="")
        create.add_argument(
            "--password-stdin",
            action="store_true",
            help="read the password from the first line of standard input",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        password = None
        if options["password_stdin"]:
            password = (options.get("stdin") or sys.stdin).readline().rstrip("\r\n")
            if not password:
                raise CommandError("--password-stdin: standard input held no password")
        try:
            created = create_staff_account(
                username=options["username"],
                groups=options["groups"],
                email=options["email"],
                password=password,
                actor_label="manage.py staff create",
            )
        except StaffAccountError as error:
            raise CommandError(str(error)) from None
        groups = ", ".join(g.name for g in created.user.groups.order_by("name"))
        self.stdout.write(f"created staff account {created.user.username} ({groups})")
        if created.generated:
            self.stdout.write(f"password: {created.password}")
            self.stderr.write("The password is shown once; it is stored only hashed.")
