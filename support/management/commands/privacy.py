"""python manage.py privacy export|erase --email …: a customer's access and erasure
requests (support/privacy/requests.py). Both are audited under a pseudonym."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser

from support.privacy.requests import erase_customer, export_customer


class Command(BaseCommand):
    help = (
        "export: print everything held about a customer as one JSON document; "
        "erase: anonymise it now (orders, refund amounts and decisions stay). Idempotent."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["export", "erase"])
        parser.add_argument("--email", required=True, help="The customer's e-mail address.")
        parser.add_argument("--output", help="export: write the JSON here instead of stdout.")

    def handle(self, *args, **options) -> None:
        email = options["email"].strip()
        if "@" not in email:
            raise CommandError("--email must be an e-mail address")
        if options["action"] == "export":
            document = export_customer(email=email, actor_label="manage.py privacy")
            text = json.dumps(document, ensure_ascii=False, indent=2)
            if options["output"]:
                with open(options["output"], "w", encoding="utf-8") as out:
                    out.write(text + "\n")
            else:
                self.stdout.write(text)
            if document["customer"] is None:
                self.stderr.write("No customer has that e-mail address.")
            return
        done = erase_customer(email=email, actor_label="manage.py privacy")
        if done is None:
            self.stdout.write("No customer has that e-mail address: nothing to erase.")
            return
        counts = ", ".join(f"{n} {what.replace('_', ' ')}" for what, n in done.as_json().items())
        self.stdout.write(f"Erased: {counts}.")
