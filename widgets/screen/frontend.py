"""The page side of the screen's clickable widgets (the board, the card rows). Each widget's `_esm` is its own file
(board.js, card_row.js), which anywidget loads itself, in JupyterLab, in the app mode and on the static site alike
(and reloads when it changes, with ANYWIDGET_HMR=1). What the two share, pickables.js (a tooltip in the page's top
layer, one Tab stop with arrow keys over what may be picked), is an ES module of its own: anywidget imports a widget's
module from a blob: address, from which no file beside it can be imported, so `Pickables` sends the shared module
as an address that needs no server (`_pickables`, a data: address), and each widget's module imports it from there."""
from __future__ import annotations

import base64
from pathlib import Path

import anywidget
import traitlets

HERE = Path(__file__).parent
SHARED = HERE / "pickables.js"


def module_address(path: Path) -> str:
    """The ES module in `path` as a data: address, which a page imports without asking a server for it."""
    return "data:text/javascript;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class Pickables(anywidget.AnyWidget):
    """An anywidget whose module imports the shared helpers (pickables.js) from `_pickables`."""

    _pickables = traitlets.Unicode(module_address(SHARED)).tag(sync=True)
