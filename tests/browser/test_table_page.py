"""The table in a real browser (JupyterLab + headless Chromium, browser_support.py): a whole Architect turn
(move and build) and a Prefect turn played by clicking the board only (cards chosen by clicking them), and a
3-seat table (2 people, 1 practice bot) started from the set-up form and played until the bot has moved, its
move told in a sentence. Screenshots at 1280x800 and 1920x1080 go to screenshots/ for a person to look at.
Run with CI=true (a missing browser is then a failure)."""
from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import SCREENSHOTS, Lab, assert_clean, open_and_run
from table_page import click_area, click_pick
from widget_page import board_text, see, spoken, visible_text, visible_texts, wait_for

import concordia_core as cc

CLICKS_NOTEBOOK = "table_map_clicks.ipynb"
CLICKS_SOURCE = 'import widgets\nwidgets.play_tutor("italia", ["Aiko", "Ben"], seed=7)'
FORM_NOTEBOOK = "table_form.ipynb"
FORM_SOURCE = "from widgets.lessons import ch15_first_game as lesson\nlesson.table_form()"
SIZES = {"1280x800": {"width": 1280, "height": 800}, "1920x1080": {"width": 1920, "height": 1080}}


@pytest.fixture(scope="module")
def extra_notebooks() -> dict[str, str]:
    return {CLICKS_NOTEBOOK: CLICKS_SOURCE, FORM_NOTEBOOK: FORM_SOURCE}


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


# --- an Architect turn and a Prefect turn by clicks on the board ------------------------------------------
def test_browser_map_click_architect_and_prefect_turns(lab: Lab, page: Any) -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7)
    for step in ("play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA", "play PREFECT", "produce ETRVRIA"):
        game.play(step)
    aiko = game.state.player("Aiko")
    assert "COSA" in aiko.houses and game.state.to_move == "Aiko"

    page.set_viewport_size(SIZES["1280x800"])
    report = open_and_run(page, lab, CLICKS_NOTEBOOK)
    assert_clean(page, CLICKS_NOTEBOOK, report)
    page.locator(".cc-board svg").first.wait_for()
    assert "no houses yet" in spoken(page, "[data-pick='city:COSA']")

    # Aiko: the Architect, chosen and played by clicking the card twice
    click_pick(page, ".cc-cardrow [data-pick='card:ARCHITECT']")
    see(page, "Move your colonists: as many steps")
    click_pick(page, ".cc-cardrow [data-pick='card:ARCHITECT']")
    see(page, "2 steps left")
    # a colonist, then the route's cost badge, then the city
    click_pick(page, "[data-pick='colonist:0:land:ROMA']")
    page.locator(".cc-board-top [data-pick='route:land:COSA-ROMA']").first.wait_for()
    shot(page, "table_map_click_1_reach_1280x800")
    click_pick(page, ".cc-board-top [data-pick='route:land:COSA-ROMA']")
    see(page, "1 step left")
    wait_for("the colonist on its route", lambda: "Aiko's land colonist" in spoken(page, "[data-pick='route:land:COSA-ROMA']"))
    click_pick(page, "[data-pick='city:COSA']")
    wait_for("the house in COSA", lambda: "houses: Aiko" in spoken(page, "[data-pick='city:COSA']"))
    see(page, "Aiko played the Architect: moved a land colonist ROMA → COSA (1 step) and built in COSA")

    # Ben: the Prefect, then a province
    click_pick(page, ".cc-cardrow [data-pick='card:PREFECT']")
    click_pick(page, ".cc-cardrow [data-pick='card:PREFECT']")
    see(page, "Click a province on the map")
    click_area(page, "[data-pick='province:ETRVRIA']")
    see(page, "Ben played the Prefect: produced in ETRVRIA")
    shot(page, "table_map_click_2_done_1280x800")

    # the board changed as the engine says: Aiko's house in COSA produced, her goods on her player board
    page.locator(".widget-tab .lm-TabBar-tab").filter(has_text="Players").first.click()
    goods = cc.goods_text(aiko.goods)
    text = wait_for("Aiko's board", lambda: (t := board_text(page, "Aiko")) and f"Goods: {goods}" in t and t)
    assert f"Coins: {aiko.coins} " in " ".join(text.split())
    assert "land colonist on the land route COSA–ROMA" in text
    assert "Not allowed" not in page.locator(".jp-Notebook").inner_text()
    assert not page.problems, page.problems


