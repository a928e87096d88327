"""Browser test support (not a test module): JupyterLab on 127.0.0.1 driven by Playwright in headless
Chromium. tests/conftest.py registers its fixtures (lab, browser, page) as a plugin.

A module may add notebooks of its own to the served folder by defining a fixture `extra_notebooks`
returning {file name: code cell source}.

The notebooks are copied into a temporary root directory before JupyterLab serves them (and
autosave is off), so the committed files are never touched: the learner's working copy of `make tutor`
(scripts/tutor_copy.py: notebooks/ with docs/ beside, so the chapters' rule links resolve). Full-page screenshots go to
`screenshots/` (git-ignored) for a person to look at.

Needs Debian's Chromium (`/usr/bin/chromium`; Playwright's own browser download is not used).
Without it the tests skip, except under CI (`CI` set), where a missing browser is a failure.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").rglob("*.ipynb"))
SCREENSHOTS = REPO / "screenshots"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER_START_TIMEOUT = 60.0     # seconds until JupyterLab answers
RUN_TIMEOUT_MS = 120_000        # one notebook's "Run All Cells", kernel start included

# JupyterLab user settings for the session: no autosave (belt and braces: the notebooks are copies),
# every cell attached to the DOM (so nothing waits off screen), no blank space
# after the last cell (it would pad the full-page screenshots), no news or update pop-ups.
LAB_SETTINGS: dict[str, dict[str, object]] = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none", "scrollPastEnd": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                         "checkForUpdates": False},
}


# --- environment ------------------------------------------------------------------------------------
def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _unavailable(reason: str) -> None:
    """Skip with `reason` on a developer machine; fail under CI, where the browser test is required."""
    if _in_ci():
        pytest.fail(f"{reason} (CI is set: the browser test is required here; .ci/run installs chromium)")
    pytest.skip(reason)


def chromium_path() -> str:
    """Debian's Chromium, or skip (fail under CI) saying how to get it."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    _unavailable("browser test needs Chromium at /usr/bin/chromium (apt-get install chromium); not found")
    raise AssertionError("unreachable")


def load_script(name: str) -> ModuleType:
    """A module of scripts/ (not a package), imported once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
        assert spec and spec.loader, name
        sys.modules[name] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules[name]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _digest(paths: list[Path]) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def process_parents() -> dict[int, int]:
    """Every live process's parent: pid -> parent pid, from /proc."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(text[text.rindex(")") + 2:].split()[1])
    return parents


def _descendants(pid: int, parents: dict[int, int] | None = None) -> list[int]:
    """Every live process below `pid` (kernels run in their own session, so a process-group kill misses them)."""
    children: dict[int, list[int]] = {}
    for child, parent in (process_parents() if parents is None else parents).items():
        children.setdefault(parent, []).append(child)
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


# --- the JupyterLab server --------------------------------------------------------------------------
@dataclass
class Lab:
    root: Path
    base: str
    token: str

    def url(self, path: str) -> str:
        return f"{self.base}/{path.lstrip('/')}?token={self.token}"

    def api(self, path: str, method: str = "GET") -> Any:
        req = urllib.request.Request(f"{self.base}/api/{path}", method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=5) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        for kernel in self.api("kernels"):
            self.api(f"kernels/{kernel['id']}", method="DELETE")


def write_notebook(path: Path, source: str) -> None:
    """A one-cell notebook with `source` as its code."""
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "only-cell", "metadata": {},
                     "outputs": [], "source": source}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")


@pytest.fixture(scope="module")
def extra_notebooks() -> dict[str, str]:
    """Notebooks a test module adds to the served root (override in the module): name -> code."""
    return {}


