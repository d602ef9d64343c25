"""From a customer's POST to the reply being readable over the API, end to end.

    python benchmarks/api_latency.py [--sequential 100] [--burst 100] [--conversations 20]

Everything is real (started by benchmarks/harness.py): a private Redis broker (on a temp
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
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from harness import (
    QUESTIONS,
    Stack,
    cpu_name,
    free_port,
    load_average,
    load_demo,
    percentile,
    prepare,
    start_broker,
    start_runserver,
    start_worker,
)

DATABASE_NAME = "bench_api"


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
    return f"{os.cpu_count()} cores, {cpu_name()}; load average before the run {load_average()}"


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

    bench = prepare(
        database=DATABASE_NAME, prefix="sd-bench-api-", settings_module="api_latency_settings"
    )
    print(f"machine: {machine()}")

    stack = Stack()
    log = (bench.temp / "worker.log").open("ab")
    try:
        stack.add(start_broker(bench))
        load_demo(bench, DATABASE_NAME)
        stack.add(start_worker(bench.env, args.concurrency, log))
        port = free_port()
        stack.add(start_runserver(bench.env, port, log))
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
        stack.stop_all()
        log.close()


def stored_window(message_ids: list[int]) -> float:
    """Seconds from the first question stored to the last reply stored."""
    from django.db.models import Max, Min

    from support.models import Message, Turn

    first = Message.objects.filter(pk__in=message_ids).aggregate(t=Min("created_at"))["t"]
    last = Turn.objects.filter(message_id__in=message_ids).aggregate(t=Max("finished_at"))["t"]
    return (last - first).total_seconds()


if __name__ == "__main__":
    main()
