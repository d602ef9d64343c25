"""python manage.py shop create|import-products|import-orders|api-key|identity-secret:
a shop's record, its catalogue and orders from a file, its push API key and the secret
its server signs signed-in customers with."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from support.models import Shop
from support.shops.files import Kind, parse_file
from support.shops.records import (
    ShopError,
    create_shop,
    rotate_api_key,
    rotate_identity_secret,
)
from support.shops.writes import WayIn, record_failure, write_orders, write_products


class Command(BaseCommand):
    help = "Create a shop, import its products or orders (CSV or JSON Lines), rotate its API key."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        create = sub.add_parser("create", help="Create a shop record.")
        create.add_argument("slug")
        create.add_argument("--name", required=True)
        create.add_argument("--currency", default="EUR")
        create.add_argument(
            "--language", action="append", dest="languages", help="es or en (repeatable)"
        )
        for kind in Kind:
            imp = sub.add_parser(
                f"import-{kind}", help=f"Import {kind} from a .csv or .jsonl file."
            )
            imp.add_argument("file", type=Path)
            imp.add_argument("--shop", required=True)
        key = sub.add_parser("api-key", help="Create or rotate the push API key (printed once).")
        key.add_argument("slug")
        secret = sub.add_parser(
            "identity-secret",
            help="Create or rotate the secret that signs the shop's customers (printed once).",
        )
        secret.add_argument("slug")

    def handle(self, *args: Any, **options: Any) -> None:
        action = options["action"]
        if action == "create":
            try:
                shop = create_shop(
                    slug=options["slug"],
                    name=options["name"],
                    currency=options["currency"],
                    languages=options["languages"] or ["en"],
                )
            except ShopError as error:
                raise CommandError(str(error)) from None
            self.stdout.write(f"created shop {shop.slug}")
        elif action == "api-key":
            key = rotate_api_key(shop=_shop(options["slug"]))
            self.stderr.write("The key is shown once; the old key no longer works.")
            self.stdout.write(key)
        elif action == "identity-secret":
            secret = rotate_identity_secret(shop=_shop(options["slug"]))
            self.stderr.write(
                "Give this secret to the shop's server only (never to the browser); "
                "signatures made with the old one are refused from now on."
            )
            self.stdout.write(secret)
        else:
            self._import(Kind(action.removeprefix("import-")), options["file"], options["shop"])

    def _import(self, kind: Kind, path: Path, slug: str) -> None:
        shop = _shop(slug)
        parsed = parse_file(path, kind=kind, currency=shop.currency)
        if parsed.problems:
            record_failure(shop=shop, way=WayIn.FILE, what=kind, problems=parsed.problems)
            for problem in parsed.problems:
                self.stderr.write(problem)
            raise CommandError(f"{path}: nothing imported ({len(parsed.problems)} problems)")
        write = write_products if kind is Kind.PRODUCTS else write_orders
        counts = write(shop=shop, rows=parsed.rows, way=WayIn.FILE, label=f"file {path.name}")
        self.stdout.write(
            f"{shop.slug} {kind}: {counts.created} created, {counts.updated} updated, "
            f"{counts.unchanged} unchanged"
        )


def _shop(slug: str) -> Shop:
    shop = Shop.objects.filter(slug=slug).first()
    if shop is None:
        raise CommandError(f"no shop {slug!r} (create it with: manage.py shop create {slug})")
    return shop