@pytest.fixture(scope="module")
def lab_settings() -> dict[str, dict[str, object]]:
    """JupyterLab user settings for the module's server (override in the module to add some)."""
    return LAB_SETTINGS


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory, extra_notebooks: dict[str, str],
        lab_settings: dict[str, dict[str, object]]) -> Iterator[Lab]:
    """JupyterLab serving a temporary working copy of the chapters on 127.0.0.1 (free port, random token)."""
    chromium_path()  # skip (or fail under CI) before starting anything
    before = _digest(NOTEBOOKS)
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "root"
    load_script("tutor_copy").prepare(root)
    for name, source in extra_notebooks.items():
        write_notebook(root / name, source)
    settings = tmp / "user-settings"
    for name, values in lab_settings.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values), encoding="utf-8")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp / "config"), JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
               IPYTHONDIR=str(tmp / "ipython"), PYTHONUNBUFFERED="1")
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    port, token = _free_port(), secrets.token_hex(24)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           f"--ServerApp.root_dir={root}", "--ServerApp.allow_root=True", "--ServerApp.terminals_enabled=False",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={settings}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           # a safety net if pytest itself is killed: idle kernels are culled, then the server stops
           "--MappingKernelManager.cull_idle_timeout=900", "--ServerApp.shutdown_no_activity_timeout=900"]
    log_path = tmp / "jupyterlab.log"
    log = log_path.open("wb")
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            start_new_session=True)
    server = Lab(root, f"http://127.0.0.1:{port}", token)
    try:
        wait_until_answers(proc, lambda: server.api("status"), "JupyterLab", SERVER_START_TIMEOUT,
                           lambda: log_path.read_text(errors="replace"))
        yield server
    finally:
        _stop_server(server, proc)
        log.close()
        after = _digest(NOTEBOOKS)
        assert after == before, "the browser test modified a committed notebook"


def wait_until_answers(proc: subprocess.Popen[Any], ask: Callable[[], object], name: str, timeout: float,
                       log: Callable[[], str]) -> None:
    """Ask a server just started (`proc`) until `ask` returns without an OSError; fail with the end of its `log` if
    it exits first or does not answer within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            pytest.fail(f"{name} exited with {proc.returncode}:\n{log()[-3000:]}")
        try:
            ask()
            return
        except OSError:   # urllib's URLError and HTTPError among them
            if time.monotonic() > deadline:
                pytest.fail(f"{name} did not answer within {timeout:.0f} s:\n{log()[-3000:]}")
            time.sleep(0.25)


def _stop_server(server: Lab, proc: subprocess.Popen[bytes]) -> None:
    """Shut the kernels down, then the server's process group; kill whatever is left of what it started."""
    started = _descendants(proc.pid)
    try:
        server.shutdown_kernels()
    except (OSError, urllib.error.URLError, ValueError):
        pass
    stop_process_tree(proc, started)


def stop_process_tree(proc: subprocess.Popen[Any], started: list[int], timeout: float = 15) -> None:
    """Stop a server's process group, then kill whatever it started (kernels run in sessions of their own,
    so a process-group kill misses them): `started` lists them, taken before anything was shut down."""
    started = started + [p for p in _descendants(proc.pid) if p not in started]
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=timeout)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    for pid in started:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


# --- the browser ------------------------------------------------------------------------------------
WIDGET_TROUBLE = re.compile(r"widget|comm|model|traceback", re.IGNORECASE)  # console errors that fail a test
# ... except jupyterlab-manager's "widget model not found" while it builds a model whose children are still
# being created (seen on a loaded machine): harmless when every widget renders in the end, which
# assert_clean checks on the page itself ("Error displaying widget" fails the test).
TRANSIENT = re.compile(r"^Error: widget model not found\s+at \S+get_model .*_make_model", re.S)


@contextmanager
def launched_chromium() -> Iterator[Any]:
    """The system's Chromium, headless, through Playwright (skips, or fails under CI, when either is missing)."""
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("browser test needs the playwright Python package (pip install -e '.[dev]')")
    # One Playwright at a time in a process (its sync API refuses a second while one runs), shared by the
    # browsers open at once (the app's and JupyterLab's in one test module) and stopped with the last of them.
    if not _PLAYWRIGHT:
        _PLAYWRIGHT.append(sync_playwright().start())
    _PLAYWRIGHT_USERS.append(path)
    try:
        chromium = _PLAYWRIGHT[0].chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        _PLAYWRIGHT_USERS.pop()
        if not _PLAYWRIGHT_USERS:
            _PLAYWRIGHT.pop().stop()


_PLAYWRIGHT: list[Any] = []        # the running Playwright, if any
_PLAYWRIGHT_USERS: list[str] = []  # one entry per browser launched from it and still open


