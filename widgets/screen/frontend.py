"""The page side of the screen's clickable widgets (the board, the card rows): each is sent as one ES module,
the shared pickables.js (a tooltip in the page's top layer, one Tab stop with arrow keys over what may be
picked) followed by the widget's own file."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent


def esm(name: str) -> str:
    """The ES module of the front end in `name` (a file beside this one), the shared helpers first."""
    return (HERE / "pickables.js").read_text(encoding="utf-8") + "\n" + (HERE / name).read_text(encoding="utf-8")
