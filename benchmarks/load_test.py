"""Load: many customers at once, through the served site, the broker and the workers.

    python benchmarks/load_test.py [--conversations 200] [--seconds 120] [--workers 1,2,4]
                                   [--quick] [--poll widget|MS] [--max-inflight N]
                                   [--server auto|gunicorn|runserver]

Each simulated customer opens a conversation over the widget API, posts a question,
polls ``GET messages/?after=<id>`` until the reply is there (on the widget's own
schedule: every 1 s, then 1.5, 2, 3 and 5 s), and asks the next question at once, until
the time is up. ``--quick`` is 20 conversations for 20 s. The model is ``naive``, or
with ``--model-latency S`` the ``openai`` backend against the local stub
(tests/support/provider_stub.py) answering every call after S seconds ± ``--jitter``.

Everything is real (started by benchmarks/harness.py): the site under gunicorn when it
is installed in this Python (``--web-workers`` processes × ``--threads``), else
``manage.py runserver --noreload`` (one process, a thread per request); a private Redis
broker (config.broker on a temp socket); 1, then 2, then 4 Celery worker processes on the
threads pool with ``--worker-threads`` each (``--pool prefork``: one worker with that many
processes), one phase each with new conversations; and the database
SUPPORTDESK_DATABASE_NAME=bench_load on the embedded PostgreSQL (dropped and
re-created, migrated, cache table, demo documents, ``demo_load``).

The widget API's throttles (30/min per session, 120/min per IP) would refuse a load
from one address at once, so the benchmark raises both to 1,000,000/min through a
settings module it writes to a temp folder; DEBUG is off in every process.

runserver opens a thread — and a database connection — per request, without a limit;
with it the client keeps at most ``--max-inflight`` requests open at a time (default
32, as a gunicorn with 4 processes × 8 threads would serve), so 200 customers cannot
exhaust the shared PostgreSQL's 100 connections. Under gunicorn there is no such cap.

Reported per worker count: answers per second, time to answer as the customer sees it
(POST to the GET that shows the reply, so it includes the polling interval) p50 / p95
/ p99, the same from the rows (message stored → reply stored), errors (any non-2xx
answer, connection error, or a question with no reply after --answer-timeout), and
replies per customer message, counted in the database after the phase, with the turns'
actions and how many turns had a guard overrun its per-turn time budget (a wall-clock
budget: on an oversubscribed CPU a good answer can be held or handed off for it).

A customer waits for each reply before the next question and the widget polls once a
second, so answers per second cannot exceed about conversations / 1.1 s: with --quick's
20 conversations the figure is bound by the customers, not by the workers.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from harness import (
    ROOT,
    Stack,
    cpu_name,
    free_port,
    load_average,
    load_demo,
    percentile,
    prepare,
    start_broker,
    start_runserver,
    start_workers,
)
from load_customers import Phase, drive, wait_for_site

DATABASE_NAME = "bench_load"


# --- processes ---------------------------------------------------------------------------


def has_gunicorn() -> bool:
    return importlib.util.find_spec("gunicorn") is not None


def start_site(args: argparse.Namespace, env: dict[str, str], port: int, log) -> subprocess.Popen:
    if args.server == "gunicorn":
        command = [
            sys.executable, "-m", "gunicorn", "config.wsgi:application",
            "--bind", f"127.0.0.1:{port}",
            "--workers", str(args.web_workers), "--threads", str(args.threads),
            "--worker-class", "gthread", "--backlog", "2048", "--timeout", "60",
        ]  # fmt: skip
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    return start_runserver(env, port, log)


def start_provider(args: argparse.Namespace, env: dict[str, str]) -> subprocess.Popen:
    """The local OpenAI-compatible stub (tests/support/provider_stub.py), answering every
    call after --model-latency seconds ± --jitter; the workers' env is pointed at it."""
    stub = subprocess.Popen(
        [
            sys.executable, str(ROOT / "tests" / "support" / "provider_stub.py"),
            "--latency", str(args.model_latency), "--jitter", str(args.jitter),
            "--reply", args.stub_reply,
        ],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    port = int(stub.stdout.readline())
    env.update(
        SUPPORT_MODEL_BACKEND="openai",
        SUPPORT_MODEL_BASE_URL=f"http://127.0.0.1:{port}/v1",
        SUPPORT_MODEL_NAME="gpt-stub-1",
        LLM_API_KEY="stub-key",
    )
    return stub


class ConnectionCounter:
    """The most connections to the benchmark's database at once, sampled twice a second
    from pg_stat_activity (this sampler's own connection not counted)."""

    def __init__(self) -> None:
        self.most = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> ConnectionCounter:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        from django.db import connection

        try:
            while not self._stop.is_set():
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT count(*) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                    self.most = max(self.most, cursor.fetchone()[0])
                time.sleep(0.5)
        finally:
            connection.close()


# --- what the database says --------------------------------------------------------------


@dataclass
class Rows:
    messages: int
    exactly_one: int
    without_reply: int
    extra_assistant_messages: int
    actions: Counter
    stored_to_reply: list[float]
    guard_timeouts: int  # turns where a guard overran the per-turn budget (GUARDS_BUDGET_MS)


def rows_for(message_ids: list[int]) -> Rows:
    """Replies per customer message, from the rows: the Turn that answered it (unique
    per message) and any assistant message in those conversations that no turn wrote."""
    from django.db import connection

    from support.models import Message, Turn

    connection.close()  # a fresh connection for each phase's check
    turns = {
        t.message_id: t
        for t in Turn.objects.filter(message_id__in=message_ids).select_related("message", "reply")
    }
    exactly_one = 0
    guard_timeouts = 0
    stored_to_reply: list[float] = []
    actions: Counter = Counter()
    for message_id in message_ids:
        turn = turns.get(message_id)
        if turn is None or turn.reply_id is None:
            continue
        exactly_one += 1
        actions[turn.action] += 1
        failures = [f for draft in turn.drafts for f in draft.get("failures", [])]
        guard_timeouts += any(f.get("reason") == "guard_timeout" for f in failures)
        stored_to_reply.append((turn.reply.created_at - turn.message.created_at).total_seconds())
    conversations = Message.objects.filter(pk__in=message_ids).values("conversation_id")
    unowned = (
        Message.objects.filter(conversation_id__in=conversations, role=Message.Role.ASSISTANT)
        .filter(answered_turn__isnull=True)
        .count()
    )
    return Rows(
        messages=len(message_ids),
        exactly_one=exactly_one,
        without_reply=len(message_ids) - exactly_one,
        extra_assistant_messages=unowned,
        actions=actions,
        stored_to_reply=stored_to_reply,
        guard_timeouts=guard_timeouts,
    )


# --- reporting ---------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return "–" if seconds != seconds else f"{seconds * 1000:,.0f} ms"


def machine() -> str:
    return f"nproc {os.cpu_count()}, {cpu_name()}"


def report(
    phase: Phase, rows: Rows, seconds: float, *, label: str, connections: int
) -> dict[str, Any]:
    window = (max(phase.answered_at) - phase.started) if phase.answered_at else seconds
    lat = phase.latencies
    return {
        "workers": label,
        "connections": connections,
        "conversations": phase.conversations,
        "questions": len(phase.posted),
        "answers": len(lat),
        "answers_per_s": len(lat) / window if window else 0.0,
        "p50": percentile(lat, 0.50),
        "p95": percentile(lat, 0.95),
        "p99": percentile(lat, 0.99),
        "rows_p50": percentile(rows.stored_to_reply, 0.50),
        "rows_p95": percentile(rows.stored_to_reply, 0.95),
        "rows_p99": percentile(rows.stored_to_reply, 0.99),
        "errors": sum(phase.errors.values()),
        "error_kinds": dict(phase.errors),
        "exactly_one": rows.exactly_one,
        "without_reply": rows.without_reply,
        "extra": rows.extra_assistant_messages,
        "actions": dict(rows.actions),
        "guard_timeouts": rows.guard_timeouts,
    }


def print_table(results: list[dict[str, Any]]) -> None:
    print(
        "\n| worker processes | conversations | answers | answers/s | "
        "time to answer p50 / p95 / p99 (client, polling) | "
        "stored → reply p50 / p95 / p99 (rows) | errors | "
        "replies per customer message | DB connections (most at once) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        replies = (
            f"exactly 1 for {r['exactly_one']} of {r['questions']}"
            + (f", none for {r['without_reply']}" if r["without_reply"] else "")
            + (f", {r['extra']} extra" if r["extra"] else "")
        )
        print(
            f"| {r['workers']} | {r['conversations']} | {r['answers']} | "
            f"{r['answers_per_s']:.1f} | {ms(r['p50'])} / {ms(r['p95'])} / {ms(r['p99'])} | "
            f"{ms(r['rows_p50'])} / {ms(r['rows_p95'])} / {ms(r['rows_p99'])} | "
            f"{r['errors']} | {replies} | {r['connections']} |"
        )
    for r in results:
        if r["error_kinds"]:
            print(f"errors with {r['workers']}: {r['error_kinds']}")
        print(
            f"actions with {r['workers']}: {r['actions']}; turns where a "
            f"guard overran its time budget: {r['guard_timeouts']}"
        )


# --- main --------------------------------------------------------------------------------


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--workers", default="1,2,4", help="worker process counts, one phase each")
    parser.add_argument("--quick", action="store_true", help="20 conversations for 20 s")
    parser.add_argument("--poll", default="widget", help="'widget' or a fixed interval in ms")
    parser.add_argument("--answer-timeout", type=float, default=60)
    parser.add_argument("--server", choices=["auto", "gunicorn", "runserver"], default="auto")
    parser.add_argument("--web-workers", type=int, default=4, help="gunicorn processes")
    parser.add_argument("--threads", type=int, default=8, help="gunicorn threads per process")
    parser.add_argument(
        "--max-inflight",
        type=int,
        default=None,
        help="requests open at once (0: no limit); default 32 under runserver, none under gunicorn",
    )
    parser.add_argument(
        "--pool", choices=["threads", "prefork"], default="threads", help="the workers' pool"
    )
    parser.add_argument(
        "--worker-threads", type=int, default=16, help="threads per worker process (threads pool)"
    )
    parser.add_argument(
        "--model-latency",
        type=float,
        default=None,
        help="seconds the local OpenAI-compatible stub takes per call (default: naive model)",
    )
    parser.add_argument("--jitter", type=float, default=0.3, help="± seconds on each call")
    parser.add_argument("--stub-reply", default="text", help="the stub's recorded reply")
    parser.add_argument("--keep", action="store_true", help="keep the temp folder (logs)")
    args = parser.parse_args()
    if args.quick:
        args.conversations, args.seconds = 20, 20
    if args.server == "auto":
        args.server = "gunicorn" if has_gunicorn() else "runserver"
    if args.server == "gunicorn" and not has_gunicorn():
        parser.error("gunicorn is not installed in this Python (pip install gunicorn)")
    if args.max_inflight is None:
        args.max_inflight = 0 if args.server == "gunicorn" else 32
    if args.poll != "widget":
        float(args.poll)
    return args


def main() -> None:
    args = parse_args()
    worker_counts = [int(n) for n in args.workers.split(",") if n.strip()]
    bench = prepare(database=DATABASE_NAME, prefix="sd-load-", settings_module="load_test_settings")
    temp, env = bench.temp, bench.env
    print(f"machine: {machine()}; load average before: {load_average()}")
    inflight = args.max_inflight or "no limit"
    site = args.server
    if site == "gunicorn":
        site += f" ({args.web_workers} processes × {args.threads} threads)"
    pool = args.pool + (f" × {args.worker_threads} threads" if args.pool == "threads" else "")
    model = "naive model"
    if args.model_latency is not None:
        model = f"OpenAI-compatible stub, {args.model_latency:g} s ± {args.jitter:g} s per call"
    print(
        f"{args.conversations} conversations for {args.seconds:g} s per phase; "
        f"worker processes {worker_counts} ({pool}); site: {site}; requests open at once: "
        f"{inflight}; polling: {args.poll}; {model}; throttles raised to 1,000,000/min"
    )

    stack = Stack()
    logs = (temp / "processes.log").open("ab")
    results: list[dict[str, Any]] = []
    try:
        if args.model_latency is not None:
            stack.add(start_provider(args, env))
        stack.add(start_broker(bench))
        load_demo(bench, DATABASE_NAME)
        port = free_port()
        stack.add(start_site(args, env, port, logs))
        wait_for_site(port)

        import django

        django.setup()
        for count in worker_counts:
            label = f"{count} prefork" if args.pool == "prefork" else f"{count} × {pool}"
            workers = [
                stack.add(w)
                for w in start_workers(
                    env, count, logs, pool=args.pool, threads=args.worker_threads
                )
            ]
            # Warm-up: every pool process loads the embedder on its first turn.
            warm = Phase(workers=count)
            asyncio.run(
                drive(
                    port, warm, conversations=2 * count, seconds=120, poll="100",
                    max_inflight=args.max_inflight, answer_timeout=120, questions=1,
                )
            )  # fmt: skip
            phase = Phase(workers=count)
            with ConnectionCounter() as connections:
                asyncio.run(
                    drive(
                        port, phase, conversations=args.conversations, seconds=args.seconds,
                        poll=args.poll, max_inflight=args.max_inflight,
                        answer_timeout=args.answer_timeout,
                    )
                )  # fmt: skip
            for worker in workers:
                stack.stop(worker)
            result = report(
                phase, rows_for(phase.posted), args.seconds,
                label=label, connections=connections.most,
            )  # fmt: skip
            results.append(result)
            print(
                f"  {label}: {result['answers']} answers, "
                f"{result['answers_per_s']:.1f}/s, p50 {ms(result['p50'])}, "
                f"p95 {ms(result['p95'])}, errors {result['errors']}, "
                f"DB connections {connections.most}; load average {load_average()}",
                flush=True,
            )
        from support.models import Message

        customer_messages = Message.objects.filter(role=Message.Role.CUSTOMER)
        everything = rows_for(list(customer_messages.values_list("pk", flat=True)))
        print_table(results)
        print(
            f"\nall customer messages in {DATABASE_NAME} (warm-ups included): "
            f"{everything.messages}; exactly one reply: {everything.exactly_one}; "
            f"without a reply: {everything.without_reply}; "
            f"assistant messages no turn wrote: {everything.extra_assistant_messages}"
        )
        print(f"load average after: {load_average()}")
    finally:
        stack.stop_all()
        logs.close()
        if args.keep:
            print(f"logs: {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
