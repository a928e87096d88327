"""App-mode pages in Chromium (not a test module; tests/conftest.py registers its fixtures as a plugin): the
app started by `make app` (voila_support.serve) once for a test module (`voila_app`) with one Chromium
(`app_browser`); a page in a browser context of a given size (a desktop window, a phone by touch), every
JavaScript error, failed request and request to another site noted in `page.problems`; a chapter opened
and waited for until Voilà has run every cell and the widgets are drawn, the screens built when reached included.

Used by tests/test_browser_voila.py, test_browser_axe.py and test_browser_phone.py.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse

import pytest
from browser_support import chromium_path, launched_chromium
from voila_support import VoilaApp, serve

PAGE_TIMEOUT_MS = 180_000     # a page: kernel start and every cell executed (the table plays bot demos)
LOCAL_SCHEMES = ("data", "blob", "about")

JS_RENDERED = """() => { const cells = document.getElementById('rendered_cells');
  return !!cells && cells.style.display !== 'none' && !document.querySelector('#loading:not([style*="none"])'); }"""


@pytest.fixture(scope="module")
def voila_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    """`make app` serving a temporary copy of notebooks/ for the test module."""
    chromium_path()   # skip (or fail under CI) before starting anything
    with serve(tmp_path_factory.mktemp("voila-browser")) as app:
        yield app


@pytest.fixture(scope="module")
def app_browser(voila_app: VoilaApp) -> Iterator[Any]:
    """Chromium for the app's pages (started once the app answers)."""
    with launched_chromium() as browser:
        yield browser


@contextmanager
def app_page(chromium: Any, **context: Any) -> Iterator[Any]:
    """A new page in a context of its own (`context`: Playwright's new_context options, e.g. viewport,
    has_touch); closed afterwards, which ends its Voilà kernel."""
    ctx = chromium.new_context(**context)
    pg = ctx.new_page()
    problems: list[str] = []
    pg.problems = problems
    pg.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    pg.on("console", lambda msg: problems.append(f"console error: {msg.text}") if msg.type == "error" else None)
    pg.on("requestfailed", lambda req: problems.append(f"request failed: {req.url} ({req.failure})"))

    def outside(request: Any) -> None:
        url = urlparse(request.url)
        if url.scheme not in LOCAL_SCHEMES and url.hostname != "127.0.0.1":
            problems.append(f"request to another site: {request.url}")
    pg.on("request", outside)
    try:
        yield pg
    finally:
        ctx.close()


def page_text(page: Any) -> str:
    return page.evaluate("() => document.body.innerText")


def open_app_page(page: Any, app: VoilaApp, notebook: str) -> None:
    """Open a chapter in the app and wait until its cells ran and its widgets are drawn (no cell failed)."""
    page.goto(app.url(f"/voila/render/{notebook}"), wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_function(JS_RENDERED, timeout=PAGE_TIMEOUT_MS, polling=250)
    failed = [line for line in page_text(page).splitlines() if "error when executing cell" in line]
    assert not failed, f"{notebook}: a cell failed in the app, and Voilà stops at the first one: {failed}"
    page.wait_for_function("() => document.querySelectorAll('.jupyter-widgets').length > 0", timeout=60_000)
    page.wait_for_timeout(1500)   # widget views are attached one by one after the cells are shown
    reach_every_screen(page)


LATER = ".cc-later"     # a chapter's heavy screen not built yet: it is built when it comes near the visible page


def reach_every_screen(page: Any, timeout_ms: int = PAGE_TIMEOUT_MS) -> None:
    """Scroll to each of the chapter's screens that are built when the learner reaches them (widgets/parts/later.py)
    until all are built, as a learner reading the whole page does; then back to the top, where a page opens."""
    deadline = time.monotonic() + timeout_ms / 1000
    while page.locator(LATER).count():
        assert time.monotonic() < deadline, f"{page.locator(LATER).count()} screens were never built"
        page.evaluate(f"() => document.querySelector('{LATER}')?.scrollIntoView({{block: 'center'}})")
        page.wait_for_timeout(250)
    page.evaluate("() => document.getElementById('rendered_cells')?.scrollTo(0, 0)")
    page.wait_for_timeout(500)    # the views of the last screen built are attached
