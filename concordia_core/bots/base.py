"""The bot protocol: a Bot chooses a legal step for whoever must act (`Choice`: the action and a
sentence saying why); `play_game` lets bots play a game to its end.

Bots act for whoever must act now (`state.actor`), storehouse choices (`keep`) included. The only
randomness is the bot's own `random.Random(seed)` (docs/architecture.md principle 2): a bot with the same seed makes the
same choices. Levels and `make(level, seed)` are in levels.py.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from ..actions import Action
from ..cards import Card, card
from ..engine import apply, legal_actions
from ..errors import InvalidAction
from ..i18n import _
from ..state import GameState

Line = list[tuple[Action, GameState]]
"""Steps of a card play: each action and the state it produced."""


@dataclass(frozen=True)
class Choice:
    """A bot's decision: a legal action for `state.actor` and a sentence saying why (third person,
    without a subject: a table puts the bot's name before it)."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action}  ({self.reason})"


class Bot:
    """A practice opponent: `choose(state)` returns a Choice for whoever must act in `state`."""

    level = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Choice:
        """A legal action for `state.actor` with a one-line reason; InvalidAction once the game is over."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r} seed={self.seed}>"


def play_game(state: GameState, bots: Mapping[str, Bot] | Sequence[Bot], max_steps: int = 50_000) -> GameState:
    """Let bots play from `state` to the end (a bot per player name, or a list in turn order)."""
    by_name = bots if isinstance(bots, Mapping) else {p.name: b for p, b in zip(state.players, bots, strict=True)}
    for _step in range(max_steps):
        if state.over or state.actor is None:
            return state
        state = apply(state, by_name[state.actor].choose(state).action)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def options(state: GameState) -> list[Action]:
    """The legal steps now; InvalidAction once the game is over."""
    found = legal_actions(state)
    if not found:
        raise InvalidAction(_("the game is over: there is nothing left to choose"))
    return found




@cache
def card_of(card_id: str) -> Card:
    """Card facts by id, looked up often during a look-ahead."""
    return card(card_id)
