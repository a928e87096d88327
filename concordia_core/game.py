"""Game: a sequence of states from setup, with the steps that led there (DESIGN.md public API)."""
from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .engine import apply, legal_actions
from .maps import ConcordiaMap, load_map
from .setup import initial_state
from .state import GameState


@dataclass(frozen=True)
class Step:
    """One played action and the state it produced."""

    action: Action
    state: GameState

    def __iter__(self):  # allows `for action, state in game.history`
        return iter((self.action, self.state))


class Game:
    """A game in progress: `state`, `legal_actions()`, `play()`, `undo()`, `history`."""

    def __init__(self, map_name: str, players: list[str], seed: int, *, first_game: bool = False,
                 first_player: str | None = None) -> None:
        self.initial = initial_state(map_name, players, seed, first_game=first_game, first_player=first_player)
        self.map_name = self.initial.map_id
        self.players = list(players)
        self.seed = seed
        self.first_game = bool(first_game)
        self.first_player = first_player
        self.history: list[Step] = []

    @property
    def state(self) -> GameState:
        return self.history[-1].state if self.history else self.initial

    @property
    def map(self) -> ConcordiaMap:
        return load_map(self.map_name)

    @property
    def over(self) -> bool:
        return self.state.over

    def legal_actions(self) -> list[Action]:
        """Every legal next step of the player who must act now."""
        return legal_actions(self.state)

    def play(self, action: Action | str) -> GameState:
        """Play an action (or its notation); returns the new state. Illegal actions change nothing."""
        from .actions import parse_action
        parsed = parse_action(action, self.state) if isinstance(action, str) else action
        new_state = apply(self.state, parsed)
        self.history.append(Step(parsed, new_state))
        return new_state

    def undo(self, steps: int = 1) -> GameState:
        """Take back the last `steps` actions (not past setup)."""
        if steps < 0 or steps > len(self.history):
            from .errors import InvalidAction
            raise InvalidAction(f"cannot undo {steps} steps; {len(self.history)} have been played")
        if steps:
            del self.history[-steps:]
        return self.state

    def __repr__(self) -> str:
        s = self.state
        who = "over" if s.over else f"{s.actor} to act"
        return f"<Game {self.map_name} {[p.name for p in s.players]} step {len(self.history)}: {who}>"


def new_game(map_name: str, players: list[str], seed: int, first_game: bool = False,
             first_player: str | None = None) -> Game:
    """A new game after setup (R-SETUP-1..8): same seed, same table."""
    return Game(map_name, players, seed, first_game=first_game, first_player=first_player)
