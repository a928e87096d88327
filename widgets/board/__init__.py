"""The board: its layout (layout.py), its SVG drawing (svg.py) and the clickable widget (view.py)."""
from .svg import BuildOverlay, Overlay, ProduceOverlay, ReachOverlay, board_svg
from .view import MapView, Pick, colonist_pick, tips

__all__ = ["BuildOverlay", "MapView", "Overlay", "Pick", "ProduceOverlay", "ReachOverlay", "board_svg",
           "colonist_pick", "tips"]
