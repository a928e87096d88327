"""The scoring pad (chapter 18) as a person fills it in a browser (not a test module): a counter's shown value,
and its + button pressed (clicked, or tapped on a phone) until the counter shows what was wanted."""
from __future__ import annotations

from typing import Any

from widget_page import wait_text


def counter_value(pad: Any, css: str) -> Any:
    """The number a counter of the pad shows (its second text)."""
    return pad.locator(f"{css} .widget-html-content").nth(1)


def press(pad: Any, css: str, times: int, final: int, tap: bool = False) -> None:
    """Press (or `tap`) a counter's + button `times` times and wait until it shows `final`."""
    plus = pad.locator(f"{css} .cc-plus")
    for _ in range(times):
        plus.tap() if tap else plus.click()
    wait_text(counter_value(pad, css), str(final))
