"""ipywidgets + matplotlib views of a Concordia game and controls that build legal actions.

Importing the package inside Jupyter registers display formatters, so a GameState or a
ScoreBreakdown shows as a picture even without a widget manager (GitHub, nbviewer).
"""
from .render import register_formatters

register_formatters()


def __getattr__(name: str):  # lazy: `widgets.GameApp` without importing every view at start-up
    if name in ("GameApp", "play_tutor"):
        from . import app
        return getattr(app, name)
    if name in ("MapView", "ReachOverlay", "BuildOverlay", "ProduceOverlay", "draw_map", "map_png"):
        from . import mapview
        return getattr(mapview, name)
    if name == "ScoreView":
        from .scoreview import ScoreView
        return ScoreView
    raise AttributeError(name)


__all__ = ["register_formatters", "GameApp", "play_tutor", "MapView", "ReachOverlay", "BuildOverlay",
           "ProduceOverlay", "draw_map", "map_png", "ScoreView"]
