"""A soak of the app mode: `make app` on 127.0.0.1 with a small kernel cap, and cap + 2 simulated visitors (each a
headless Chromium context with its own cookies) that, for about three minutes, open chapters, play a card at the
first-game table and save it, leave, and come back. It reports pages served, busy pages, moves played, saves,
errors (must be 0), kernels alive at the peak (never above the cap) and the server's memory before and after.

Bounded: a fixed number of visitors, a fixed duration, loopback only; the server and its kernels are stopped by
process id. Marked slow and browser; CI runs it (`make test`).
"""
from __future__ import annotations

import random
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from app_page import play_and_save, reach_every_screen
from browser_support import launched_chromium
from voila_support import VoilaApp, kernel_pids, kernels_rss, serve, server_rss

pytestmark = [pytest.mark.slow, pytest.mark.browser]
CAP = 4
VISITORS = CAP + 2
DURATION = float(__import__("os").environ.get("SOAK_SECONDS", "180"))            # seconds of visits
SETTLE = 150.0              # at most this long for the kernels of pages gone to be shut down
PAGE_MS = 120_000
TABLE = "15_first_game.ipynb"
OTHERS = ["00_start_here.ipynb", "01_setup.ipynb", "03_turn_and_mercator.ipynb", "12_scoring.ipynb"]
BUSY = "The tutor is busy"
JS_READY = """() => { const busy = document.body && document.body.innerText.includes('The tutor is busy');
  const cells = document.getElementById('rendered_cells');
  const shown = !!cells && cells.style.display !== 'none' && !document.querySelector('#loading:not([style*="none"])');
  return busy ? 'busy' : (shown && document.querySelectorAll('.jupyter-widgets').length > 0 ? 'shown' : ''); }"""


@dataclass
class Figures:
    pages: int = 0
    busy: int = 0
    moves: int = 0
    saves: int = 0
    errors: list[str] = field(default_factory=list)
    moves_by: dict[int, int] = field(default_factory=dict)
    kernels: list[int] = field(default_factory=list)


@pytest.fixture(scope="module")
def soak_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    with serve(tmp_path_factory.mktemp("soak"), make_args=(f"KERNELS={CAP}",)) as app:
        yield app


def _open(page: Any, app: VoilaApp, notebook: str) -> str:
    """'shown' or 'busy' once the page is there."""
    page.goto(app.url(f"/voila/render/{notebook}"), wait_until="domcontentloaded", timeout=PAGE_MS)
    page.wait_for_function(JS_READY, timeout=PAGE_MS, polling=500)
    return str(page.evaluate(JS_READY))


def _problems(page: Any) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return [line for line in text.splitlines()
            if any(w in line for w in ("Traceback", "could not be shown", "something went wrong", "error when executing"))]


def _play_and_save(page: Any, who: int, figures: Figures) -> None:
    """Play the Mercator (trading nothing) at the learner's table, then save the table under the visitor's name."""
    play_and_save(page, f"visitor {who}")
    figures.moves += 2
    figures.moves_by[who] = figures.moves_by.get(who, 0) + 2
    figures.saves += 1


def _visit(page: Any, app: VoilaApp, who: int, notebook: str, figures: Figures) -> bool:
    """One visit of a chapter; False when the visitor got the busy page."""
    state = _open(page, app, notebook)
    if state == "busy":
        figures.busy += 1
        return False
    figures.pages += 1
    page.wait_for_timeout(1000)
    reach_every_screen(page, PAGE_MS)      # the visitor reads the whole chapter: every screen is built
    if notebook == TABLE:
        _play_and_save(page, who, figures)
    figures.errors += [f"visitor {who}, {notebook}: {p}" for p in _problems(page)]
    return True


def _watch(app: VoilaApp, stop: threading.Event, figures: Figures) -> None:
    while not stop.is_set():
        figures.kernels.append(len(kernel_pids(app)))
        time.sleep(0.5)


