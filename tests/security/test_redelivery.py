"""Redelivery and enqueue-on-commit: one customer message, exactly one reply.

- The answer task run twice for one message — one after the other, at the same time
  in two threads, and four deliveries of it (two enqueues, and one task message sent
  twice with the same task id) to a real worker running two turns at once (threads,
  as in production) — stores one reply.
- The hard time limit is below the turn lease, and the lease below the broker's
  visibility timeout (a settings test), so a redelivery can never start a second live
  run and a retried task never sits in Redis long enough to be handed out twice.
- The task is queued only when the transaction that stores the message commits:
  counted in a private Redis broker's `celery` list, nothing patched.

The worker helpers here are shared with test_faults.py.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis
from celery.exceptions import Retry
from django.conf import settings
from django.db import connection, transaction

from config.broker import start_local_broker
from config.celery import app as celery_app
from support import conf
from support import tasks as support_tasks
from support.customer.answering import TurnBusy
from support.customer.conversations import post_customer_message, start_conversation
from support.customer.selectors import demo_customer
from support.demo.shop import load_demo_shop
from support.models import Message, Turn
from support.tasks import answer_message
from tests.celery_pool import reset_producer_pool, worker_argv

ROOT = Path(__file__).resolve().parents[2]
QUEUE = "celery"  # the default queue: a Redis list of that name
QUESTION = "When does order 1042 arrive?"
ANSWER = "I checked: 1042 — shipped, delivery 3 November."


# --- a private broker and real worker processes (also used by test_faults.py) -----------


@dataclass
class Broker:
    """A redis-server of our own on a unix socket in a temp folder (never the shared
    one), with the persistence start_local_broker configures (appendonly)."""

    socket_path: Path
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis+socket://{self.socket_path}"

    def start(self) -> None:
        self.process = start_local_broker(self.socket_path)
        assert self.process is not None, f"something else answers on {self.socket_path}"

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=20)
        self.process = None

    def client(self) -> redis.Redis:
        return redis.Redis(unix_socket_path=str(self.socket_path), socket_timeout=5)

    def queued(self) -> int:
        return int(self.client().llen(QUEUE))

    def queued_tasks(self) -> list[tuple[str, list]]:
        """(task name, args) of every message waiting in the queue."""
        out = []
        for raw in self.client().lrange(QUEUE, 0, -1):
            envelope = json.loads(raw)
            args, _kwargs, _embed = json.loads(base64.b64decode(envelope["body"]))
            out.append((envelope["headers"]["task"], args))
        return out


@pytest.fixture
def private_broker() -> Iterator[Broker]:
    folder = Path(tempfile.mkdtemp(prefix="sd-broker-"))  # short: a socket path has a limit
    broker = Broker(folder / "redis.sock")
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def producer(private_broker: Broker) -> Iterator[Broker]:
    """This process's Celery app publishes to the private broker."""
    previous = celery_app.conf.broker_url
    celery_app.conf.broker_url = private_broker.url
    reset_producer_pool()
    try:
        yield private_broker
    finally:
        celery_app.conf.broker_url = previous
        reset_producer_pool()


def start_worker(
    broker_url: str,
    log: Path,
    *,
    concurrency: int = 2,
    step_delay: float = 0.0,
    env: dict[str, str] | None = None,
) -> subprocess.Popen:
    """A real `celery worker` (the threads pool, as in production) with tests/security/
    fault_settings.py; the database is pytest's test database unless ``env`` (the
    whole environment) says otherwise."""
    full_env = {
        **(os.environ if env is None else env),
        "DJANGO_SETTINGS_MODULE": "tests.security.fault_settings",
        "CELERY_BROKER_URL": broker_url,
        "SUPPORT_MODEL_STEP_DELAY": str(step_delay),
    }
    if env is None:  # pytest's test database, on whichever server the suite uses
        full_env["SUPPORT_DRILL_DATABASE_NAME"] = connection.settings_dict["NAME"]
    return subprocess.Popen(
        worker_argv(f"--concurrency={concurrency}", "-n", f"drill-{uuid.uuid4().hex[:8]}@%h"),
        cwd=ROOT,
        env=full_env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: stop() reaches the pool children
    )  # fmt: skip


