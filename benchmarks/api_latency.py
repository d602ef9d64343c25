"""From a customer's POST to the reply being readable over the API, end to end.

    python benchmarks/api_latency.py [--sequential 100] [--burst 100] [--conversations 20]

Everything is real: a private Redis broker (config.broker.start_local_broker on a temp
socket), a Celery worker with two prefork processes (``--concurrency 2``), the site
under ``manage.py runserver --noreload`` on a free port, and the database
SUPPORTDESK_DATABASE_NAME=bench_api (dropped and re-created, migrated, demo documents
imported, `demo_load`).
The model is ``naive``. Two phases:

- sequential: one question at a time, each the first question of a fresh conversation
  (as a widget's customer asks it); time from the POST to the first GET
  ``messages/?after=<id>`` that returns the reply. p50/p95, and where the time went,
  read from the Turn rows afterwards (queue wait, the turn itself, storing, polling).
- burst: N questions posted at once from one thread per conversation, each thread
  posting its conversation's questions back to back; turns per second from the first
  POST to the last reply readable over the API (and, from the rows, to the last reply
  stored).

The widget API is throttled (30/min per session, 120/min per IP by default); the
benchmark runs with both raised to 1,000,000/min through a settings module it writes
to a temp folder (config/settings.py does not read the throttles from the
environment). DEBUG is off in every process, as in production.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATABASE_NAME = "bench_api"
# Questions the naive model answers without a handoff (a handed-off conversation is
# left to a person, so a later question in it would never get a reply).
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
SETTINGS = """\
from config.settings import *  # noqa: F403

