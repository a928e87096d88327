"""Former home of the map view; the board now lives in widgets.board (kept so older imports work)."""
from .board import BuildOverlay, MapView, Overlay, Pick, ProduceOverlay, ReachOverlay, board_svg

__all__ = ["BuildOverlay", "MapView", "Overlay", "Pick", "ProduceOverlay", "ReachOverlay", "board_svg"]
