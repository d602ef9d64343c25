"""python manage.py demo_load: the demo shop's customers, products and orders."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from support.demo.shop import load_demo_shop


class Command(BaseCommand):
    help = "Load (or refresh) the demo customers, products and orders. Idempotent."

    def handle(self, *args, **options) -> None:
        counts = load_demo_shop()
        self.stdout.write(", ".join(f"{n} {what}" for what, n in counts.items()))
