"""The load test's simulated customers: an asyncio HTTP/1.1 client of the widget API
(standard library only) and the customer loop that asks, polls on the widget's own
schedule, and asks again (benchmarks/load_test.py drives them)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from harness import QUESTIONS

# static/support/widget.js: POLL_WAITING_MS, then POLL_WAITING_MAX_MS.
WIDGET_POLL_MS = [1000] * 8 + [1500, 2000, 3000]
WIDGET_POLL_MAX_MS = 5000


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
