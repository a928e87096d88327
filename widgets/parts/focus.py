"""FocusKeeper: the keyboard's focus follows the game. A widget that is replaced (the controls of the next step
after a button was pressed, the hand after a card was played, a form once it has started a table) takes the
focus with it, and a keyboard user would start again at the top of the page; the keeper puts the focus on the
next thing to do: the first usable element of the first shown box among its `targets` (CSS selectors tried in
turn inside the box `scope` names; a target may be a usable element itself, e.g. a card of the hand or a piece
of the board), as soon as one is shown. `follow()` asks for it after a move: once the page has settled, the
focus goes to the next thing to do unless the person is typing in a box that is still there. The element
focused is brought into view (the nearest edge: nothing moves when its middle is already in view), so the focus is
never on the page's body or on a control scrolled out of sight."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import anywidget
import traitlets

ESM = """
const USABLE = "button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea, [tabindex='0'], "
  + "[data-cc-focus]";
const TYPING = "input[type='text'], input:not([type]), textarea";
function render({ model, el }) {
  let last = null, timer = null, quiet = null;
  const scope = () => el.closest(model.get("scope"));
  const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
  const usable = (node) => node.matches(USABLE) && shown(node);
  function target(root) {
    for (const selector of model.get("targets")) {
      for (const box of root.querySelectorAll(selector)) {
        if (!shown(box)) continue;
        if (usable(box)) return box;
        const found = [...box.querySelectorAll(USABLE)].find(shown);
        if (found) return found;
      }
    }
    return null;
  }
  // in view: its middle inside the window (a piece half cut at the window's edge is brought in)
  const inView = (node) => { const r = node.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
    return x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight; };
  const current = () => (document.activeElement && document.activeElement !== document.body) ? document.activeElement : null;
  const lost = () => last && !current() && (!last.isConnected || !shown(last) || last.disabled);
  function put(node) {
    node.focus({ preventScroll: true });
    node.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  function keep(tries) {
    clearTimeout(timer);
    const root = scope();
    if (!root || !lost()) return;
    const found = target(root);
    if (found) { put(found); return; }
    if (tries > 0) timer = setTimeout(() => keep(tries - 1), 100);
  }
  // follow(): once the page has been quiet a moment (the redraw after a move is done), the next thing to do
  function follow(tries) {
    clearTimeout(quiet);
    const root = scope();
    if (!root) return;
    const now = current();
    if (now && root.contains(now) && now.matches(TYPING) && shown(now) && inView(now)) return;   // typing: leave it
    const found = target(root);
    if (found) { if (found !== now || !inView(found)) put(found); last = found; return; }
    if (tries > 0) quiet = setTimeout(() => follow(tries - 1), 150);
  }
  let settling = 0;   // a follow() is waiting for the page to settle
  const heard = (event) => {
    const root = scope();
    last = root && root.contains(event.target) ? event.target : null;
  };
  document.addEventListener("focusin", heard);
  const settle = () => { clearTimeout(quiet); quiet = setTimeout(() => { settling = 0; follow(40); }, 200); };
  const watch = new MutationObserver(() => {
    if (lost()) keep(600);
    if (settling) settle();
  });
  model.on("change:request", () => { settling = 1; settle(); });
  const start = () => { const root = scope(); if (root) watch.observe(root, { childList: true, subtree: true, attributes: true,
                                                                              attributeFilter: ["style", "class", "disabled"] });
                        else setTimeout(start, 200); };
  start();
  return () => { document.removeEventListener("focusin", heard); watch.disconnect(); clearTimeout(timer); clearTimeout(quiet); };
}
export default { render };
"""


class FocusKeeper(anywidget.AnyWidget):
    """Inside the box whose CSS selector is `scope`: when the focused element goes away, the focus moves to
    the first usable element of the first shown box matching one of `targets` (waiting up to a minute for
    one to be shown: a practice bot may be playing); `follow()` moves it there after a move, once the page has
    settled."""

    _esm = ESM
    scope = traitlets.Unicode().tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    request = traitlets.Int(0).tag(sync=True)

    def __init__(self, scope: str, targets: Sequence[str], **kwargs: Any) -> None:
        super().__init__(scope=scope, targets=list(targets), **kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0"

    def follow(self) -> None:
        """Put the focus on the next thing to do once the page has settled after a move."""
        self.request += 1
