"""Load: many customers at once, through the served site, the broker and the workers.

    python benchmarks/load_test.py [--conversations 200] [--seconds 120] [--workers 1,2,4]
                                   [--quick] [--poll widget|MS] [--max-inflight N]
                                   [--server auto|gunicorn|runserver]

Each simulated customer opens a conversation over the widget API, posts a question,
polls ``GET messages/?after=<id>`` until the reply is there (on the widget's own
schedule: every 1 s, then 1.5, 2, 3 and 5 s), and asks the next question at once, until
the time is up. ``--quick`` is 20 conversations for 20 s. The model is ``naive``.

Everything is real: the site under gunicorn when it is installed in this Python
(``--web-workers`` processes × ``--threads``), else ``manage.py runserver --noreload``
(one process, a thread per request); a private Redis broker (config.broker on a temp
socket); a Celery worker with 1, then 2, then 4 prefork processes (one phase each, with
new conversations); and the database SUPPORTDESK_DATABASE_NAME=bench_load on the
embedded PostgreSQL (dropped and re-created, migrated, cache table, demo documents,
``demo_load``).

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
import contextlib
import importlib.util
import json
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATABASE_NAME = "bench_load"
# Questions the naive model answers without handing the conversation to a person (a
# handed-off conversation gets no more automatic replies).
QUESTIONS = [
    "How much is delivery to a courier office?",
    "Can I pay cash on delivery?",
    "How long does the parcel travel?",
    "Until when can I return the item?",
    "When does order 1042 arrive?",
    "¿Puedo pagar en efectivo?",
    "¿Desde qué monto el envío es gratis?",
    "¿Cuántos días tengo para arrepentirme de una compra?",
]
# static/support/widget.js: POLL_WAITING_MS, then POLL_WAITING_MAX_MS.
WIDGET_POLL_MS = [1000] * 8 + [1500, 2000, 3000]
WIDGET_POLL_MAX_MS = 5000
SETTINGS = """\
from config.settings import *  # noqa: F403

SUPPORT_MODEL_BACKEND = "naive"
SUPPORT_THROTTLE_SESSION = "1000000/min"
SUPPORT_THROTTLE_IP = "1000000/min"
"""


# --- processes ---------------------------------------------------------------------------


class Stack:
    """The processes this benchmark started; stopped in reverse order, by pid."""

    def __init__(self) -> None:
        self.children: list[subprocess.Popen] = []

    def add(self, process: subprocess.Popen | None) -> subprocess.Popen | None:
        if process is not None:
            self.children.append(process)
        return process

    def stop(self, process: subprocess.Popen) -> None:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        if process in self.children:
            self.children.remove(process)

    def stop_all(self) -> None:
        for child in reversed(list(self.children)):
            self.stop(child)


def fresh_database() -> None:
    """Drop and re-create the benchmark's own database on the embedded server."""
    import psycopg
    from django.conf import settings

    entry = settings.DATABASES["default"]  # importing the settings starts the server
    name = entry["NAME"]
    assert name == DATABASE_NAME, f"refusing to drop {name!r}"
    params = {
        "host": entry["HOST"],
        "port": entry.get("PORT") or None,
        "user": entry["USER"],
        "password": entry.get("PASSWORD") or None,
        "dbname": "postgres",
    }
    with psycopg.connect(**{k: v for k, v in params.items() if v}, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
        site_env = env
    else:
        command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
        # A thread per request: a persistent connection would be left behind by each.
        site_env = {**env, "DATABASE_CONN_MAX_AGE": "0"}
    return subprocess.Popen(command, cwd=ROOT, env=site_env, stdout=log, stderr=subprocess.STDOUT)


def start_worker(processes: int, env: dict[str, str], log) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--pool", "prefork", "--concurrency", str(processes),
            "--without-gossip", "--without-mingle", "--without-heartbeat",
            "-l", "warning",
        ],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip


# --- an asyncio HTTP/1.1 client (standard library only) ----------------------------------


class HttpError(Exception):
    pass


