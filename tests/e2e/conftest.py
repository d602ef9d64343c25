"""Browser tests: the demo shop page in the system Chromium (Debian package
`chromium`, installed by tests/e2e/ensure_chromium when missing), pytest-django's live
server on the test database, and a real Celery worker on a private Redis broker that
answers the widget's questions — the same pipeline the demo runs, nothing eager."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connections

from config.broker import start_local_broker
from config.celery import app as celery_app
from tests.celery_pool import reset_producer_pool, worker_argv

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "e2e"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
STAFF_PASSWORD = "a-long-staff-password"


def wait_for(condition: Callable[[], Any], *, timeout: float, what: str, log: Path | None = None):
    """Poll ``condition`` (in the test's thread: it may read the database) until truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    tail = ""
    if log is not None and log.exists():
        tail = "\n--- worker log ---\n" + log.read_text(errors="replace")[-4000:]
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}{tail}")


# --- the browser ------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_executable() -> Path:
    if not CHROMIUM.exists():
        subprocess.run([str(ROOT / "tests" / "e2e" / "ensure_chromium")], check=True)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_executable: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread, which makes
    # Django refuse ORM calls from the test body unless told the thread is sync.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(
                executable_path=str(chromium_executable), headless=True, args=["--no-sandbox"]
            )
            yield launched
            launched.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def new_page(browser) -> Iterator[Callable[..., Any]]:
    """``new_page()`` — a page in a fresh browser context (its own cookies and
    localStorage: one person). JavaScript errors on the page, and anything the
    Content-Security-Policy refused, fail the test."""
    contexts = []
    errors: list[str] = []

    def make(**options: Any):
        context = browser.new_context(viewport={"width": 1280, "height": 860}, **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # Anything the Content-Security-Policy refused (an inline style, an eval) too.
        page.on(
            "console",
            lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None,
        )
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def shoot() -> Callable[[Any, str], Path]:
    """``shoot(page_or_locator, name)`` saves test-artifacts/e2e/<name>.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def save(target: Any, name: str) -> Path:
        path = ARTIFACTS / f"{name}.png"
        target.screenshot(path=str(path))
        return path

    return save


# --- the broker and the worker ---------------------------------------------------------


@pytest.fixture(scope="session")
def e2e_broker_url() -> Iterator[str]:
    if os.environ.get("CELERY_BROKER_URL"):
        yield os.environ["CELERY_BROKER_URL"]
        return
    folder = Path(tempfile.mkdtemp(prefix="sd-e2e-redis-"))
    socket_path = folder / "redis.sock"
    process = start_local_broker(socket_path)
    yield f"redis+socket://{socket_path}"
    if process is not None:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def e2e_producer(e2e_broker_url: str) -> Iterator[None]:
    """The live server runs in this process: its on-commit enqueue goes to the test broker."""
    previous = celery_app.conf.broker_url
    celery_app.conf.broker_url = e2e_broker_url
    reset_producer_pool()
    yield
    celery_app.conf.broker_url = previous
    reset_producer_pool()


@pytest.fixture(scope="session")
def answer_worker(
    django_db_setup, e2e_broker_url: str, e2e_producer, tmp_path_factory
) -> Iterator[Path]:
    """One real Celery worker for the whole session, on the live server's test
    database (it is stopped before pytest-django drops that database). Yields its log."""
    log = tmp_path_factory.mktemp("e2e-worker") / "worker.log"
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DJANGO_SETTINGS_MODULE="tests.e2e.worker_settings",
        SUPPORTDESK_DATABASE_NAME=connections["default"].settings_dict["NAME"],
        CELERY_BROKER_URL=e2e_broker_url,
    )
    process = subprocess.Popen(
        worker_argv(),
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(
            lambda: process.poll() is not None or " ready." in log.read_text(errors="replace"),
            timeout=90,
            what="the Celery worker to start",
            log=log,
        )
        if process.poll() is not None:
            raise AssertionError("the Celery worker exited:\n" + log.read_text(errors="replace"))
        yield log
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        connections.close_all()


# --- the site ---------------------------------------------------------------------------


@pytest.fixture
def site(live_server, demo_corpus, answer_worker) -> str:
    """The live server's base URL, with the demo shop's documents, customers and orders
    loaded (the database is flushed after every browser test) and fresh API throttles."""
    from support.demo.shop import load_demo_shop

    load_demo_shop()
    cache.clear()
    yield live_server.url
    cache.clear()


@pytest.fixture
def staff_user(transactional_db) -> Callable[..., Any]:
    """``staff_user("ana", "editors")``: a back-office login in those groups. The groups
    are created here too: a flushed test database has lost the migration's rows."""
    from django.contrib.auth.models import Group, User

    def make(username: str, *groups: str):
        user = User.objects.create_user(username=username, password=STAFF_PASSWORD)
        for name in groups:
            group, _ = Group.objects.get_or_create(name=name)
            user.groups.add(group)
        return user

    return make


@pytest.fixture
def log_in(new_page) -> Callable[..., Any]:
    """``log_in(base, username, next_url)``: a staff member's own browser, signed in
    through /accounts/login/ like a person would."""

    def make(base: str, username: str, next_url: str):
        page = new_page()
        page.goto(f"{base}/accounts/login/?next={next_url}")
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password").fill(STAFF_PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_load_state()
        assert "/accounts/login/" not in page.url, f"login failed for {username}: {page.url}"
        return page

    return make
