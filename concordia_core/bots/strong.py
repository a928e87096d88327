"""The strong level: it plays the judge's best line (judge.py), the answer the hints give.

At the start of its turn the strong bot asks the judge, with the judge's full budget and seed, for the
position as its seat knows it (`hidden.seen_by`: the deck's order is unknown, the other hands are known
as sets), never for the real deck: every card of the hand and every real first choice completed
greedily, the best by the fitted value played out on sampled deck orders by every player's greedy
turns, the best line judged again step by step. It then plays that line. Storehouse choices and
anything the line did not foresee are completed by the greedy look-ahead on the seat's view.

The judge is seeded by the position, so the strong level's choice is the hints' first hint, and a
game is reproduced exactly; `budget=` sets another budget (a `judge.Budget`) for a study.
"""
from __future__ import annotations

from ..actions import Action
from ..state import GameState
from .base import Line
from .greedy import Planner, PlanningBot
from .hidden import seen_by
from .judge import FULL, Budget, Judgement, judge


class StrongBot(PlanningBot):
    """Plays the judge's best line (see the module text)."""

    level = "strong"

    def __init__(self, seed: int = 0, budget: Budget = FULL) -> None:
        super().__init__(seed)
        self.budget = budget
        self.last: Judgement | None = None     # the judge's answer at the last turn start (for a curious reader)

    def seen(self, state: GameState, me: int) -> GameState:
        return seen_by(state, me)

    def line(self, state: GameState, planner: Planner, found: list[Action]) -> Line:
        if state.pending is None and not state.choices:
            self.last = judge(state, self.budget)
            return self.last.best.line
        return planner.finish(state)
