"""End to end in a real browser: every chapter runs in JupyterLab without an error, its widgets render
and the map shows; an Architect play clicked through the GameApp widgets changes the map and the
player board as the engine says. Infrastructure in browser_support.py."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    JS_MAP_IMAGES,
    NOTEBOOKS,
    Lab,
    assert_clean,
    assert_map_visible,
    full_screenshot,
    notebook_text,
    open_and_run,
)

import concordia_core as cc

pytestmark = pytest.mark.browser
ARCHITECT_SEED = 7              # Aiko moves first, can walk ROMA > land:COSA-ROMA and afford a house in COSA
ARCHITECT_NOTEBOOK = "architect_play.ipynb"
ARCHITECT_SOURCE = (f'import concordia_core as cc, widgets\n'
                    f'app = widgets.play_tutor("italia", ["Aiko", "Ben"], seed={ARCHITECT_SEED})\n'
                    f'app')


@pytest.fixture(scope="module")
def extra_notebooks() -> dict[str, str]:
    return {ARCHITECT_NOTEBOOK: ARCHITECT_SOURCE}


# --- every chapter ------------------------------------------------------------------------------------
PLOTS_NOT_MAPS = {"16_strategy_study.ipynb"}  # a chapter of score plots: it shows no board on purpose

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
    slots = cc.CONSTANTS.storehouse_slots
    return [f"Coins: {p.coins}", f"Houses left: {p.houses_left}", f"Storehouse: {p.storehouse_used}/{slots}",
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
    assert "something went wrong" not in text
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
