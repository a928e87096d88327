"""In a real browser: chapter 18 opens in JupyterLab, a two-player end position is entered in the practice
pad by clicking (the board's cities, the + buttons of cards, colonists and goods, the coins box, the
players, the Concordia card) and the totals read on the page are the ones worked out by hand; chapters 17
and 14 run and render. Screenshots under screenshots/. Infrastructure in browser_support.py."""
from __future__ import annotations

from typing import Any

import pytest
from browser_support import SCREENSHOTS, Lab, assert_clean, full_screenshot, notebook_text, open_and_run
from pad_page import counter_value, press
from widget_page import wait_for, wait_text

CHAPTER = "notebooks/18_scoring_pad.ipynb"


def enter_player(pad: Any, houses: list[str], cards: dict[str, int], land: int, sea: int, goods: dict[str, int],
                 coins: int) -> None:
    for city in houses:
        pad.locator(f".cc-board [data-pick='city:{city}']").first.click()
        box = pad.locator(".cc-city-check").filter(has_text=f"{city} ·").locator("input")
        # the pad ticks the city's box when the house is in
        wait_for(f"{city}: the house the click on the board adds", box.is_checked, timeout=20)
    for css, n in cards.items():
        press(pad, css, n, n + (1 if "architect" in css else 0))
    press(pad, ".cc-colonists-land", land - 1, land)
    press(pad, ".cc-colonists-sea", sea - 1, sea)
    for good, n in goods.items():
        press(pad, f".cc-good-{good}", n, n)
    box = pad.locator(".cc-coins input")
    box.fill(str(coins))
    box.press("Enter")
    wait_text(pad.locator(".cc-pad-results"), f"{coins} coins + goods worth")   # the kernel has the coins


def test_browser_scoring_pad_entered_by_clicking_shows_the_totals(lab: Lab, page: Any) -> None:
    report = open_and_run(page, lab, CHAPTER)
    assert_clean(page, CHAPTER, report)
    full_screenshot(page, "18_scoring_pad")
    practice = page.locator(".cc-practice")
    pad = practice.locator(".cc-scoring-pad")
    pad.scroll_into_view_if_needed()
    assert pad.locator(".cc-board [data-pick='city:COSA']").count() == 1, "the practice pad shows its board"

    # Aiko (chosen first): four houses clicked on the board, a Weaver and a second Architect, a second land
    # colonist, 2 wine, 11 coins
    enter_player(pad, ["FLORENTIA", "AQVILEIA", "MVTINA", "COSA"],
                 {".cc-card-weaver-minerva": 1, ".cc-card-architect-jupiter": 1}, land=2, sea=1, goods={"wine": 2},
                 coins=11)
    pad.locator(".cc-who button").filter(has_text="Ben").click()
    wait_text(pad.locator(".cc-city-check").filter(has_text="FLORENTIA ·"), "Aiko")   # others' houses noted
    enter_player(pad, ["NEAPOLIS", "CASINVM", "ANCONA"], {".cc-card-smith-minerva": 1}, land=1, sea=2,
                 goods={"tools": 1, "food": 1}, coins=15)
    pad.locator(".cc-concordia select").select_option(label="Ben")
    wait_text(pad.locator(".cc-pad-score[data-player='Ben']"), "ended the game")    # the Concordia card's line

    # Aiko: Vesta (11 + 12) -> 2; Jupiter 3 x 3 = 9; Saturnus 2 x 3 = 6; Mercurius 2 x 3 = 6; Mars 2 x 3 = 6;
    # Weaver 5 x 2 = 10 -> 39. Ben: Vesta (15 + 5 + 4) -> 2; Jupiter 2 x 3 = 6; Saturnus 2 x 2 = 4;
    # Mercurius 2 x 2 = 4; Mars 2 x 3 = 6; Smith 3 x 2 = 6; Concordia 7 -> 35
    aiko = pad.locator(".cc-pad-score[data-player='Aiko'] .cc-total")
    ben = pad.locator(".cc-pad-score[data-player='Ben'] .cc-total")
    wait_text(ben, "35")
    assert aiko.inner_text().strip() == "39"
    assert ben.inner_text().strip() == "35"
    ranking = pad.locator(".cc-ranking").inner_text()
    assert ranking.index("Aiko: 39 points") < ranking.index("Ben: 35 points")
    practice.locator("button").filter(has_text="Check my entries").click()
    wait_text(practice.locator(".cc-verdict"), "Your pad matches the table: Aiko 39 points and Ben 35 points")
    text = notebook_text(page)
    assert "something went wrong" not in text
    assert "Not allowed" not in practice.inner_text()
    assert not page.problems, page.problems
    practice.scroll_into_view_if_needed()
    full_screenshot(page, "18_scoring_pad_entered")
    practice.screenshot(path=str(SCREENSHOTS / "18_practice_pad.png"))


def test_browser_scoring_pad_refusal_shows_the_rule_and_changes_nothing(lab: Lab, page: Any) -> None:
    open_and_run(page, lab, CHAPTER)
    pad = page.locator(".cc-practice .cc-scoring-pad")
    pad.locator(".cc-colonists-land .cc-minus").click()      # below the colonist placed in Rome at setup
    refusal = pad.locator(".cc-refusal").first      # shown once, under the button pressed
    wait_text(refusal, "R-SETUP-7")
    assert pad.locator(".cc-refusal").count() == 1
    assert "always has at least one land colonist on the map" in refusal.inner_text()
    assert counter_value(pad, ".cc-colonists-land").inner_text().strip() == "1"
    pad.scroll_into_view_if_needed()
    pad.screenshot(path=str(SCREENSHOTS / "18_refusal.png"))


@pytest.mark.parametrize("chapter", ["notebooks/17_real_table_setup.ipynb", "notebooks/14_scoring_explorer.ipynb"])
def test_browser_real_table_chapters_run_and_render(lab: Lab, page: Any, chapter: str) -> None:
    report = open_and_run(page, lab, chapter)
    assert_clean(page, chapter, report)
    full_screenshot(page, chapter.split("/")[-1].removesuffix(".ipynb"))
    if "17_" in chapter:
        guide = page.locator(".cc-box-guide").first
        assert guide.locator(".cc-step-row").count() == 13          # Italia: no D tiles
        assert guide.locator(".cc-step-row svg").count() == 13      # a picture for every step
        guide.locator("button").filter(has_text="Printable sheet").click()
        link = guide.locator("a.cc-download")
        link.wait_for()
        assert link.get_attribute("href").startswith("data:text/html")
        with page.expect_download() as download:
            link.click()
        assert download.value.suggested_filename == "concordia-setup-italia-3.html"
    else:
        explorer = page.locator(".cc-explorer").first
        assert "Aiko: 7 points" in explorer.inner_text()
        explorer.locator(".cc-board [data-pick='city:FLORENTIA']").click()
        # FLORENTIA (cloth, ETRVRIA) adds Jupiter 2 x 1, Saturnus 2 x 1 and Mercurius 1 x 2 to the setup's 7
        wait_text(explorer, "Aiko: 13 points")
        assert explorer.locator(".cc-city-check").filter(has_text="FLORENTIA ·").locator("input").is_checked()
