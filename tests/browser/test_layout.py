"""The game screen as a new learner meets it (docs/architecture.md principle 9), in the app mode (`make app`,
Voilà) and in JupyterLab, in headless Chromium at 1280x800: a 3-player Italia table started from the set-up
form (Aiko, and Ben and Livia as greedy practice bots; Livia plays first). After Start, with the hints open,
at an Architect's move and at a Senator's purchase, the board (at least 600 px wide), the controls of the
step and the hand lie inside the window without the learner scrolling, and at the purchase the card display
too; a click on a city where no house may be built shows the refusal with its rule beside the board, which
does not move. At 200% zoom (a 640x400 window of CSS pixels) the same steps are completed, the page reflows
(nothing wider than the window) and a card is bought.

Screenshots go to screenshots/layout_*.png for a person to look at. Run with CI=true (a missing browser is
then a failure)."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import SCREENSHOTS, Lab, assert_clean, chromium_path, open_and_run
from table_page import LAUNCHER, assert_in_view, boxes, press_card_twice, see_step, start_table, wait_for_hand
from voila_support import VoilaApp, serve
from widget_page import choose, dropdown, wait_for

VIEWPORT = {"width": 1280, "height": 800}
ZOOMED = {"width": 640, "height": 400}          # 1280x800 at 200%: the window in CSS pixels
NOTEBOOK = "table_layout.ipynb"
SEED = 2                                        # Livia (a bot) plays first, then Aiko
BOTS = {2: "greedy"}                            # seat 2 (Ben) a practice bot too: Aiko alone at the screen
FAR_CITY = "SYRACVSAE"                          # no colonist of Aiko's is near it at her first turn
JS_PAGE_TOO_WIDE = """() => [document.scrollingElement, ...document.querySelectorAll('#rendered_cells')]
  .some(e => e && e.scrollWidth > e.clientWidth + 1)"""


# A table at the learner's last turn of a game (Italia, You against a greedy practice bot): the game two greedy
# bots play to its end, cut back to the start of You's last turn.
ENDING = "table_ending.ipynb"
ENDING_SOURCE = """import concordia_core as cc
from concordia_core import bots
from widgets.table import Seat, TableApp
seats = [Seat("You"), Seat("Livia", "greedy")]
whole = cc.Game(cc.Setup("italia", ["You", "Livia"], 11, True))
players = {"You": bots.make("greedy", 3), "Livia": bots.make("greedy", 4)}
while not whole.state.over:
    whole.play(players[whole.state.actor].choose(whole.state).action)
