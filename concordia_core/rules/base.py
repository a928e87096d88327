"""The protocol every card rule module implements, so the engine dispatches through one typed table."""
from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..state import GameState, Pending


class CardRule(Protocol):
    """A card kind's rules: start a play, list its legal sub-steps, apply one, complete the play."""

    def start(self, state: GameState, pending: Pending) -> GameState:
        """The state once the card is played (its immediate effects taken)."""
        ...

    def legal(self, state: GameState) -> list[Action]:
        """Every legal next sub-step of the play in progress."""
        ...

    def apply(self, state: GameState, action: Action) -> GameState:
        """The state after one sub-step; IllegalAction (with its rule) if it is not allowed."""
        ...

    def complete(self, state: GameState) -> GameState:
        """Finish the play when nothing is left to choose (or the player is done)."""
        ...
