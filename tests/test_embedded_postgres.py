"""The embedded PostgreSQL can be stopped: `make stop` and `.ci/run` rely on it."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from config.embedded_postgres import start_embedded_postgres, stop_embedded_postgres


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_started_server_is_stopped_even_with_another_handle_on_its_list():
    # given a server of our own, started the way the project starts it
    folder = Path(tempfile.mkdtemp(prefix="sd-stop-"))
    data_dir = folder / "pgdata"
    try:
        start_embedded_postgres(data_dir)
        pid = int((data_dir / "postmaster.pid").read_text().split()[0])
        # and a process that attached to it and died without detaching
        (data_dir / ".handle_pids.json").write_text("[999999]")
        # when it is stopped
        stopped = stop_embedded_postgres(data_dir)
        # then no server runs on the folder, and stopping again is harmless
        assert stopped and not _alive(pid)
        assert stop_embedded_postgres(data_dir)
    finally:
        from pgserver.postgres_server import PostgresServer

        handle = PostgresServer._instances.pop(data_dir.resolve(), None)
        if handle is not None:
            atexit.unregister(handle._cleanup)
        shutil.rmtree(folder, ignore_errors=True)
