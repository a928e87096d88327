"""PageNotice: a device's tab tells its person when it is their turn, even in another tab or a sleeping phone's
lock screen: the page's title gets a mark ("● Concordia · table K7MR3X"), and, if they asked for it, a short tone
(made by the browser: no sound file). It also puts the table's address in the browser's address bar (without
reloading), so a reload, a bookmark or a tab opened again comes back to the table."""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

ESM = """
function render({ model, el }) {
  el.style.height = "0px";
  const plain = document.title;
  let was = false, audio = null;
  function tone() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const beep = audio.createOscillator(), gain = audio.createGain();
      beep.frequency.value = 660; gain.gain.value = 0.08;
      beep.connect(gain); gain.connect(audio.destination);
      beep.start(); beep.stop(audio.currentTime + 0.18);
    } catch (e) { /* no sound here: the title still says it */ }
  }
  function show() {
    const turn = model.get("turn");
    document.title = turn ? "\\u25CF " + model.get("title") : (model.get("title") || plain);
    document.documentElement.classList.toggle("cc-your-turn", turn);
    if (turn && !was && model.get("sound")) tone();
    was = turn;
  }
  function place() {
    const query = model.get("query");
    if (!query) return;
    const url = new URL(window.location.href);
    url.search = query;
    if (url.href !== window.location.href) window.history.replaceState(null, "", url.href);
  }
  model.on("change:turn", show); model.on("change:title", show); model.on("change:query", place);
  show(); place();
  return () => { document.title = plain; document.documentElement.classList.remove("cc-your-turn"); };
}
export default { render };
"""


class PageNotice(anywidget.AnyWidget):
    """The page's title (`title`) with a mark while `turn`; a tone when the turn comes if `sound`; the address's
    query set to `query`."""

    _esm = ESM
    title = traitlets.Unicode("").tag(sync=True)
    turn = traitlets.Bool(False).tag(sync=True)
    sound = traitlets.Bool(False).tag(sync=True)
    query = traitlets.Unicode("").tag(sync=True)      # the page address's query that comes back to this table

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.height = "0px"
        self.layout.margin = "0"
