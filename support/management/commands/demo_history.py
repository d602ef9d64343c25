"""python manage.py demo_history: scripted customer conversations played through the
real pipeline with the naive model, marked as demo data (support/demo_history.py).
Idempotent: a second run adds nothing."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from knowledge.models import Chunk
from support.demo.shop import load_demo_shop
from support.demo_history import DEMO_PREFIX, play_demo_history


class Command(BaseCommand):
    help = "Play the demo history (scripted conversations, naive model) once. Idempotent."

    def handle(self, *args: Any, **options: Any) -> None:
        if not Chunk.objects.exists():
            raise CommandError(
                "the knowledge base is empty: import the demo corpus first "
                "(manage.py knowledge import knowledge/demo), as make run does"
            )
        load_demo_shop()  # the demo customers and orders the script asks about
        played = play_demo_history()
        if not played.conversations:
            self.stdout.write(
                f"demo history: already there ({played.skipped} conversations); nothing added"
            )
            return
        self.stdout.write(
            f"demo history: {played.conversations} conversations, {played.turns} customer "
            f"turns played with the naive model (session key {DEMO_PREFIX}…)"
        )
