"""What a learner does on a page of widgets, for the JupyterLab and the Voila browser tests alike: wait for
a text, press a button, choose in a dropdown, read a player board. `scope` is a Playwright page or a part
of one (a locator); widget updates arrive from the kernel one by one, so reading waits."""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any


def wait_for(what: str, check: Callable[..., Any], timeout: float = 30.0) -> Any:
    """Poll `check()` until it returns something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def wait_text(locator: Any, wanted: str, timeout: float = 40.0) -> str:
    """The locator's text once it contains `wanted` (widget updates arrive one by one)."""
    def text() -> str:
        return locator.inner_text() if locator.count() else ""

    def shown() -> str:
        found = text()
        return found if wanted in found else ""
    try:
        return wait_for(f"{wanted!r} on the page", shown, timeout)
    except AssertionError:
        raise AssertionError(f"expected {wanted!r} on the page, found {text()[:500]!r}") from None


def button(scope: Any, label: str) -> Any:
    """The visible widget buttons showing `label`."""
    return scope.locator("button.jupyter-button:visible").filter(has_text=label)


def click(scope: Any, label: str) -> None:
    button(scope, label).first.click()


def see(scope: Any, text: str | re.Pattern[str], timeout: float = 30_000) -> Any:
    """The first widget text (HTML or label) showing `text`, once it is visible."""
    found = scope.locator(".widget-html-content, .widget-label").filter(has_text=text).first
    found.wait_for(state="visible", timeout=timeout)
    return found


VISIBLE_TEXTS = "els => els.filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')" \
                ".map(e => e.innerText)"


def visible_texts(found: Any) -> list[str]:
    """The texts of the elements of locator `found` that are visible now, read in one go without waiting: a
    widget the kernel removes between a check and a read cannot stall the test (Playwright would wait 30 s)."""
    texts: list[str] = found.evaluate_all(VISIBLE_TEXTS)
    return texts


def visible_text(scope: Any, text: str | re.Pattern[str]) -> str:
    """The text of the first visible widget showing `text` ('' if none)."""
    return next(iter(visible_texts(scope.locator(".widget-html-content").filter(has_text=text))), "")


def dropdown(scope: Any, description: str) -> Any:
    """The <select> of the visible dropdown widget described `description`."""
    page = getattr(scope, "page", scope)          # `has` takes a locator of the page, not one inside `scope`
    return scope.locator(".widget-dropdown:visible") \
        .filter(has=page.locator(f"label:text-is('{description}')")).locator("select")


def choose(scope: Any, description: str, starts_with: str, timeout: float = 15.0) -> str:
    """Pick the option of dropdown `description` whose label (spaces normalised, as ipywidgets writes
    &nbsp;) starts with `starts_with`; its label. Options that follow another choice come a moment later."""
    select = dropdown(scope, description)
    select.wait_for(state="visible")
    labels: list[str] = []

    def matches() -> list[int]:
        labels[:] = [" ".join(t.split()) for t in select.locator("option").all_inner_texts()]
        return [i for i, t in enumerate(labels) if t.startswith(starts_with)]

    try:
        found = wait_for(f"an option starting {starts_with!r}", matches, timeout)
    except AssertionError:
        raise AssertionError(f"dropdown {description!r}: no option starting {starts_with!r} in {labels}") from None
    select.select_option(index=found[0])
    return labels[found[0]]


def spoken(scope: Any, selector: str) -> str:
    """What a screen reader says of a board element: its name, then its description (the tooltip's rest)."""
    node = scope.locator(selector).first
    return " ".join(node.get_attribute(a) or "" for a in ("aria-label", "aria-description"))


def board_text(scope: Any, name: str) -> str:
    """The text of `name`'s player board ('' while it is not on the page)."""
    boards = scope.locator(".widget-html-content").filter(has_text="Coins:").filter(has_text="Storehouse:")
    return next((t for t in boards.all_inner_texts() if t.strip().startswith(name)), "")


def player_board(scope: Any, name: str, facts: list[str], timeout: float = 15.0) -> str:
    """The text of `name`'s player board once it shows every one of `facts` (spaces normalised)."""
    def missing(text: str) -> list[str]:
        return [f for f in facts if f not in " ".join(text.split())]

    def shown() -> str:
        text = board_text(scope, name)
        return text if text and not missing(text) else ""

    try:
        return wait_for(f"{name}'s board", shown, timeout)
    except AssertionError:
        text = board_text(scope, name)
        raise AssertionError(f"{name}'s board should show {missing(text)} (as the engine says); it shows:\n{text}") \
            from None
