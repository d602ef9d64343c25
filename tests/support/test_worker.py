"""A real worker process, a real broker, a kill in the middle of a turn: the
customer still gets exactly one reply."""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
from django.db import connection

from config.broker import start_local_broker
from config.celery import app as celery_app
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.selectors import demo_customer
from support.demo.shop import load_demo_shop
from support.models import Message, Turn
from tests.celery_pool import reset_producer_pool, worker_argv

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def broker_url():
    if os.environ.get("CELERY_BROKER_URL"):
        yield os.environ["CELERY_BROKER_URL"]
        return
    folder = Path(tempfile.mkdtemp(prefix="sd-redis-"))
    socket_path = folder / "redis.sock"
    process = start_local_broker(socket_path)
    yield f"redis+socket://{socket_path}"
    if process is not None:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def producer(broker_url):
    """Point this process's Celery app at the test broker."""
    previous = celery_app.conf.broker_url
    celery_app.conf.broker_url = broker_url
    reset_producer_pool()
    yield
    celery_app.conf.broker_url = previous
    reset_producer_pool()


def start_worker(broker_url: str, log: Path, *, step_delay: float) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.support.worker_settings",
        "SUPPORTDESK_DATABASE_NAME": connection.settings_dict["NAME"],
        "CELERY_BROKER_URL": broker_url,
        "SUPPORT_TEST_STEP_DELAY": str(step_delay),
    }
    return subprocess.Popen(
        worker_argv(),
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )


def wait_for(condition, *, timeout: float, what: str, log: Path):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    tail = log.read_text(errors="replace")[-3000:] if log.exists() else ""
    raise AssertionError(f"timed out waiting for {what}\n--- worker log ---\n{tail}")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_turn_still_gives_exactly_one_reply(
    demo_corpus, broker_url, producer, tmp_path
):
    # Given the demo shop and a worker whose model is slow enough to be caught mid-turn
    load_demo_shop()
    log = tmp_path / "worker.log"
    first = start_worker(broker_url, log, step_delay=3.0)
    second = None
    try:
        # When a customer message is posted (queued on commit)
        conversation = start_conversation(customer=demo_customer(), language="en")
        message = post_customer_message(
            conversation=conversation, text="When does order 1042 arrive?"
        )

        # and the worker is killed with SIGKILL once it has claimed the turn
        turn = wait_for(
            lambda: Turn.objects.filter(message=message).exclude(claimed_by="").first(),
            timeout=90,
            what="the first worker to claim the turn",
            log=log,
        )
        assert f":{first.pid}:" in turn.claimed_by  # host:process:thread
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=10)
        assert not Message.objects.filter(conversation=conversation, role="assistant").exists()

        # Then a new worker takes the unacknowledged task over and answers it once
        second = start_worker(broker_url, log, step_delay=0)
        wait_for(
            lambda: Turn.objects.filter(message=message, status=Turn.Status.DONE).exists(),
            timeout=120,
            what="the second worker to finish the turn",
            log=log,
        )
        time.sleep(3)  # room for a duplicate delivery to show up, if there were one
        replies = Message.objects.filter(conversation=conversation, role="assistant")
        assert [r.text for r in replies] == ["I checked: 1042 — shipped, delivery 3 November."]
        turn.refresh_from_db()
        assert turn.runs == 2
        assert turn.reply_id == replies[0].pk
    finally:
        stop(first)
        if second is not None:
            stop(second)
