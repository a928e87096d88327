"""The real-table tools in the app mode (`make app`, tests/app_page.py), as a new user meets them on a desktop
(1280 × 800) and on a phone (390 × 844, touch):

* every label of the scoring pad (chapter 18) and of the box guide (chapter 17) reads whole: no control's
  description, checkbox label, button or fold title is cut to "Play…" or "S." (the text, set in the page's font,
  is measured against the room its element gives it);
* the pad's house menu, right above its board, picks a city as a click on the board does (the board's cities are
  about 10 px across on a phone): the house is ticked in the lists, the menu offers to take it away, the note
  above the scores stops naming that player, and the menu is a full-size control (44 × 44 CSS px on touch); a
  specialist with no house of its good is named above the scores (R-SCORE-7);
* the pad's tile section folds once the cities with houses have their tiles, and its title says so;
* the box guide's Imperium pictures, as Chromium lays them out (its own font, not the tutor's table of widths): every
  highlight ring and name inside the picture (TOMIS, CARTHAGO, ANTIOCHIA) and no name over another city's marker
  (BYCANTIVM's over DYRRHACHIVM's); on the desktop also once the city tiles are entered ("BRITANNIA: food").

Screenshots go to screenshots/ (git-ignored): realtable_*.png.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app_page import PHONE, app_page, open_app_page
from browser_support import SCREENSHOTS
from voila_support import VoilaApp
from widget_page import choose, wait_for, wait_text

import concordia_core as cc

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


JS_PICTURE_FAULTS = """(scope) => {
  const faults = [];
  for (const step of document.querySelectorAll(scope + ' .cc-step')) {
    const svg = step.querySelector('svg');
    if (!svg || !svg.querySelector('g.cc-city')) continue;
    const frame = svg.getBoundingClientRect();
    const where = step.dataset.step;
    const marks = [...svg.querySelectorAll('g.cc-city')].map(g => [g.dataset.city, g.firstElementChild]);
    for (const el of svg.querySelectorAll('circle.cc-ring, text[class$="-label"]')) {
      const b = el.getBoundingClientRect();
      const name = el.textContent || el.dataset.city;
      if (b.left < frame.left || b.top < frame.top || b.right > frame.right || b.bottom > frame.bottom)
        faults.push(`${where}: ${name} cut at the picture's edge`);
      if (!el.matches('text')) continue;
      for (const [city, mark] of marks) {        // another city's disc (or Rome's square) under a name's box
        if (city === el.dataset.for) continue;
        const m = mark.getBoundingClientRect(), r = m.width / 2, cx = m.left + r, cy = m.top + r;
        const dx = Math.max(b.left - cx, 0, cx - b.right), dy = Math.max(b.top - cy, 0, cy - b.bottom);
        const over = mark.tagName === 'rect' ? (b.left < m.right && b.right > m.left && b.top < m.bottom && b.bottom > m.top)
                                             : dx * dx + dy * dy < r * r;
        if (over) faults.push(`${where}: ${name} over ${city}'s marker`);
      }
    }
  }
  return faults;
}"""


def picture_faults(page: Any, scope: str, steps: int) -> list[str]:
    """Rings and names cut or over a marker in the guide's step pictures (at least `steps` pictures of the map)."""
    shown = page.locator(f"{scope} .cc-step svg g.cc-city").evaluate_all("els => new Set(els.map(e => e.closest('svg')))"
                                                                          ".size")
    assert shown >= steps, f"{shown} map pictures shown, {steps} expected"
    faults: list[str] = page.evaluate(JS_PICTURE_FAULTS, scope)
    return faults


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
    weaver = practice.locator(".cc-card-weaver-minerva .cc-plus")   # Aiko's Weaver, and no cloth house
    weaver.tap() if name == "phone" else weaver.click()
    wait_text(practice.locator(".cc-pad-results"),
              "No house in a cloth city is entered for Aiko: Aiko's Weaver counts none (Minerva, R-SCORE-7).")
    menu.select_option(label="COSA · brick (take away Aiko's house)")
    wait_for("COSA: the house taken away by the menu", lambda: not cosa.is_checked(), timeout=20)
    page.screenshot(path=str(SCREENSHOTS / f"realtable_18_house_menu_{name}.png"))

    # the pad for one's own game: a house in COSA, then COSA's tile; the scores need no other tile, so the section
    # folds and its title says it is done
    own = page.locator(".cc-scoring-pad").filter(has=page.get_by_role("button", name="Start a new pad")).first
    own.locator(".cc-house-menu select").select_option(label="COSA · B")
    wait_text(own.locator(".cc-pad-waiting"), "1 city has no tile yet (COSA)")
    wait_for("the tile section open while a tile is needed (Italia's 25 cities)",
             lambda: own.locator(".cc-tile-buttons:visible").count() == 25, timeout=20)
    brick = own.locator(".cc-tile-buttons").nth(province_order("italia").index("COSA")).locator("button") \
        .filter(has_text="brick")
    brick.scroll_into_view_if_needed()
    brick.tap() if name == "phone" else brick.click()
    wait_for("the tile section folded", lambda: own.locator(".cc-tile-buttons:visible").count() == 0, timeout=20)
    wait_text(own.locator(".jupyter-widget-Collapse-header").first, "The board's city tiles: done", timeout=20)
    wait_text(own.locator(".cc-tiles-status"), "✓ The cities with houses have their tiles")
    own.locator(".cc-tiles-status").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"realtable_18_tiles_folded_{name}.png"))
    assert not page.problems, page.problems


