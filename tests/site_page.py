"""The static site (`make site`) in Chromium, for tests/browser/test_site_pages.py and the site's benchmark (not a test module):
the site built (make's own file dependencies keep a second build cached) and served on 127.0.0.1 from the test
process; a page in a browser context of its own where every request that does not go to 127.0.0.1 is aborted and
counted; a chapter opened and waited for until Voici has run its cells in the browser and drawn its widgets."""
from __future__ import annotations

import re
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from browser_support import REPO, chromium_path, load_script
from widget_page import see, wait_for

SITE = REPO / "build" / "site"
START = "voici/render/notebooks/00_start_here.html"    # the start page, where the site's address leads
TABLE = "voici/render/notebooks/15_first_game.html"    # chapter 15, the first game at a table
SEED = "7"                       # the tables' seed, so a run is the same game every time
BUILD_TIMEOUT = 1800            # the first build downloads the build tools and the wheels (a few minutes)
PAGE_TIMEOUT_MS = 180_000       # a chapter: Pyodide started, the tutor imported, every cell run
LOCAL_SCHEMES = ("data", "blob", "about")
JS_READY = """() => { const cells = document.getElementById('rendered_cells');
  return !!cells && cells.style.display !== 'none' && document.querySelectorAll('.jupyter-widgets').length > 0; }"""
# what a learner must never see on a page: a code cell, an object's repr, a traceback
CODE = ".jp-CodeCell .jp-InputArea:visible, .jp-InputPrompt:visible, .jp-CodeMirrorEditor:visible, .cm-editor:visible"
LEAKS = re.compile(r"Traceback|<[\w.]+ object at 0x|\b\w+(Error|Exception): |\b(H|V)Box\(|Widget\(|^Out\[", re.M)


def build_site() -> Path:
    """`make site` (cached: made again only when an input changed); the site's folder."""
    done = subprocess.run(["make", "site"], cwd=REPO, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert done.returncode == 0, f"make site failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert (SITE / "index.html").is_file()
    return SITE


@contextmanager
def served_site() -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port) from this process: its address (for a module's fixture)."""
    chromium_path()     # skip (or fail under CI) before building anything
    httpd, url = load_script("serve_site").start(build_site())
    try:
        yield url
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def site_page(browser: Any, **context: Any) -> Iterator[Any]:
    """A page in a new browser context (`context`: Playwright's new_context options). Requests that do not go to
    127.0.0.1 are aborted and listed in `page.outside`; page errors in `page.problems`; a question on leaving a page
    (a game in progress asks) is answered "leave"."""
    ctx = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **context})
    outside: list[str] = []

    def route(request_route: Any) -> None:
        url = urlparse(request_route.request.url)
        if url.scheme in LOCAL_SCHEMES or url.hostname == "127.0.0.1":
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()
    ctx.route("**/*", route)
    pg = ctx.new_page()
    pg.outside = outside
    pg.problems = []
    pg.on("pageerror", lambda exc: pg.problems.append(f"page error: {exc}"))
    pg.on("dialog", lambda dialog: dialog.accept())
    try:
        yield pg
    finally:
        ctx.close()


def wait_ready(page: Any, timeout_ms: int = PAGE_TIMEOUT_MS) -> float:
    """Until the chapter shown has run in the browser and its widgets are drawn; the seconds it took."""
    start = time.monotonic()
    page.wait_for_function(JS_READY, timeout=timeout_ms, polling=100)
    return time.monotonic() - start


def open_chapter(page: Any, url: str) -> float:
    """Open a chapter's page and wait until it is ready; the seconds from the request to ready."""
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    wait_ready(page)
    return time.monotonic() - start


def assert_clean(page: Any, where: str) -> None:
    """No code cell, repr or traceback on the page, and no request left the machine."""
    assert page.locator(CODE).count() == 0, f"{where}: a code cell is shown"
    text = page.evaluate("() => document.body.innerText")
    leak = LEAKS.search(text)
    assert leak is None, f"{where}: {leak.group(0)!r} shown: …{text[max(0, leak.start() - 200):leak.end() + 200]}…"
    assert page.outside == [], f"{where}: requests to other sites: {page.outside}"


def set_up_for_two(page: Any) -> Any:
    """Chapter 15's set-up form: 2 players, seat 2 a greedy practice bot, a fixed seed; Start. The table."""
    form = page.locator(".cc-table-launcher").first
    form.scroll_into_view_if_needed()
    see(form, "Set up a table")
    form.get_by_role("button", name="2", exact=True).click()
    menu = form.get_by_label("Who plays seat 2")
    labels = menu.locator("option").all_inner_texts()
    menu.select_option(index=next(i for i, text in enumerate(labels) if "(greedy)" in text))
    seed = form.locator(".widget-text").filter(has=page.locator("label", has_text="Seed")).locator("input")
    seed.fill(SEED)
    seed.press("Tab")
    form.get_by_role("button", name="Start the game").click()
    table = form.locator(".cc-table").first
    table.wait_for(timeout=60_000)
    return table


def person_to_act(table: Any) -> None:
    """Until the person's hand offers cards (the pass screen, if any, passed)."""
    show_hand = table.get_by_role("button", name=re.compile(r"show my hand$"))
    cards = table.locator(".cc-controls .cc-cardrow .cc-pickable")
    def ready() -> bool:
        if show_hand.count() and show_hand.first.is_visible():
            show_hand.first.click()
        return cards.count() > 0 and cards.first.is_visible()
    wait_for("the person's hand", ready, 90)
