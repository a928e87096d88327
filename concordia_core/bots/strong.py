"""The strong level: a seeded Monte Carlo look-ahead over the engine.

At the start of its turn the strong bot
1. looks at the position as its seat knows it (`hidden.seen_by`: the deck's order is unknown, the other
   hands are known as sets), never at the real deck;
2. lists candidate card plays: every card of the hand completed by the greedy look-ahead, and for cards
   with a real choice of first step (a Prefect's province, a Diplomat's target, a Senator's card, ...)
   each such step completed greedily (`candidates.py`);
3. keeps the `width` best by the strong evaluation (judge.py: expected final-score difference to the
   best other player) and plays each out on sampled deck orders (`hidden.sample`, the same samples
   for every candidate): the candidate's steps, then every player's greedy turns for `horizon` turns
   (or to the game's end), judged at the cut-off by the same evaluation;
4. spends its `budget` of roll-outs by successive halving (the weaker half of the candidates is
   dropped after each round, the others get more samples) and plays the candidate with the best mean.

The budget counts roll-outs, not seconds, so a game is reproduced exactly from the seeds; an optional
`time_limit` (seconds per decision) stops the search early for a table's patience, at the cost of
reproducibility. The steps of the chosen play follow from the plan; storehouse choices and anything
unplanned are completed by the greedy look-ahead on the seat's view.
"""
from __future__ import annotations

import random

from ..actions import Action
from ..state import GameState
from .base import Line
from .candidates import candidate_lines
from .greedy import Planner, PlanningBot
from .hidden import seen_by
from .search import Scored, look_ahead, rank

BUDGET = 12        # roll-outs per decision at the start of a turn
WIDTH = 4          # candidates that get roll-outs
HORIZON = 4        # turns (of all players) played out after the candidate's own play


class StrongBot(PlanningBot):
    """Monte Carlo look-ahead over sampled deck orders, greedy roll-outs and the strong evaluation."""

    level = "strong"

    def __init__(self, seed: int = 0, budget: int = BUDGET, time_limit: float | None = None, width: int = WIDTH,
                 horizon: int = HORIZON) -> None:
        super().__init__(seed)
        self.budget = budget
        self.time_limit = time_limit
        self.width = width
        self.horizon = horizon
        self.last: list[Scored] = []     # the candidates of the last search, best first (for a curious reader)

    def seen(self, state: GameState, me: int) -> GameState:
        return seen_by(state, me)

    def line(self, state: GameState, planner: Planner, found: list[Action]) -> Line:
        if state.pending is None and not state.choices:
            return self.search(state, planner.me, planner)[0].line
        return planner.finish(state)

    def search(self, view: GameState, me: int, planner: Planner | None = None) -> list[Scored]:
        """The candidate plays of a turn start as `me` knows it, best first, after the roll-outs the budget
        allows (the bot's generator draws the deck samples)."""
        rng = random.Random(self._rng.random())
        self.last = look_ahead(view, me, rank(candidate_lines(view, me, planner), me), budget=self.budget,
                               width=self.width, horizon=self.horizon, rng=rng, time_limit=self.time_limit)
        return self.last
