"""`make tutor` and `make tutor-ja`, the README's first commands, start JupyterLab as the user running the
tests (root in CI, where JupyterLab refuses to start without --allow-root), print the address to open with
its token when no browser is opened, and serve the start chapter from that address."""
from __future__ import annotations

import json
import os
import re
import selectors
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/lab/tree/(\S+?)\?token=(\w+)")
START_TIMEOUT = 120   # seconds for JupyterLab to print its address (a loaded 2-core machine)
HTTP_TIMEOUT = 30


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _read_until_address(proc: subprocess.Popen[str]) -> tuple[str, re.Match[str]]:
    """Everything `make` printed up to JupyterLab's address with its token; fails on exit or timeout."""
    assert proc.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    printed: list[str] = []
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if not selector.select(timeout=1):
            continue
        line = proc.stdout.readline()
        if not line:
            pytest.fail(f"make stopped (exit {proc.wait(5)}) before printing an address:\n{''.join(printed)}")
        printed.append(line)
        found = ADDRESS.search(line)
        if found:
            return "".join(printed), found
    pytest.fail(f"no address within {START_TIMEOUT} s:\n{''.join(printed)}")


def _get(url: str) -> tuple[int, str]:
    """The status and body of a GET; JupyterLab prints its address a moment before it listens, so a refused
    connection is tried again for up to HTTP_TIMEOUT seconds."""
    deadline = time.monotonic() + HTTP_TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(url, timeout=HTTP_TIMEOUT) as response:
                return response.status, response.read().decode("utf-8")
        except urllib.error.URLError as exc:
            if not isinstance(exc.reason, ConnectionRefusedError) or time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def _stop(proc: subprocess.Popen[str]) -> None:
    """Stop make and the JupyterLab it started: the whole process group."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


@pytest.mark.slow
@pytest.mark.parametrize(("target", "chapter"), [("tutor", "notebooks/00_start_here.ipynb"),
                                                 ("tutor-ja", "notebooks/ja/00_start_here.ipynb")])
def test_make_tutor_serves_the_start_chapter_at_the_address_it_prints(target: str, chapter: str) -> None:
    port = _free_port()
    proc = subprocess.Popen(["make", "--no-print-directory", target, f"PORT={port}", "NO_BROWSER=1"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    try:
        printed, address = _read_until_address(proc)
        assert ("Running as root: JupyterLab is started with --allow-root." in printed) == (os.geteuid() == 0)
        assert "No browser is opened here: open the address JupyterLab prints below" in printed
        served_port, path, token = address.groups()
        assert int(served_port) == port
        assert path == "00_start_here.ipynb"   # the chapter's folder is the server's root

        status, page = _get(address.group(0))
        assert status == 200 and "<title>JupyterLab</title>" in page
        status, body = _get(f"http://127.0.0.1:{port}/api/contents/{path}?token={token}")
        served = json.loads(body)["content"]
        on_disk = json.loads((ROOT / chapter).read_text(encoding="utf-8"))
        assert status == 200
        assert [c["source"] for c in served["cells"]] == ["".join(c["source"]) for c in on_disk["cells"]]
    finally:
        _stop(proc)
