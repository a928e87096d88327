"""ipywidgets views of a Concordia game and controls that build legal actions; the board is SVG.

Importing the package inside Jupyter registers display formatters, so a GameState or a
ScoreBreakdown shows as a picture even without a widget manager (GitHub, nbviewer).
"""
from typing import Any

from .render import register_formatters

register_formatters()

_LAZY = {
    "GameApp": "app", "play_tutor": "app",
    "MapView": "board", "Pick": "board", "ReachOverlay": "board", "BuildOverlay": "board", "ProduceOverlay": "board",
    "board_svg": "board",
    "ScoreView": "scoreview",
}


def __getattr__(name: str) -> Any:  # lazy: `widgets.GameApp` without importing every view at start-up
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(name)


__all__ = ["register_formatters", *_LAZY]
