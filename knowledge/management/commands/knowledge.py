"""python manage.py knowledge import PATH | search "QUERY" [--k N] [--shop SLUG] --json |
search --queries FILE.jsonl | reembed | synonyms [--shop SLUG] [FILE] |
suggest-phrasings [--document SLUG] [--per-chunk N]"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from knowledge.calibration import calibrate_all
from knowledge.embedders import EmbedderError, get_embedder
from knowledge.models import Document
from knowledge.parsing import SHOP
from knowledge.search import QueryError, hybrid_search
from knowledge.selectors import synonym_dictionary
from knowledge.services import (
    ImportFileError,
    knowledge_import_path,
    knowledge_reembed,
    suggest_phrasings,
    synonyms_set,
)
from knowledge.services.suggestions import MAX_PER_CHUNK
from knowledge.suggesting import SuggestionError
from knowledge.synonyms import SynonymFormatError


class Command(BaseCommand):
    help = "Import, search and re-embed the knowledge base."

    def add_arguments(self, parser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        importer = actions.add_parser("import", help="import a .md file or a folder of them")
        importer.add_argument("path", type=Path)
        search = actions.add_parser("search", help="hybrid search; JSON on stdout")
        search.add_argument("query", nargs="?", default=None)
        search.add_argument("--k", type=int, default=None, help="at most this many results")
        search.add_argument("--json", action="store_true", help="print JSON (the default)")
        search.add_argument(
            "--shop",
            default=None,
            help="search only this shop's documents and the shared ones (default: all)",
        )
        search.add_argument(
            "--queries", type=Path, default=None, help='a JSONL file of {"query": ...} lines'
        )
        actions.add_parser("reembed", help="embed every chunk again with the configured embedder")
        suggest = actions.add_parser(
            "suggest-phrasings",
            help="ask the configured model for phrasings of each chunk; stored pending review",
        )
        suggest.add_argument("--document", default=None, help="only this document's chunks")
        suggest.add_argument(
            "--per-chunk",
            type=int,
            default=3,
            help=f"at most this many per chunk (1-{MAX_PER_CHUNK})",
        )
        synonyms = actions.add_parser(
            "synonyms", help="load a shop's synonyms file (print the current one without FILE)"
        )
        synonyms.add_argument(
            "--shop", default="", help="the shop (default: the shared dictionary, every shop's)"
        )
        synonyms.add_argument("file", nargs="?", type=Path, default=None)

    def handle(self, *args, **options) -> None:
        try:
            if options["action"] == "import":
                self._import(options["path"])
            elif options["action"] == "search":
                self._search(options)
            elif options["action"] == "suggest-phrasings":
                self._suggest(options)
            elif options["action"] == "synonyms":
                self._synonyms(options["shop"], options["file"])
            else:
                count = knowledge_reembed()
                self.stdout.write(f"re-embedded {count} chunks with {get_embedder().name}")
                for calibration in calibrate_all():
                    self.stdout.write(calibration.describe())
        except EmbedderError as err:
            raise CommandError(str(err)) from None

    def _suggest(self, options) -> None:
        per_chunk = options["per_chunk"]
        if not 1 <= per_chunk <= MAX_PER_CHUNK:
            raise CommandError(f"--per-chunk must be between 1 and {MAX_PER_CHUNK}")
        try:
            run = suggest_phrasings(document_slug=options["document"], per_chunk=per_chunk)
        except SuggestionError as err:
            raise CommandError(f"{err}; nothing stored") from None
        except Document.DoesNotExist:
            raise CommandError(f"no document with the slug {options['document']!r}") from None
        self.stdout.write(
            f"{run.model}: {run.stored} suggestions for {run.chunks} chunks, pending review in "
            "the corpus editor (/staff/corpus/<slug>/edit/)"
        )

    def _import(self, path: Path) -> None:
        try:
            results = knowledge_import_path(path=path)
        except ImportFileError as err:
            for line in err.errors:
                self.stderr.write(f"error: {line}")
            raise CommandError(f"nothing imported ({len(err.errors)} error(s))") from None
        for r in results:
            state = "created" if r.created else ("updated" if r.changed else "unchanged")
            self.stdout.write(
                f"{r.slug}: {state}, {r.chunks} chunks, {r.embedded} embedded, {r.deleted} removed"
            )
        for calibration in calibrate_all():
            self.stdout.write(calibration.describe())

    def _synonyms(self, shop: str, file: Path | None) -> None:
        if shop and not SHOP.match(shop):
            raise CommandError(f"--shop {shop!r}: lowercase letters, digits, '-' or '_'")
        if file is None:
            self.stdout.write(synonym_dictionary(shop).text, ending="")
            return
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise CommandError(f"{file}: {err}") from None
        try:
            saved = synonyms_set(shop=shop, text=text, actor_label="manage.py knowledge synonyms")
        except SynonymFormatError as err:
            for line in err.errors:
                self.stderr.write(f"error: {file}: {line}")
            raise CommandError(f"nothing saved ({len(err.errors)} error(s))") from None
        d = saved.dictionary
        state = f"version {d.version}" if saved.changed else f"unchanged (version {d.version})"
        self.stdout.write(
            f"{shop or 'shared'}: {d.groups} synonym groups, {state}; "
            f"{len(saved.added)} added, {len(saved.removed)} removed"
        )

    def _search(self, options) -> None:
        k = options["k"]
        if k is not None and not 1 <= k <= 50:
            raise CommandError("--k must be between 1 and 50")
        shop = options["shop"]
        if shop is not None and not SHOP.match(shop):
            raise CommandError(f"--shop {shop!r}: lowercase letters, digits, '-' or '_'")
        if options["queries"] is not None:
            self._search_many(options["queries"], k, shop)
            return
        if options["query"] is None:
            raise CommandError("give a QUERY or --queries FILE.jsonl")
        try:
            hits = hybrid_search(options["query"], k=k, shop=shop)
        except QueryError as err:
            raise CommandError(str(err)) from None
        self.stdout.write(json.dumps([h.as_json() for h in hits], ensure_ascii=False))

    def _search_many(self, path: Path, k: int | None, shop: str | None) -> None:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as err:
            raise CommandError(f"{path}: {err}") from None
        get_embedder()  # load the model once, before the first query
        failed = False
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                query = item["query"]
                if not isinstance(query, str):
                    raise TypeError
            except (json.JSONDecodeError, KeyError, TypeError):
                self.stderr.write(f'error: {path}:{number}: expected {{"query": "..."}}')
                failed = True
                continue
            try:
                results = [h.as_json() for h in hybrid_search(query, k=k, shop=shop)]
            except QueryError as err:
                self.stderr.write(f"error: {path}:{number}: {err}")
                failed = True
                continue
            self.stdout.write(json.dumps({"query": query, "results": results}, ensure_ascii=False))
            sys.stdout.flush()
        if failed:
            raise CommandError("some lines could not be searched (see above)")
