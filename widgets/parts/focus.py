"""FocusKeeper: where the keyboard goes when a screen redraws under it. A widget that is replaced (the
controls of the next step after a button was pressed, the hand after a card was played) takes the focus with
it, and a keyboard user would start again at the top of the page; the keeper puts the focus on the first
thing that can be used in its `targets` (CSS selectors tried in turn inside the box `scope` names), as soon
as one is shown. It does nothing when the focus went somewhere on purpose."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

ESM = """
const USABLE = "button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea, [tabindex='0']";
function render({ model, el }) {
  let last = null, timer = null;
  const scope = () => el.closest(model.get("scope"));
  const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
  function target(root) {
    for (const selector of model.get("targets")) {
      for (const box of root.querySelectorAll(selector)) {
        if (!shown(box)) continue;
        const found = [...box.querySelectorAll(USABLE)].find(shown);
        if (found) return found;
      }
    }
    return null;
  }
  const lost = () => last && (document.activeElement === document.body || !document.activeElement)
    && (!last.isConnected || !shown(last));
  function keep(tries) {
    clearTimeout(timer);
    const root = scope();
    if (!root || !lost()) return;
    const found = target(root);
    if (found) { found.focus({ preventScroll: true }); return; }
    if (tries > 0) timer = setTimeout(() => keep(tries - 1), 100);
  }
  const heard = (event) => {
    const root = scope();
    last = root && root.contains(event.target) ? event.target : null;
  };
  document.addEventListener("focusin", heard);
  const watch = new MutationObserver(() => { if (lost()) keep(600); });
  const start = () => { const root = scope(); if (root) watch.observe(root, { childList: true, subtree: true, attributes: true,
                                                                              attributeFilter: ["style", "class"] });
                        else setTimeout(start, 200); };
  start();
  return () => { document.removeEventListener("focusin", heard); watch.disconnect(); clearTimeout(timer); };
}
export default { render };
"""


class FocusKeeper(anywidget.AnyWidget):
    """Inside the box whose CSS selector is `scope`: when the focused element goes away, the focus moves to
    the first usable element of the first shown box matching one of `targets` (waiting up to a minute for
    one to be shown: a practice bot may be playing)."""

    _esm = ESM
    scope = traitlets.Unicode().tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, scope: str, targets: Sequence[str], **kwargs: Any) -> None:
        super().__init__(scope=scope, targets=list(targets), **kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0"
