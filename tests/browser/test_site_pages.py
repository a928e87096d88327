"""The static site (`make site`: the chapters run in the browser by Pyodide, no server but a file server) in headless
Chromium, every request that does not go to 127.0.0.1 aborted and counted (none may be): the start page is chapter
00 with a link to the Japanese start page and one to the chapter in JupyterLab; the table of chapter 15 set up for
two (a person and a practice bot), a card played by clicking the map, a hint, a save kept in the browser across a
reload, loaded again to the same position; the scoring pad of chapter 18 totals a score; the Japanese start page
refuses a move in Japanese. No page shows code, a repr or a traceback.
Screenshots go to screenshots/ (git-ignored): site_*.png.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import test_pad_page as pad_steps
from browser_support import SCREENSHOTS, launched_chromium
from site_page import START, TABLE, assert_clean, open_chapter, person_to_act, served_site, set_up_for_two, site_page, wait_ready
from table_page import click_area, click_pick
from widget_page import see, wait_for, wait_text

PAD = "voici/render/notebooks/18_scoring_pad.html"
JA_START = "voici/render/notebooks/ja/00_start_here.html"
JA_PAD = "voici/render/notebooks/ja/18_scoring_pad.html"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    with served_site() as url:
        yield url


@pytest.fixture(scope="module")
def site_browser(site_url: str) -> Iterator[Any]:
    with launched_chromium() as browser:
        yield browser


@pytest.fixture
def page(site_browser: Any) -> Iterator[Any]:
    with site_page(site_browser) as pg:
        yield pg


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"site_{name}.png"))


def lab_link(page: Any) -> str:
    """The address of the page's link to its chapter in JupyterLab (it answers)."""
    link = page.get_by_role("link", name="open this chapter with its code (JupyterLab)")
    href = link.evaluate("a => a.href")
    assert page.request.get(href).ok, href
    return str(href)


def position(table: Any) -> str:
    """The status line of the table: round, turn and who acts (with the steps played)."""
    status = table.locator(".cc-progress").first
    return f"{status.inner_text()} | steps {status.get_attribute('data-steps')}"


def test_site_start_page_table_hint_save_reload_load(site_url: str, page: Any) -> None:
    page.goto(site_url, wait_until="domcontentloaded")
    page.wait_for_url(f"**/{START}", timeout=30_000)
    wait_ready(page)
    assert page.locator("h1").first.inner_text().startswith("Concordia Tutor")
    assert lab_link(page).endswith("lab/index.html?path=notebooks/00_start_here.ipynb")
    assert page.locator("a[href='ja/00_start_here.html']").count() == 1        # the Japanese start page
    assert_clean(page, "the start page")
    for language in ("en", "ja"):        # the rule text's pages that a rule link opens in a dialog (rules.js)
        assert page.request.get(f"{site_url}voila/templates/concordia/static/rules.{language}.html").ok
    shot(page, "start")

    page.get_by_role("link", name="15 · A first game").first.click()           # a chapter's own link, in the site
    page.wait_for_url(f"**/{TABLE}", timeout=30_000)
    wait_ready(page)
    table = set_up_for_two(page)
    person_to_act(table)
    shot(page, "table_set_up")

    # a card played by clicking the map: the Prefect, then a province it may produce in
    click_pick(page, ".cc-table .cc-cardrow [data-pick='card:PREFECT']")
    click_pick(page, ".cc-table .cc-cardrow [data-pick='card:PREFECT']")
    see(table, "Click a province on the map")
    province = table.locator(".cc-board [data-pick^='province:'].cc-pickable").first.get_attribute("data-pick")
    click_area(page, f".cc-table .cc-board [data-pick='{province}']")
    see(table, re.compile(r"played the Prefect: produced in"), timeout=60_000)
    person_to_act(table)

    # a hint, with its figure (the measured value of each play)
    table.get_by_role("button", name=re.compile(r"\bHint$")).click()
    hints = table.locator(".widget-html-content").filter(has_text="Hints").first
    hints.wait_for(timeout=60_000)
    assert re.search(r"About [+−]\d+(\.\d)? points? \(± \d+(\.\d)?\)", hints.inner_text()), hints.inner_text()
    shot(page, "table_hint")

    # saved in the browser, the page reloaded, the save loaded: the same position
    before = position(table)
    box = table.locator(".cc-save-box").first
    if not box.get_by_label("Save as").first.is_visible():
        table.get_by_text("Save or load this table").first.click()
    box.get_by_label("Save as").first.fill("site-game")
    box.locator("button").filter(has_text=re.compile(r"^\s*Save\s*$")).first.click()
    see(box, "Saved as site-game.")
    assert_clean(page, "the table")
    page.reload(wait_until="domcontentloaded")
    wait_ready(page)
    table = set_up_for_two(page)
    person_to_act(table)
    box = table.locator(".cc-save-box").first
    if not box.get_by_label("Save as").first.is_visible():
        table.get_by_text("Save or load this table").first.click()
    menu = box.locator("select").first
    wait_for("the save listed", lambda: "site-game" in menu.locator("option").all_inner_texts(), 30)
    menu.select_option(label="site-game")
    box.locator("button").filter(has_text=re.compile(r"^\s*Load\s*$")).first.click()
    wait_for("the saved position", lambda: position(table) == before, 30)
    shot(page, "table_loaded")
    assert_clean(page, "the table after the reload")


def test_site_pad_totals_and_japanese_refusal(site_url: str, page: Any) -> None:
    open_chapter(page, site_url + PAD)
    pad = page.locator(".cc-practice .cc-scoring-pad")
    pad.scroll_into_view_if_needed()
    # Aiko's game of tests/browser/test_pad_page.py, its total worked out by hand there: 39
    pad_steps.enter_player(pad, ["FLORENTIA", "AQVILEIA", "MVTINA", "COSA"],
                           {".cc-card-weaver-minerva": 1, ".cc-card-architect-jupiter": 1}, land=2, sea=1,
                           goods={"wine": 2}, coins=11)
    wait_text(pad.locator(".cc-pad-score[data-player='Aiko'] .cc-total"), "39")
    shot(page, "pad")
    assert_clean(page, "the pad")

    open_chapter(page, site_url + JA_START)
    assert "コンコルディア" in page.locator("h1").first.inner_text()
    assert_clean(page, "the Japanese start page")
    page.locator("a[href='18_scoring_pad.html']").first.click()        # the chapter's own link, in Japanese
    page.wait_for_url(f"**/{JA_PAD}", timeout=30_000)
    wait_ready(page)
    pad = page.locator(".cc-practice .cc-scoring-pad")
    pad.locator(".cc-colonists-land .cc-minus").click()      # below the colonist placed in Rome at setup
    refusal = pad.locator(".cc-refusal").first
    wait_text(refusal, "R-SETUP-7")
    assert JAPANESE.search(refusal.inner_text()), refusal.inner_text()
    assert "always has at least one land colonist" not in refusal.inner_text()
    shot(page, "ja_refusal")
    assert_clean(page, "the Japanese pad")