class Widget:
    """One browser session: its session cookie; a new connection per request (runserver
    answers in two segments, and on a kept-alive connection Nagle's algorithm and a
    delayed ACK would add 40 ms to each request — the development server's cost, not
    the pipeline's)."""

    def __init__(self, port: int, gate: asyncio.Semaphore | None, timeout: float) -> None:
        self.port = port
        self.gate = gate
        self.timeout = timeout
        self.cookie = ""

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        async with self.gate or contextlib.nullcontext():
            return await asyncio.wait_for(self._call(method, path, body), self.timeout)

    async def _call(self, method: str, path: str, body: Any) -> tuple[int, Any]:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            data = b"" if body is None else json.dumps(body).encode()
            lines = [
                f"{method} {path} HTTP/1.1",
                f"Host: 127.0.0.1:{self.port}",
                "Accept: application/json",
                "Connection: close",
            ]
            if self.cookie:
                lines.append(f"Cookie: {self.cookie}")
            if body is not None:
                lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
            await writer.drain()
            raw = await reader.read()
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        head, _, payload = raw.partition(b"\r\n\r\n")
        if not head:
            raise HttpError("empty response")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split()[1])
        headers = [line.split(":", 1) for line in header_lines if ":" in line]
        chunked = False
        for name, value in headers:
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie" and value.startswith("sessionid="):
                self.cookie = value.split(";", 1)[0]
            if name == "transfer-encoding" and "chunked" in value.lower():
                chunked = True
        if chunked:
            payload = dechunk(payload)
        try:
            return status, json.loads(payload) if payload else None
        except ValueError:
            return status, payload.decode("utf-8", "replace")


def dechunk(payload: bytes) -> bytes:
    out, rest = bytearray(), payload
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += rest[:size]
        rest = rest[size + 2 :]
    return bytes(out)


# --- the simulated customers -------------------------------------------------------------


@dataclass
class Phase:
    workers: int
    started: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds, POST → reply seen
    answered_at: list[float] = field(default_factory=list)
    posted: list[int] = field(default_factory=list)
    conversations: int = 0
    errors: Counter = field(default_factory=Counter)


def poll_delays(poll: str):
    if poll == "widget":
        yield from (ms / 1000 for ms in WIDGET_POLL_MS)
        while True:
            yield WIDGET_POLL_MAX_MS / 1000
    while True:
        yield float(poll) / 1000


async def customer(
    number: int,
    widget: Widget,
    phase: Phase,
    *,
    deadline: float,
    poll: str,
    answer_timeout: float,
    questions: int | None = None,
) -> None:
    """Open a conversation; ask, wait for the reply, ask again, until the deadline (or
    ``questions`` questions)."""
    await asyncio.sleep(random.uniform(0, 1))  # customers do not arrive in lockstep
    try:
        status, body = await widget.call("POST", "/api/conversations/", {})
    except (TimeoutError, OSError, HttpError) as exc:
        phase.errors[f"POST conversation: {type(exc).__name__}"] += 1
        return
    if status != 201:
        phase.errors[f"POST conversation: HTTP {status}"] += 1
        return
    conversation = body["id"]
    phase.conversations += 1
    base = f"/api/conversations/{conversation}/messages/"
    asked = 0
    while time.monotonic() < deadline and (questions is None or asked < questions):
        text = QUESTIONS[(number + asked) % len(QUESTIONS)]
        asked += 1
        started = time.monotonic()
        try:
            status, body = await widget.call("POST", base, {"text": text})
        except (TimeoutError, OSError, HttpError) as exc:
            phase.errors[f"POST message: {type(exc).__name__}"] += 1
            await asyncio.sleep(1)
            continue
        if status != 202:
            phase.errors[f"POST message: HTTP {status}"] += 1
            await asyncio.sleep(1)
            continue
        message_id = body["id"]
        phase.posted.append(message_id)
        for delay in poll_delays(poll):
            await asyncio.sleep(delay)
            try:
                status, body = await widget.call("GET", f"{base}?after={message_id}")
            except (TimeoutError, OSError, HttpError) as exc:
                phase.errors[f"GET messages: {type(exc).__name__}"] += 1
                continue
            now = time.monotonic()
            if status != 200:
                phase.errors[f"GET messages: HTTP {status}"] += 1
            elif any(m.get("role") == "assistant" for m in body["messages"]):
                phase.latencies.append(now - started)
                phase.answered_at.append(now)
                break
            if now - started > answer_timeout:
                phase.errors[f"no reply within {answer_timeout:g} s"] += 1
                break


async def drive(
    port: int,
    phase: Phase,
    *,
    conversations: int,
    seconds: float,
    poll: str,
    max_inflight: int,
    answer_timeout: float,
    questions: int | None = None,
) -> None:
    gate = asyncio.Semaphore(max_inflight) if max_inflight > 0 else None
    phase.started = time.monotonic()
    deadline = phase.started + seconds
    await asyncio.gather(
        *(
            customer(
                i,
                Widget(port, gate, timeout=60),
                phase,
                deadline=deadline,
                poll=poll,
                answer_timeout=answer_timeout,
                questions=questions,
            )
            for i in range(conversations)
        )
    )