@pytest.fixture(scope="module")
def browser(lab: Lab) -> Iterator[Any]:
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(lab: Lab, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    problems: list[str] = []
    pg.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    pg.problems = problems
    pg.on("console", lambda msg: problems.append(f"console error: {msg.text}")
          if msg.type == "error" and WIDGET_TROUBLE.search(msg.text) and not TRANSIENT.match(msg.text) else None)
    try:
        yield pg
    finally:
        context.close()
        try:
            lab.shutdown_kernels()
        except (OSError, urllib.error.URLError, ValueError):
            pass


# JavaScript run in the page (JupyterLab exposes its app as window.jupyterapp with expose_app_in_browser).
JS_NOTEBOOK_READY = """(name) => {
  const app = window.jupyterapp;
  const nb = app && app.shell && app.shell.currentWidget;
  return !!(nb && nb.context && nb.context.path.endsWith(name) && nb.content && nb.sessionContext
            && nb.sessionContext.session && nb.sessionContext.session.kernel
            && nb.sessionContext.session.kernel.status === 'idle');
}"""

JS_RUN_ALL = """async () => {
  const app = window.jupyterapp;
  app.shell.collapseLeft(); app.shell.collapseRight();
  await app.shell.currentWidget.sessionContext.ready;
  app.commands.execute('notebook:run-all-cells');
}"""

JS_CELLS = """() => {
  const STDERR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]';
  const nb = window.jupyterapp.shell.currentWidget;
  const kernel = nb.sessionContext.session && nb.sessionContext.session.kernel;
  const cells = nb.content.widgets.map((cell, index) => {
    const m = cell.model;
    if (m.type !== 'code') return null;
    return {index, count: m.executionCount, tags: m.getMetadata('tags') || [],
            outputs: m.outputs.toJSON(), prompt: cell.node.querySelector('.jp-InputPrompt')?.textContent || '',
            stderr: [...cell.node.querySelectorAll(STDERR)].map(n => n.innerText)};
  }).filter(c => c !== null);
  return {status: kernel ? kernel.status : 'none', cells};
}"""

JS_SETTLED = """() => {
  const nb = window.jupyterapp.shell.currentWidget;
  const kernel = nb.sessionContext.session && nb.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const code = nb.content.widgets.filter(c => c.model.type === 'code');
  if (code.some(c => (c.node.querySelector('.jp-InputPrompt')?.textContent || '').includes('*'))) return false;
  const failed = code.some(c => c.model.outputs.toJSON().some(o => o.output_type === 'error')
                               && !(c.model.getMetadata('tags') || []).includes('raises-exception'));
  if (!failed && code.some(c => c.model.executionCount === null)) return false;
  const text = nb.content.node.innerText;
  if (text.includes('Loading widget')) return false;
  const imgs = [...nb.content.node.querySelectorAll('.jp-OutputArea-output img')];
  return imgs.every(i => i.complete);
}"""

def open_and_run(page: Any, lab: Lab, path: str) -> dict[str, Any]:
    """Open `path` in JupyterLab, run all cells, wait until everything settled; the final cell report."""
    # a workspace of its own, so JupyterLab does not reopen what an earlier test left open
    workspace = f"test-{secrets.token_hex(4)}"
    page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{path}"), wait_until="domcontentloaded")
    page.wait_for_function(JS_NOTEBOOK_READY, arg=Path(path).name, timeout=RUN_TIMEOUT_MS, polling=250)
    page.evaluate(JS_RUN_ALL)
    try:
        page.wait_for_function(JS_SETTLED, timeout=RUN_TIMEOUT_MS, polling=250)
    except Exception as exc:  # a timeout: say which cells were still waiting
        report = page.evaluate(JS_CELLS)
        pending = [(c["index"], c["prompt"]) for c in report["cells"] if c["count"] is None]
        raise AssertionError(f"{path}: not settled (kernel {report['status']}, cells without a count: {pending})") from exc
    return page.evaluate(JS_CELLS)


def assert_clean(page: Any, path: str, report: dict[str, Any]) -> None:
    """No error output outside `raises-exception` cells, every cell ran, every widget rendered."""
    for cell in report["cells"]:
        allowed = "raises-exception" in cell["tags"]
        assert cell["count"] is not None, f"{path} cell {cell['index']} was not executed"
        if allowed:
            continue
        for out in cell["outputs"]:
            assert out["output_type"] != "error", \
                f"{path} cell {cell['index']}: {out.get('ename')}: {out.get('evalue')}"
            if out["output_type"] == "stream" and out.get("name") == "stderr":
                text = "".join(out.get("text", ""))
                assert "Traceback" not in text, f"{path} cell {cell['index']} printed a traceback:\n{text}"
        for text in cell["stderr"]:  # what the page shows as stderr / error output
            assert "Traceback" not in text, f"{path} cell {cell['index']} shows a traceback:\n{text[:2000]}"
    text = notebook_text(page)
    assert "Error displaying widget" not in text, f"{path}: a widget failed to render"
    assert "Loading widget" not in text, f"{path}: a widget never finished loading"
    assert "something went wrong" not in text, f"{path}: a widget callback raised"
    assert not page.problems, f"{path}: JavaScript errors in the page: {page.problems}"


def notebook_text(page: Any) -> str:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node.innerText")


JS_CODE_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .map(c => { const input = c.node.querySelector('.jp-InputArea');
              const r = input ? input.getBoundingClientRect() : null;
              const shown = !!(input && input.offsetParent !== null && r.height > 0);
              return {hidden: c.inputHidden === true, shown}; })"""

JS_BOARDS = """() => {
  const root = window.jupyterapp.shell.currentWidget.content.node;
  const boards = [...root.querySelectorAll('.jp-OutputArea-output .cc-board svg')].map(s => s.getBoundingClientRect());
  const images = [...root.querySelectorAll('.jp-OutputArea-output img')].filter(i => i.naturalWidth >= 400)
    .map(i => i.getBoundingClientRect());
  return [...boards, ...images].map(r => ({width: r.width, height: r.height}));
}"""


def assert_no_code_visible(page: Any, path: str) -> None:
    cells = page.evaluate(JS_CODE_CELLS)
    assert cells, f"{path}: no code cells"
    for index, cell in enumerate(cells):
        assert cell["hidden"], f"{path}: code cell {index} is not collapsed"
        assert not cell["shown"], f"{path}: the code of cell {index} is visible"
    text = notebook_text(page)
    for code in (r"widgets\.lessons", r"(?m)^\s*(from \w+ )?import \w", r"\blesson\.\w+\("):
        assert not re.search(code, text), f"{path}: code ({code}) is visible"


def assert_board_visible(page: Any, path: str) -> None:
    boards = page.evaluate(JS_BOARDS)
    assert any(b["width"] >= 300 and b["height"] >= 200 for b in boards), f"{path}: no board is visible: {boards}"


def assert_chapter_reads(page: Any, lab: Lab, notebook: Path, shot: str, shows: Callable[[Any, str], None]) -> None:
    """A chapter as a learner reads it in JupyterLab: it runs without an error, shows no code, shows what `shows`
    checks (a board, plots...), makes a full-page screenshot `shot` of some substance and passes the axe-core audit."""
    from axe_support import JUPYTERLAB_OUTPUTS, assert_accessible  # here: axe_support imports this module

    path = f"notebooks/{notebook.name}"
    report = open_and_run(page, lab, path)
    picture = full_screenshot(page, shot)
    assert_clean(page, path, report)
    assert_no_code_visible(page, path)
    shows(page, path)
    assert picture.stat().st_size > 10_000
    assert_accessible(page, f"{path} in JupyterLab", JUPYTERLAB_OUTPUTS)


def full_screenshot(page: Any, name: str) -> Path:
    """The whole notebook in one image: grow the viewport to the notebook's height, then capture."""
    height = page.evaluate("""() => {
      const nb = window.jupyterapp.shell.currentWidget.content;
      const outer = nb.node.querySelector('.jp-WindowedPanel-outer') || nb.node;
      return outer.scrollHeight + (window.innerHeight - outer.clientHeight);
    }""")
    page.set_viewport_size({"width": 1400, "height": max(1000, min(int(height) + 40, 16000))})
    page.wait_for_timeout(500)
    SCREENSHOTS.mkdir(exist_ok=True)
    out = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(out), full_page=True)
    page.set_viewport_size({"width": 1400, "height": 1000})
    return out


