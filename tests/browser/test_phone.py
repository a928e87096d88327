"""The app mode on a phone: headless Chromium emulating a 390 × 844 CSS px touch screen (an iPhone 12–15:
`is_mobile`, `has_touch`), the app started by `make app` (tests/app_page.py).

* The scoring pad of chapter 18 is filled in by taps (the practice game's end position) and the totals read
  on the page are the ones worked out by hand; the page never scrolls sideways and every control of the pad
  is at least 44 × 44 CSS px (WCAG 2.5.5; Apple's and Google's guidelines).
* The set-up guide (chapter 17) and the learner's table (chapter 15, also during a Mercator played by taps):
  no sideways scroll, no control under 44 × 44 CSS px, the board fitted to the screen's width (and the page
  zoomable: the viewport allows it).

A checkbox's target is its label (a tap on the words ticks it too), so the label is what is measured; a
slider's, the touch area of its handle (its corner must answer a tap: nothing covers or clips it). Links
inside a sentence are exempt (WCAG 2.5.5's inline exception); a download link is a control and is measured.
The board's cities, a dozen px across on a phone, are exempt as WCAG 2.5.5's "equivalent" allows: the same
choice has a control of full size beside the board (the pad's house menu right above it and its city checkboxes,
the table's menus and buttons); the pad's test checks that every city of its board has its checkbox
(tests/browser/test_realtable_pages.py picks a house with the menu).
Screenshots go to screenshots/ (git-ignored): phone_*.png.
"""
from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_page import PHONE, app_page, open_app_page
from browser_support import SCREENSHOTS
from pad_page import press
from voila_support import VoilaApp
from widget_page import choose, wait_for, wait_text

TOUCH = 44          # CSS px
BUDGET_S = 120      # each test, the page's opening included

JS_SMALL_TARGETS = """(scope) => {
  const root = scope ? document.querySelector(scope) : document.body;
  if (!root) return ['no element ' + scope];
  const small = [];
  const controls = root.querySelectorAll(
    'button, input, select, textarea, [role="button"], .widget-toggle-button, a.cc-download, .noUi-touch-area');
  for (const el of controls) {
    if (!el.getClientRects().length || el.closest('svg')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('[aria-hidden="true"], .cc-label-hidden > .widget-label')) continue;
    const target = el.matches('input[type=checkbox], input[type=radio]') ? (el.closest('label') || el) : el;
    const r = target.getBoundingClientRect();
    const corner = document.elementFromPoint(r.left + 2, r.top + 2);
    const hit = r.top + 2 > window.innerHeight || r.top + 2 < 0 || (corner && target.contains(corner));
    if (r.width < 43.5 || r.height < 43.5 || !hit) {
      const name = (target.innerText || el.value || el.getAttribute('aria-label') || el.title || '').trim().slice(0, 30);
      const kind = el.tagName.toLowerCase() + (el.type ? '[' + el.type + ']' : '');
      small.push(`${kind} "${name}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    }
  }
  return small;
}"""
JS_SIDEWAYS = """() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth,
  wide: [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
          && e.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.')) })"""
JS_BOARDS = """() => [...document.querySelectorAll('.cc-board svg, svg.cc-map, .cc-board, .cc-step-row svg')]
  .filter(e => e.getClientRects().length)
  .map(e => e.getBoundingClientRect()).map(r => [r.left, r.right])"""


@pytest.fixture
def phone(voila_app: VoilaApp, app_browser: Any) -> Iterator[Any]:
    with app_page(app_browser, **PHONE) as pg:
        yield pg


