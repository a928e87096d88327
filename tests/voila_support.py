"""Voilà test support (not a test module): the app mode started exactly as `make app` starts it
(the Makefile's recipe, app/voila.py, the concordia template), on 127.0.0.1 and a free port, serving a
temporary copy of notebooks/ with CONCORDIA_SAVES in a temporary folder.

Used by tests/app/test_app_lockdown.py (HTTP) and tests/browser/test_app_pages.py (headless Chromium). The committed
notebooks are never served (the Makefile's own message names the copy); the server, its kernels and
everything they started are stopped by process id.
"""
from __future__ import annotations

import http.cookiejar
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_support import _descendants, _free_port, process_parents, stop_process_tree, wait_until_answers, write_notebook

REPO = Path(__file__).resolve().parents[1]
VENV = Path(sys.prefix)               # the environment running the tests is the one `make app` uses
STAMP = VENV / ".installed"           # never remade from a test (make -o): installing is not the test's business
START_TIMEOUT = 60.0                  # seconds until Voilà answers
RENDER_TIMEOUT = 180.0                # one page: its kernel started and every cell executed

# A notebook the tests add to the served copy: it shows what the app's kernels were given.
ENV_NOTEBOOK = "app_environment.ipynb"
ENV_SOURCE = ("import os\nimport concordia_core as cc\nfrom widgets.support import saves\n"
              "print('SAVES=' + str(saves.saves_dir()))\n"
              "print('LANGUAGE=' + cc.get_language())\n"
              "print('CWD=' + os.getcwd())")


@dataclass
class VoilaApp:
    root: Path          # the folder served (a copy of notebooks/)
    saves: Path         # CONCORDIA_SAVES of the app
    port: int
    log_path: Path
    proc: subprocess.Popen[bytes]

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return f"{self.base}/{path.lstrip('/')}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def get(self, path: str, timeout: float = RENDER_TIMEOUT) -> tuple[int, str]:
        """Status and body of a GET by a new visitor (a browser's first visit: it keeps the cookie the server hands
        it on the way), errors included: a 403 is an answer, not an exception."""
        status, body, _seconds = Visitor(self).get(path, timeout=timeout)
        return status, body


class Visitor:
    """A browser as the server sees it: its own cookies (the signed visitor cookie among them, once given)."""

    def __init__(self, app: VoilaApp) -> None:
        self.app = app
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str, headers: dict[str, str] | None = None,
            timeout: float = RENDER_TIMEOUT) -> tuple[int, str, float]:
        """Status, body and seconds of a GET (redirects followed, errors included)."""
        request = urllib.request.Request(self.app.url(path), headers=headers or {})
        start = time.monotonic()
        try:
            with self.opener.open(request, timeout=timeout) as resp:
                return resp.status, resp.read().decode("utf-8", "replace"), time.monotonic() - start
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode("utf-8", "replace"), time.monotonic() - start

    def set_cookie(self, name: str, value: str) -> None:
        """Put a cookie of the visitor's own making into this browser (as a forger would)."""
        self.jar.set_cookie(http.cookiejar.Cookie(
            0, name, value, None, False, "127.0.0.1", False, False, "/", True, False, None, False, None, None, {}))

    def cookie_header(self) -> str:
        """The Cookie header this browser sends (for a websocket or a hand-made request)."""
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def make_app_command(port: int, root: Path, saves: Path, *extra: str) -> list[str]:
    """`make app` with the test's port, folder and saves folder; never a browser, never an install."""
    return ["make", "--no-print-directory", "-C", str(REPO), "-o", str(STAMP), "app", f"VENV={VENV}",
            f"PORT={port}", "NO_BROWSER=1", f"APP_DIR={root}", f"SAVES={saves}", *extra]