last = max(k for k in range(len(whole.history)) if whole.state_at(k).actor == "You" and whole.state_at(k).pending is None)
TableApp(seats, game=whole.branch(last), auto=True)"""


@pytest.fixture(scope="module")
def extra_notebooks() -> dict[str, str]:
    return {NOTEBOOK: LAUNCHER}


@pytest.fixture(scope="module")
def voila_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    chromium_path()   # skip (or fail under CI) before starting anything
    with serve(tmp_path_factory.mktemp("voila-layout"), extra_notebooks={NOTEBOOK: LAUNCHER, ENDING: ENDING_SOURCE}) as app:
        yield app


def app_page(chromium: Any, voila_app: VoilaApp, viewport: dict[str, int], scale: float = 1) -> Any:
    """The table notebook in the app mode, in a window of `viewport` CSS pixels (`scale` device pixels each)."""
    context = chromium.new_context(viewport=viewport, device_scale_factor=scale)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda exc: page.problems.append(f"page error: {exc}"))
    page.goto(voila_app.url(f"/voila/render/{NOTEBOOK}"), wait_until="domcontentloaded", timeout=180_000)
    page.locator(".cc-table-launcher").first.wait_for(timeout=180_000)
    return page


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"layout_{name}.png"))


def refusal_leaves_the_board(page: Any, root: Any) -> None:
    """A click on a city where no house may be built: the refusal and its rule, beside the board, which stays."""
    before = boxes(page, root, ["board"])["board"]
    root.locator(f".cc-board [data-pick='city:{FAR_CITY}']").first.click()
    refusal = root.locator(".cc-controls .cc-refusal[role='alert']").first
    refusal.wait_for(state="visible", timeout=15_000)
    assert re.search(r"R-ARCH-\d", refusal.inner_text()), refusal.inner_text()
    after = boxes(page, root, ["board"])["board"]
    assert abs(after["y"] - before["y"]) < 1 and abs(after["x"] - before["x"]) < 1, (before, after)


def open_hints(root: Any) -> None:
    root.get_by_role("button", name=re.compile(r"Hint$")).click()
    root.get_by_role("button", name="Play hint 1").first.wait_for(state="visible", timeout=90_000)


def layout_steps(page: Any, root: Any, where: str) -> None:
    """Start, the hints, an Architect's move (with a refused click), a Senator's purchase: each in view."""
    start_table(root, SEED, BOTS)
    wait_for_hand(root)
    shot(page, f"{where}_1_start")
    assert_in_view(page, root, ["board", "controls", "hand"], "after Start")
    board = boxes(page, root, ["board"])["board"]
    open_hints(root)
    shot(page, f"{where}_2_hints")
    assert_in_view(page, root, ["board", "controls", "hand"], "with the hints open")
    assert boxes(page, root, ["board"])["board"]["y"] == pytest.approx(board["y"], abs=1), "the hints moved the board"
    press_card_twice(root, "ARCHITECT")
    see_step(root, "steps left")
    assert_in_view(page, root, ["board", "controls", "hand"], "at an Architect's move")
    refusal_leaves_the_board(page, root)
    shot(page, f"{where}_3_architect_refusal")
    root.get_by_role("button", name="Cancel card play").click()
    wait_for_hand(root)
    press_card_twice(root, "SENATOR")
    see_step(root, "Cards bought so far")
    root.locator(".cc-card-display .cc-card").first.wait_for(state="visible")
    shot(page, f"{where}_4_senator")
    assert_in_view(page, root, ["board", "controls", "hand", "display"], "at a Senator's purchase")


# (one Chromium for the module: `browser`, which the JupyterLab test's `page` uses too)
def test_browser_layout_app_mode_table_in_view_at_1280x800(browser: Any, voila_app: VoilaApp) -> None:
    page = app_page(browser, voila_app, VIEWPORT)
    try:
        layout_steps(page, page.locator(".cc-table-launcher").first, "app")
        assert not page.problems, page.problems
    finally:
        page.context.close()


def test_browser_layout_jupyterlab_table_in_view_at_1280x800(lab: Lab, page: Any) -> None:
    page.set_viewport_size(VIEWPORT)
    report = open_and_run(page, lab, NOTEBOOK)
    assert_clean(page, NOTEBOOK, report)
    layout_steps(page, page.locator(".cc-table-launcher").first, "lab")
    assert not page.problems, page.problems


def test_browser_layout_app_mode_table_steps_at_200_percent_zoom(browser: Any, voila_app: VoilaApp) -> None:
    page = app_page(browser, voila_app, ZOOMED, scale=2)
    root = page.locator(".cc-table-launcher").first
    try:
        start_table(root, SEED, BOTS)
        wait_for_hand(root)
        shot(page, "zoom200_1_start")
        assert not page.evaluate(JS_PAGE_TOO_WIDE), "at 200% the page is wider than the window"
        press_card_twice(root, "ARCHITECT")
        see_step(root, "steps left")
        open_hints(root)
        root.get_by_role("button", name="Cancel card play").click()
        wait_for_hand(root)
        press_card_twice(root, "SENATOR")
        see_step(root, "Cards bought so far")
        options = [" ".join(o.split()) for o in dropdown(root, "Slot").locator("option").all_inner_texts()]
        choose(root, "Slot", next(o for o in options[1:] if "✗" not in o))     # a card Aiko can pay for
        root.get_by_role("button", name="Buy").click()
        wait_for("the purchase in the log", lambda: "Cards bought so far: 1" in root.locator(".cc-controls").inner_text())
        shot(page, "zoom200_2_bought")
        assert not page.evaluate(JS_PAGE_TOO_WIDE), "at 200% the page is wider than the window"
        assert not page.problems, page.problems
    finally:
        page.context.close()


def test_browser_layout_app_mode_end_of_game_score_and_save_beside_the_board(browser: Any, voila_app: VoilaApp) -> None:
    """The learner plays hint 1 until the game ends: the final score, god by god, and Save are then in view beside
    the board at 1280x800, and the end is said to a screen reader."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(voila_app.url(f"/voila/render/{ENDING}"), wait_until="domcontentloaded", timeout=180_000)
        root = page.locator(".cc-table").first
        root.wait_for(timeout=180_000)
        final = root.locator(".cc-final-box .concordia-final")
        for _turn in range(12):
            if final.count() and final.first.is_visible():
                break
            wait_for("the learner's turn or the end", lambda: final.count() > 0 or root.locator(
                ".cc-controls .cc-cardrow .cc-pickable").count() > 0, 120)
            if final.count():
                break
            open_hints(root)
            root.get_by_role("button", name="Play hint 1").first.click()
            page.wait_for_timeout(1500)
        final.first.wait_for(state="visible", timeout=120_000)
        page.wait_for_timeout(1000)
        shot(page, "app_end_of_game")
        assert_in_view(page, root, ["board", "final", "save"], "at the end of the game")
        parts = boxes(page, root, ["board", "final", "save"])
        assert parts["final"]["x"] >= parts["board"]["x"] + parts["board"]["width"] - 1, "the final score is not beside the board"
        assert "Saturnus" in final.first.inner_text() and "Game over" in final.first.inner_text()   # god by god
        assert "Game over" in root.locator(".cc-live").first.inner_text()
    finally:
        context.close()
