"""Benchmark of the app mode's pages in headless Chromium (`make bench`): the seconds from asking for a page to its
widgets on screen (the window's view complete: no screen left to build in it, widgets/parts/later.py), after a warm
start (the preheated pool: the start page, chapters 01, 02, 15), and cold (every chapter, its kernel started when asked
for); and chapter 19's review of a saved game (the first verdict, all of it), with other pages open. Figures are
printed (medians), never asserted.

Page times vary with the machine's load; what does not: the widget models each page makes its browser build and the
Python time its kernel takes to run the chapter (imports included), measured apart by running each chapter's cells
as the app's kernel does (`test_benchmark_app_page_models`)."""
from __future__ import annotations

import base64
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_page import review_saved
from browser_support import launched_chromium
from voila_support import REPO, VoilaApp, kernels_rss, serve

import concordia_core as cc

pytestmark = pytest.mark.browser
WARM = ["00_start_here.ipynb", "01_setup.ipynb", "02_first_game_guided.ipynb", "15_first_game.ipynb"]
COLD = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
RUNS = 3
JS_SHOWN = """() => { const cells = document.getElementById('rendered_cells');
  return !!cells && cells.style.display !== 'none' && !document.querySelector('#loading:not([style*="none"])')
         && document.querySelectorAll('.jupyter-widgets').length > 0
         && ![...document.querySelectorAll('.cc-later')].some((e) => { const r = e.getBoundingClientRect();
                                                                   return r.bottom > 0 && r.top < innerHeight; }); }"""


@pytest.fixture(scope="module")
def bench_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    with serve(tmp_path_factory.mktemp("bench"), make_args=("KERNELS=30",)) as app:
        yield app