@contextmanager
def serve(tmp: Path, extra_notebooks: dict[str, str] | None = None, extra_files: dict[str, str] | None = None,
          make_args: tuple[str, ...] = (), *, port: int | None = None, saves: Path | None = None) -> Iterator[VoilaApp]:
    """Run `make app` on a temporary copy of notebooks/ (plus `extra_notebooks`: name -> code, and
    `extra_files`: relative path -> text) until the block ends; fail with the log if it does not answer. `port` and
    `saves` (default: a free port, tmp/saves) serve a server started again as the one before it."""
    if shutil.which("make") is None:
        pytest.fail("`make app` needs make (it is what the README's two commands use)")
    root = tmp / "served"
    shutil.copytree(REPO / "notebooks", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for name, source in (extra_notebooks or {}).items():
        write_notebook(root / name, source)
    for name, text in (extra_files or {}).items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    saves = saves or tmp / "saves"
    port = port or _free_port()
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               IPYTHONDIR=str(tmp / "ipython"), PYTHONUNBUFFERED="1", MPLBACKEND="Agg")
    env.pop("CONCORDIA_SAVES", None)   # the Makefile must set it (SAVES=...), not the test's environment
    env.pop("CONCORDIA_LANG", None)    # English unless the test asks (make app LANG=ja)
    log_path = tmp / "voila.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(make_app_command(port, root, saves, *make_args), cwd=REPO, env=env, stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    app = VoilaApp(root, saves, port, log_path, proc)
    try:
        wait_until_answers(proc, lambda: _answers(app.url("/")), "Voilà (`make app`)", START_TIMEOUT, app.log)
        # the committed notebooks are never served (nor touched): the Makefile names the folder it serves
        assert f"Serving {root} " in app.log(), app.log()[-3000:]
        yield app
    finally:
        stop(proc)
        log.close()


def _answers(url: str) -> None:
    """Ask for `url`; an error status is an answer too (an OSError only when nothing answers)."""
    try:
        urllib.request.urlopen(url, timeout=5).close()
    except urllib.error.HTTPError:
        pass


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop make, Voilà and the kernels it started (they run in sessions of their own), by process id."""
    stop_process_tree(proc, _descendants(proc.pid), timeout=20)


def code_lines(notebook: Path, min_length: int = 20) -> list[str]:
    """Distinctive source lines of the notebook's code cells: long enough to be telling, and not also in
    its Markdown (a chapter may quote notation that a cell also plays)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for line in "".join(cell["source"]).splitlines():
            text = line.strip()
            if len(text) >= min_length and text not in markdown:
                lines.append(text)
    return lines


POOLED = 4      # the preheated pages of app/voila.py: the start page and chapters 01, 02 and 15


def pool_refilled(app: VoilaApp, pooled: int = POOLED) -> bool:
    """Every kernel a page took from the preheated pool has been replaced: Voilà logs each take and each filling.
    Until then a refill may start a kernel at any moment (kernels.py's `refill_delay`), so no count is settled."""
    log = app.log()
    return log.count("Kernel pool of") >= pooled + log.count("Using pre-heated kernel")


def kernel_processes(app: VoilaApp) -> dict[int, str]:
    """The app's live kernels, each pid with its parent's pid and command line (for a failure to show): the ipykernel
    processes below `make app` that a kernel did not start. A kernel's own child (a review's process pool, or any
    subprocess in the instant between its fork and its exec) carries the kernel's command line, but it is no
    kernel of the app's."""
    parents = process_parents()
    found: dict[int, tuple[int, bytes]] = {}
    for pid in _descendants(app.proc.pid, parents):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"ipykernel" in command:
            found[pid] = (parents[pid], command.replace(b"\0", b" "))
    return {pid: f"{pid} (parent {parent}): {command.decode(errors='replace')[-120:]}"
            for pid, (parent, command) in found.items() if parent not in found}


def kernel_pids(app: VoilaApp) -> list[int]:
    """The app's live kernels (`kernel_processes`)."""
    return list(kernel_processes(app))


def server_rss(app: VoilaApp) -> int:
    """The Voilà server's resident memory in bytes (its own process, kernels apart)."""
    for pid in [app.proc.pid, *_descendants(app.proc.pid)]:
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"bin/voila" in command:
                status = Path(f"/proc/{pid}/status").read_text()
                return int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) * 1024
        except (OSError, StopIteration):
            continue
    return 0


def kernels_rss(app: VoilaApp) -> list[int]:
    """Each live kernel's resident memory in bytes."""
    sizes = []
    for pid in kernel_pids(app):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            sizes.append(int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:"))) * 1024)
        except (OSError, StopIteration):
            continue
    return sizes
