"""End to end in a real browser: chapters 14 and after run in JupyterLab without an error, their widgets render,
a board (the SVG board widget, or a picture) shows and the tutor's output passes the axe-core audit (chapters
00-13: tests/browser/test_lab_chapters.py); an Architect
play made through the menus of the game screen (the keyboard path, beside clicks on the board:
tests/browser/test_table_page.py) changes the board and the player board as the engine says. Infrastructure in
browser_support.py."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    NOTEBOOKS,
    Lab,
    assert_board_visible,
    assert_chapter_reads,
    assert_clean,
    full_screenshot,
    notebook_text,
    open_and_run,
)
from widget_page import choose, click, dropdown, player_board, see, spoken, wait_for

import concordia_core as cc

ARCHITECT_SEED = 7              # Aiko moves first, can walk ROMA > land:COSA-ROMA and afford a house in COSA
ARCHITECT_NOTEBOOK = "architect_play.ipynb"
ARCHITECT_SOURCE = (f'import concordia_core as cc, widgets\n'
                    f'app = widgets.play_tutor("italia", ["Aiko", "Ben"], seed={ARCHITECT_SEED})\n'
                    f'app')
@pytest.fixture(scope="module")
def extra_notebooks() -> dict[str, str]:
    return {ARCHITECT_NOTEBOOK: ARCHITECT_SOURCE}


# --- chapters 14 and after (00-13: tests/browser/test_lab_chapters.py) ------------------------------------------
PLOTS_NOT_MAPS = {"16_strategy_study.ipynb"}  # chapters of score plots, no board
APP_MODE_ONLY = {"20_friends.ipynb"}   # its tables need the app mode's visitor ids: JupyterLab shows a note saying so
JS_CHARTS = """() => [...window.jupyterapp.shell.currentWidget.content.node
  .querySelectorAll('.jp-OutputArea-output svg.cc-chart')]
  .map(s => { const r = s.getBoundingClientRect(); return {width: r.width, height: r.height}; })"""  # SVG charts
LATER = [p for p in NOTEBOOKS if p.parent.name == "notebooks" and not (p.name[:2].isdigit() and int(p.name[:2]) <= 13)]


@pytest.mark.parametrize("notebook", LATER, ids=lambda p: p.name)
def test_browser_chapter_runs_and_renders_and_passes_axe_audit(lab: Lab, page: Any, notebook: Path) -> None:
    def shows(page: Any, path: str) -> None:
        if notebook.name in PLOTS_NOT_MAPS:
            assert any(c["width"] >= 300 for c in page.evaluate(JS_CHARTS)), f"{path}: its plots are not visible"
        elif notebook.name in APP_MODE_ONLY:
            note = page.locator(".jp-OutputArea .cc-note").filter(has_text="make app")
            assert note.first.is_visible(), f"{path}: the note that the chapter is played in the app mode is not shown"
        else:
            assert_board_visible(page, path)

    assert_chapter_reads(page, lab, notebook, notebook.stem, shows)


# --- an Architect play through the menus of the game screen ---------------------------------------------
def _pieces(page: Any) -> str:
    return page.locator(".cc-board-top").first.inner_html()


def _wait_pieces_change(page: Any, old: str) -> str:
    page.wait_for_function("(old) => { const t = document.querySelector('.cc-board-top');"
                           " return t && t.innerHTML !== old; }", arg=old, timeout=15_000)
    return _pieces(page)


def _board_facts(p: cc.PlayerState) -> list[str]:
    slots = cc.CONSTANTS.storehouse_slots
    return [f"Coins: {p.coins} ", f"Houses left: {p.houses_left} ", f"Storehouse: {p.storehouse_used}/{slots}",
            f"Goods: {cc.goods_text(p.goods)}"]


def test_browser_architect_play_through_the_menus_changes_board_and_player_board(lab: Lab, page: Any) -> None:
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
    assert_board_visible(page, ARCHITECT_NOTEBOOK)
    player_board(page, "Aiko", _board_facts(start))
    pieces0 = _pieces(page)

    # 1. the card: nothing is chosen at first
    card = dropdown(page, "Card")
    card.wait_for(state="visible")
    assert card.evaluate("s => s.options[s.selectedIndex].text.trim()") == "choose…"
    label = choose(page, "Card", "Architect")
    assert "✗" not in label
    see(page, "Move your colonists: as many steps")
    click(page, "Play the Architect")
    see(page, "1. Move")
    see(page, "2 steps left")
    # 2. a colonist and a route, then Move
    choose(page, "Which colonist", "land colonist in ROMA")
    pieces1 = _wait_pieces_change(page, pieces0)          # the reach overlay of the chosen colonist
    route = choose(page, "To", "land route COSA–ROMA")
    assert route.endswith("1 step"), route
    see(page, "Move your land colonist ROMA → COSA (1 step)")
    full_screenshot(page, "architect_play_1_move")
    click(page, "Move")
    see(page, "1 step left")
    pieces2 = _wait_pieces_change(page, pieces1)          # the colonist on its new route
    # 3. a city, then Build
    city = choose(page, "Build in", "COSA")
    assert "✗" not in city, city
    see(page, "A house in COSA costs")
    full_screenshot(page, "architect_play_2_build")
    click(page, "Build")
    see(page, "Ben: play a card")
    _wait_pieces_change(page, pieces2)                    # the board redrawn after the Build
    # The city is named by itself and described by its tooltip; the house may come in a later redraw.
    wait_for("the house in COSA", lambda: "houses: Aiko" in spoken(page, "[data-pick='city:COSA']"))

    board = player_board(page, "Aiko", _board_facts(end))
    assert f"Coins: {start.coins} " not in " ".join(board.split())
    text = notebook_text(page)
    assert "Not allowed" not in text
    assert "Choose something first" not in text
    assert "something went wrong" not in text
    assert "Aiko played the Architect: moved a land colonist ROMA → COSA (1 step) and built in COSA" in text
    assert not page.problems, page.problems
    full_screenshot(page, "architect_play_3_done")
    page.locator(".widget-tab .lm-TabBar-tab").filter(has_text="Score").click()
    page.wait_for_timeout(500)
    full_screenshot(page, "architect_play_4_score")
    assert not page.problems, page.problems
