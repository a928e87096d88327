"""ipywidgets views of a Concordia game and controls that build legal actions; the board is SVG.

The views come in layers, each importing only those below it (docs/architecture.md):
`support` (saves, rule text) and `render` (SVG, HTML, words, figures: no widget library), `parts` (the
small widgets everything is made of), `screen` (the game screen), `table` and `realtable` (a game at one
table; the real table's set-up guide and scoring pad), and `lessons` (the lesson kit and one module per
chapter).

Importing the package inside Jupyter registers display formatters, so a GameState or a
ScoreBreakdown shows as a picture even without a widget manager (GitHub, nbviewer).
"""
import sys
from typing import Any

if "IPython" in sys.modules:      # inside Jupyter (outside, e.g. the app's server, there is nothing to register)
    from .render.formatters import register_formatters

    register_formatters()

_LAZY = {
    "GameApp": "screen.game_screen", "play_tutor": "screen.game_screen",
    "MapView": "screen.map_view", "Pick": "render.picks", "ReachOverlay": "render.board", "BuildOverlay": "render.board",
    "ProduceOverlay": "render.board", "board_svg": "render.board",
    "ScoreView": "screen.score_view",
}


def __getattr__(name: str) -> Any:  # lazy: `widgets.GameApp` without importing every view at start-up
    if name in _LAZY:
        import importlib
        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(name)


__all__ = ["register_formatters", *_LAZY]
