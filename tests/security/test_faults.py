"""Fault drills: PostgreSQL restarted mid-turn, the broker restarted with messages queued.

Everything is real and private to this module: an embedded PostgreSQL of its own in a
temp folder (config.embedded_postgres.start_embedded_postgres, migrated and loaded with
the demo shop), a Redis broker of its own (config.broker.start_local_broker, with the
appendonly persistence it configures), a real `celery worker` (threads pool, settings
tests/security/fault_settings.py) and customer messages posted by a separate Django
process through post_customer_message, as the API does. Only these servers are ever
stopped or restarted — never the shared ones under var/.

Each drill must end within 90 s with every customer message answered exactly once, by
the same worker process, which nobody restarted.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from config.embedded_postgres import start_embedded_postgres
from tests.security.test_redelivery import (
    Broker,
    finished_runs,
    start_worker,
    stop_worker,
    wait_for,
)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DRILL_SECONDS = 90
QUESTION = "When does order 1042 arrive?"  # one model step, a tool call (a read), a second step
ANSWER = "I checked: 1042 — shipped, delivery 3 November."


@dataclass
class PrivatePostgres:
    data_dir: Path
    host: str  # the unix socket's folder
    name: str

    @property
    def url(self) -> str:
        return f"postgresql://postgres@/{self.name}?host={self.host}"

    def _pg_ctl(self, *args: str) -> None:
        from pgserver._commands import pg_ctl

        # As root, pgserver runs the server as its own system user; pg_ctl must be too.
        user = "pgserver" if os.geteuid() == 0 else None
        pg_ctl(list(args), pgdata=self.data_dir, user=user, timeout=60)

    def stop(self, mode: str = "fast") -> None:
        self._pg_ctl("-w", "-m", mode, "stop")

    def start(self) -> None:
        log = str(self.data_dir / "log")
        self._pg_ctl("-w", "-o", '-h ""', "-o", f"-k {self.host}", "-l", log, "start")

    def restart(self, *, down_for: float) -> None:
        """A fast shutdown (every session is terminated), an outage, a start."""
        self.stop("fast")
        time.sleep(down_for)
        self.start()

    def rows(self, sql: str, params: list | None = None) -> list[tuple]:
        with psycopg.connect(host=self.host, user="postgres", dbname=self.name) as conn:
            return conn.execute(sql, params or []).fetchall()


@pytest.fixture(scope="module")
def private_postgres() -> Iterator[PrivatePostgres]:
    """A PostgreSQL server of our own, migrated, with the demo documents and shop."""
    folder = Path(tempfile.mkdtemp(prefix="sd-pg-"))
    data_dir = folder / "pgdata"
    entry = start_embedded_postgres(data_dir)
    server = PrivatePostgres(data_dir=data_dir, host=entry["HOST"], name=entry["NAME"])
    try:
        env = django_env(server.url)
        for args in (
            ["migrate", "--noinput"],
            ["knowledge", "import", str(ROOT / "knowledge" / "demo")],
            ["demo_load"],
        ):
            subprocess.run(
                [sys.executable, "manage.py", *args],
                cwd=ROOT,
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
                timeout=300,
            )
        yield server
    finally:
        try:
            server.stop("immediate")
        except subprocess.CalledProcessError:
            pass  # already down
        forget_server(data_dir)
        shutil.rmtree(folder, ignore_errors=True)


def forget_server(data_dir: Path) -> None:
    """pgserver keeps a handle per data folder and touches the folder at exit; the
    folder is gone, so drop the handle."""
    from pgserver.postgres_server import PostgresServer

    handle = PostgresServer._instances.pop(data_dir.resolve(), None)
    if handle is not None:
        atexit.unregister(handle._cleanup)


@pytest.fixture
def drill_broker() -> Iterator[Broker]:
    folder = Path(tempfile.mkdtemp(prefix="sd-broker-"))
    broker = Broker(folder / "redis.sock")
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()
        shutil.rmtree(folder, ignore_errors=True)


def django_env(database_url: str, broker_url: str = "redis+socket:///nonexistent") -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.security.fault_settings",
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": broker_url,
    }
    env.pop("SUPPORTDESK_DATABASE_NAME", None)
    env.pop("SUPPORT_DRILL_DATABASE_NAME", None)
    return env


POSTER = """
import json, sys, time
import django
django.setup()
from support.customer.selectors import demo_customer
from support.customer.conversations import post_customer_message, start_conversation
from django.db import close_old_connections
for line in sys.stdin:
    close_old_connections()  # as at the start of every web request
    started = time.monotonic()
    ids = []
    for text in json.loads(line):
        conversation = start_conversation(customer=demo_customer(), language="en")
        ids.append(post_customer_message(conversation=conversation, text=text).pk)
    print(json.dumps({"ids": ids, "seconds": time.monotonic() - started}), flush=True)