def stop_worker(process: subprocess.Popen) -> None:
    """SIGTERM (a warm shutdown), then SIGKILL of its process group if it hangs."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def wait_for(condition: Callable[[], object], *, timeout: float, what: str, log: Path | None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    tail = log.read_text(errors="replace")[-4000:] if log and log.exists() else ""
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}\n--- log ---\n{tail}")


def finished_runs(log: Path) -> list[str]:
    """The results of the answer tasks the worker finished ('answered', 'skipped', …)."""
    if not log.exists():
        return []
    marker = "succeeded in "
    return [
        line.rsplit(": ", 1)[-1].strip().strip("'")
        for line in log.read_text(errors="replace").splitlines()
        if "support.tasks.answer_message[" in line and marker in line
    ]


def replies_to(conversation) -> list[str]:
    return list(
        Message.objects.filter(conversation=conversation, role=Message.Role.ASSISTANT)
        .order_by("id")
        .values_list("text", flat=True)
    )


# --- the task run twice ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_answer_task_run_twice_in_a_row_stores_one_reply(demo_corpus, settings):
    # Given a customer message whose task is delivered twice
    settings.SUPPORT_MODEL_BACKEND = "naive"
    load_demo_shop()
    conversation = start_conversation(customer=demo_customer(), language="en")
    message = post_customer_message(conversation=conversation, text=QUESTION, enqueue=False)

    # When the task function runs twice
    first = answer_message(message.pk)
    second = answer_message(message.pk)

    # Then the second run finds the turn done and writes nothing
    assert (first, second) == ("answered", "skipped")
    assert replies_to(conversation) == [ANSWER]
    turn = Turn.objects.get(message=message)
    assert (turn.runs, turn.status) == (1, Turn.Status.DONE)


@pytest.mark.django_db(transaction=True)
def test_the_answer_task_run_twice_at_once_stores_one_reply(demo_corpus, settings):
    # Given a slow model, so two runs of one message overlap (real transactions)
    settings.SUPPORT_MODEL_BACKEND = "naive"
    settings.SUPPORT_MODEL_STEP_DELAY = 0.5
    load_demo_shop()
    conversation = start_conversation(customer=demo_customer(), language="en")
    message = post_customer_message(conversation=conversation, text=QUESTION, enqueue=False)
    gate = threading.Barrier(2)
    outcomes: list[str] = []

    def run() -> None:
        gate.wait()
        try:
            outcomes.append(answer_message(message.pk))
        except (TurnBusy, Retry):  # the task would retry once the lease runs out
            outcomes.append("busy")
        finally:
            connection.close()

    # When the task runs in two threads at the same moment
    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    # Then one run answers, the other finds the turn claimed (or done), and one reply exists
    assert sorted(outcomes) in (["answered", "busy"], ["answered", "skipped"])
    assert replies_to(conversation) == [ANSWER]
    assert Turn.objects.get(message=message).runs == 1


@pytest.mark.django_db(transaction=True)
def test_one_message_delivered_four_times_to_a_real_worker_gets_one_reply(
    demo_corpus, producer: Broker, tmp_path
):
    # Given a customer message and four deliveries of its task waiting in the broker:
    # two enqueues, and one task message sent twice under the same task id
    load_demo_shop()
    conversation = start_conversation(customer=demo_customer(), language="en")
    message = post_customer_message(conversation=conversation, text=QUESTION, enqueue=False)
    task_id = str(uuid.uuid4())
    for _ in range(2):
        answer_message.apply_async(args=[message.pk], task_id=task_id)
        answer_message.delay(message.pk)
    assert producer.queued_tasks() == [("support.tasks.answer_message", [message.pk])] * 4

    # When a worker with two threads takes them (two runs overlap: the model is slow)
    log = tmp_path / "worker.log"
    worker = start_worker(producer.url, log, concurrency=2, step_delay=1.0)
    try:
        # the run that found the turn claimed retries when the lease runs out (25 s)
        runs = wait_for(
            lambda: (r := finished_runs(log)) and len(r) >= 4 and r,
            timeout=90,
            what="the worker to finish all four deliveries",
            log=log,
        )
        time.sleep(1)  # room for one more, if there were one
        runs = finished_runs(log)
    finally:
        stop_worker(worker)

    # Then exactly one delivery answered; the other three found the turn done
    assert sorted(runs) == ["answered", "skipped", "skipped", "skipped"], runs
    assert replies_to(conversation) == [ANSWER]
    turn = Turn.objects.get(message=message)
    assert turn.runs == 1
    assert producer.queued() == 0


# --- settings: time limit < lease < visibility timeout -------------------------------------


def test_the_hard_time_limit_is_below_the_lease_and_the_lease_below_the_visibility_timeout():
    soft = settings.CELERY_TASK_SOFT_TIME_LIMIT
    hard = settings.CELERY_TASK_TIME_LIMIT
    lease = float(conf.get("SUPPORT_TURN_LEASE_SECONDS"))
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]

    # A run is killed (hard limit) before its lease runs out, so nobody takes over a turn
    # that is still being computed; the lease runs out before Redis hands an unacknowledged
    # task to another worker, so the redelivered task can take the turn over at once.
    assert soft < hard < lease < visibility, (soft, hard, lease, visibility)

    # Every countdown the task retries with stays below the visibility timeout: Redis
    # would otherwise hand the waiting (unacknowledged) retry to a second worker.
    longest_countdown = max(support_tasks.MAX_RETRY_COUNTDOWN, lease + 0.5)
    assert longest_countdown < visibility

    # and the Celery app and the task really run with these values
    assert celery_app.conf.task_time_limit == hard
    assert celery_app.conf.task_soft_time_limit == soft
    assert celery_app.conf.broker_transport_options["visibility_timeout"] == visibility
    assert celery_app.conf.worker_prefetch_multiplier == 1
    assert answer_message.acks_late is True
    assert answer_message.reject_on_worker_lost is True


# --- enqueue on commit ---------------------------------------------------------------------


class Boom(Exception):
    pass


@pytest.mark.django_db(transaction=True)
def test_a_message_whose_transaction_rolls_back_enqueues_nothing(producer: Broker):
    conversation = start_conversation(language="en")

    # When the transaction that stores the customer message rolls back
    with pytest.raises(Boom), transaction.atomic():
        post_customer_message(conversation=conversation, text="Where is my parcel?")
        raise Boom

    # Then there is no message and no task in the broker
    assert not Message.objects.filter(conversation=conversation).exists()
    assert producer.queued() == 0


@pytest.mark.django_db(transaction=True)
def test_a_message_whose_transaction_commits_enqueues_one_task(producer: Broker):
    conversation = start_conversation(language="en")

    # While the outer transaction is open nothing is queued; on commit, one task is
    with transaction.atomic():
        message = post_customer_message(conversation=conversation, text="Where is my parcel?")
        assert producer.queued() == 0
    assert producer.queued_tasks() == [("support.tasks.answer_message", [message.pk])]
