"""Chapters 00-13 in a real browser, as a learner sees them: each runs in JupyterLab without an error, shows
no code (every input collapsed), renders its widgets, shows the board where the chapter has one and passes
the axe-core audit in the tutor's output (axe_support.py); the guided first game answers clicks; an exercise
offers its answer only after a try. Full-page screenshots go to screenshots/ for a person to look at.
Infrastructure in browser_support.py."""
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
from widget_page import button, choose, click

MINE = [p for p in NOTEBOOKS if p.parent.name == "notebooks" and p.name[:2].isdigit() and int(p.name[:2]) <= 13]
NO_BOARD = {"03_turn_and_mercator.ipynb", "07_storehouse.ipynb", "08_tribune.ipynb", "09_senator_consul.ipynb"}


@pytest.mark.parametrize("notebook", MINE, ids=lambda p: p.name)
def test_browser_chapter_reads_without_code_and_passes_axe_audit(lab: Lab, page: Any, notebook: Path) -> None:
    def shows(page: Any, path: str) -> None:
        assert "Traceback" not in notebook_text(page)
        if notebook.name not in NO_BOARD:
            assert_board_visible(page, path)

    assert_chapter_reads(page, lab, notebook, f"chapter_{notebook.stem}", shows)


GUIDED_STEPS = 22   # the learner's steps in chapter 02's guided game (widgets/lessons/ch02_guided.py)


def _step(page: Any, n: int) -> None:
    # the kernel answers each click: slower when the other test worker loads the machine
    page.locator(".cc-tutor").filter(has_text=f"Step {n} of {GUIDED_STEPS}").first.wait_for(timeout=90_000)


def _press(page: Any, label: str) -> None:
    """Press the screen's button showing `label` (not a toggle of the same name)."""
    page.locator("button.jupyter-button:visible:not(.widget-toggle-button)").filter(has_text=label).first.click()


def _act(page: Any, choices: dict[str, str], press: str, step: int) -> None:
    """Choose in each menu (its label: the option's start), press the button `press`, and wait for the guide's `step`."""
    for menu, option in choices.items():
        choose(page, menu, option)
    _press(page, press)
    _step(page, step)


def _trade(page: Any, good: str, side: str, amount: int) -> None:
    choose(page, "Good", good)
    page.locator(".widget-toggle-buttons:visible button").filter(has_text=side).first.click()
    readout = page.locator(".widget-slider:visible").filter(has=page.locator("label:text-is('Amount')"))
    readout.locator(".widget-readout").fill(str(amount))
    readout.locator(".widget-readout").press("Enter")
    _press(page, side)


def test_browser_guided_game_answers_clicks(lab: Lab, page: Any) -> None:
    path = "notebooks/02_first_game_guided.ipynb"
    report = open_and_run(page, lab, path)
    assert_clean(page, path, report)
    assert page.locator(".cc-guide-focus:visible").count() == 1, "exactly one control is outlined"
    choose(page, "Card", "Tribune")
    _press(page, "Play the")
    page.locator(".cc-note").filter(has_text="this lesson follows one plan").first.wait_for()
    _act(page, {"Card": "Mercator"}, "Play the", 2)
    assert page.locator(".cc-guide-focus:visible").count() == 1
    full_screenshot(page, "chapter_02_guided_step_2")
    _trade(page, "cloth", "Sell", 1)
    _step(page, 3)
    _trade(page, "brick", "Buy", 2)
    _step(page, 4)
    _act(page, {}, "Done", 5)
    _act(page, {"Card": "Architect"}, "Play the", 6)
    _act(page, {"Which colonist": "sea colonist in ROMA", "To": "sea route NEAPOLIS–ROMA"}, "Move", 7)
    choose(page, "Which colonist", "land colonist in ROMA")
    choose(page, "To", "land route ROMA–SPOLETVM")   # Livia's colonist stands there: refused
    _press(page, "Move")
    page.locator(".cc-refusal").filter(has_text="R-ARCH-4").first.wait_for()
    full_screenshot(page, "chapter_02_guided_refusal")
    _act(page, {"Which colonist": "land colonist in ROMA", "To": "land route COSA–ROMA"}, "Move", 8)
    _act(page, {"Build in": "NEAPOLIS"}, "Build", 9)
    _act(page, {"Build in": "COSA"}, "Build", 10)
    _act(page, {"Card": "Prefect"}, "Play the", 11)
    _act(page, {"Province": "CAMPANIA"}, "Produce", 12)   # the Diplomat next: tests/views/test_quick_path.py walks the rest
    assert page.locator(".cc-guide-focus:visible").count() == 1
    full_screenshot(page, "chapter_02_guided_step_12")
    assert not page.problems, page.problems


def test_browser_answer_only_after_a_try(lab: Lab, page: Any) -> None:
    path = "notebooks/01_setup.ipynb"
    report = open_and_run(page, lab, path)
    assert_clean(page, path, report)
    assert button(page, "Show the answer").count() == 0
    click(page, "Check my answer")
    page.get_by_text("Not yet").first.wait_for()
    button(page, "Show the answer").first.wait_for()
    click(page, "Show the answer")
    page.locator(".cc-solution").first.wait_for()
    assert not page.problems, page.problems
