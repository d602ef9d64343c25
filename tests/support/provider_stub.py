"""A local stand-in for the model providers, so the SDK backends are tested over real
HTTP without ever reaching the network.

It listens on 127.0.0.1 on a free port and speaks two endpoints:
``POST /v1/messages`` (Anthropic) and ``POST /v1/chat/completions`` (OpenAI). Each
request takes the next reply queued for its API: a recorded JSON body from
tests/support/fixtures/provider_replies/<api>/<name>.json, an error status with the
provider's error body, or a hang (for timeout tests). Every request is recorded with
its headers and JSON body. With nothing queued it answers 500, so a test that makes
one call more than it planned fails loudly."""

from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures" / "provider_replies"
PATHS = {"/v1/messages": "anthropic", "/v1/chat/completions": "openai"}
HANG_SECONDS = 30.0


@dataclass(frozen=True)
class Recorded:
    api: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass(frozen=True)
class Planned:
    status: int = 200
    body: dict[str, Any] | None = None
    hang: bool = False


def load_fixture(api: str, name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / api / f"{name}.json").read_text(encoding="utf-8"))


def error_body(api: str, status: int, message: str) -> dict[str, Any]:
    """The error shape each provider sends, so the SDKs parse it as they would live."""
    if api == "anthropic":
        kind = {429: "rate_limit_error", 529: "overloaded_error"}.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    return {"error": {"message": message, "type": "server_error", "code": None}}


class ProviderStub:
    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self._planned: dict[str, deque[Planned]] = {api: deque() for api in PATHS.values()}
        self._lock = threading.Lock()
        self._release = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._standing: dict[str, tuple[Planned, float, float]] = {}
        self._random = random.Random(7)

    # --- lifecycle -----------------------------------------------------------------
    def start(self) -> ProviderStub:
        self._server = _Server(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._release.set()  # lets hanging handlers finish
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    @property
    def port(self) -> int:
        assert self._server is not None, "start() the stub first"
        return self._server.server_address[1]

    def base_url(self, api: str) -> str:
        """What SUPPORT_MODEL_BASE_URL should be for each SDK."""
        root = f"http://127.0.0.1:{self.port}"
        return root if api == "anthropic" else f"{root}/v1"

    # --- what to answer ------------------------------------------------------------
    def reply(self, api: str, name: str) -> None:
        """Queue the recorded reply ``fixtures/provider_replies/<api>/<name>.json``."""
        self.reply_body(api, load_fixture(api, name))

    def reply_body(self, api: str, body: dict[str, Any]) -> None:
        with self._lock:
            self._planned[api].append(Planned(body=body))

    def fail(self, api: str, status: int, message: str = "stub failure") -> None:
        with self._lock:
            self._planned[api].append(Planned(status=status, body=error_body(api, status, message)))

    def hang(self, api: str) -> None:
        """The next request gets no answer until the stub stops (or 30 s pass)."""
        with self._lock:
            self._planned[api].append(Planned(hang=True))

    def requests_to(self, api: str) -> list[Recorded]:
        with self._lock:
            return [r for r in self.requests if r.api == api]

    def always(self, api: str, name: str, *, latency: float, jitter: float = 0.0) -> None:
        """With nothing queued, answer every call with this recorded reply after
        ``latency`` seconds ± up to ``jitter`` (a provider's think time, for the load
        test); requests are then not recorded, so a long run keeps no history."""
        self._standing[api] = (Planned(body=load_fixture(api, name)), latency, jitter)

    # --- used by the handler -------------------------------------------------------
    def _take(self, recorded: Recorded) -> Planned:
        with self._lock:
            queue = self._planned[recorded.api]
            if queue:
                self.requests.append(recorded)
                return queue.popleft()
            standing = self._standing.get(recorded.api)
            if standing is None:
                self.requests.append(recorded)
            else:
                planned, latency, jitter = standing
                delay = max(0.0, latency + self._random.uniform(-jitter, jitter))
        if standing is not None:
            time.sleep(delay)
            return planned
        return Planned(status=500, body=error_body(recorded.api, 500, "no reply queued"))


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # the load test opens hundreds of calls at once


def _handler_for(stub: ProviderStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # the name http.server calls
            api = PATHS.get(self.path.split("?", 1)[0])
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if api is None:
                self._send(404, {"error": {"message": f"no such path {self.path}"}})
                return
            try:
                body = json.loads(raw or b"{}")
            except ValueError:
                body = {"unparsed": raw.decode("utf-8", "replace")}
            headers = {k.lower(): v for k, v in self.headers.items()}
            planned = stub._take(Recorded(api, self.path, headers, body))
            if planned.hang:
                stub._release.wait(HANG_SECONDS)
                return
            self._send(planned.status, planned.body or {})

        def _send(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.send_header("request-id", "req_stub")
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up first

        def log_message(self, format: str, *args: Any) -> None:
            pass  # keep test output clean

    return Handler


def main() -> None:
    """python tests/support/provider_stub.py --latency 2.0 [--jitter 0.3] [--reply text]:
    an OpenAI- and Anthropic-compatible stub on a free port (printed first) that answers
    every call with a recorded reply after the latency (benchmarks/load_test.py)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--latency", type=float, default=2.0)
    parser.add_argument("--jitter", type=float, default=0.3)
    parser.add_argument("--reply", default="text", help="a fixture name under each API")
    args = parser.parse_args()
    stub = ProviderStub()
    for api in PATHS.values():
        stub.always(api, args.reply, latency=args.latency, jitter=args.jitter)
    stub.start()
    print(stub.port, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        stub.stop()
        sys.exit(0)


if __name__ == "__main__":
    main()
