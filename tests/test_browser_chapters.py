"""Chapters 00-13 in a real browser, as a learner sees them: each runs in JupyterLab without an error, shows
no code (every input collapsed), renders its widgets and shows the board where the chapter has one; the
guided first game answers clicks; an exercise offers its answer only after a try. Full-page screenshots
go to screenshots/ for a person to look at. Infrastructure in browser_support.py."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    NOTEBOOKS,
    Lab,
    assert_board_visible,
    assert_clean,
    assert_no_code_visible,
    full_screenshot,
    notebook_text,
    open_and_run,
)

pytestmark = pytest.mark.browser

MINE = [p for p in NOTEBOOKS if p.parent.name == "notebooks" and p.name[:2].isdigit() and int(p.name[:2]) <= 13]
NO_BOARD = {"03_turn_and_mercator.ipynb", "07_storehouse.ipynb", "08_tribune.ipynb", "09_senator_consul.ipynb"}


@pytest.mark.parametrize("notebook", MINE, ids=lambda p: p.name)
def test_browser_chapter_reads_without_code(lab: Lab, page: Any, notebook: Path) -> None:
    path = f"notebooks/{notebook.name}"
    report = open_and_run(page, lab, path)
    shot = full_screenshot(page, f"chapter_{notebook.stem}")
    assert_clean(page, path, report)
    assert_no_code_visible(page, path)
    text = notebook_text(page)
    assert "Traceback" not in text
    if notebook.name not in NO_BOARD:
        assert_board_visible(page, path)
    assert shot.stat().st_size > 10_000


def _button(page: Any, label: str) -> Any:
    return page.locator("button.jupyter-button:visible").filter(has_text=label)


def _select(page: Any, label: str, option: str) -> None:
    """Choose `option` (its label, spaces normalised) in the dropdown described `label`."""
    select = page.locator(".widget-dropdown:visible").filter(has=page.locator(f"label:text-is('{label}')")) \
        .locator("select")
    select.wait_for(state="visible")
    for _ in range(50):      # options that follow another choice arrive from the kernel a moment later
        labels = [" ".join(t.split()) for t in select.locator("option").all_inner_texts()]
        matches = [i for i, t in enumerate(labels) if t.startswith(option)]
        if matches:
            break
        page.wait_for_timeout(200)
    assert matches, f"dropdown {label!r}: no option {option!r} in {labels}"
    select.select_option(index=matches[0])


def _step(page: Any, n: int) -> None:
    page.locator(".cc-tutor").filter(has_text=f"Step {n} of 11").first.wait_for()


def _trade(page: Any, good: str, side: str, amount: int) -> None:
    _select(page, "Good", good)
    page.locator(".widget-toggle-buttons:visible button").filter(has_text=side).first.click()
    amount_box = page.locator(".widget-text:visible").filter(has=page.locator("label:text-is('How many')"))
    amount_box.locator("input").fill(str(amount))
    amount_box.locator("input").press("Enter")
    _button(page, "Trade").first.click()


def test_browser_guided_game_answers_clicks(lab: Lab, page: Any) -> None:
    path = "notebooks/02_first_game_guided.ipynb"
    report = open_and_run(page, lab, path)
    assert_clean(page, path, report)
    assert page.locator(".cc-guide-focus:visible").count() == 1, "exactly one control is outlined"
    _select(page, "Your hand", "Tribune")
    _button(page, "Play").first.click()
    page.locator(".cc-note").filter(has_text="this lesson follows one plan").first.wait_for()
    _select(page, "Your hand", "Mercator")
    _button(page, "Play").first.click()
    _step(page, 2)
    assert page.locator(".cc-guide-focus:visible").count() == 1
    full_screenshot(page, "chapter_02_guided_step_2")
    _trade(page, "cloth", "Sell", 1)
    _step(page, 3)
    _trade(page, "brick", "Buy", 2)
    _step(page, 4)
    _button(page, "Done trading").first.click()
    _step(page, 5)
    _select(page, "Your hand", "Architect")
    _button(page, "Play").first.click()
    _step(page, 6)
    _select(page, "Which colonist", "sea colonist in ROMA")
    _select(page, "To route", "sea route NEAPOLIS–ROMA")
    _button(page, "Move").first.click()
    _step(page, 7)
    _select(page, "Which colonist", "land colonist in ROMA")
    _select(page, "To route", "land route ROMA–SPOLETVM")   # Livia's colonist stands there: refused
    _button(page, "Move").first.click()
    page.locator(".cc-refusal").filter(has_text="R-ARCH-4").first.wait_for()
    full_screenshot(page, "chapter_02_guided_refusal")
    _select(page, "Which colonist", "land colonist in ROMA")
    _select(page, "To route", "land route COSA–ROMA")
    _button(page, "Move").first.click()
    _step(page, 8)
    _select(page, "Build in", "NEAPOLIS")
    _button(page, "Build").first.click()
    _step(page, 9)
    _select(page, "Build in", "COSA")
    _button(page, "Build").first.click()
    _step(page, 10)
    _select(page, "Your hand", "Prefect")
    _button(page, "Play").first.click()
    _step(page, 11)
    _select(page, "Province", "CAMPANIA")
    _button(page, "Produce").first.click()
    page.locator(".cc-done").filter(has_text="score if the game ended now").first.wait_for()
    score = page.locator(".cc-lesson-table").filter(has_text="Mercurius").first.inner_text()
    assert "Total" in score
    assert "17" in score
    assert page.locator(".cc-guide-focus:visible").count() == 0
    full_screenshot(page, "chapter_02_guided_end")
    assert not page.problems, page.problems


def test_browser_answer_only_after_a_try(lab: Lab, page: Any) -> None:
    path = "notebooks/01_setup.ipynb"
    report = open_and_run(page, lab, path)
    assert_clean(page, path, report)
    assert _button(page, "Show the answer").count() == 0
    _button(page, "Check my answer").first.click()
    page.get_by_text("Not yet").first.wait_for()
    _button(page, "Show the answer").first.wait_for()
    _button(page, "Show the answer").first.click()
    page.locator(".cc-solution").first.wait_for()
    assert not page.problems, page.problems
