"""`make tutor` and `make tutor-ja`, the README's first commands, start JupyterLab as the user running the
tests (root in CI, where JupyterLab refuses to start without --allow-root), print the address to open with
its token when no browser is opened, and serve the start chapter from that address: from the learner's working
copy (WORKDIR, here a temporary folder), with the tutor's settings (lab/settings) and plugin (lab/labextensions).
`make_tutor` starts the real recipe for tests/app/test_jupyterlab_tutor.py too."""
from __future__ import annotations

import json
import os
import re
import selectors
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser_support import stop_process_tree

ROOT = Path(__file__).resolve().parents[2]
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
    """Stop make, the JupyterLab it started and that JupyterLab's kernels (in sessions of their own)."""
    if proc.poll() is None:
        stop_process_tree(proc, [], timeout=30)


@contextmanager
def make_tutor(target: str, workdir: Path, home: Path | None = None) -> Iterator[tuple[str, re.Match[str]]]:
    """`make TARGET` (the real recipe) on a free port with NO_BROWSER=1 and WORKDIR=workdir, until JupyterLab
    printed its address: what make printed by then, and the address. With `home`, JupyterLab's and IPython's
    own folders (user settings, workspaces, trust, runtime) are there, as on a new learner's machine. Stops make,
    JupyterLab and its kernels at the end."""
    env = dict(os.environ)
    if home is not None:
        env.update(JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
                   JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"))
    proc = subprocess.Popen(["make", "--no-print-directory", target, f"PORT={_free_port()}", "NO_BROWSER=1",
                             f"WORKDIR={workdir}"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        printed, address = _read_until_address(proc)
        port, _, token = address.groups()
        _get(f"http://127.0.0.1:{port}/api/status?token={token}")   # until it answers
        yield printed, address
    finally:
        _stop(proc)


@pytest.mark.slow
@pytest.mark.parametrize(("target", "chapter"), [("tutor", "notebooks/00_start_here.ipynb"),
                                                 ("tutor-ja", "notebooks/ja/00_start_here.ipynb")])
def test_make_tutor_serves_the_start_chapter_at_the_address_it_prints(target: str, chapter: str,
                                                                     tmp_path: Path) -> None:
    workdir = tmp_path / "my chapters"
    with make_tutor(target, workdir, tmp_path / "home") as (printed, address):
        assert ("Running as root: JupyterLab is started with --allow-root." in printed) == (os.geteuid() == 0)
        assert "No browser is opened here: open the address JupyterLab prints below" in printed
        assert f"Your copy of the chapters: {workdir}" in printed
        served_port, path, token = address.groups()
        assert f"port {served_port} " in printed
        assert path == chapter   # the working copy is the server's root: notebooks/, docs/ beside

        status, page = _get(address.group(0))
        assert status == 200 and "<title>JupyterLab</title>" in page
        assert '"name": "concordia-tutor-lab"' in page   # the tutor's plugin (lab/labextensions)
        status, body = _get(f"http://127.0.0.1:{served_port}/api/contents/{path}?token={token}")
        served = json.loads(body)["content"]
        on_disk = json.loads((ROOT / chapter).read_text(encoding="utf-8"))
        assert status == 200
        assert [c["source"] for c in served["cells"]] == ["".join(c["source"]) for c in on_disk["cells"]]
        assert served["metadata"]["concordia"] == {"run_on_open": True}
        status, body = _get(f"http://127.0.0.1:{served_port}/api/contents/docs/rules.md?token={token}")
        assert status == 200 and '<a id="R-SETUP-1"' in json.loads(body)["content"]
        status, body = _get(f"http://127.0.0.1:{served_port}/lab/api/settings/"
                            f"@jupyterlab/apputils-extension:notification?token={token}")
        assert json.loads(body)["schema"]["properties"]["fetchNews"]["default"] == "false"   # lab/settings
