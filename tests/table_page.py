"""A table as a learner meets it in a browser, for the layout, keyboard and table tests (not a test module): start it
from the set-up form, wait for the person's turn, and measure where the board, the controls of the step, the
hand and the card display lie, and click a piece of the board or a card as a person would. `root` is the locator
of the widget holding the table (the launcher)."""
from __future__ import annotations

import re
from typing import Any

from widget_page import wait_for

LAUNCHER = "from widgets.table import TableLauncher\nTableLauncher(players=3)"
"""A notebook cell showing the set-up form (3 seats: Aiko and Ben people, Livia a greedy bot)."""

PARTS = {"board": ".cc-board", "controls": ".cc-controls", "hand": ".cc-controls .cc-cardrow:visible",
         "display": ".cc-card-display", "final": ".cc-final-box", "save": ".cc-side .cc-save-box"}
"""Where each part of the game screen is, inside the table."""

JS_KEYS = "els => els.map(e => e.getAttribute('data-pick'))"


def set_seat(root: Any, seat: int, level: str) -> None:
    """Make seat `seat` (1-based) a practice bot of `level` in the set-up form."""
    menu = root.locator(".widget-dropdown select").nth(seat - 1)      # the seats' menus come first
    labels = menu.locator("option").all_inner_texts()
    menu.select_option(index=next(i for i, text in enumerate(labels) if f"({level})" in text))


def start_table(root: Any, seed: int, bots: dict[int, str]) -> None:
    """Fill in the form (the seats in `bots` made practice bots, the seed) and press Start."""
    for seat, level in bots.items():
        set_seat(root, seat, level)
    seed_box = root.locator(".widget-text").filter(has=root.page.locator("label", has_text="Seed")).locator("input")
    seed_box.fill(str(seed))
    seed_box.press("Tab")
    root.get_by_role("button", name="Start the game").click()


def wait_for_hand(root: Any, timeout: float = 90) -> None:
    """Until the person's hand offers cards to play (the bots before them have played)."""
    cards = root.locator(".cc-controls .cc-cardrow .cc-pickable")
    wait_for("the person's hand", lambda: cards.count() > 0 and cards.first.is_visible(), timeout)


def boxes(page: Any, root: Any, parts: list[str]) -> dict[str, dict[str, float]]:
    """The bounding box of each of `parts` (keys of PARTS) as the page shows it now."""
    found = {}
    for part in parts:
        box = root.locator(PARTS[part]).first.bounding_box()
        assert box, f"the {part} is not shown"
        found[part] = box
    return found


def assert_in_view(page: Any, root: Any, parts: list[str], when: str, board_width: float = 600) -> None:
    """Every one of `parts` lies inside the window as it is, without scrolling, and the board is wide enough."""
    view = page.viewport_size
    for part, box in boxes(page, root, parts).items():
        inside = (box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= view["width"] + 1
                  and box["y"] + box["height"] <= view["height"] + 1)
        assert inside, f"{when}: the {part} is not all in the {view['width']}x{view['height']} window: {box}"
    board = boxes(page, root, ["board"])["board"]
    assert board["width"] >= board_width, f"{when}: the board is only {board['width']:.0f} px wide"


def pickable_keys(root: Any, selector: str) -> list[str]:
    """The data-pick keys of the elements matching `selector` that may be picked now."""
    keys: list[str] = root.locator(selector).evaluate_all(JS_KEYS)
    return keys


def press_card_twice(root: Any, card: str) -> None:
    """Click a card of the hand twice (choose it, then play it)."""
    card_node = root.locator(f".cc-controls .cc-cardrow [data-pick='card:{card}'].cc-pickable")
    card_node.click()
    root.locator(f".cc-controls .cc-cardrow [data-pick='card:{card}'].cc-selected").wait_for(timeout=15_000)
    card_node.click()


def see_step(root: Any, text: str | re.Pattern[str], timeout: float = 30_000) -> None:
    """Until the controls show `text`."""
    root.locator(".cc-controls").filter(has_text=text).first.wait_for(state="visible", timeout=timeout)


def click_pick(page: Any, selector: str) -> None:
    """Click a board or card element that answers clicks (it carries the cc-pickable class once it may). A view
    redrawn by the click before (the card row after a card is chosen) may replace the element while it is being
    scrolled to: the new one is clicked, as a person's second click lands on what is there."""
    from playwright.sync_api import Error
    for attempt in range(3):
        click_pick_ready(page, selector)
        node = page.locator(selector).first
        try:
            node.scroll_into_view_if_needed()
            node.click()
            return
        except Error as err:
            if "not attached" not in str(err) or attempt == 2:
                raise


JS_FREE_POINT = """(s) => {
  const node = document.querySelector(s);
  const box = node.getBoundingClientRect();
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
    const x = box.left + box.width * i / 12, y = box.top + box.height * j / 12;
    const hit = document.elementFromPoint(x, y);
    const owner = hit && hit.closest ? hit.closest('[data-pick]') : null;
    if (owner === node) return {x: x - box.left, y: y - box.top};
  }
  return null;
}"""


def click_area(page: Any, selector: str) -> None:
    """Click an area (a province) where nothing else lies on top of it, as a person would."""
    click_pick_ready(page, selector)
    page.locator(selector).first.scroll_into_view_if_needed()
    point = page.evaluate(JS_FREE_POINT, selector)
    assert point, f"no free point of {selector} to click"
    page.locator(selector).first.click(position=point)


def click_pick_ready(page: Any, selector: str) -> None:
    page.locator(selector).first.wait_for(state="attached")
    page.wait_for_function("(s) => { const n = document.querySelector(s); return n && n.classList.contains('cc-pickable'); }",
                           arg=selector, timeout=15_000)