# --- a table from the form: 2 people and a bot, until the bot has moved -----------------------------------
def test_browser_table_setup_from_the_form_until_the_bot_moved(lab: Lab, page: Any) -> None:
    page.set_viewport_size(SIZES["1280x800"])
    report = open_and_run(page, lab, FORM_NOTEBOOK)
    assert_clean(page, FORM_NOTEBOOK, report)
    form = page.locator(".cc-table-launcher").first
    see(form, "Set up a table")
    shot(page, "table_setup_1_form_1280x800")
    # a bad choice first: the form says so and starts nothing
    seed = form.locator(".widget-text").filter(has=page.locator("label", has_text="Seed")).locator("input")
    seed.fill("seven")
    seed.press("Tab")
    form.get_by_role("button", name="Start the game").click()
    see(form, "“seven” is neither")
    seed.fill("5")
    seed.press("Tab")
    form.get_by_role("button", name="Start the game").click()

    table = page.locator(".cc-table").first
    see(table, "Seats: Aiko (person) · Ben (person) · Livia (bot, greedy)", timeout=60_000)
    bot_moved = re.compile(r"Livia played the \w+")
    # (a button's name starts with its icon's glyph: match the end of it)
    pass_button = table.get_by_role("button", name=re.compile(r"I am .* — show my hand$"))
    passes = 0
    hint = table.get_by_role("button", name=re.compile(r"\bHint$"))
    for _step in range(8):
        wait_for("the table to settle", lambda: visible_text(table, bot_moved) or visible_texts(pass_button)
                 or hint.is_enabled(), timeout=60)
        if visible_text(table, bot_moved):
            break
        if shown := visible_texts(pass_button):
            who = shown[0]
            see(table, "since")                                # what happened since your last turn (or the start)
            shot(page, f"table_setup_pass_screen_{passes}_1280x800")
            passes += 1
            pass_button.first.click(timeout=60_000)
            wait_for("the hand shown", lambda who=who: who not in visible_texts(pass_button))
            continue
        hint.click()
        table.get_by_role("button", name="Play hint 1").first.click()
        wait_for("the next person or the bot's move", lambda: visible_texts(pass_button)
                 or visible_text(table, bot_moved), timeout=60)
    sentence = wait_for("the bot's move in a sentence", lambda: visible_text(table, bot_moved))
    assert re.search(r"Livia played the [^.]+\.", sentence), sentence
    assert passes >= 2                                         # two people took turns at one screen
    shot(page, "table_setup_3_bot_moved_1280x800")
    if visible_texts(pass_button):                                   # the next person takes the device
        pass_button.first.click()
        table.locator(".cc-board").first.wait_for(state="visible")
    # the layout: the map and the controls of the decision side by side, in view together
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(400)
        table.locator(".cc-board").first.scroll_into_view_if_needed()
        shot(page, f"table_play_{size}")
        board = table.locator(".cc-board").first.bounding_box()
        side = table.locator(".cc-side").first.bounding_box()
        assert board and side and side["x"] >= board["x"] + board["width"] - 5, (size, board, side)
        assert board["height"] <= viewport["height"], (size, board)
    assert_clean(page, FORM_NOTEBOOK, open_report(page))
    assert not page.problems, page.problems


def open_report(page: Any) -> dict[str, Any]:
    from browser_support import JS_CELLS
    return page.evaluate(JS_CELLS)