def wait_for_site(port: int, *, timeout: float = 90) -> None:
    async def probe() -> int:
        status, _ = await Widget(port, None, timeout=5).call(
            "GET", "/api/conversations/none/messages/"
        )
        return status

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if asyncio.run(probe()) == 404:
                return
        except (TimeoutError, OSError, HttpError):
            pass
        time.sleep(0.3)
    raise RuntimeError("the site did not come up")


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


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return "–" if seconds != seconds else f"{seconds * 1000:,.0f} ms"


def machine() -> str:
    name = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                name = line.split(":", 1)[1].strip()
                break
    return f"nproc {os.cpu_count()}, {name}"


def load_average() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def report(phase: Phase, rows: Rows, seconds: float) -> dict[str, Any]:
    window = (max(phase.answered_at) - phase.started) if phase.answered_at else seconds
    lat = phase.latencies
    return {
        "workers": phase.workers,
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
        "replies per customer message |"
    )
    print("|---|---|---|---|---|---|---|---|")
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
            f"{r['errors']} | {replies} |"
        )
    for r in results:
        if r["error_kinds"]:
            print(f"errors with {r['workers']} worker processes: {r['error_kinds']}")
        print(
            f"actions with {r['workers']} worker processes: {r['actions']}; turns where a "
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
    temp = Path(tempfile.mkdtemp(prefix="sd-load-"))
    (temp / "load_test_settings.py").write_text(SETTINGS)
    socket_path = temp / "redis" / "redis.sock"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            [str(temp), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
        "DJANGO_SETTINGS_MODULE": "load_test_settings",
        "SUPPORTDESK_DATABASE_NAME": DATABASE_NAME,
        "CELERY_BROKER_URL": f"redis+socket://{socket_path}",
        "DJANGO_DEBUG": "0",
        "SUPPORT_MODEL_BACKEND": "naive",
    }
    env.pop("DATABASE_URL", None)
    for key in ("DJANGO_SETTINGS_MODULE", "SUPPORTDESK_DATABASE_NAME", "DJANGO_DEBUG"):
        os.environ[key] = env[key]
    os.environ.pop("DATABASE_URL", None)
    sys.path[:0] = [str(temp), str(ROOT)]

    print(f"machine: {machine()}; load average before: {load_average()}")
    inflight = args.max_inflight or "no limit"
    site = args.server
    if site == "gunicorn":
        site += f" ({args.web_workers} processes × {args.threads} threads)"
    print(
        f"{args.conversations} conversations for {args.seconds:g} s per phase; "
        f"worker processes {worker_counts}; site: {site}; requests open at once: {inflight}; "
        f"polling: {args.poll}; naive model; throttles raised to 1,000,000/min"
    )

    from config.broker import start_local_broker

    stack = Stack()
    logs = (temp / "processes.log").open("ab")
    results: list[dict[str, Any]] = []
    try:
        stack.add(start_local_broker(socket_path))
        print(f"database {DATABASE_NAME}: fresh, migrate, cache table, demo documents, demo_load")
        fresh_database()
        manage(env, "migrate", "--noinput")
        manage(env, "createcachetable")
        manage(env, "knowledge", "import", str(ROOT / "knowledge" / "demo"))
        manage(env, "demo_load")
        port = free_port()
        stack.add(start_site(args, env, port, logs))
        wait_for_site(port)

        import django

        django.setup()
        for count in worker_counts:
            worker = stack.add(start_worker(count, env, logs))
            # Warm-up: every pool process loads the embedder on its first turn.
            warm = Phase(workers=count)
            asyncio.run(
                drive(
                    port, warm, conversations=2 * count, seconds=120, poll="100",
                    max_inflight=args.max_inflight, answer_timeout=120, questions=1,
                )
            )  # fmt: skip
            phase = Phase(workers=count)
            asyncio.run(
                drive(
                    port, phase, conversations=args.conversations, seconds=args.seconds,
                    poll=args.poll, max_inflight=args.max_inflight,
                    answer_timeout=args.answer_timeout,
                )
            )  # fmt: skip
            stack.stop(worker)
            result = report(phase, rows_for(phase.posted), args.seconds)
            results.append(result)
            print(
                f"  {count} worker processes: {result['answers']} answers, "
                f"{result['answers_per_s']:.1f}/s, p50 {ms(result['p50'])}, "
                f"errors {result['errors']}; load average {load_average()}",
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
