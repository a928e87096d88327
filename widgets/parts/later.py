"""Built when reached: in the app mode a chapter's heavy screens (a game at a table, a scoring explorer, a scoring
pad) are built when the learner comes near them, not all when the page opens. A page's time to show grows with the
widget models the browser must build (about 1.5 ms each on a small machine; chapter 14 held 1,900 of them), and a
learner reads one screen at a time.

`later(build, *args)` is `build(*args)` itself, except in the app mode, where it is a `Later`: a light box of
about the screen's height (`height`) that builds `build(*args)` as soon as any part of it comes within a window's
height of the visible page (a `NearView` reports it: the browser's IntersectionObserver), before the learner
sees it. Scrolling at reading speed never shows the empty box; a jump to the end of the page shows it for the
moment the screen takes to come. Keyboard and screen-reader users reach the screen the same way: moving the focus
or the reading cursor scrolls the page, and what comes near is built. In JupyterLab (one person's machine, where
the chapters' cells run one by one anyway) and in the tests without a browser, everything is built at once.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anywidget
import ipywidgets as ipw
import traitlets

from ..render.palette import stylesheet
from ..support.visitor import in_app
from .error_log import ErrorLog, guarded

W = TypeVar("W", bound=ipw.Widget)

CLASS = "cc-later"
"""CSS class of a box waiting to be built (tests and the app's benchmark look for it)."""

ESM = """
function render({ model, el }) {
  el.classList.add("cc-later");
  const near = new IntersectionObserver((seen) => {
    if (!seen.some((e) => e.isIntersecting) || model.get("near")) return;
    near.disconnect();
    model.set("near", true);
    model.save_changes();
  }, { rootMargin: "100% 0px 100% 0px" });
  near.observe(el);
  return () => near.disconnect();
}
export default { render };
"""


class NearView(anywidget.AnyWidget):
    """An empty box that sets `near` once it comes within a window's height of the visible page."""

    _esm = ESM
    _css = stylesheet(Path(__file__).with_name("later.css"))
    near = traitlets.Bool(False).tag(sync=True)


class Later(ipw.VBox):
    """A box that builds its content (`build()`) when it comes near the visible page, or when `show()` is called;
    `content` is None until then."""

    def __init__(self, build: Callable[[], ipw.Widget], height: str, **kwargs: Any) -> None:
        self._build = build
        self.content: ipw.Widget | None = None
        self.error_log = ErrorLog()
        self.watch = NearView(layout=ipw.Layout(height=height, width="100%"))
        self.watch.observe(guarded(lambda _change: self.show(), self.error_log), names="near")
        super().__init__(children=[self.watch, self.error_log], **kwargs)

    def show(self) -> ipw.Widget:
        """Build the content (once) and put it in place of the empty box."""
        if self.content is None:
            self.content = self._build()
            self.children = [self.content, self.error_log]
            layout = self.watch.layout
            self.watch.close()
            layout.close()
        return self.content


def later(build: Callable[..., W], *args: Any, height: str = "700px", **kwargs: Any) -> W | Later:
    """`build(*args, **kwargs)`, built when reached in the app mode (a `Later` of about `height`), at once elsewhere."""
    if not in_app():
        return build(*args, **kwargs)
    return Later(lambda: build(*args, **kwargs), height)