def _shown_after(browser: Any, app: VoilaApp, notebook: str, context: Any = None,
                 new_page: bool = False) -> tuple[float, Any]:
    context = context or browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page() if new_page or not context.pages else context.pages[0]
    start = time.monotonic()
    page.goto(app.url(f"/voila/render/{notebook}"), wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_function(JS_SHOWN, timeout=180_000, polling=100)
    return time.monotonic() - start, context


def _review_times(context: Any) -> tuple[float, float]:
    """Chapter 19 on screen (the context's last page): choose the saved table, review it; seconds to the first
    verdict and to the end."""
    page = context.pages[-1]
    start = review_saved(page, "bench table")
    # the first verdicts: the review's progress ("… 3 of 236 steps judged so far"), which the sample review
    # shown before never says; all of it: the progress gone again
    page.get_by_text(re.compile(r"judged so far")).first.wait_for(timeout=300_000)
    first = time.monotonic() - start
    page.wait_for_function("() => !document.body.innerText.includes('judged so far')", timeout=600_000, polling=250)
    return first, time.monotonic() - start


def test_benchmark_app_pages(bench_app: VoilaApp) -> None:
    time.sleep(30)                                   # the preheated pool is filled
    warm: dict[str, list[float]] = {n: [] for n in WARM}
    cold: dict[str, float] = {}
    with launched_chromium() as browser:
        for _ in range(RUNS):
            for notebook in WARM:
                seconds, context = _shown_after(browser, bench_app, notebook)
                warm[notebook].append(seconds)
                context.close()
                time.sleep(25)                       # its pool is filled again before the next page is timed
        for notebook in COLD:
            seconds, context = _shown_after(browser, bench_app, notebook)
            cold[notebook] = seconds
            context.close()
    print("\napp mode, page shown (s):")
    for notebook, times in warm.items():
        print(f"  warm {notebook}: median {statistics.median(times):.1f} of {[round(t, 1) for t in times]}")
    for notebook, seconds in cold.items():
        print(f"  cold {notebook}: {seconds:.1f}")
    print(f"  cold median {statistics.median(cold.values()):.1f}, slowest {max(cold.values()):.1f}")
    sizes = kernels_rss(bench_app)
    print(f"  kernels alive {len(sizes)}, memory each: median {statistics.median(sizes) / 2**20:.0f} MB")


OPEN_BESIDE = ["15_first_game.ipynb", "02_first_game_guided.ipynb"]   # pages the visitor keeps open meanwhile


def test_benchmark_app_review_of_a_saved_game_with_other_pages_open(bench_app: VoilaApp) -> None:
    """Chapter 19 reviews a whole game the learner saved at the table against the easy bot (their seat played by
    the strong level: the first hint of the judge's cheaper budget, which the review's final budget may still
    charge), while two other chapters stay open in other tabs of the same browser."""
    from widgets.table import Seat, TableApp
    table = TableApp([Seat("You"), Seat("Livia", "easy", 3)], "italia", 5, True, auto=False)
    seats = {"You": cc.bots.make("strong", 4), "Livia": cc.bots.make("easy", 3)}
    while not table.game.over:                        # a whole game saved at the table, for chapter 19's review
        table.game.play(seats[table.game.state.actor].choose(table.game.state).action)
    settled = _settled(bench_app)                     # pages of an earlier test gone: this one is timed on its own
    with launched_chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        _save_as_visitor(bench_app, context, table.save())
        for notebook in OPEN_BESIDE:
            _shown_after(browser, bench_app, notebook, context, new_page=True)
        seconds, _context = _shown_after(browser, bench_app, "19_review_your_game.ipynb", context, new_page=True)
        first, done = _review_times(context)
        print(f"\nchapter 19 (after {settled:.0f} s for earlier pages to shut their kernels; {len(OPEN_BESIDE)} other "
              f"chapters open): shown {seconds:.1f} s; review of a saved whole game against the easy bot "
              f"({len(table.game.history)} steps): first verdict {first:.1f} s, all {done:.1f} s")
        context.close()


def _settled(app: VoilaApp, quiet: float = 10.0, most: float = 120.0) -> float:
    """Seconds until the app's kernel count has not changed for `quiet` seconds (pages just left shut theirs down,
    which takes the machine's cores a while), at most `most`."""
    start = last_change = time.monotonic()
    count = len(kernels_rss(app))
    while time.monotonic() - last_change < quiet and time.monotonic() - start < most:
        time.sleep(1)
        now = len(kernels_rss(app))
        if now != count:
            count, last_change = now, time.monotonic()
    return time.monotonic() - start


def _save_as_visitor(app: VoilaApp, context: Any, text: str) -> None:
    """Save the table as the browser's visitor: its id is the user in the server's signed cookie."""
    context.new_page().goto(app.url("/"))
    cookie = next(c["value"] for c in context.cookies() if c["name"].startswith("username-"))
    user = json.loads(base64.b64decode(cookie.strip('"').split("|")[4].split(":", 1)[1]))
    folder = app.saves / "visitors" / user["username"]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bench table.json").write_text(text, encoding="utf-8")


# A chapter's cells run as the app's kernel runs them (CONCORDIA_APP=1, no browser: ipywidgets keeps every model it
# makes, each one a model the page's browser builds); printed: the models and the CPU seconds, imports included.
MODELS_SOURCE = """
import json, sys, time
cpu = time.process_time()
from ipywidgets.widgets import widget
cells = [c for c in json.load(open(sys.argv[1], encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
space = {}
for n, cell in enumerate(cells):
    exec(compile("".join(cell["source"]), f"cell {n}", "exec"), space)
print(len(widget._instances), round(time.process_time() - cpu, 2))
"""


def test_benchmark_app_page_models() -> None:
    print("\napp mode, widget models a page loads and its kernel's Python time (CPU s, imports included):")
    for notebook in COLD:
        env = dict(os.environ, CONCORDIA_APP="1", MPLBACKEND="Agg")
        done = subprocess.run([sys.executable, "-c", MODELS_SOURCE, str(REPO / "notebooks" / notebook)], cwd=REPO,
                              env=env, capture_output=True, text=True, timeout=600, check=True)
        models, seconds = done.stdout.split()[-2:]
        print(f"  {notebook}: {models} models, {seconds} s")