"""


class Poster:
    """Another Django process that posts customer messages as the API does (stored, the
    task queued when the transaction commits), each in a conversation of its own. It
    lives across posts and keeps its connections, as a web process does."""

    def __init__(self, pg: PrivatePostgres, broker: Broker, log: Path) -> None:
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-c", POSTER],
            cwd=ROOT,
            env=django_env(pg.url, broker.url),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log.open("ab"),
            text=True,
        )
        self.seconds = 0.0  # how long the last post took

    def post(self, texts: list[str]) -> list[int]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(texts) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"the poster died:\n{self.log.read_text()[-3000:]}")
        answer = json.loads(line)
        self.seconds = answer["seconds"]
        return answer["ids"]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


@dataclass(frozen=True)
class Answered:
    message_id: int
    replies: list[str]
    status: str | None
    runs: int | None
    claimed_by: str | None


def answers(pg: PrivatePostgres, message_ids: list[int]) -> dict[int, Answered]:
    rows = pg.rows(
        """
        SELECT m.id,
               ARRAY(SELECT a.text FROM support_message a
                     WHERE a.conversation_id = m.conversation_id AND a.role = 'assistant'
                     ORDER BY a.id),
               t.status, t.runs, t.claimed_by
        FROM support_message m LEFT JOIN support_turn t ON t.message_id = m.id
        WHERE m.id = ANY(%s)
        """,
        [message_ids],
    )
    return {row[0]: Answered(*row) for row in rows}


def all_done(pg: PrivatePostgres, message_ids: list[int]) -> bool:
    found = answers(pg, message_ids)
    return len(found) == len(message_ids) and all(a.status == "done" for a in found.values())


def claimed(pg: PrivatePostgres, message_id: int) -> bool:
    return bool(answers(pg, [message_id])[message_id].runs)


def worker_pid(claimed_by: str | None) -> int:
    """The process in a lease's host:process:thread."""
    return int((claimed_by or ":0:0").rsplit(":", 2)[1])


def test_postgres_restarted_mid_turn_loses_nothing_and_the_worker_recovers(
    private_postgres: PrivatePostgres, drill_broker: Broker, tmp_path
):
    pg, broker = private_postgres, drill_broker
    log = tmp_path / "worker.log"
    # One worker process (so the one that lost its connection must answer what follows),
    # a model that takes 4 s per step, so the restart lands in the middle of a turn.
    worker = start_worker(
        broker.url, log, concurrency=1, step_delay=4.0, env=django_env(pg.url, broker.url)
    )
    poster = Poster(pg, broker, tmp_path / "poster.log")
    try:
        # Given a worker that has answered once (warm: embedder loaded, connection open)
        [warm] = poster.post(["Can I pay cash on delivery?"])
        wait_for(lambda: all_done(pg, [warm]), timeout=60, what="the warm-up answer", log=log)
        started = time.monotonic()

        # When PostgreSQL is restarted (sessions terminated, 1 s down) while a turn runs
        [in_flight] = poster.post([QUESTION])
        wait_for(lambda: claimed(pg, in_flight), timeout=30, what="the turn claimed", log=log)
        pg.restart(down_for=1.0)
        # and another customer writes after the restart
        [after] = poster.post([QUESTION])

        # Then both messages get exactly one reply, from the same worker process
        wait_for(
            lambda: all_done(pg, [in_flight, after]),
            timeout=DRILL_SECONDS - (time.monotonic() - started),
            what="both messages answered",
            log=log,
        )
        time.sleep(2)  # room for a duplicate reply, if there were one
        elapsed = time.monotonic() - started
        found = answers(pg, [warm, in_flight, after])
        assert worker.poll() is None, "the worker died"
    finally:
        poster.close()
        stop_worker(worker)

    assert found[in_flight].replies == [ANSWER]
    assert found[after].replies == [ANSWER]
    # the interrupted run was taken over once, by a retry of the same task
    assert found[in_flight].runs == 2
    assert found[after].runs == 1
    pids = {worker_pid(found[m].claimed_by) for m in (warm, in_flight, after)}
    assert len(pids) == 1, f"answered by more than one pool process: {pids}"
    assert elapsed < DRILL_SECONDS