def assert_fits_the_phone(page: Any, what: str, scope: str | None = None, boards: int = 0) -> None:
    """No sideways scroll, every control at least 44 × 44, the board (at least `boards` of them shown) within
    the screen's width."""
    sideways = page.evaluate(JS_SIDEWAYS)
    assert sideways["scroll"] <= sideways["inner"], f"{what} scrolls sideways at 390 px: {sideways}"
    small = page.evaluate(JS_SMALL_TARGETS, scope)
    assert not small, f"{what}: touch targets under {TOUCH} x {TOUCH} CSS px: {small}"
    shown = page.evaluate(JS_BOARDS)
    assert len(shown) >= boards, f"{what}: {len(shown)} boards shown, {boards} expected"
    for left, right in shown:
        assert left >= -1 and right <= sideways["inner"] + 1, f"{what}: a board beyond the screen ({left}, {right})"
    viewport = page.evaluate("() => document.querySelector('meta[name=viewport]')?.content || ''")
    assert "user-scalable=no" not in viewport and "maximum-scale=1" not in viewport, f"{what}: zoom is blocked"


def tap_player(pad: Any, houses: list[str], cards: dict[str, int], land: int, sea: int, goods: dict[str, int],
               coins: int) -> None:
    for city in houses:
        check = pad.locator(".cc-city-check").filter(has_text=f"{city} ·")
        check.locator("label.widget-label-basic").tap()
        wait_for(f"{city}: its house ticked", check.locator("input").is_checked, timeout=20)
    for css, n in cards.items():
        press(pad, css, n, n + (1 if "architect" in css else 0), tap=True)   # the starting hand holds one Architect
    press(pad, ".cc-colonists-land", land - 1, land, tap=True)                # one land and one sea colonist at setup
    press(pad, ".cc-colonists-sea", sea - 1, sea, tap=True)
    for good, n in goods.items():
        press(pad, f".cc-good-{good}", n, n, tap=True)
    box = pad.locator(".cc-coins input")
    box.tap()
    box.fill(str(coins))
    box.press("Enter")
    wait_text(pad.locator(".cc-pad-results"), f"{coins} coins + goods worth")


def test_browser_phone_scoring_pad_filled_by_taps_shows_the_totals(voila_app: VoilaApp, phone: Any) -> None:
    start = time.monotonic()
    open_app_page(phone, voila_app, "18_scoring_pad.ipynb")
    pad = phone.locator(".cc-practice .cc-scoring-pad")
    pad.scroll_into_view_if_needed()
    assert_fits_the_phone(phone, "chapter 18 (the pad empty)", ".cc-practice .cc-scoring-pad", boards=1)
    cities = pad.locator(".cc-board [data-pick^='city:']:not([data-pick='city:ROMA'])").count()
    assert cities == 25 and pad.locator(".cc-city-check input").count() == cities   # Italia: 25 cities besides Rome

    # The practice game's end (chapter 18), Italia, seed 7's city tiles. Aiko: houses in FLORENTIA (cloth),
    # AQVILEIA (cloth), MVTINA (food), COSA (brick), a Weaver and a second Architect bought, 2 land colonists
    # and 1 sea colonist, 2 wine, 11 coins. Ben: NEAPOLIS (tools), CASINVM (tools), ANCONA (wine), a Smith,
    # 1 land and 2 sea colonists, 1 tools and 1 food, 15 coins, and the Concordia card.
    tap_player(pad, ["FLORENTIA", "AQVILEIA", "MVTINA", "COSA"],
               {".cc-card-weaver-minerva": 1, ".cc-card-architect-jupiter": 1}, land=2, sea=1, goods={"wine": 2},
               coins=11)
    pad.locator(".cc-who button").filter(has_text="Ben").tap()
    wait_text(pad.locator(".cc-city-check").filter(has_text="FLORENTIA ·"), "Aiko")
    tap_player(pad, ["NEAPOLIS", "CASINVM", "ANCONA"], {".cc-card-smith-minerva": 1}, land=1, sea=2,
               goods={"tools": 1, "food": 1}, coins=15)
    pad.locator(".cc-concordia select").select_option(label="Ben")
    wait_text(pad.locator(".cc-pad-score[data-player='Ben']"), "ended the game")

    # By hand (R-SCORE): the starting hand is Tribune (Mars), Architect and Diplomat (Jupiter), two Prefects
    # (Saturnus), Mercator (Mercurius), Senator (Vesta); goods are worth brick 3, food 4, tools 5, wine 6,
    # cloth 7. Aiko: Vesta 1 card x (11 + 2 x 6 = 23) // 10 = 2; Jupiter 3 cards x 3 houses not in brick
    # cities = 9; Saturnus 2 cards x 3 provinces = 6; Mercurius 1 card x 2 x 3 kinds of goods (cloth, food,
    # brick) = 6; Mars 1 card x 2 x 3 colonists = 6; Minerva (Weaver) 5 x 2 cloth cities = 10: 39.
    # Ben: Vesta (15 + 5 + 4 = 24) // 10 = 2; Jupiter 2 x 3 = 6; Saturnus 2 x 2 provinces = 4; Mercurius
    # 1 x 2 x 2 kinds (tools, wine) = 4; Mars 1 x 2 x 3 = 6; Minerva (Smith) 3 x 2 tools cities = 6;
    # the Concordia card 7: 35.
    aiko = pad.locator(".cc-pad-score[data-player='Aiko'] .cc-total")
    ben = pad.locator(".cc-pad-score[data-player='Ben'] .cc-total")
    wait_text(ben, "35")
    assert aiko.inner_text().strip() == "39"
    assert ben.inner_text().strip() == "35"
    ranking = pad.locator(".cc-ranking").inner_text()
    assert ranking.index("Aiko: 39 points") < ranking.index("Ben: 35 points")
    assert_fits_the_phone(phone, "chapter 18 (the pad filled in)", ".cc-practice .cc-scoring-pad")
    spacing = phone.evaluate("""() => { const cell = document.querySelector('.cc-practice .cc-pad-score td');
      const style = getComputedStyle(cell); return [parseFloat(style.lineHeight), parseFloat(style.fontSize)]; }""")
    assert spacing[0] <= 1.6 * spacing[1], f"the score's lines spaced {spacing[0]} px for a {spacing[1]} px font"

    pad.locator(".cc-pad-results").scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENSHOTS / "phone_18_pad.png"))
    assert not phone.problems, phone.problems
    assert time.monotonic() - start < BUDGET_S


