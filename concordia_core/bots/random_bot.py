"""The random level: any legal step, uniformly at random (a baseline, and a patient sparring partner)."""
from __future__ import annotations

from ..state import GameState
from .base import Bot, Choice, options
from .reasons import random_reason


class RandomBot(Bot):
    """Picks any legal step, uniformly at random."""

    level = "random"

    def choose(self, state: GameState) -> Choice:
        found = options(state)
        action = self._rng.choice(found)
        return Choice(action, random_reason(len(found), action))
