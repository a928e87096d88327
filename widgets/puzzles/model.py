"""A learner at a set of puzzles, as a model (no widgets): the puzzle open, the learner's attempt at it (a game from
the puzzle's position in which only the puzzle's seat is the learner's and the other seats are the bots they were),
the bots' storehouse choices on the way, the judge's answer once the learner's play is over, hints, the answer
shown, the results kept in the learner's saves, and the seats for playing on against the bots."""
from __future__ import annotations

from dataclasses import asdict

import concordia_core as cc
from concordia_core import bots

from ..support import saves
from ..table.seats import HUMAN, Seat
from . import saved

BOT_STEPS = 50     # bot steps at most between two of the learner's (storehouse choices of the other seats)


class PuzzleModel:
    """One set of puzzles (`found`) and the attempt at the open one (`game`, from `start` steps)."""

    def __init__(self, found: saved.PuzzleSet, index: int | None = None) -> None:
        self.found = found
        self.index = 0
        self.open(self.first_unsolved() if index is None else index)

    # --- the open puzzle ------------------------------------------------------------------------------
    @property
    def puzzle(self) -> bots.puzzles.Puzzle:
        return self.found.puzzles[self.index]

    @property
    def learner(self) -> str:
        return self.puzzle.seat

    @property
    def result(self) -> saved.Result:
        return self.found.result(self.puzzle.id)

    def open(self, index: int) -> None:
        """Open puzzle `index`: its position, the other seats' bots, no answer yet."""
        self.index = max(0, min(index, len(self.found.puzzles) - 1))
        puzzle = self.puzzle
        self.game = puzzle.game.branch()
        self.start = len(self.game.history)
        self.bots = {name: bots.make(self._level(name), puzzle.seeds.get(name, 0))
                     for name in (p.name for p in puzzle.state.players) if name != puzzle.seat}
        self.answer: bots.puzzles.Answer | None = None

    def _level(self, name: str) -> str:
        level = self.puzzle.levels.get(name, "greedy")
        return level if level in bots.LEVELS else "greedy"

    def retry(self) -> None:
        """Back to the puzzle's position."""
        self.game.rewind_to(self.start)
        self.answer = None

    # --- the attempt ------------------------------------------------------------------------------------
    @property
    def line(self) -> tuple[cc.Action, ...]:
        """The learner's play so far (with the other seats' storehouse choices in it)."""
        return tuple(s.action for s in self.game.history[self.start:])

    def done(self) -> bool:
        """True once the learner's play is over (the next turn starts, or the game ends)."""
        return bots.puzzles.line_done(self.game.state, len(self.line))

    def may_act(self, state: cc.GameState) -> bool:
        """The controls are the learner's on their own seat, until their play is over."""
        return state is self.game.state and not self.done() and state.actor == self.learner

    def waiting_text(self, state: cc.GameState) -> str:
        if self.done():
            return cc._("Your play is made: the judge's answer is with the board.")
        return cc._("{player} (practice bot) is choosing…", player=state.actor or "")

    def play(self, action: cc.Action | str) -> None:
        """A step of the learner's (the engine checks it: a refusal raises and nothing changes)."""
        if not self.may_act(self.game.state):
            raise cc.InvalidAction(cc._("it is not your seat's turn in this puzzle"))
        self.game.play(action)

    def run_bots(self) -> int:
        """The other seats make their steps until the learner acts again or the play is over (how many)."""
        made = 0
        while made < BOT_STEPS and not self.done() and self.game.state.actor not in (None, self.learner):
            state = self.game.state
            self.game.play(self.bots[state.actor or ""].choose(state).action)
            made += 1
        return made

    # --- the judge's answer -------------------------------------------------------------------------------
    def measure(self) -> tuple[bots.puzzles.Answer, bots.puzzles.Puzzle]:
        """The learner's play measured against the play made and the best (the puzzle is measured first if it has
        not been): the answer and the puzzle, measured. Changes nothing (it may run in the background)."""
        return bots.puzzles.answer(self.puzzle, self.line)

    def record(self, found: bots.puzzles.Answer, measured: bots.puzzles.Puzzle, tried: bool = True) -> None:
        """Keep an answer: the puzzle's play-outs, and (a try of the learner's, not the answer shown) the result."""
        self.found.puzzles[self.index] = measured
        self.answer = found
        if tried:
            result = self.result
            result.tries += 1
            result.solved = result.solved or found.solved
            result.last = asdict(found)

    def judge(self, tried: bool = True) -> bots.puzzles.Answer:
        """Measure the learner's play and keep the answer (`measure`, then `record`)."""
        found, measured = self.measure()
        self.record(found, measured, tried)
        return found

    def needs_measuring(self) -> bool:
        """True when the answer takes play-outs now (the puzzle is not measured, or the play is neither line)."""
        return self.puzzle.measure is None or not bots.puzzles.same_as(self.puzzle, self.line)

    def hint(self) -> int:
        """One more hint asked (how many so far)."""
        self.result.hints += 1
        return self.result.hints

    def show_answer(self) -> None:
        """The best line played on the board from the puzzle's position (the answer is seen)."""
        self.retry()
        for action in self.puzzle.best:
            try:
                self.game.play(action)
            except cc.ConcordiaError:      # another seat chooses first (a storehouse choice): its bot does
                self.run_bots()
                self.game.play(action)
        self.run_bots()
        self.result.shown = True

    def save(self) -> None:
        """Keep the set and its results in the learner's saves (saves.SaveNameError or OSError if it cannot be)."""
        saved.write(self.found)

    # --- playing on -----------------------------------------------------------------------------------
    def seats(self) -> list[Seat]:
        """The game's seats for a table from here: the learner's a person, the others the bots they were."""
        return [Seat(p.name, HUMAN) if p.name == self.learner else Seat(p.name, self._level(p.name),
                                                                          self.puzzle.seeds.get(p.name))
                for p in self.puzzle.game.initial.players]

    def first_unsolved(self) -> int:
        """The first puzzle of the set not solved yet (the first if all are)."""
        return next((i for i, p in enumerate(self.found.puzzles) if not self.found.result(p.id).solved), 0)

    def next_index(self, among: list[int]) -> int:
        """The next puzzle of `among` (indices) after the open one, not solved yet if there is one."""
        if not among:
            return self.index
        after = [i for i in among if i > self.index] + [i for i in among if i <= self.index]
        return next((i for i in after if not self.found.result(self.found.puzzles[i].id).solved and i != self.index),
                    after[0])


def own_set(game: cc.Game, review: bots.Review, source: str, seats: list[Seat] | None = None) -> saved.PuzzleSet:
    """The puzzles of a reviewed game: every charged decision of its people (the seats marked human; without seats,
    the player the tutor calls "you" if there is one, else every player), in a set to be saved as `source`'s."""
    names = [p.name for p in game.initial.players]
    if seats:
        people = [s.name for s in seats if not s.is_bot]
        levels = {s.name: s.kind for s in seats}
        seeds = {s.name: s.seed for s in seats if s.seed is not None}
    else:
        people = [n for n in names if n == cc.learner_name()] or names
        levels, seeds = {}, {}
    found = bots.puzzles.from_review(game, review, people, levels, seeds)
    return saved.PuzzleSet(saved.name_for(source), source, found)


def keep(found: saved.PuzzleSet) -> str:
    """Save a set; '' or why it could not be saved."""
    try:
        saved.write(found)
    except (saves.SaveNameError, OSError) as err:
        return str(err)
    return ""


__all__ = ["PuzzleModel", "keep", "own_set"]
