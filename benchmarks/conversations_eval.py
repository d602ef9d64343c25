"""Conversations nobody here wrote: does the last reply cite the right section?

Each line of ``tests/support/blind/conversations-*.jsonl`` is a two- to four-message
conversation on one of the blind shop corpora (``benchmarks/corpora/NAME``), written
by an independent writer who saw only the corpora. Each corpus is imported as its
own shop (``eval-NAME``, slugs prefixed ``NAME-``, by retrieval_eval's own helper).
A conversation is right when the last customer message's first source is the
expected one, or when nothing is found and nothing is expected.

Halves, as benchmarks/guards_blind.py: every file split by blocks of ten lines,
blocks 0, 2, 4… are the development half (options are measured there), blocks
1, 3, 5… the test half (the figure the README reports).

    python benchmarks/conversations_eval.py                    # both halves, the turn's retrieval
    python benchmarks/conversations_eval.py --mode single      # the last message searched alone
    python benchmarks/conversations_eval.py --mode turn        # the whole turn, extractive model
    python benchmarks/conversations_eval.py --half dev --show 30
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import retrieval_eval  # noqa: E402  (sets Django up)

BLIND = ROOT / "tests" / "support" / "blind"
BLOCK = 10
KINDS = ("follow_up", "correction", "topic_shift", "standalone")


def split(lines: list[str], half: str) -> list[str]:
    if half == "all":
        return lines
    want = 0 if half == "dev" else 1
    return [line for i, line in enumerate(lines) if (i // BLOCK) % 2 == want]


def load(files: list[Path], half: str) -> list[dict]:
    rows = []
    for path in files:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        rows.extend(json.loads(line) for line in split(lines, half))
    return rows


def import_shops(rows: list[dict]) -> None:
    for name in sorted({row["shop"] for row in rows}):
        retrieval_eval.import_corpus(retrieval_eval.CORPORA / name)


def expected(row: dict) -> str | None:
    return f"{row['shop']}-{row['expect']}" if row["expect"] else None


def first_source_single(row: dict) -> str | None:
    from support.customer.turn import retrieve

    hits = retrieve(row["messages"][-1], shop=retrieval_eval.corpus_shop(row["shop"]))
    return hits[0].source if hits else None


def first_source_context(row: dict) -> str | None:
    """The turn's own retrieval for the last message, with the earlier customer
    messages as the turn reads them."""
    from support.customer.context import retrieve_in_context

    shop = retrieval_eval.corpus_shop(row["shop"])
    hits, _ = retrieve_in_context(row["messages"][-1], earlier=row["messages"][:-1], shop=shop)
    return hits[0].source if hits else None


def first_source_turn(row: dict) -> str | None:
    """The whole turn with the extractive model, through a real conversation."""
    from django.db import transaction

    from support.customer.answering import answer_customer_message
    from support.customer.conversations import post_customer_message, start_conversation
    from support.customer.llm.extractive import ExtractiveClient

    client = ExtractiveClient()
    reply = None
    with transaction.atomic():  # rolled back: the turns' traces are append-only
        conversation = start_conversation(
            language=row.get("lang") or "es", shop=retrieval_eval.corpus_shop(row["shop"])
        )
        for text in row["messages"]:
            message = post_customer_message(conversation=conversation, text=text, enqueue=False)
            done = answer_customer_message(message_id=message.pk, worker="bench", client=client)
            reply = done.reply
        sources = list(reply.sources) if reply is not None else []
        transaction.set_rollback(True)
    return sources[0] if sources else None


MODES = {"single": first_source_single, "context": first_source_context, "turn": first_source_turn}


def evaluate(rows: list[dict], mode: str) -> tuple[dict, list]:
    per_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    find = MODES[mode]
    for row in rows:
        got, want = find(row), expected(row)
        ok = got == want
        per_kind[row["kind"]][0] += ok
        per_kind[row["kind"]][1] += 1
        if not ok:
            misses.append((row, got, want))
    return per_kind, misses


def line(per_kind: dict) -> str:
    right = sum(v[0] for v in per_kind.values())
    total = sum(v[1] for v in per_kind.values())
    cells = [f"{k} {per_kind[k][0]}/{per_kind[k][1]}" for k in KINDS if k in per_kind]
    return f"{right}/{total} ({right / max(total, 1):.1%}) — " + ", ".join(cells)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("dev", "test", "all", "both"), default="both")
    parser.add_argument("--mode", choices=tuple(MODES), default="context")
    parser.add_argument("--file", action="append", type=Path, help="default: every blind file")
    parser.add_argument("--show", type=int, default=0, help="print this many misses")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--set", type=json.loads, default={}, help="settings for this run (JSON)")
    args = parser.parse_args(argv)
    from django.conf import settings
    from django.core.management import call_command

    for name, value in args.set.items():
        setattr(settings, name, value)

    call_command("migrate", verbosity=0)
    files = args.file or sorted(BLIND.glob("conversations-*.jsonl"))
    import_shops(load(files, "all"))
    halves = ("dev", "test") if args.half == "both" else (args.half,)
    summary = {}
    for half in halves:
        rows = load(files, half)
        started = time.perf_counter()
        per_kind, misses = evaluate(rows, args.mode)
        ms = (time.perf_counter() - started) * 1000 / max(len(rows), 1)
        summary[half] = {k: v for k, v in per_kind.items()}
        if not args.json:
            print(f"{args.mode} — {half} half: {line(per_kind)}  ({ms:.0f} ms per conversation)")
        for row, got, want in misses[: args.show]:
            print(f"  ✗ {row['id']} {row['kind']}: {row['messages']} → {got} (want {want})")
    if args.json:
        print(json.dumps({"mode": args.mode, "halves": summary}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
