"""App-mode pages in Chromium (not a test module; tests/conftest.py registers its fixtures as a plugin): the
app started by `make app` (voila_support.serve) once for a test module (`voila_app`; the module may add notebooks,
`app_notebooks`, and arguments of `make app`, `app_make_args`, by fixtures of its own) with one Chromium
(`app_browser`); a page in a browser context of a given size (a desktop window, a phone by touch), every
JavaScript error, failed request and request to another site noted in `page.problems`; a chapter opened
and waited for until Voilà has run every cell and the widgets are drawn, the screens built when reached included.

Used by tests/browser/test_app_pages.py, test_axe.py, test_phone.py, test_keyboard.py,
test_friends_devices.py and tests/app/test_app_owner.py; chapter 19's review by the benchmarks too."""
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse

import pytest
from browser_support import chromium_path, launched_chromium
from voila_support import VoilaApp, serve
from widget_page import choose, wait_for

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
PAGE_TIMEOUT_MS = 180_000     # a page: kernel start and every cell executed (the table plays bot demos)
LOCAL_SCHEMES = ("data", "blob", "about")

JS_RENDERED = """() => { const cells = document.getElementById('rendered_cells');
  return !!cells && cells.style.display !== 'none' && !document.querySelector('#loading:not([style*="none"])'); }"""
JS_WIDGETS = "() => document.querySelectorAll('.jupyter-widgets').length > 0"    # the widget views are drawn


@pytest.fixture(scope="module")
def app_notebooks() -> dict[str, str]:
    """Notebooks a test module adds to the app's folder (override in the module): name -> code."""
    return {}


@pytest.fixture(scope="module")
def app_make_args() -> tuple[str, ...]:
    """What a test module adds to `make app` (override in the module), e.g. ("KERNELS=10",)."""
    return ()


@pytest.fixture(scope="module")
def voila_app(tmp_path_factory: pytest.TempPathFactory, app_notebooks: dict[str, str],
              app_make_args: tuple[str, ...]) -> Iterator[VoilaApp]:
    """`make app` serving a temporary copy of notebooks/ (and the module's `app_notebooks`) for the test module."""
    chromium_path()   # skip (or fail under CI) before starting anything
    with serve(tmp_path_factory.mktemp("voila-browser"), app_notebooks, make_args=app_make_args) as app:
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
        close_as_a_person_does(ctx)


def close_as_a_person_does(ctx: Any) -> None:
    """Close every page of a browser context as a person closes a tab (the page's unload handlers run: Voilà's
    gives the page's kernel back), then the context."""
    for open_page in ctx.pages:
        open_page.on("dialog", _leave)      # "leave this page?" (a game in progress asks): leave
        try:
            open_page.close(run_before_unload=True)
            open_page.wait_for_event("close", timeout=5_000)
        except Exception:  # noqa: BLE001 - a page already gone is closed
            pass
    ctx.close()


def _leave(dialog: Any) -> None:
    """Answer a page's question on leaving with "leave" (unless the test's own handler answered it first)."""
    try:
        dialog.accept()
    except Exception:  # noqa: BLE001 - already answered
        pass


def page_text(page: Any) -> str:
    return page.evaluate("() => document.body.innerText")


def open_app_page(page: Any, app: VoilaApp, notebook: str) -> None:
    """Open a chapter in the app and wait until its cells ran and its widgets are drawn (no cell failed)."""
    page.goto(app.url(f"/voila/render/{notebook}"), wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_function(JS_RENDERED, timeout=PAGE_TIMEOUT_MS, polling=250)
    failed = [line for line in page_text(page).splitlines() if "error when executing cell" in line]
    assert not failed, f"{notebook}: a cell failed in the app, and Voilà stops at the first one: {failed}"
    page.wait_for_function(JS_WIDGETS, timeout=60_000)
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


def play_and_save(page: Any, name: str) -> None:
    """At chapter 15's table (the learner to move): play the Mercator trading nothing, then save the table as `name`
    (replacing a save of that name), and wait until the save box says it saved."""
    table = page.locator(".widget-vbox").filter(has_text="Seats: You (").first
    table.get_by_text(re.compile(r"· You (\(human\) )?to move")).first.wait_for(timeout=60_000)
    before = _learner_step(table)
    choose(table, "Card", "Mercator", timeout=30)
    table.locator("button:visible:enabled").filter(has_text=re.compile(r"^\s*Play (the Mercator|card)\s*$")).first.click()
    table.locator("button:visible").filter(has_text=re.compile(r"^\s*Done\s*$")).first.click()
    wait_for("the learner's next turn after the Mercator", lambda: _learner_step(table) > before, 60)
    save_table(page, name)


def save_table(page: Any, name: str) -> None:
    """Save chapter 15's table as `name` (replacing a save of that name); wait until the save box says it saved."""
    table = page.locator(".widget-vbox").filter(has_text="Seats: You (").first
    if not table.get_by_label("Save as").first.is_visible():
        table.get_by_text("Save or load this table").first.click()
    table.get_by_label("Save as").first.fill(name)
    table.locator("button:visible").filter(has_text=re.compile(r"^\s*Save\s*$")).first.click()
    replace = table.locator("button:visible").filter(has_text=re.compile(r"^\s*Replace it\s*$"))
    saved = table.get_by_text(f"Saved as {name}.")
    deadline = time.monotonic() + 30
    while not saved.count() and time.monotonic() < deadline:
        if replace.count():
            replace.first.click()
        page.wait_for_timeout(300)
    if not saved.count():
        raise AssertionError(f"{name}: the save box did not say it saved")


def review_saved(page: Any, name: str) -> float:
    """Chapter 19 (the app's or the static site's page): choose the saved table `name` and press Review this game; the
    time.monotonic() of the press."""
    review = re.compile("Review this game")
    panel = page.locator(".widget-vbox").filter(has=page.get_by_role("button", name=review)).first
    select = panel.locator("select").first
    labels = [" ".join(t.split()) for t in select.locator("option").all_inner_texts()]
    select.select_option(index=next(i for i, t in enumerate(labels) if name in t))
    pressed = time.monotonic()
    panel.get_by_role("button", name=review).click()
    return pressed


def _learner_step(table: Any) -> int:
    """The number of steps played so far when it is the learner's turn (the status line's data-steps, beside
    "Round 2, turn 1 of 3 · You to move"), 0 while it is not theirs."""
    status = table.locator(".cc-progress").first
    if not re.search(r"turn \d+ of \d+ · You", table.inner_text()):
        return 0
    return int(status.get_attribute("data-steps") or 0)
