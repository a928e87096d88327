"""The tooltip of a piece the keyboard focused (widgets/screen/pickables.js, shared by the board and the card
rows) is drawn beside the piece, never over it, and whole inside the window: a keyboard user must still see the
focus mark of the piece they are on (docs/architecture.md principle 9). The module is loaded in headless
Chromium by itself, and pieces are laid out where the window's edges force the tooltip to move."""
from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from browser_support import launched_chromium

SCREEN = Path(__file__).resolve().parents[2] / "widgets" / "screen"
MODULE, STYLE = SCREEN / "pickables.js", SCREEN / "board.css"     # the module, and the board's tooltip style
SOURCE = base64.b64encode(MODULE.read_bytes()).decode()          # imported by the page from a data: address
WINDOW = {"width": 800, "height": 600}
TEXT = "ETRVRIA\nA province of Italia: its cities make wine, cloth, bricks and food.\nPick it for the Prefect."

# pieces as (left, top, width, height) in the window, each forcing another placement of the tooltip
PIECES = {
    "a city dot in the middle": (400, 300, 10, 10),
    "a city dot at the bottom right": (782, 582, 10, 10),
    "a province at the bottom right": (420, 330, 370, 260),
    "a province at the bottom left": (8, 330, 370, 260),
    "a wide province at the bottom": (8, 400, 784, 190),
    "a card at the top right": (700, 8, 90, 120),
}

JS_PLACE = """async ([source, piece, text]) => {
  const { makeTip } = await import("data:text/javascript;base64," + source);
  document.body.replaceChildren();
  const owner = document.createElement("div");
  document.body.append(owner);
  const [left, top, width, height] = piece;
  const node = document.createElement("div");
  Object.assign(node.style, {position: "fixed", left: left + "px", top: top + "px", width: width + "px",
                             height: height + "px", background: "#ccc"});
  document.body.append(node);
  const tip = makeTip(owner, "cc-tip");
  tip.showBeside(text, node.getBoundingClientRect());
  const shown = tip.node.matches(":popover-open");
  const r = tip.node.getBoundingClientRect();
  return {shown, tip: [r.left, r.top, r.width, r.height]};
}"""


@pytest.fixture(scope="module")
def blank_page() -> Any:
    with launched_chromium() as chromium:
        context = chromium.new_context(viewport=WINDOW)
        try:
            page = context.new_page()
            page.set_content(f"<style>{STYLE.read_text()}</style>")
            yield page
        finally:
            context.close()


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("name", PIECES)
def test_browser_tooltip_of_a_focused_piece_beside_it_and_whole(blank_page: Any, name: str) -> None:
    placed = blank_page.evaluate(JS_PLACE, [SOURCE, PIECES[name], TEXT])
    assert placed["shown"], f"{name}: the tooltip was not shown although there is room beside the piece"
    left, top, width, height = placed["tip"]
    assert width > 100 and height > 20, placed
    assert not overlap(tuple(placed["tip"]), PIECES[name]), f"{name}: the tooltip {placed['tip']} covers the piece"
    assert left >= 0 and top >= 0 and left + width <= WINDOW["width"] and top + height <= WINDOW["height"], \
        f"{name}: the tooltip {placed['tip']} is cut by the window's edge"


def test_browser_tooltip_hidden_when_the_piece_fills_the_window(blank_page: Any) -> None:
    """No room beside a piece as large as the window: no tooltip over it (its name is still its accessible name)."""
    placed = blank_page.evaluate(JS_PLACE, [SOURCE, (0, 0, WINDOW["width"], WINDOW["height"]), TEXT])
    assert not placed["shown"], placed
