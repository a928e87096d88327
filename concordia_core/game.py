"""Game: the states from setup (or a hand-built position) and the steps that led there.

`play` accepts an Action or its notation; `undo`/`redo` walk the line; `branch(step)` starts a new
Game from an earlier step, leaving this one intact ("try another line"); `to_json`/`from_json`
save and replay the record (see record.py).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .actions import Action, parse_action
from .engine import apply, legal_actions
from .errors import InvalidAction
from .maps import ConcordiaMap, load_map
from .setup import initial_state
from .state import GameState


@dataclass(frozen=True)
class Step:
    """One played action and the state it produced."""

    action: Action
    state: GameState

    def __iter__(self) -> Iterator[Any]:  # allows `for action, state in game.history`
        return iter((self.action, self.state))


class Game:
    """A game in progress: `state`, `legal_actions()`, `play()`, `undo()`, `history`."""

    def __init__(self, map_name: str, players: list[str], seed: int, *, first_game: bool = False,
                 first_player: str | None = None, start: GameState | None = None) -> None:
        self.initial = start if start is not None else initial_state(
            map_name, players, seed, first_game=first_game, first_player=first_player)
        self.map_name = self.initial.map_id
        self.players = list(players)
        self.seed = seed
        self.first_game = self.initial.first_game
        self.first_player = self.initial.players[0].name
        self.from_scenario = start is not None
        self.history: list[Step] = []
        self._redo: list[Step] = []

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that starts at a given position (a Scenario, or a step of another game)."""
        return cls(state.map_id, [p.name for p in state.players], 0, start=state)

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
        parsed = parse_action(action, self.state) if isinstance(action, str) else action
        new_state = apply(self.state, parsed)
        self.history.append(Step(parsed, new_state))
        self._redo.clear()
        return new_state

    def undo(self, steps: int = 1) -> GameState:
        """Take back the last `steps` actions (not past the start); they can be redone until a new play."""
        if not isinstance(steps, int) or steps < 0 or steps > len(self.history):
            raise InvalidAction(f"cannot undo {steps} steps; {len(self.history)} have been played")
        for _ in range(steps):
            self._redo.append(self.history.pop())
        return self.state

    def redo(self, steps: int = 1) -> GameState:
        """Replay actions taken back by undo."""
        if not isinstance(steps, int) or steps < 0 or steps > len(self._redo):
            raise InvalidAction(f"cannot redo {steps} steps; {len(self._redo)} can be redone")
        for _ in range(steps):
            self.history.append(self._redo.pop())
        return self.state

    def rewind_to(self, step: int) -> GameState:
        """Go back to the position after `step` actions (0 = the start)."""
        return self.undo(len(self.history) - step)

    def state_at(self, step: int) -> GameState:
        """The position after `step` actions (0 = the start)."""
        if not isinstance(step, int) or not 0 <= step <= len(self.history):
            raise InvalidAction(f"there is no step {step}; steps run from 0 to {len(self.history)}")
        return self.history[step - 1].state if step else self.initial

    def branch(self, step: int | None = None) -> Game:
        """A new Game with this game's first `step` actions (default: all), to try another line
        without losing this one."""
        step = len(self.history) if step is None else step
        self.state_at(step)  # validates
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history[:step])
        other._redo = []
        return other

    @property
    def actions(self) -> list[str]:
        """The played actions in notation."""
        return [str(step.action) for step in self.history]

    def to_json(self) -> str:
        """The game record: format version, map, players, seed, options and the actions in notation."""
        from .record import dump
        return dump(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a record, replaying and verifying every action; RecordError on any problem."""
        from .record import load
        return load(text)

    def __repr__(self) -> str:
        s = self.state
        who = "over" if s.over else f"{s.actor} to act"
        return f"<Game {self.map_name} {[p.name for p in s.players]} step {len(self.history)}: {who}>"


def new_game(map_name: str, players: list[str], seed: int, first_game: bool = False,
             first_player: str | None = None) -> Game:
    """A new game after setup (R-SETUP-1..8): same seed, same table."""
    return Game(map_name, players, seed, first_game=first_game, first_player=first_player)