def _soak(app: VoilaApp, figures: Figures) -> None:
    """Visitors take turns in one thread, a round at a time: each keeps its page open while the others open theirs,
    so up to VISITORS pages want a kernel at once. After a round some visitors leave their page (its kernel is shut
    down), and those who got the busy page try again first in the next round, as a person told "try again in a
    minute" does, after a moment: otherwise the places freed would always go to the visitors earlier in the round,
    and the last ones would never play."""
    rng = random.Random(23)
    with launched_chromium() as chromium:
        contexts = [chromium.new_context(viewport={"width": 1280, "height": 800}) for _ in range(VISITORS)]
        pages = [c.new_page() for c in contexts]
        for page in pages:
            page.on("pageerror", lambda exc: figures.errors.append(f"page error: {exc}"))
        end = time.monotonic() + DURATION
        order = list(range(VISITORS))
        while time.monotonic() < end:
            refused: list[int] = []
            for who in order:
                if time.monotonic() >= end:
                    break
                notebook = TABLE if who not in figures.moves_by or rng.random() < 0.5 else rng.choice(OTHERS)
                try:
                    if not _visit(pages[who], app, who, notebook, figures):
                        refused.append(who)
                except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
                    figures.errors.append(f"visitor {who}, {notebook}: {type(exc).__name__}: {str(exc)[:300]}")
            for page in rng.sample(pages, VISITORS // 2):      # some visitors leave their page
                page.goto("about:blank")
            time.sleep(3)                                      # the refused wait a moment before trying again
            order = refused + [who for who in range(VISITORS) if who not in refused]
        for page in pages:
            page.goto("about:blank")
        for context in contexts:
            context.close()


def test_voila_soak_visitors_beyond_the_cap(soak_app: VoilaApp) -> None:
    time.sleep(20)                                   # the preheated pool is filled
    memory_start = server_rss(soak_app)
    figures = Figures()
    stop = threading.Event()
    watcher = threading.Thread(target=_watch, args=(soak_app, stop, figures), daemon=True)
    watcher.start()
    started = time.monotonic()
    try:
        _soak(soak_app, figures)
        visited = time.monotonic() - started
        peak_kernels = max(figures.kernels)
        deadline = time.monotonic() + SETTLE
        while len(kernel_pids(soak_app)) > CAP - 2 and time.monotonic() < deadline:   # pages gone: kernels go
            time.sleep(2)
    finally:
        stop.set()
        watcher.join()
    memory_end = server_rss(soak_app)
    per_kernel = sorted(kernels_rss(soak_app))
    print(f"\nsoak: {VISITORS} visitors, cap {CAP}, {visited:.0f} s: {figures.pages} pages served, {figures.busy} busy "
          f"pages, {figures.moves} moves played, {figures.saves} saves, {len(figures.errors)} errors; kernels alive at "
          f"the peak {max(figures.kernels)} (after: {len(kernel_pids(soak_app))}); server memory {memory_start / 2**20:.0f} "
          f"MB at the start, {memory_end / 2**20:.0f} MB at the end; kernels left {[round(k / 2**20) for k in per_kernel]} MB")
    assert not figures.errors, figures.errors[:10]
    assert visited >= DURATION
    assert peak_kernels <= CAP and max(figures.kernels) <= CAP
    assert sorted(figures.moves_by) == list(range(VISITORS)), f"every visitor plays: {figures.moves_by}"
    # The server's own memory, once the visitors have left, stays within 20% + 50 MB of its start. It grows
    # with the widget state a page loads in one piece: with every screen of chapter 15 built at once (1,454 models,
    # 2 MB, in one message) a run went from 103 to 190 MB over 16 pages; with the heavy screens built when reached
    # (186 models at first, each screen's own later, as the visitor scrolls: the same state in pieces) runs measured
    # 98 to 116, 99 to 118 and, over ten minutes and 53 pages, 98 to 128 MB (MALLOC_ARENA_MAX=2 changed nothing: 98
    # to 114). Whether it levels off over hours is not measured here.
    assert memory_end <= memory_start * 1.2 + 50 * 2**20
    folders = sorted((soak_app.saves / "visitors").iterdir())
    assert len(folders) == VISITORS                  # each visitor's saves in a folder of their own
    for folder in folders:      # the visitor's own save and the table's save made on its own after every move
        names = sorted(p.name for p in folder.iterdir())
        assert len(names) == 2 and "first game in progress.json" in names, names
        assert re.fullmatch(r"visitor \d\.json", next(n for n in names if n.startswith("visitor"))), names
