"""ScrollAnchor: brings the widget that follows it into view when asked (`bring()`), and only then: after
"Start the game" the table, after "show my hand" the game screen, so a learner does not have to find where
it went. Nothing moves when the widget already lies inside the window."""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

ESM = """
function render({ model, el }) {
  el.style.height = "0px";
  model.on("change:request", () => setTimeout(() => requestAnimationFrame(() => {
    const target = el.nextElementSibling || el.parentElement;
    if (!target || !target.getClientRects().length) return;
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) target.scrollIntoView({ block: "start", behavior: "instant" });
  }), 60));
}
export default { render };
"""


class ScrollAnchor(anywidget.AnyWidget):
    """Put it just before the widget to bring into view; `bring()` scrolls the page to it if it is not all in
    view (its top at the window's top)."""

    _esm = ESM
    request = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0"

    def bring(self) -> None:
        """Scroll the page so the next widget is in view (nothing happens if it already is)."""
        self.request += 1
