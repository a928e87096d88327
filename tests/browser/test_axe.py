"""The accessibility audit: axe-core 4.14.1 (tests/axe_support.py) finds no serious or critical violation on
the start page, chapters 02, 03, 15, 17 and 18 and the first-game table after a few moves.

* In the app mode (`make app`) the scope is the whole page: a visitor sees nothing but the tutor.
* In JupyterLab the scope is the tutor's own output, every output area of the notebook
  (`.jp-Notebook .jp-OutputArea`): JupyterLab's own interface around it (menus, side bars, the notebook's
  cells and prompts) has open findings of its own that are not the tutor's to fix. Here: the learner's
  table after a few moves; every chapter is audited in JupyterLab by the tests that run it already
  (tests/browser/test_lab_chapters.py, tests/browser/test_lab_chapters_14_on.py: `..._passes_axe_audit`).

Every rule axe runs by default is on: a finding is fixed, never excluded. Folds and tabs are opened before an
audit, so what they hide is audited too (axe skips what is not shown).
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from app_page import app_page, open_app_page
from axe_support import JUPYTERLAB_OUTPUTS, WHOLE_PAGE, assert_accessible, axe_source
from browser_support import Lab, assert_clean, open_and_run
from voila_support import VoilaApp
from widget_page import choose

VIEWPORT = {"width": 1280, "height": 800}
CHAPTERS = ["00_start_here.ipynb", "02_first_game_guided.ipynb", "03_turn_and_mercator.ipynb", "15_first_game.ipynb",
            "17_real_table_setup.ipynb", "18_scoring_pad.ipynb"]
TABLE = "15_first_game.ipynb"
TABLE_NOTEBOOK = "axe_table.ipynb"      # the learner's table of chapter 15 alone, for JupyterLab
TABLE_SOURCE = "from widgets.lessons import ch15_first_game as chapter\nchapter.first_game_table()"

JS_OPEN_FOLDS = """() => { for (const header of document.querySelectorAll('.jupyter-widget-Collapse-header')) {
    const fold = header.closest('.jupyter-widget-Collapse');
    if (fold && !fold.classList.contains('jupyter-widget-Collapse-open') && header.getClientRects().length) header.click(); } }"""


@pytest.fixture
def app_view(voila_app: VoilaApp, app_browser: Any) -> Iterator[Any]:
    axe_source()   # skip (or fail under CI) before opening anything when axe-core is not installed
    with app_page(app_browser, viewport=VIEWPORT) as pg:
        yield pg


def open_folds(page: Any) -> None:
    """Open every folded box shown (the game log, the rules, the card display, ...), so the audit sees inside."""
    page.evaluate(JS_OPEN_FOLDS)
    page.wait_for_timeout(800)


@pytest.mark.parametrize("chapter", [c for c in CHAPTERS if c != TABLE])
def test_browser_axe_app_page_has_no_serious_violation(voila_app: VoilaApp, app_view: Any, chapter: str) -> None:
    open_app_page(app_view, voila_app, chapter)
    assert_accessible(app_view, f"{chapter} in the app")
    open_folds(app_view)
    assert_accessible(app_view, f"{chapter} in the app, every fold open")
    assert not app_view.problems, app_view.problems


def test_browser_axe_app_table_after_a_few_moves(voila_app: VoilaApp, app_view: Any) -> None:
    """Chapter 15 in the app: the set-up form, the tables; then the learner's table during and after a card
    play (You's Mercator, then the two bots' turns), its score tab open."""
    page = app_view
    open_app_page(page, voila_app, TABLE)
    assert_accessible(page, "chapter 15 in the app")
    play_a_mercator(page, page.locator(".widget-vbox").filter(has_text="Seats: You (").first)
    assert not page.problems, page.problems


def play_a_mercator(page: Any, table: Any, scope: str = WHOLE_PAGE) -> None:
    """On the learner's table: audit during You's Mercator (its trade controls shown), and after You's Done and
    the two bots' turns with the score tab and every fold open."""
    table.get_by_text(re.compile(r"Round 1, turn 1 of \d · You (\(human\) )?to move")).wait_for(timeout=60_000)
    choose(table, "Card", "Mercator")
    table.locator("button:visible:enabled").filter(has_text=re.compile(r"^\s*Play (the Mercator|card)\s*$")).first.click()
    done = table.locator("button:visible").filter(has_text=re.compile(r"^\s*Done\s*$")).first
    done.wait_for(state="visible")
    assert_accessible(page, "the table during the Mercator play", scope)
    done.click()
    table.get_by_text(re.compile(r"Round ([2-9]|\d\d+), turn 1 of \d · You (\(human\) )?to move")).wait_for(timeout=60_000)
    table.locator(".lm-TabBar-tab").filter(has_text="Score").first.click()
    open_folds(page)
    assert_accessible(page, "the table after You's Mercator and the bots' turns, score and folds open", scope)


@pytest.fixture(scope="module")
def extra_notebooks() -> dict[str, str]:
    return {TABLE_NOTEBOOK: TABLE_SOURCE}


def test_browser_axe_jupyterlab_table_after_a_few_moves(lab: Lab, page: Any) -> None:
    """The learner's table of chapter 15 in JupyterLab, during and after You's Mercator (the tutor's output)."""
    axe_source()
    report = open_and_run(page, lab, TABLE_NOTEBOOK)
    assert_clean(page, TABLE_NOTEBOOK, report)
    play_a_mercator(page, page.locator(".cc-table").first, JUPYTERLAB_OUTPUTS)
    assert not page.problems, page.problems