SUPPORT_MODEL_BACKEND = "naive"
SUPPORT_THROTTLE_SESSION = "1000000/min"
SUPPORT_THROTTLE_IP = "1000000/min"
"""


# --- processes -------------------------------------------------------------------------


class Stack:
    """The processes this benchmark started; stopped in reverse order, by pid."""

    def __init__(self) -> None:
        self.children: list[subprocess.Popen] = []

    def add(self, process: subprocess.Popen | None) -> None:
        if process is not None:
            self.children.append(process)

    def stop(self) -> None:
        for child in reversed(self.children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
                try:
                    child.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait(timeout=5)


def fresh_database() -> None:
    """Drop and re-create the benchmark's own database, so every run starts from the
    same rows and the current migrations."""
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


# --- a widget's HTTP client --------------------------------------------------------------


class Widget:
    """One browser session: its session cookie, and a new connection per request.

    Not keep-alive on purpose: runserver writes the headers and the body of a response
    in two segments, and on a kept-alive connection Nagle's algorithm and the client's
    delayed ACK hold the second one back for 40 ms, on every request. That is the
    development server's, not the pipeline's, so it is left out of the figures."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        headers = {"Accept": "application/json", "Connection": "close"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            raw = response.read()
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            if header.startswith("sessionid="):
                self.cookie = header.split(";", 1)[0]
        if "json" not in (response.headers.get("Content-Type") or ""):
            return response.status, raw.decode("utf-8", "replace")
        return response.status, json.loads(raw) if raw else None

    def start(self) -> str:
        status, body = self.call("POST", "/api/conversations/", {})
        assert status == 201, (status, body)
        return body["id"]

    def post(self, conversation: str, text: str) -> int:
        status, body = self.call(
            "POST", f"/api/conversations/{conversation}/messages/", {"text": text}
        )
        assert status == 202, (status, body)
        return body["id"]

    def replies(self, conversation: str, after: int) -> list[dict[str, Any]]:
        status, body = self.call(
            "GET", f"/api/conversations/{conversation}/messages/?after={after}"
        )
        assert status == 200, (status, body)
        return body["messages"]

    def wait_for_replies(
        self, conversation: str, after: int, count: int, *, poll: float, timeout: float
    ) -> float:
        """Poll until ``count`` replies are readable; the monotonic time they were."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.replies(conversation, after)) >= count:
                return time.monotonic()
            time.sleep(poll)
        raise TimeoutError(f"no {count} replies in {conversation} after {timeout} s")


def wait_for_site(port: int, *, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            status, _ = Widget(port).call("GET", "/api/conversations/none/messages/")
            if status == 404:
                return
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.2)
    raise RuntimeError("the site did not come up")


# --- measuring -------------------------------------------------------------------------


@dataclass
class Asked:
    message_id: int
    posted: float  # wall clock, to compare with the rows' timestamps
    seconds: float  # POST to the reply readable


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def sequential(port: int, count: int, *, poll: float) -> list[Asked]:
    widget = Widget(port)
    asked: list[Asked] = []
    for i in range(count):
        conversation = widget.start()
        wall, started = time.time(), time.monotonic()
        message_id = widget.post(conversation, QUESTIONS[i % len(QUESTIONS)])
        seen = widget.wait_for_replies(conversation, message_id, 1, poll=poll, timeout=60)
        asked.append(Asked(message_id, wall, seen - started))
    return asked


def burst(port: int, total: int, conversations: int, *, poll: float) -> tuple[float, list[int]]:
    """Post ``total`` questions at once over ``conversations``; seconds until all replies
    were readable, and the message ids."""
    conversations = min(conversations, total)
    widgets = [Widget(port) for _ in range(conversations)]
    ids = [w.start() for w in widgets]
    share = [total // conversations + (i < total % conversations) for i in range(conversations)]
    gate = threading.Barrier(conversations + 1)
    posted: list[int] = []
    lock = threading.Lock()

    def one(i: int) -> float:
        widget, conversation = widgets[i], ids[i]
        gate.wait()
        first = None
        for n in range(share[i]):
            message_id = widget.post(conversation, QUESTIONS[(i + n) % len(QUESTIONS)])
            first = first or message_id
            with lock:
                posted.append(message_id)
        return widget.wait_for_replies(conversation, first - 1, share[i], poll=poll, timeout=300)

    with ThreadPoolExecutor(max_workers=conversations) as pool:
        futures = [pool.submit(one, i) for i in range(conversations)]
        gate.wait()
        started = time.monotonic()
        done = max(f.result() for f in futures)
    return done - started, posted


def breakdown(asked: list[Asked]) -> dict[str, list[float]]:
    """Where each question's time went, from the rows: POST handled → turn claimed by a
    worker → turn computed → reply stored → reply readable over the API."""
    from support.models import Message, Turn

    turns = {
        t.message_id: t
        for t in Turn.objects.filter(message_id__in=[a.message_id for a in asked]).select_related(
            "message", "reply"
        )
    }
    parts: dict[str, list[float]] = {
        "POST until stored": [],
        "queued until claimed": [],
        "the turn (run_turn)": [],
        "storing the reply": [],
        "stored until readable": [],
    }
    for a in asked:
        turn = turns[a.message_id]
        message: Message = turn.message
        stored = message.created_at.timestamp()
        claimed = turn.created_at.timestamp()
        replied = turn.reply.created_at.timestamp()
        finished = turn.finished_at.timestamp()
        parts["POST until stored"].append(stored - a.posted)
        parts["queued until claimed"].append(claimed - stored)
        parts["the turn (run_turn)"].append(turn.duration_ms / 1000)
        parts["storing the reply"].append(max(finished - replied, 0.0))
        parts["stored until readable"].append(a.posted + a.seconds - finished)
    return parts


def actions(message_ids: list[int]) -> dict[str, int]:
    from support.models import Turn

    out: dict[str, int] = {}
    for action in Turn.objects.filter(message_id__in=message_ids).values_list("action", flat=True):
        out[action or "unfinished"] = out.get(action or "unfinished", 0) + 1
    return out


def machine() -> str:
    name = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                name = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{os.cpu_count()} cores, {name}; load average before the run {load}"


# --- main ------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sequential", type=int, default=100)
    parser.add_argument("--burst", type=int, default=100)
    parser.add_argument("--conversations", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")
    parser.add_argument("--poll-ms", type=float, default=10, help="poll interval, sequential")
    parser.add_argument(
        "--burst-poll-ms", type=float, default=250, help="poll interval per conversation, burst"
    )
    parser.add_argument("--warmup", type=int, default=8)
    args = parser.parse_args()

    temp = Path(tempfile.mkdtemp(prefix="sd-bench-api-"))
    (temp / "api_latency_settings.py").write_text(SETTINGS)
    socket_path = temp / "redis" / "redis.sock"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(temp), str(ROOT)]),
        "DJANGO_SETTINGS_MODULE": "api_latency_settings",
        "SUPPORTDESK_DATABASE_NAME": DATABASE_NAME,
        "CELERY_BROKER_URL": f"redis+socket://{socket_path}",
        "DJANGO_DEBUG": "0",
        "SUPPORT_MODEL_BACKEND": "naive",
    }
    os.environ.update({k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "SUPPORTDESK_DATABASE_NAME")})
    os.environ["DJANGO_DEBUG"] = "0"
    sys.path[:0] = [str(temp), str(ROOT)]
    print(f"machine: {machine()}")

    from config.broker import start_local_broker

    stack = Stack()
    try:
        stack.add(start_local_broker(socket_path))
        print(f"database {DATABASE_NAME}: fresh, migrate, cache table, demo documents, demo_load")
        fresh_database()
        manage(env, "migrate", "--noinput")
        manage(env, "createcachetable")  # the throttles' counters, when the cache is a table
        manage(env, "knowledge", "import", str(ROOT / "knowledge" / "demo"))
        manage(env, "demo_load")
        log = (temp / "worker.log").open("ab")
        stack.add(
            subprocess.Popen(
                [
                    sys.executable, "-m", "celery", "-A", "config", "worker",
                    "--concurrency", str(args.concurrency),
                    "--without-gossip", "--without-mingle", "--without-heartbeat",
                    "-l", "warning",
                ],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
        )  # fmt: skip
        port = free_port()
        # runserver serves every request on a new thread: a persistent database
        # connection would be left behind by each one (and the shared server runs out).
        web_env = {**env, "DATABASE_CONN_MAX_AGE": "0"}
        stack.add(
            subprocess.Popen(
                [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
                cwd=ROOT, env=web_env, stdout=log, stderr=subprocess.STDOUT,
            )
        )  # fmt: skip
        wait_for_site(port)

        import django

        django.setup()
        poll = args.poll_ms / 1000
        # Warm-up: every worker process loads the embedder on its first turn.
        burst(port, args.warmup, args.warmup, poll=0.05)

        asked = sequential(port, args.sequential, poll=poll)
        seconds = [a.seconds for a in asked]
        print(
            f"\nsequential, {len(asked)} questions (poll every {args.poll_ms:g} ms): "
            f"p50 {ms(statistics.median(seconds))}, p95 {ms(percentile(seconds, 0.95))}, "
            f"max {ms(max(seconds))}   target p50 <= 150 ms"
        )
        print(f"  actions: {actions([a.message_id for a in asked])}")
        for part, values in breakdown(asked).items():
            print(
                f"  {part:<24} p50 {ms(statistics.median(values)):>7}   "
                f"p95 {ms(percentile(values, 0.95)):>7}"
            )

        elapsed, posted = burst(
            port, args.burst, args.conversations, poll=args.burst_poll_ms / 1000
        )
        rows = stored_window(posted)
        print(
            f"\nburst, {len(posted)} questions over {args.conversations} conversations, "
            f"{args.concurrency} worker processes, each polled every {args.burst_poll_ms:g} ms: "
            f"{len(posted) / elapsed:.1f} turns/s "
            f"({elapsed:.2f} s to the last reply readable; {len(posted) / rows:.1f} turns/s "
            f"to the last reply stored)   target >= 10 turns/s"
        )
        print(f"  actions: {actions(posted)}")
    finally:
        stack.stop()


def stored_window(message_ids: list[int]) -> float:
    """Seconds from the first question stored to the last reply stored."""
    from django.db.models import Max, Min

    from support.models import Message, Turn

    first = Message.objects.filter(pk__in=message_ids).aggregate(t=Min("created_at"))["t"]
    last = Turn.objects.filter(message_id__in=message_ids).aggregate(t=Max("finished_at"))["t"]
    return (last - first).total_seconds()


if __name__ == "__main__":
    main()
