"""End to end in a real browser: JupyterLab on 127.0.0.1 driven by Playwright in headless Chromium.

Proves what a learner actually sees, which the kernel-side tests cannot: every chapter runs in
JupyterLab without an error, its widgets render and the map image shows; and an Architect play
clicked through the GameApp widgets changes the map and the player board as the engine says.

The notebooks are copied into a temporary root directory before JupyterLab serves them (and
autosave is off), so the committed files are never touched. Full-page screenshots go to
`screenshots/` (git-ignored) for a person to look at.

Needs Debian's Chromium (`/usr/bin/chromium`; Playwright's own browser download is not used).
Without it the tests skip, except under CI (`CI` set), where a missing browser is a failure.
"""
from __future__ import annotations

import hashlib
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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import concordia_core as cc
from concordia_core.state import STOREHOUSE_SLOTS

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
SCREENSHOTS = REPO / "screenshots"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SERVER_START_TIMEOUT = 60.0     # seconds until JupyterLab answers
RUN_TIMEOUT_MS = 120_000        # one notebook's "Run All Cells", kernel start included
MAP_MIN_WIDTH = 400             # natural width (px) of a map PNG; the maps are drawn 1000 px wide
ARCHITECT_SEED = 7              # Aiko moves first, can walk ROMA > land:COSA-ROMA and afford a house in COSA

