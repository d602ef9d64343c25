"""python manage.py evaluate [--cases FILE] [--shop SLUG]: the release gate. Exit 0 only on
`Release: yes`. Runs inside a transaction that is rolled back (``--keep`` keeps the
conversations, turns and refund requests it made)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from knowledge.models import Chunk
from knowledge.selectors import shop_exists
from support.customer.llm import get_client
from support.demo.shop import load_demo_shop
from support.evaluation import DEFAULT_CASES, load_cases, run_evaluation


class Command(BaseCommand):
    help = "Run a case set through the assistant and print the release report."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--cases", type=Path, default=DEFAULT_CASES)
        parser.add_argument(
            "--shop",
            default="",
            help="the shop of every case without its own shop: (as the widget's data-shop)",
        )
        parser.add_argument("--model", default="naive", help="model backend (default: naive)")
        parser.add_argument("--keep", action="store_true", help="keep what the run wrote")

    def handle(self, *args, **options) -> None:
        try:
            cases = load_cases(options["cases"], shop=options["shop"])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        unknown = sorted({c.shop for c in cases if c.shop and not shop_exists(c.shop)})
        if unknown:
            # The widget refuses an unknown data-shop (400); the gate says so too.
            raise CommandError(f"no documents belong to the shop(s): {', '.join(unknown)}")
        if not Chunk.objects.filter(enabled=True).exists():
            raise CommandError(
                "the knowledge base is empty: import the documents first "
                "(python manage.py knowledge import knowledge/demo)"
            )
        client = get_client(options["model"])
        with transaction.atomic():
            load_demo_shop()
            report = run_evaluation(cases, client=client)
            if not options["keep"]:
                transaction.set_rollback(True)
        self.stdout.write(report.text)
        if not report.release:
            raise SystemExit(1)
