"""A new learner's path through the app mode (`make app`, Voilà) in headless Chromium at 1280x800: the list of
chapters at the app's root names each chapter by its title, in order, each linking to its page (the Japanese
chapters in Japanese); in chapter 02 the guided game's board, the tutor's words for the step and the controls
are in view together once the learner has started the game (no scrolling to find the board's lower half).

The expected titles are read from the notebooks themselves (their first heading), not from the app's template.
Screenshots go to screenshots/ (git-ignored): learner_path_*.png.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from app_page import app_page, open_app_page
from browser_support import SCREENSHOTS
from voila_support import REPO, VoilaApp

VIEWPORT = {"width": 1280, "height": 800}
GUIDED = "02_first_game_guided.ipynb"


@pytest.fixture
def page(app_browser: Any) -> Iterator[Any]:
    with app_page(app_browser, viewport=VIEWPORT) as pg:
        yield pg      # closing it makes Voilà shut the page's kernel down


def title(notebook: Path) -> str:
    """A chapter's title: the first heading of its notebook."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = "".join(next(c for c in cells if c["cell_type"] == "markdown")["source"])
    return source.splitlines()[0].lstrip("#").strip()


def listed(page: Any) -> list[tuple[str, str]]:
    """The list page's links: (text, address), in the order shown."""
    links = page.locator("main a")
    return [(" ".join(links.nth(i).inner_text().split()), links.nth(i).get_attribute("href") or "")
            for i in range(links.count())]


def test_browser_the_app_lists_the_chapters_by_title(voila_app: VoilaApp, page: Any) -> None:
    page.goto(voila_app.url("/"), wait_until="domcontentloaded")
    page.locator("main li").first.wait_for(timeout=30_000)
    page.screenshot(path=str(SCREENSHOTS / "learner_path_chapters.png"), full_page=True)
    chapters = sorted((REPO / "notebooks").glob("*.ipynb"))
    links = listed(page)
    assert [text for text, _ in links][:len(chapters)] == [title(p) for p in chapters]
    assert [href for _, href in links][:len(chapters)] == [f"/voila/render/{p.name}" for p in chapters]
    assert not [text for text, _ in links if text.endswith(".ipynb")], "a raw file name is listed"
    assert not page.problems, page.problems

    page.locator("main a[href='/voila/tree/ja']").click()       # the Japanese chapters, in Japanese
    page.locator("main li").nth(1).wait_for(timeout=30_000)
    japanese = sorted((REPO / "notebooks" / "ja").glob("*.ipynb"))
    texts = [text for text, href in listed(page) if "/render/" in href]
    assert texts == [title(p) for p in japanese]
    assert page.locator("main").get_attribute("lang") == "ja"

    page.goto(voila_app.url("/"), wait_until="domcontentloaded")
    page.locator(f"main a[href='/voila/render/{GUIDED}']").click()   # a title opens its chapter
    page.wait_for_url(f"**/voila/render/{GUIDED}", timeout=60_000)
    page.locator("h1").first.wait_for(timeout=180_000)
    assert title(REPO / "notebooks" / GUIDED) in page.locator("h1").first.inner_text()


def in_view(page: Any, selector: str) -> tuple[float, float]:
    """The top and bottom of the first element matching `selector`, asserted inside the window."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    top, bottom = box["y"], box["y"] + box["height"]
    assert 0 <= top and bottom <= VIEWPORT["height"] + 1, f"{selector} spans {top:.0f}-{bottom:.0f} px of a " \
                                                           f"{VIEWPORT['height']} px window"
    return top, bottom


def test_browser_the_guided_game_is_in_view_once_started(voila_app: VoilaApp, page: Any) -> None:
    open_app_page(page, voila_app, GUIDED)
    game = page.locator(".cc-game").first
    game.locator('[data-pick="card:MERCATOR"]').first.click()      # the learner's first move: the Mercator
    game.locator("button:visible").filter(has_text="Play the Mercator").first.click()
    game.locator(".cc-tutor").filter(has_text="Step 2 of").first.wait_for(timeout=30_000)
    page.wait_for_timeout(1000)                                     # the page is brought to the game
    page.screenshot(path=str(SCREENSHOTS / "learner_path_guided_game.png"))
    board_top, board_bottom = in_view(page, ".cc-game .cc-board")
    assert board_bottom - board_top > 0.6 * VIEWPORT["height"]      # the whole board, at its full size
    in_view(page, ".cc-game .cc-tutor")                             # the step's words
    in_view(page, ".cc-game .cc-controls .widget-dropdown")         # the Mercator's Good menu
    in_view(page, ".cc-game .cc-controls button.mod-primary")       # and its Buy/Sell button
    assert not page.problems, page.problems
