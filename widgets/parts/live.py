"""LiveRegion: sentences a screen reader reads out when they come, without moving the focus (an ARIA live
region, not shown on screen): the game screen says each new move of the log in it, politely, after what
the reader is saying. Its front end is live.js, its style live.css."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

KEPT = 5   # sentences kept in the region (older ones are dropped; only new ones are read)

HERE = Path(__file__).parent


class LiveRegion(anywidget.AnyWidget):
    """An ARIA live region (`role` log or status, `politeness` polite or assertive) named `label`; `say(texts)`
    adds sentences to it, which a screen reader then reads."""

    _esm = HERE / "live.js"
    _css = HERE / "live.css"
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
