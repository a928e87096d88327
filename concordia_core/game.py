"""Game: the states from setup (or a hand-built position) and the steps that led there.

`play` accepts an Action or its notation; `undo`/`redo` walk the line; `branch(step)` starts a new
Game from an earlier step, leaving this one intact ("try another line"); `record()` is the game as
a Record value and `to_json`/`from_json` save and replay it (record.py, the layer below).
"""
from __future__ import annotations

from typing import NamedTuple

from .actions import Action, parse_action
from .engine import apply, legal_actions
from .errors import InvalidAction
from .i18n import _
from .maps import ConcordiaMap, load_map
from .record import Record
from .setup import Setup
from .state import GameState


class Step(NamedTuple):
    """One played action and the state it produced; a pair, so `for action, state in game.history` reads it."""

    action: Action
    state: GameState


class Game:
    """A game in progress: `state`, `legal_actions()`, `play()`, `undo()`, `history`.

    Made from a `Setup` (a new game), or with `start=` from a position (a Scenario, a step of
    another game); `Game(map_name, players, seed, first_game=..., first_player=...)` also works."""

    def __init__(self, setup: Setup | str | None = None, players: list[str] | tuple[str, ...] | None = None,
                 seed: int = 0, *, first_game: bool = False, first_player: str | None = None,
                 start: GameState | None = None) -> None:
        if start is not None:
            setup = Setup(start.map_id, tuple(p.name for p in start.players), 0, start.first_game)
        elif not isinstance(setup, Setup):
            setup = Setup(setup if setup is not None else "", players if players is not None else (), seed, first_game,
                          first_player)
        self.setup = setup
        self.start = start
        self.initial = start if start is not None else setup.initial_state()
        self.history: list[Step] = []
        self._redo: list[Step] = []

    # --- the setup, as fields ------------------------------------------------------------------------
    @property
    def map_name(self) -> str:
        return self.setup.map_name

    @property
    def players(self) -> list[str]:
        """Player names in seating order (as set up)."""
        return list(self.setup.players)

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def first_game(self) -> bool:
        return self.initial.first_game

    @property
    def first_player(self) -> str:
        return self.initial.players[0].name

    # --- records -------------------------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that starts at a given position (a Scenario, or a step of another game)."""
        return cls(start=state)

    @classmethod
    def from_record(cls, record: Record) -> Game:
        """The game a record describes, every action replayed and verified (RecordError naming the first
        one that cannot be)."""
        game = cls(start=record.start) if record.start is not None else cls(record.setup)
        game.history = [Step(action, state) for action, state in record.steps()]
        return game

    def record(self) -> Record:
        """This game as a Record: its setup (or start position) and the actions played."""
        setup = Setup(self.map_name, self.setup.players, self.seed, self.first_game, self.first_player)
        return Record(setup, tuple(self.actions), self.start)

    def to_json(self) -> str:
        """The game record: format, version, map, players, seed, options and the actions in notation."""
        return self.record().to_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a record, replaying and verifying every action; RecordError on any problem."""
        return cls.from_record(Record.from_json(text))

    # --- playing -------------------------------------------------------------------------------------
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
            raise InvalidAction(_("cannot undo {steps} steps; {played} have been played", steps=steps,
                                  played=len(self.history)))
        for _step in range(steps):
            self._redo.append(self.history.pop())
        return self.state

    def redo(self, steps: int = 1) -> GameState:
        """Replay actions taken back by undo."""
        if not isinstance(steps, int) or steps < 0 or steps > len(self._redo):
            raise InvalidAction(_("cannot redo {steps} steps; {left} can be redone", steps=steps, left=len(self._redo)))
        for _step in range(steps):
            self.history.append(self._redo.pop())
        return self.state

    def rewind_to(self, step: int) -> GameState:
        """Go back to the position after `step` actions (0 = the start)."""
        return self.undo(len(self.history) - step)

    def state_at(self, step: int) -> GameState:
        """The position after `step` actions (0 = the start)."""
        if not isinstance(step, int) or not 0 <= step <= len(self.history):
            raise InvalidAction(_("there is no step {step}; steps run from 0 to {last}", step=step,
                                  last=len(self.history)))
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

    def __repr__(self) -> str:
        s = self.state
        who = "over" if s.over else f"{s.actor} to act"
        return f"<Game {self.map_name} {[p.name for p in s.players]} step {len(self.history)}: {who}>"


def new_game(map_name: str, players: list[str] | tuple[str, ...], seed: int, first_game: bool = False,
             first_player: str | None = None) -> Game:
    """A new game after setup (R-SETUP-1..8): same seed, same table."""
    return Game(Setup(map_name, players, seed, first_game, first_player))
