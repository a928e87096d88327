"""What the map should highlight for the current choice: a request the game screen turns into a map overlay."""
from __future__ import annotations

from typing import NamedTuple

CARD_PICKS = ("card", "slot")
"""Pick kinds that are cards (in hand, in the display), not board elements."""


class OverlayRequest(NamedTuple):
    """What the map should highlight for the current choice (the app turns it into a map overlay)."""

    kind: str                      # "reach", "build" or "produce"
    player: int                    # index of the acting player
    start: str | None = None       # reach: where the colonist stands
    colonist_kind: str | None = None
    steps: int = 0
    province: str | None = None
    selected: str | None = None    # the route or city chosen so far
