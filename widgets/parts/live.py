"""LiveRegion: sentences a screen reader reads out when they come, without moving the focus (an ARIA live
region, not shown on screen): the game screen says each new move of the log in it, politely, after what
the reader is saying."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

KEPT = 5   # sentences kept in the region (older ones are dropped; only new ones are read)

ESM = """
function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "cc-live";
  region.setAttribute("role", model.get("role"));
  region.setAttribute("aria-live", model.get("politeness"));
  region.setAttribute("aria-label", model.get("label"));
  el.append(region);
  let shown = model.get("count");
  for (const text of model.get("said")) { const p = document.createElement("p"); p.textContent = text; region.append(p); }
  model.on("change:count", () => {
    const said = model.get("said"), fresh = Math.min(model.get("count") - shown, said.length);
    for (const text of fresh > 0 ? said.slice(said.length - fresh) : []) {
      const p = document.createElement("p"); p.textContent = text; region.append(p);
    }
    while (region.children.length > said.length) region.firstChild.remove();
    shown = model.get("count");
  });
}
export default { render };
"""

CSS = """
.cc-live { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
"""


class LiveRegion(anywidget.AnyWidget):
    """An ARIA live region (`role` log or status, `politeness` polite or assertive) named `label`; `say(texts)`
    adds sentences to it, which a screen reader then reads."""

    _esm = ESM
    _css = CSS
    said = traitlets.List(traitlets.Unicode()).tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    role = traitlets.Unicode("log").tag(sync=True)
    politeness = traitlets.Unicode("polite").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, label: str, **kwargs: Any) -> None:
        super().__init__(label=label, **kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0"

    def say(self, texts: Iterable[str]) -> None:
        """Add `texts` (read in order); nothing happens for none."""
        new = list(texts)
        if new:
            with self.hold_sync():
                self.said = (list(self.said) + new)[-KEPT:]
                self.count += len(new)