@pytest.mark.parametrize("chapter", ["17_real_table_setup.ipynb", "15_first_game.ipynb"])
def test_browser_phone_setup_guide_and_table_fit_with_44px_targets(voila_app: VoilaApp, phone: Any, chapter: str) -> None:
    start = time.monotonic()
    open_app_page(phone, voila_app, chapter)
    assert_fits_the_phone(phone, chapter, boards=1)   # the table's board; the guide's step pictures
    if chapter.startswith("15"):
        # the learner's table during a card play by taps: You's Mercator, its trade controls shown
        table = phone.locator(".widget-vbox").filter(has_text="Seats: You (").first
        table.get_by_text(re.compile(r"Round 1, turn 1 of \d · You (\(human\) )?to move")).wait_for(timeout=60_000)
        choose(table, "Card", "Mercator")
        play = table.locator("button:visible:enabled").filter(has_text=re.compile(r"^\s*Play (the Mercator|card)\s*$"))
        play.first.tap()
        done = table.locator("button:visible").filter(has_text=re.compile(r"^\s*Done\s*$")).first
        done.wait_for(state="visible")
        handle = table.locator(".widget-slider .noUi-touch-area:visible")   # the Mercator's amount
        assert handle.count() >= 1
        handle.first.scroll_into_view_if_needed()                            # within the screen: hit-tested
        assert_fits_the_phone(phone, "the table during You's Mercator", boards=1)
        done.scroll_into_view_if_needed()
        phone.screenshot(path=str(SCREENSHOTS / "phone_15_mercator.png"))
        done.tap()
        table.get_by_text(re.compile(r"Round ([2-9]|\d\d+), turn 1 of \d · You (\(human\) )?to move")).wait_for(timeout=60_000)
    phone.screenshot(path=str(SCREENSHOTS / f"phone_{chapter.split('_')[0]}.png"))
    assert not phone.problems, phone.problems
    assert time.monotonic() - start < BUDGET_S
