"""A PostgreSQL server for a test (not a test module): Debian's `postgresql` package (.ci/run installs it), a new
cluster in a temporary folder, listening on 127.0.0.1 only on a free port, trusting local connections, stopped and
removed afterwards. As root (CI) the server runs as the package's `postgres` user, which PostgreSQL requires.
Outside CI a missing server skips the test with its reason; under CI it fails."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_support import _free_port, _in_ci

BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin"))


def _unavailable(reason: str) -> None:
    if _in_ci():
        pytest.fail(f"{reason} (CI must run the PostgreSQL tests: .ci/run installs the postgresql package)")
    pytest.skip(reason)


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running server for the block; its address (postgresql://postgres@127.0.0.1:PORT/postgres). Its folder is
    a new one in the system's temporary folder (pytest's are closed to the server's user)."""
    if not BIN or not (BIN[-1] / "initdb").exists():
        _unavailable("PostgreSQL is not installed (apt-get install postgresql)")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        _unavailable("runuser is needed to start PostgreSQL as root")
    bin_dir = BIN[-1]
    tmp = Path(tempfile.mkdtemp(prefix="concordia-postgres-"))
    data = tmp / "pgdata"
    if os.geteuid() == 0:
        shutil.chown(tmp, "postgres")
    port = _free_port()
    subprocess.run(_as_server_user([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                    "--no-sync"]), check=True, capture_output=True)
    log = tmp / "server.log"
    subprocess.run(_as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-o",
                                    f"-c listen_addresses=127.0.0.1 -p {port} -k {tmp} -c fsync=off", "start"]),
                   check=True, capture_output=True)
    try:
        deadline = time.monotonic() + 30
        while subprocess.run(_as_server_user([str(bin_dir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)]),
                             capture_output=True).returncode != 0:
            if time.monotonic() > deadline:
                pytest.fail(f"PostgreSQL did not start: {log.read_text(errors='replace')[-2000:]}")
            time.sleep(0.2)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


def fresh_database(server: str) -> str:
    """A new empty database on the server (its address): each test starts from no tables."""
    import psycopg
    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return server.rsplit("/", 1)[0] + "/" + name
