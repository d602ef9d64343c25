"""The production recipe, run: `collectstatic`, gunicorn and the answer worker (threads
pool) with DJANGO_SETTINGS_MODULE=config.production, pointed at this machine's
PostgreSQL and a Redis by DATABASE_URL and CELERY_BROKER_URL — the README's
"Production" command lines. A shop on another site loads the widget's script and has
one conversation over HTTP, as the widget does (TLS is the proxy's: requests carry
X-Forwarded-Proto: https)."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from config.broker import start_local_broker
from support.demo.shop import load_demo_shop

ROOT = Path(__file__).resolve().parents[1]
SHOP = "https://shop.example"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_url() -> str:
    """pytest's test database, as a DATABASE_URL (a unix socket goes in ?host=)."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = db["HOST"] or ""
    port = db["PORT"] or ""
    if host.startswith("/"):
        query = f"host={quote(host)}" + (f"&port={port}" if port else "")
        return f"postgresql://{auth}@/{db['NAME']}?{query}"
    return f"postgresql://{auth}@{host}:{port}/{db['NAME']}"


class Client:
    """urllib with a cookie jar of its own: the production cookies are Secure, which
    a stock jar would not send over the test's plain HTTP (TLS is the proxy's job)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies: SimpleCookie = SimpleCookie()

    def request(self, method: str, path: str, body: dict | None = None, **headers: str):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("X-Forwarded-Proto", "https")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in headers.items():
            request.add_header(name.replace("_", "-"), value)
        if self.cookies:
            request.add_header(
                "Cookie", "; ".join(f"{k}={m.value}" for k, m in self.cookies.items())
            )
        try:
            response = urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(header)
        return response.status, response.headers, response.read()


@pytest.fixture
def stack(demo_corpus, tmp_path) -> Iterator[tuple[str, Path]]:
    load_demo_shop()
    folder = Path(tempfile.mkdtemp(prefix="sd-prod-"))  # short: a socket path has a limit
    broker = start_local_broker(folder / "redis.sock")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": f"redis+socket://{folder / 'redis.sock'}",
        "SUPPORT_WIDGET_ALLOWED_ORIGINS": SHOP,
        "DJANGO_STATIC_ROOT": str(tmp_path / "static"),
        "SUPPORT_WORKER_THREADS": "4",
    }
    env.pop("SUPPORTDESK_DATABASE_NAME", None)
    log = tmp_path / "stack.log"
    out = log.open("ab")
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        cwd=ROOT, env=env, check=True, stdout=out, stderr=subprocess.STDOUT,
    )  # fmt: skip
    port = free_port()
    processes = [
        subprocess.Popen(
            [
                sys.executable, "-m", "gunicorn", "config.wsgi:application",
                "--bind", f"127.0.0.1:{port}", "--workers", "2", "--threads", "4",
                "--worker-class", "gthread",
            ],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        ),
        subprocess.Popen(
            [
                sys.executable, "-m", "celery", "-A", "config", "worker", "-l", "info",
                "--without-gossip", "--without-mingle", "--without-heartbeat",
            ],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
        ),
    ]  # fmt: skip
    try:
        yield f"http://127.0.0.1:{port}", log
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        if broker is not None:
            broker.terminate()
            broker.wait(timeout=10)
        out.close()
        shutil.rmtree(folder, ignore_errors=True)


def wait_until(condition, *, timeout: float, what: str, log: Path):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except OSError:
            value = None
        if value:
            return value
        time.sleep(0.3)
    tail = log.read_text(errors="replace")[-4000:]
    raise AssertionError(f"timed out waiting for {what}\n--- log ---\n{tail}")


@pytest.mark.django_db(transaction=True)
def test_the_production_stack_serves_the_widget_and_answers_one_conversation(stack):
    base, log = stack
    shop = Client(base)

    # Given the stack up: the widget's script by its plain name, from the web process
    status, headers, body = wait_until(
        lambda: (r := shop.request("GET", "/static/support/widget.js")) and r[0] == 200 and r,
        timeout=60, what="gunicorn to serve the widget script", log=log,
    )  # fmt: skip
    assert "javascript" in headers["Content-Type"]
    assert b"attachShadow" in body
    assert shop.request("GET", "/static/support/widget.css")[0] == 200

    # and every page carries the Content-Security-Policy (no inline script or style)
    status, headers, _ = Client(base).request("GET", "/shop/", Accept="text/html")
    assert status == 200
    policy = headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert headers["Strict-Transport-Security"].startswith("max-age=")

    # When the shop's page starts a conversation and asks a question (another origin,
    # third-party cookies blocked: the client sends none)
    status, headers, body = shop.request(
        "POST", "/api/conversations/", {"shop": "demo-shop", "language": "en"}, Origin=SHOP
    )
    assert status == 201, body
    assert headers["Access-Control-Allow-Origin"] == SHOP
    assert not [h for h in headers.get_all("Set-Cookie") or [] if h.startswith("sessionid=")]
    started = json.loads(body)
    conversation, token = started["id"], started["token"]
    shop.cookies.clear()
    status, _, body = shop.request(
        "POST", f"/api/conversations/{conversation}/messages/",
        {"text": "How long is the warranty?"}, Origin=SHOP, X_Conversation_Token=token,
    )  # fmt: skip
    assert status == 202, body

    # Then the answer worker (threads pool) answers it, and the widget's poll reads it
    def reply():
        shop.cookies.clear()
        status, _, body = shop.request(
            "GET", f"/api/conversations/{conversation}/messages/", Origin=SHOP,
            X_Conversation_Token=token,
        )  # fmt: skip
        assert status == 200, body
        payload = json.loads(body)
        messages = payload["messages"] if isinstance(payload, dict) else payload
        return [m for m in messages if m["role"] == "assistant"]

    answers = wait_until(reply, timeout=90, what="the worker's answer", log=log)
    assert len(answers) == 1 and answers[0]["text"]
    assert "(thread)" in log.read_text(errors="replace")  # the banner: concurrency: 4 (thread)