def test_broker_restarted_with_messages_queued_loses_nothing(
    private_postgres: PrivatePostgres, drill_broker: Broker, tmp_path
):
    pg, broker = private_postgres, drill_broker
    log = tmp_path / "worker.log"
    poster = Poster(pg, broker, tmp_path / "poster.log")
    worker = comeback = None
    try:
        # Given six customer messages queued while no worker runs
        queued = poster.post([QUESTION] * 6)
        started = time.monotonic()
        assert broker.queued() == 6

        # When the broker crashes (SIGKILL, after appendonly's once-a-second fsync) and
        # comes back on the same folder, the six tasks are still queued
        time.sleep(1.2)
        broker.stop(signal.SIGKILL)
        broker.start()
        assert broker.queued() == 6

        # and when it is restarted again (SIGTERM) while a worker is in the middle of turns
        worker = start_worker(
            broker.url, log, concurrency=2, step_delay=1.0, env=django_env(pg.url, broker.url)
        )
        wait_for(lambda: claimed(pg, queued[0]), timeout=60, what="the first turn", log=log)
        assert broker.queued() > 0, "the drill needs messages still queued at the restart"
        broker.stop(signal.SIGTERM)
        broker.start()
        # and two more customers write after it (the poster's connection was cut)
        late = poster.post([QUESTION] * 2)

        # and one writes while the broker is down (it is back 3 s later)
        broker.stop(signal.SIGTERM)
        comeback = threading.Timer(3.0, broker.start)
        comeback.start()
        during = poster.post([QUESTION])
        comeback.join()
        assert poster.seconds > 2, "the post should have waited for the broker"

        # Then every message gets exactly one reply, and the worker reconnected by itself
        everything = queued + late + during
        wait_for(
            lambda: all_done(pg, everything),
            timeout=DRILL_SECONDS - (time.monotonic() - started),
            what="all nine messages answered",
            log=log,
        )
        # Tasks running at a restart may be handed out again once the visibility timeout
        # (30 s here) passes without their acknowledgement; such runs find the turn done.
        wait_for(
            lambda: broker.queued() == 0 and broker.client().hlen("unacked") == 0,
            timeout=DRILL_SECONDS - (time.monotonic() - started),
            what="the broker to hold no queued or unacknowledged task",
            log=log,
        )
        time.sleep(2)
        elapsed = time.monotonic() - started
        found = answers(pg, everything)
        runs = finished_runs(log)
        assert worker.poll() is None, "the worker died"
    finally:
        if comeback is not None:  # never leave a broker started after the fixture's stop
            comeback.cancel()
            comeback.join()
        poster.close()
        if worker is not None:
            stop_worker(worker)

    assert {m: a.replies for m, a in found.items()} == {m: [ANSWER] for m in everything}
    assert runs.count("answered") == len(everything)
    assert set(runs) <= {"answered", "skipped"}, runs
    assert elapsed < DRILL_SECONDS
