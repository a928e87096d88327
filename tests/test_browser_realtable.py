"""The real-table tools in the app mode (`make app`, tests/app_page.py), as a new user meets them on a desktop
(1280 × 800) and on a phone (390 × 844, touch):

* every label of the scoring pad (chapter 18) and of the box guide (chapter 17) reads whole: no control's
  description, checkbox label, button or fold title is cut to "Play…" or "S." (the text, set in the page's font,
  is measured against the room its element gives it);
* the pad's house menu, right above its board, picks a city as a click on the board does (the board's cities are
  about 10 px across on a phone): the house is ticked in the lists, the menu offers to take it away, the note
  above the scores stops naming that player, and the menu is a full-size control (44 × 44 CSS px on touch).

Screenshots go to screenshots/ (git-ignored): realtable_*.png.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app_page import PHONE, app_page, open_app_page
from browser_support import SCREENSHOTS
from voila_support import VoilaApp
from widget_page import wait_for, wait_text

pytestmark = [pytest.mark.browser, pytest.mark.slow]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
SCREENS: dict[str, dict[str, Any]] = {"desktop": DESKTOP, "phone": PHONE}

JS_CUT_LABELS = """(scope) => {
  const cut = [], read = [];
  for (const root of document.querySelectorAll(scope)) {
    const labels = root.querySelectorAll('.widget-label, .widget-label-basic, .jupyter-button, .widget-toggle-button, '
                                         + '.jupyter-widget-Collapse-header');
    for (const el of labels) {
      const text = el.textContent.trim();
      if (!text || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden'
          || el.closest('.cc-label-hidden, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.selectNodeContents(el);
      const needed = range.getBoundingClientRect().width;
      const style = getComputedStyle(el);
      const room = el.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
                   - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
      read.push(text);
      if (needed > room + 0.05) cut.push(`"${text.slice(0, 40)}" needs ${needed.toFixed(2)} px, has ${room.toFixed(2)}`);
    }
  }
  return {cut, read};
}"""


@pytest.fixture(params=sorted(SCREENS))
def screen(request: pytest.FixtureRequest, voila_app: VoilaApp, app_browser: Any) -> Iterator[tuple[str, Any]]:
    with app_page(app_browser, **SCREENS[request.param]) as pg:
        yield request.param, pg


def assert_labels_whole(page: Any, scope: str, what: str, expected: list[str]) -> None:
    found = page.evaluate(JS_CUT_LABELS, scope)
    assert not found["cut"], f"{what}: labels cut: {found['cut']}"
    for label in expected:    # the ones seen cut at 390 px are among those measured
        assert any(text.startswith(label) for text in found["read"]), f"{what}: no label {label!r} measured"


def chosen(pad: Any) -> str:
    """What the pad's house menu shows (ipywidgets writes an option's spaces as no-break spaces)."""
    return str(pad.locator(".cc-house-menu option:checked").inner_text()).replace("\xa0", " ")


def test_browser_scoring_pad_labels_whole_and_a_house_chosen_in_the_menu(voila_app: VoilaApp,
                                                                         screen: tuple[str, Any]) -> None:
    name, page = screen
    open_app_page(page, voila_app, "18_scoring_pad.ipynb")
    assert_labels_whole(page, ".cc-scoring-pad", f"chapter 18 on the {name}",
                        ["Players", "Map", "Saved", "Save as", "Concordia card", "Praefectus Magnus", "House in",
                         "Entering for", "The board's city tiles"])

    practice = page.locator(".cc-practice .cc-scoring-pad")
    menu = practice.locator(".cc-house-menu select")
    menu.scroll_into_view_if_needed()
    board = practice.locator(".cc-board").first
    menu_box, board_box = menu.bounding_box(), board.bounding_box()
    assert menu_box and board_box
    assert 0 <= board_box["y"] - (menu_box["y"] + menu_box["height"]) < 40, "the menu stands right above the board"
    least = 44 if name == "phone" else 24
    assert menu_box["width"] >= least and menu_box["height"] >= least, f"the menu is {menu_box}"
    assert chosen(practice) == "choose a city…"

    wait_text(practice.locator(".cc-pad-results"), "Aiko and Ben have no houses entered yet")
    menu.select_option(label="COSA · brick")
    cosa = practice.locator(".cc-city-check").filter(has_text="COSA ·").locator("input")
    wait_for("COSA: the house the menu puts there, ticked in the lists", cosa.is_checked, timeout=20)
    wait_text(practice.locator(".cc-pad-results"), "Ben has no house entered yet: the total counts none.")
    assert practice.locator(".cc-house-menu option").filter(has_text="COSA · brick (take away Aiko's house)").count() == 1
    assert chosen(practice) == "choose a city…"
    menu.select_option(label="COSA · brick (take away Aiko's house)")
    wait_for("COSA: the house taken away by the menu", lambda: not cosa.is_checked(), timeout=20)
    page.screenshot(path=str(SCREENSHOTS / f"realtable_18_house_menu_{name}.png"))
    assert not page.problems, page.problems


def test_browser_box_guide_labels_whole(voila_app: VoilaApp, screen: tuple[str, Any]) -> None:
    name, page = screen
    open_app_page(page, voila_app, "17_real_table_setup.ipynb")
    assert_labels_whole(page, ".cc-box-guide", f"chapter 17 on the {name}",
                        ["Players", "Map", "First player", "done", "Saved", "Save as"])
    page.screenshot(path=str(SCREENSHOTS / f"realtable_17_{name}.png"))
    assert not page.problems, page.problems