def test_browser_box_guide_labels_whole(voila_app: VoilaApp, screen: tuple[str, Any]) -> None:
    name, page = screen
    open_app_page(page, voila_app, "17_real_table_setup.ipynb")
    assert_labels_whole(page, ".cc-box-guide", f"chapter 17 on the {name}",
                        ["Players", "Map", "First player", "done", "Saved", "Save as"])
    page.screenshot(path=str(SCREENSHOTS / f"realtable_17_{name}.png"))

    guide = page.locator(".cc-box-guide").first
    choose(guide, "Map", "Imperium")          # its cities at the edges: TOMIS, CARTHAGO, ANTIOCHIA, ISCA D.
    wait_for("Imperium's steps", lambda: guide.locator(".cc-step[data-step='tiles-D']").count() == 1, timeout=60)
    # the board, a picture per letter A-D, the tiles turned over, the bonus tiles, Rome
    assert not picture_faults(page, ".cc-box-guide", 8), picture_faults(page, ".cc-box-guide", 8)
    if name == "desktop":       # the tiles entered (Imperium, 3 players, seed 3: BRITANNIA's bonus tile is food)
        enter_tiles(guide, dict(cc.new_game("imperium", ["Aiko", "Ben", "Chloe"], seed=3).state.city_goods))
        bonus = guide.locator(".cc-step[data-step='bonus'] svg")
        wait_for("BRITANNIA's bonus tile named", lambda: "BRITANNIA: food" in (bonus.text_content() or ""), timeout=30)
        assert not picture_faults(page, ".cc-box-guide", 8), picture_faults(page, ".cc-box-guide", 8)
        bonus.scroll_into_view_if_needed()
        bonus.screenshot(path=str(SCREENSHOTS / "realtable_17_imperium_bonus.png"))
    assert not page.problems, page.problems


def province_order(map_id: str) -> list[str]:
    """The cities as the tile sections list them, province by province."""
    return [city for prov in cc.load_map(map_id).provinces.values() for city in prov.cities]


def enter_tiles(guide: Any, tiles: dict[str, str]) -> None:
    """Click each city's good in the guide's tile section (province by province, as it lists them), skipping those
    the guide filled in (the last tile of a letter), until it says every city has its tile."""
    guide.get_by_text("Optional: tell the tutor the city tiles you drew").click()
    rows = guide.locator(".cc-tile-buttons")
    for i, city in enumerate(province_order("imperium")):
        good = rows.nth(i).locator("button").filter(has_text=cc.good_name(tiles[city])).first
        good.wait_for()
        if "mod-active" not in (good.get_attribute("class") or ""):
            good.click()
            wait_for(f"{city}: {tiles[city]} pressed", lambda b=good: "mod-active" in (b.get_attribute("class") or ""),
                     timeout=20)
    wait_text(guide, "Every city has its tile.")
