"""What just happened is where the eyes are, in three chapters of the app mode (`make app`, Voilà; tests/app_page.py),
measured with bounding boxes as tests/table_page.py's assert_in_view does:

* chapter 01 at 1280 x 800: a province clicked on the board is explained beside the board, in the window right
  after the click, and the board does not move;
* chapter 19 at 1280 x 800: the board of the decision looked at (at least 600 px wide) and the review's verdict on
  it are both wholly in the window at once, and another decision chosen beside them scrolls nothing;
* chapter 18 on a phone (390 x 844, touch): a tap the scoring pad refuses (a 4th sea colonist, fewer than the
  starting cards) is answered within 200 px of the tapped button, in the window, as an alert a screen reader reads.

Screenshots go to screenshots/layout_chapter_*.png for a person to look at.
"""
from __future__ import annotations

import re
from typing import Any

from app_page import PHONE, app_page, open_app_page
from browser_support import SCREENSHOTS
from pad_page import press
from table_page import click_area
from voila_support import VoilaApp
from widget_page import wait_text

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
NEAR = 200           # px: the farthest a refusal may open from the tapped control on a phone
JS_SCROLLED = "() => [document.scrollingElement.scrollTop, document.getElementById('rendered_cells')?.scrollTop ?? 0]"


def box_of(locator: Any, what: str) -> dict[str, float]:
    box = locator.bounding_box()
    assert box, f"the {what} is not shown"
    return box


def assert_wholly_in_window(page: Any, box: dict[str, float], what: str) -> None:
    view = page.viewport_size
    inside = (box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= view["width"] + 1
              and box["y"] + box["height"] <= view["height"] + 1)
    assert inside, f"the {what} is not all in the {view['width']}x{view['height']} window: {box}"


def gap(a: dict[str, float], b: dict[str, float]) -> float:
    """The distance between two boxes (0 where they touch or overlap)."""
    dx = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]), 0)
    dy = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]), 0)
    return float((dx * dx + dy * dy) ** 0.5)


def both_in_window(page: Any, board: Any, verdict: Any, when: str) -> None:
    """Chapter 19's board (at least 600 px wide) and the verdict on a decision, both wholly in the window."""
    seen = box_of(board, "board")
    assert_wholly_in_window(page, seen, f"board ({when})")
    assert seen["width"] >= 600, f"{when}: the board is only {seen['width']:.0f} px wide"
    assert_wholly_in_window(page, box_of(verdict, "verdict"), f"verdict ({when})")
    assert re.search(r"Step \d+, (You|Livia):", verdict.inner_text()), verdict.inner_text()


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"layout_chapter_{name}.png"))


def test_browser_layout_chapter_01_explains_a_clicked_province_beside_the_board(voila_app: VoilaApp,
                                                                               app_browser: Any) -> None:
    with app_page(app_browser, **DESKTOP) as page:
        open_app_page(page, voila_app, "01_setup.ipynb")
        row = page.locator(".cc-game-row").filter(has=page.get_by_role("button", name="Explain its bonus tile"))
        board = row.locator(".cc-board").first
        # the learner has scrolled down to the south of the board and clicks SICILIA there
        board.evaluate("e => e.scrollIntoView({block: 'end'})")
        page.wait_for_timeout(300)
        before = box_of(board, "board")
        click_area(page, ".cc-game-row .cc-board [data-pick='province:SICILIA']")
        told = row.locator(".cc-done").filter(has_text="SICILIA")
        told.wait_for(state="visible", timeout=30_000)
        assert "R-SETUP-3" in told.inner_text()
        shot(page, "01_province")
        after, said = box_of(board, "board"), box_of(told, "explanation")
        assert abs(after["y"] - before["y"]) < 1 and abs(after["x"] - before["x"]) < 1, (before, after)
        assert_wholly_in_window(page, said, "explanation of SICILIA")
        assert said["x"] >= after["x"] + after["width"] - 1, f"the explanation is not beside the board: {said}, {after}"
        assert said["y"] < after["y"] + after["height"] and said["y"] + said["height"] > after["y"], (said, after)
        assert not page.problems, page.problems


def test_browser_layout_chapter_19_board_and_verdict_fit_the_window_together(voila_app: VoilaApp,
                                                                             app_browser: Any) -> None:
    with app_page(app_browser, **DESKTOP) as page:
        open_app_page(page, voila_app, "19_review_your_game.ipynb")
        review = page.locator(".cc-review").first
        board, verdict = review.locator(".cc-board").first, review.locator(".cc-review-verdict").first
        wait_text(verdict, "Better, by about")
        review.locator(".cc-game-row").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(500)
        both_in_window(page, board, verdict, "the costliest decision")
        shot(page, "19_review")
        scrolled, first = page.evaluate(JS_SCROLLED), verdict.inner_text()
        review.locator(".widget-toggle-button").nth(1).click()
        page.wait_for_function("([e, t]) => e.innerText !== t", arg=[verdict.element_handle(), first], timeout=30_000)
        assert page.evaluate(JS_SCROLLED) == scrolled, "choosing another decision scrolled the page"
        both_in_window(page, board, verdict, "another decision")
        assert not page.problems, page.problems


def test_browser_layout_phone_pad_refusal_opens_next_to_the_tapped_button(voila_app: VoilaApp,
                                                                          app_browser: Any) -> None:
    with app_page(app_browser, **PHONE) as page:
        open_app_page(page, voila_app, "18_scoring_pad.ipynb")
        pad = page.locator(".cc-practice .cc-scoring-pad")
        refusal = pad.locator(".cc-refusal[role='alert']")
        press(pad, ".cc-colonists-sea", 2, 3, tap=True)           # one sea colonist at setup, two more: all three
        for button, rule in ((".cc-colonists-sea .cc-plus", "R-COLO-2"),              # a 4th sea colonist
                             (".cc-card-architect-jupiter .cc-minus", "R-SETUP-6")):   # fewer than the starting card
            tapped = pad.locator(button)
            tapped.scroll_into_view_if_needed()
            tapped.tap()
            refusal.filter(has_text=rule).wait_for(state="visible", timeout=30_000)
            assert refusal.count() == 1, f"{refusal.count()} refusals shown"
            near, told = box_of(tapped, "tapped button"), box_of(refusal, "refusal")
            assert gap(near, told) <= NEAR, f"the refusal opens {gap(near, told):.0f} px from the tapped {button}"
            assert_wholly_in_window(page, told, f"refusal of {rule}")
            shot(page, f"18_pad_{rule}")
        pad.locator(".cc-colonists-sea .cc-minus").tap()   # a change the pad takes: the refusal goes
        wait_text(pad.locator(".cc-colonists-sea .widget-html-content").nth(1), "2")
        refusal.first.wait_for(state="hidden", timeout=30_000)
        assert not page.problems, page.problems
