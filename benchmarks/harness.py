"""What the end-to-end benchmarks (api_latency.py, load_test.py) share: a temp folder
with a settings module that raises the widget's throttles, a private Redis broker,
their own database (dropped, re-created, migrated, the demo loaded), the site and a
Celery worker as subprocesses stopped by pid, and the machine's description.

The scripts run as ``python benchmarks/<name>.py``, so they ``import harness``."""

from __future__ import annotations

import contextlib
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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
# The widget API's throttles (30/min per session, 120/min per IP) would refuse a load
# from one address; config/settings.py does not read them from the environment.
SETTINGS = """\
from config.settings import *  # noqa: F403

import os

SUPPORT_MODEL_BACKEND = os.environ.get("SUPPORT_MODEL_BACKEND", "naive")
SUPPORT_THROTTLE_SESSION = "1000000/min"
SUPPORT_THROTTLE_IP = "1000000/min"
"""


@dataclass(frozen=True)
class Bench:
    temp: Path  # the settings module, the broker's socket, the logs
    env: dict[str, str]  # for every subprocess
    socket_path: Path


def prepare(*, database: str, prefix: str, settings_module: str) -> Bench:
    """A temp folder with the settings module, and the environment of every process
    (this one included): naive model, DEBUG off, the private broker, the database."""
    temp = Path(tempfile.mkdtemp(prefix=prefix))
    (temp / f"{settings_module}.py").write_text(SETTINGS)
    socket_path = temp / "redis" / "redis.sock"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(
            [str(temp), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        ),
        "DJANGO_SETTINGS_MODULE": settings_module,
        "SUPPORTDESK_DATABASE_NAME": database,
        "CELERY_BROKER_URL": f"redis+socket://{socket_path}",
        "DJANGO_DEBUG": "0",
        "SUPPORT_MODEL_BACKEND": "naive",
    }
    env.pop("DATABASE_URL", None)
    for key in ("DJANGO_SETTINGS_MODULE", "SUPPORTDESK_DATABASE_NAME", "DJANGO_DEBUG"):
        os.environ[key] = env[key]
    os.environ.pop("DATABASE_URL", None)
    sys.path[:0] = [str(temp), str(ROOT)]
    return Bench(temp=temp, env=env, socket_path=socket_path)


class Stack:
    """The processes a benchmark started; stopped in reverse order, by pid."""

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


def start_broker(bench: Bench) -> subprocess.Popen | None:
    from config.broker import start_local_broker

    return start_local_broker(bench.socket_path)


def fresh_database(expected_name: str) -> None:
    """Drop and re-create the benchmark's own database, so every run starts from the
    same rows and the current migrations."""
    import psycopg
    from django.conf import settings

    entry = settings.DATABASES["default"]  # importing the settings starts the server
    name = entry["NAME"]
    assert name == expected_name, f"refusing to drop {name!r}"
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


def load_demo(bench: Bench, database: str) -> None:
    """A fresh database with the demo shop: migrations, the cache table (the throttles'
    counters), the demo documents and `demo_load`."""
    print(f"database {database}: fresh, migrate, cache table, demo documents, demo_load")
    fresh_database(database)
    manage(bench.env, "migrate", "--noinput")
    manage(bench.env, "createcachetable")
    manage(bench.env, "knowledge", "import", str(ROOT / "knowledge" / "demo"))
    manage(bench.env, "demo_load")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_runserver(env: dict[str, str], port: int, log) -> subprocess.Popen:
    # runserver serves every request on a new thread: a persistent database
    # connection would be left behind by each one (and the shared server runs out).
    return subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env={**env, "DATABASE_CONN_MAX_AGE": "0"},
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def start_worker(env: dict[str, str], processes: int, log) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--pool", "prefork", "--concurrency", str(processes),
            "--without-gossip", "--without-mingle", "--without-heartbeat",
            "-l", "warning",
        ],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip


def start_workers(
    env: dict[str, str], processes: int, log, *, pool: str, threads: int
) -> list[subprocess.Popen]:
    """``processes`` answer workers: one prefork worker with that many processes, or
    that many threads-pool workers with ``threads`` threads each (as production runs)."""
    if pool == "prefork":
        return [start_worker(env, processes, log)]
    workers = []
    for i in range(processes):
        command = [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--pool", pool, "--concurrency", str(threads), "-n", f"bench{i}@%h",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
            "-l", "warning",
        ]  # fmt: skip
        workers.append(
            subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        )
    return workers


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def cpu_name() -> str:
    name = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return name


def load_average() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())
