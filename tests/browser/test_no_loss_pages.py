"""No game is ever lost, in the app mode (`make app`) in headless Chromium: the learner's table of chapter 15 saves
itself after every move; a reload, a closed tab and a followed rule link each leave the game offered back at the
same move; leaving the page asks first, and a learner who then stays keeps a working page (its kernel is not shut
down by the question: app/share/.../concordia/static/leave.js). Run with CI=true (a missing browser is then a
failure)."""
from __future__ import annotations

import re
from typing import Any

import pytest
from app_page import JS_WIDGETS, PAGE_TIMEOUT_MS, app_page, open_app_page, reach_every_screen
from playwright.sync_api import Error as PlaywrightError
from voila_support import VoilaApp, kernel_pids, pool_refilled
from widget_page import choose, wait_for

CHAPTER = "15_first_game.ipynb"
VIEWPORT = {"width": 1280, "height": 800}
TABLE = ".cc-table:has(.cc-resume-offer)"       # chapter 15's own table (it offers its game back)


def table_of(page: Any) -> Any:
    return page.locator(TABLE).first


def steps(page: Any) -> int:
    """How many steps the table's game has (its status line's data-steps)."""
    return int(table_of(page).locator(".cc-progress").first.get_attribute("data-steps") or 0)


def play_mercator(page: Any) -> int:
    """The learner plays the Mercator (trading nothing) at their turn; the steps once the bots have answered."""
    table = table_of(page)
    table.get_by_text(re.compile(r"turn \d+ of \d+ · You (\(human\) )?to move")).first.wait_for(timeout=60_000)
    before = steps(page)
    choose(table, "Card", "Mercator", timeout=30)
    table.locator("button:visible:enabled").filter(has_text=re.compile(r"^\s*Play (the Mercator|card)\s*$")).first.click()
    table.locator("button:visible").filter(has_text=re.compile(r"^\s*Done\s*$")).first.click()
    wait_for("the learner's next turn", lambda: steps(page) > before + 1 and table.get_by_text(
        re.compile(r"turn \d+ of \d+ · You (\(human\) )?to move")).count() > 0, 60)
    table.get_by_text("Saved on its own after every move").first.wait_for(timeout=30_000)
    return steps(page)


def play_hint(page: Any) -> int:
    """The learner asks for a hint and plays hint 1; the steps once the bots have answered."""
    table = table_of(page)
    before = steps(page)
    table.locator("button[title='the best card plays for you now']").first.click()
    table.locator("button").filter(has_text="Play hint 1").first.click(timeout=90_000)
    wait_for("the learner's next turn", lambda: steps(page) > before + 1 and table.get_by_text(
        re.compile(r"turn \d+ of \d+ · You (\(human\) )?to move")).count() > 0, 90)
    return steps(page)


def offered_back(page: Any, at: int) -> None:
    """The chapter opened again offers the game in progress; going on with it brings it back at step `at`."""
    offer = table_of(page).locator(".cc-resume-offer")
    offer.get_by_text("You have a game in progress").first.wait_for(timeout=60_000)
    offer.locator("button").filter(has_text="Go on with it").first.click()
    wait_for(f"the game back at step {at}", lambda: steps(page) == at, 30)


def test_no_loss_reload_closed_tab_and_rule_link_keep_the_game(app_browser: Any, voila_app: VoilaApp) -> None:
    with app_page(app_browser, viewport=VIEWPORT) as page:
        asked: list[str] = []
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
        open_app_page(page, voila_app, CHAPTER)
        at = play_mercator(page)
        # a followed rule link opens the rule in place: the page (and its game) stays where it is
        url = page.url
        page.locator("#rendered_cells a[href*='rules.md#R-']").first.click()
        page.wait_for_timeout(1500)
        assert page.url == url and steps(page) == at
        page.keyboard.press("Escape")
        # a reload asks first, then the game is offered back at the same move
        page.reload(wait_until="domcontentloaded", timeout=PAGE_TIMEOUT_MS)
        assert asked == ["beforeunload"], asked
        page.wait_for_function(JS_WIDGETS, timeout=PAGE_TIMEOUT_MS)
        reach_every_screen(page)             # the learner scrolls down to the table (it is built when reached)
        offered_back(page, at)
        assert play_hint(page) > at          # and goes on playing it
    # the tab closed (asking first), then the chapter opened in a new tab of the same browser
    context = app_browser.new_context(viewport=VIEWPORT)
    try:
        first = context.new_page()
        first.on("dialog", lambda dialog: dialog.accept())
        open_app_page(first, voila_app, CHAPTER)
        at = play_mercator(first)
        first.close(run_before_unload=True)
        first.wait_for_event("close", timeout=15_000)
        again = context.new_page()
        open_app_page(again, voila_app, CHAPTER)
        offered_back(again, at)
    finally:
        context.close()


def test_no_loss_leaving_asks_first_and_staying_keeps_a_working_page(app_browser: Any, voila_app: VoilaApp) -> None:
    with app_page(app_browser, viewport=VIEWPORT) as page:
        asked: list[str] = []
        stay = [True]
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss() if stay[0] else dialog.accept()))
        open_app_page(page, voila_app, CHAPTER)
        at = play_mercator(page)
        wait_for("the preheated pool refilled", lambda: pool_refilled(voila_app), 60)   # no kernel starts meanwhile
        kernels = len(kernel_pids(voila_app))
        with pytest.raises(PlaywrightError):    # the person answers "stay": the navigation does not happen
            page.goto(voila_app.url("/voila/render/03_turn_and_mercator.ipynb"), timeout=5_000)
        assert asked == ["beforeunload"] and CHAPTER in page.url
        page.wait_for_timeout(2000)
        assert len(kernel_pids(voila_app)) == kernels, "staying on the page must keep its kernel"
        assert play_hint(page) > at, "the page still plays after the person chose to stay"
        stay[0] = False                      # and now the person leaves