# JupyterLab user settings for the session: no autosave (belt and braces: the notebooks are copies),
# every cell attached to the DOM (so nothing waits off screen), no blank space
# after the last cell (it would pad the full-page screenshots), no news or update pop-ups.
LAB_SETTINGS = {
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


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _digest(paths: list[Path]) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def _descendants(pid: int) -> list[int]:
    """Every live process below `pid` (kernels run in their own session, so a process-group kill misses them)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
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


ARCHITECT_NOTEBOOK = "architect_play.ipynb"
ARCHITECT_SOURCE = (f'import concordia_core as cc, widgets\n'
                    f'app = widgets.play_tutor("italia", ["Aiko", "Ben"], seed={ARCHITECT_SEED})\n'
                    f'app')


def _write_architect_notebook(path: Path) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "architect-play", "metadata": {},
                     "outputs": [], "source": ARCHITECT_SOURCE}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab serving a temporary copy of notebooks/ on 127.0.0.1 (free port, random token)."""
    chromium_path()  # skip (or fail under CI) before starting anything
    before = _digest(NOTEBOOKS)
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "root"
    shutil.copytree(REPO / "notebooks", root / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    _write_architect_notebook(root / ARCHITECT_NOTEBOOK)
    settings = tmp / "user-settings"
    for name, values in LAB_SETTINGS.items():
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
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with {proc.returncode}:\n{log_path.read_text(errors='replace')[-3000:]}")
            try:
                server.api("status")
                break
            except (OSError, urllib.error.URLError):
                if time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not answer within {SERVER_START_TIMEOUT:.0f} s:\n"
                                f"{log_path.read_text(errors='replace')[-3000:]}")
                time.sleep(0.25)
        yield server
    finally:
        _stop_server(server, proc)
        log.close()
        after = _digest(NOTEBOOKS)
        assert after == before, "the browser test modified a committed notebook"


def _stop_server(server: Lab, proc: subprocess.Popen[bytes]) -> None:
    """Shut the kernels down, then the server's process group; kill whatever is left of what it started."""
    started = _descendants(proc.pid)
    try:
        server.shutdown_kernels()
    except (OSError, urllib.error.URLError, ValueError):
        pass
    started += [p for p in _descendants(proc.pid) if p not in started]
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
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


@pytest.fixture(scope="module")
def browser(lab: Lab) -> Iterator[Any]:
    path = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("browser test needs the playwright Python package (pip install -e '.[dev]')")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(lab: Lab, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    problems: list[str] = []
    pg.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    pg.problems = problems
    pg.on("console", lambda msg: problems.append(f"console error: {msg.text}")
          if msg.type == "error" and WIDGET_TROUBLE.search(msg.text) else None)
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

JS_MAP_IMAGES = """() => [...window.jupyterapp.shell.currentWidget.content.node.querySelectorAll('.jp-OutputArea-output img')]
  .map(i => { const r = i.getBoundingClientRect();
              return {src: i.src.slice(0, 40), natural: i.naturalWidth, width: r.width, height: r.height}; })"""


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
    assert "Internal error in a widget callback" not in text, f"{path}: a widget callback raised"
    assert not page.problems, f"{path}: JavaScript errors in the page: {page.problems}"


def notebook_text(page: Any) -> str:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node.innerText")


def map_images(page: Any) -> list[dict[str, Any]]:
    return [i for i in page.evaluate(JS_MAP_IMAGES) if i["natural"] >= MAP_MIN_WIDTH]


def assert_map_visible(page: Any, path: str) -> None:
    images = map_images(page)
    assert images, f"{path}: no map image (a PNG at least {MAP_MIN_WIDTH} px wide) in the outputs"
    assert all(i["src"].startswith(("data:image/png", "blob:")) for i in images), images
    assert any(i["width"] >= 300 and i["height"] >= 200 for i in images), f"{path}: map image not visible: {images}"


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


# --- every chapter ------------------------------------------------------------------------------------
PLOTS_NOT_MAPS = {"15_strategy_study.ipynb"}  # a chapter of score plots: it shows no board on purpose

@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_browser_chapter_runs_and_renders(lab: Lab, page: Any, notebook: Path) -> None:
    path = f"notebooks/{notebook.name}"
    report = open_and_run(page, lab, path)
    shot = full_screenshot(page, notebook.stem)
    assert_clean(page, path, report)
    if notebook.name in PLOTS_NOT_MAPS:
        assert any(i["width"] >= 300 for i in page.evaluate(JS_MAP_IMAGES)), f"{path}: its plots are not visible"
    else:
        assert_map_visible(page, path)
    assert shot.stat().st_size > 10_000


# --- an Architect play clicked through the GameApp ----------------------------------------------------
def _widget_select(page: Any, description: str) -> Any:
    return page.locator(".widget-dropdown").filter(has=page.locator(f"label:text-is('{description}')")).locator("select")


def choose(page: Any, description: str, starts_with: str) -> str:
    """Pick the option of dropdown `description` whose label starts with `starts_with`; its label."""
    select = _widget_select(page, description)
    select.wait_for(state="visible")
    labels = [" ".join(t.split()) for t in select.locator("option").all_inner_texts()]  # ipywidgets uses &nbsp;
    matches = [i for i, t in enumerate(labels) if t.startswith(starts_with)]
    assert matches, f"dropdown {description!r}: no option starting {starts_with!r} in {labels}"
    select.select_option(index=matches[0])
    return labels[matches[0]]


def click(page: Any, label: str) -> None:
    page.locator("button.jupyter-button:visible").filter(has_text=label).first.click()


def player_board(page: Any, name: str, facts: list[str], timeout: float = 15.0) -> str:
    """The text of `name`'s player board once it shows every one of `facts` (widget updates arrive one by one)."""
    deadline = time.monotonic() + timeout
    while True:
        boards = page.locator(".widget-html-content").filter(has_text="Coins:").filter(has_text=name)
        text = next((t for t in boards.all_inner_texts() if t.strip().startswith(name)), "")
        missing = [f for f in facts if f not in text]
        if not missing:
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{name}'s board should show {missing} (as the engine says), it shows:\n{text}")
        page.wait_for_timeout(200)


def _map_src(page: Any) -> str:
    return page.locator(".widget-image").first.get_attribute("src") or ""


def _wait_src_change(page: Any, old: str) -> str:
    page.wait_for_function("(old) => { const i = document.querySelector('.widget-image');"
                           " return i && i.src !== old && i.complete && i.naturalWidth > 0; }", arg=old, timeout=15_000)
    return _map_src(page)


def _board_facts(p: cc.PlayerState) -> list[str]:
    return [f"Coins: {p.coins}", f"Houses left: {p.houses_left}", f"Storehouse: {p.storehouse_used}/{STOREHOUSE_SLOTS}",
            f"Goods: {p.goods}"]


def test_browser_architect_play_changes_map_and_board(lab: Lab, page: Any) -> None:
    # What the engine says the play does, from the same seed.
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=ARCHITECT_SEED)
    assert game.state.to_move == "Aiko"
    start = game.state.player("Aiko")
    for step in ("play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA"):
        game.play(step)
    end = game.state.player("Aiko")
    assert end.coins < start.coins
    assert "COSA" in end.houses
    assert game.state.to_move == "Ben"

    report = open_and_run(page, lab, ARCHITECT_NOTEBOOK)
    assert_clean(page, ARCHITECT_NOTEBOOK, report)
    assert_map_visible(page, ARCHITECT_NOTEBOOK)
    player_board(page, "Aiko", _board_facts(start))
    src0 = _map_src(page)

    # 1. the card
    label = choose(page, "Card", "Architect")
    assert "✗" not in label
    page.get_by_text("move colonists (one step per colonist").wait_for()
    click(page, "Play card")
    page.get_by_text("1. Move").wait_for()
    src1 = _wait_src_change(page, src0)  # the reach overlay of the first colonist
    page.get_by_text("Steps left: 2").wait_for()
    full_screenshot(page, "architect_play_1_move")  # the reach overlay: routes with their step cost

    # 2. a colonist and a route, then Move
    choose(page, "Colonist", "land colonist in ROMA")
    route = choose(page, "To route", "land:COSA-ROMA")
    assert route.endswith("1 step"), route
    page.locator(".widget-html-content").filter(has_text="move ROMA > land:COSA-ROMA").first.wait_for()
    click(page, "Move")
    page.get_by_text("Steps left: 1").wait_for()
    src2 = _wait_src_change(page, src1)  # the colonist on its new route

    # 3. a city, then Build
    city = choose(page, "Build in", "COSA")
    assert "✗" not in city, city
    page.get_by_text("A house in COSA costs").wait_for()
    src3 = _wait_src_change(page, src2)  # the build overlay: cities with their price
    full_screenshot(page, "architect_play_2_build")
    click(page, "Build")
    page.locator(".widget-html-content").filter(has_text="Ben: play a card").first.wait_for()
    src4 = _wait_src_change(page, src3)  # the house in COSA, no overlay
    assert len({src0, src1, src2, src3, src4}) == 5, "the map image did not change after every step"

    board = player_board(page, "Aiko", _board_facts(end))
    assert f"Coins: {start.coins} " not in board
    text = notebook_text(page)
    assert "Not allowed" not in text
    assert "Choose something first" not in text
    assert "Internal error in a widget callback" not in text
    assert not page.problems, page.problems
    full_screenshot(page, "architect_play_3_done")

    # the History tab lists the three steps of the play; the Score tab is captured for a person to look at
    page.locator(".widget-tab .lm-TabBar-tab").filter(has_text="History").click()
    history = page.locator(".widget-html-content").filter(has_text="History").filter(has_text="build COSA").first
    history.wait_for()
    assert "move ROMA > land:COSA-ROMA" in history.inner_text()
    full_screenshot(page, "architect_play_4_history")
    page.locator(".widget-tab .lm-TabBar-tab").filter(has_text="Score").click()
    page.wait_for_timeout(500)
    full_screenshot(page, "architect_play_5_score")
    assert not page.problems, page.problems
