"""The app mode in a real browser: `make app` (Voilà, started by the Makefile's recipe on 127.0.0.1)
serves a chapter and the first-game table to headless Chromium at 1280x800. The pages show no code, no
error and no traceback, raise no JavaScript error and load nothing from another site; on the table a
card play is clicked through (a card in the card picker, Play card, Done) and the player board and the
table's status change as the engine says; the map and the controls sit side by side.

Screenshots go to screenshots/ (git-ignored): voila_chapter_*.png, voila_table_*.png.

What the card play relies on in the table's page (keep in step when the table changes):
  * the table: the first widget box whose text contains "Seats: You (" (the learner's table);
  * its status line "Round R, turn T of N · You to move" (or "… · You (human) to move");
  * a dropdown whose label is exactly "Card", with an option starting "Mercator";
  * a button "Play the card" / "Play the Mercator" (or "Play card"), then a button "Done";
  * You's player board: an HTML widget starting "You" and showing "Coins: N" and "Discard pile: Mercator";
  * the game: Italia, seats You, Livia, Marcus (greedy bots playing by themselves), seed 3, first game,
    You to move first.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_page import app_page, open_app_page, page_text
from browser_support import SCREENSHOTS
from voila_support import REPO, VoilaApp, code_lines
from widget_page import choose, player_board

import concordia_core as cc

VIEWPORT = {"width": 1280, "height": 800}
CHAPTER = "03_turn_and_mercator.ipynb"
TABLE = "15_first_game.ipynb"
TABLE_GAME = ("italia", ["You", "Livia", "Marcus"], 3)   # the learner's table of the chapter (map, seats, seed)


@pytest.fixture
def page(app_browser: Any) -> Iterator[Any]:
    with app_page(app_browser, viewport=VIEWPORT) as pg:
        yield pg      # closing it makes Voilà shut the page's kernel down


# --- helpers -----------------------------------------------------------------------------------------
JS_NO_CODE = """() => document.querySelectorAll(
  '.jp-CodeMirrorEditor, .cm-editor, .jp-InputPrompt, .jp-CodeCell .jp-InputArea, pre.highlight, .highlight-ipynb').length"""

# The element that scrolls the page (Voilà's lab template scrolls an inner box, not the document).
JS_SCROLL_HEIGHT = """() => Math.max(document.documentElement.scrollHeight,
  ...[...document.querySelectorAll('body *')].filter(e => e.scrollHeight > e.clientHeight + 10
       && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY)).map(e => e.scrollHeight))"""


JS_SCROLLED = """() => [...document.querySelectorAll('*')].some(e => e.scrollTop > 0)
                        || document.scrollingElement.scrollTop > 0"""


def assert_scrolls(page: Any, notebook: str) -> None:
    """A page taller than the window scrolls with the mouse wheel (a learner reaches everything on it)."""
    page.mouse.move(VIEWPORT["width"] // 2, VIEWPORT["height"] // 2)
    page.mouse.wheel(0, 600)
    page.wait_for_timeout(500)
    assert page.evaluate(JS_SCROLLED), f"{notebook}: the page does not scroll (something set overflow: visible on its scroller)"
    page.mouse.wheel(0, -600)
    page.wait_for_timeout(300)


def assert_clean(page: Any, notebook: str) -> None:
    """No error, no traceback, no code (neither editors nor a code cell's source lines), no JS error."""
    text = page_text(page)
    for word in ("Error", "Traceback", "error when executing", "could not be shown", "Loading widget"):
        assert word not in text, f"{notebook}: the page shows {word!r}:\n" + \
            "\n".join(line for line in text.splitlines() if word in line)[:2000]
    assert page.evaluate(JS_NO_CODE) == 0, f"{notebook}: a code editor or code cell input is on the page"
    for line in code_lines(REPO / "notebooks" / notebook):
        assert line not in text, f"{notebook}: code is visible: {line!r}"
    assert not page.problems, f"{notebook}: {page.problems}"


def screenshot(page: Any, name: str, full: bool = False) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    out = SCREENSHOTS / f"{name}.png"
    if full:
        height = int(page.evaluate(JS_SCROLL_HEIGHT))
        page.set_viewport_size({"width": VIEWPORT["width"], "height": max(VIEWPORT["height"], min(height + 40, 16000))})
        page.wait_for_timeout(500)
        page.screenshot(path=str(out), full_page=True)
        page.set_viewport_size(VIEWPORT)
        page.wait_for_timeout(300)
    else:
        page.screenshot(path=str(out))
    return out


# --- a chapter ---------------------------------------------------------------------------------------
def test_browser_voila_chapter_shows_no_code_and_no_error(voila_app: VoilaApp, page: Any) -> None:
    open_app_page(page, voila_app, CHAPTER)
    assert page.locator(".jp-MarkdownOutput h1").first.is_visible()
    assert_scrolls(page, CHAPTER)
    screenshot(page, "voila_chapter_03_top")
    shot = screenshot(page, "voila_chapter_03_full", full=True)
    assert_clean(page, CHAPTER)
    assert shot.stat().st_size > 10_000


# --- the first-game table: one card play by clicking -------------------------------------------------
def _expected_play() -> tuple[int, int]:
    """You's coins before and after playing the Mercator and trading nothing (the engine's word)."""
    map_name, names, seed = TABLE_GAME
    game = cc.new_game(map_name, names, seed, first_game=True)
    assert game.state.to_move == "You"
    before = game.state.player("You").coins
    game.play("play MERCATOR")
    game.play("done")
    return before, game.state.player("You").coins


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box, "not on the page"
    return box


JS_LARGEST_PICTURE = """(root) => { let best = null, area = 0;
  for (const e of root.querySelectorAll('img, canvas, svg')) { const r = e.getBoundingClientRect();
    if (r.width * r.height > area) { area = r.width * r.height; best = {x: r.x, y: r.y, width: r.width, height: r.height}; } }
  return best; }"""


def test_browser_voila_table_card_play_by_clicking(voila_app: VoilaApp, page: Any) -> None:
    coins_before, coins_after = _expected_play()
    open_app_page(page, voila_app, TABLE)
    table = page.locator(".widget-vbox").filter(has_text="Seats: You (").first
    table.get_by_text(re.compile(r"Round 1, turn 1 of \d · You (\(human\) )?to move")).wait_for(timeout=60_000)
    player_board(table, "You", [f"Coins: {coins_before} "], timeout=60)
    assert_clean(page, TABLE)
    assert_scrolls(page, TABLE)
    screenshot(page, "voila_table_full", full=True)

    # the layout at 1280x800: the map and the controls side by side
    card = table.locator(".widget-dropdown").filter(has=page.locator("label", has_text=re.compile(r"^\s*Card\s*$")))
    card.scroll_into_view_if_needed()
    picture = table.element_handle().evaluate(JS_LARGEST_PICTURE)
    assert picture and picture["width"] >= 400, f"no map in the table: {picture}"
    table.locator("img, canvas, svg").first.scroll_into_view_if_needed()
    screenshot(page, "voila_table_1280x800")
    picker = _box(card)
    picture = table.element_handle().evaluate(JS_LARGEST_PICTURE)
    assert picker["x"] >= picture["x"] + picture["width"] - 5, \
        f"the controls are not beside the map at 1280x800 (map {picture}, card picker {picker})"
    assert picker["y"] < picture["y"] + picture["height"], "the controls start below the map"

    # one card play: Mercator, Play card, Done
    choose(table, "Card", "Mercator")
    play = table.locator("button:visible:enabled").filter(has_text=re.compile(r"^\s*Play (the Mercator|card)\s*$"))
    play.first.click()
    done = table.locator("button:visible").filter(has_text=re.compile(r"^\s*Done\s*$")).first
    done.wait_for(state="visible")
    screenshot(page, "voila_table_after_play_card")
    done.click()

    # the engine's result on You's board; the bots have played after You (auto), the status moved on
    table.get_by_text(re.compile(r"Round ([2-9]|\d\d+), turn 1 of \d · You (\(human\) )?to move")).wait_for(timeout=60_000)
    board = player_board(table, "You", [f"Coins: {coins_after} ", "Discard pile: Mercator"], timeout=60)
    assert f"Coins: {coins_before} " not in " ".join(board.split())
    screenshot(page, "voila_table_after_done")
    assert_clean(page, TABLE)
