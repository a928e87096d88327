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

from ..state import GameState
from .base import Bot, Choice, Line, options
from .candidates import candidate_lines
from .greedy import Planner
from .hidden import seen_by
from .reasons import describe
from .search import Scored, look_ahead, rank

BUDGET = 12        # roll-outs per decision at the start of a turn
WIDTH = 4          # candidates that get roll-outs
HORIZON = 4        # turns (of all players) played out after the candidate's own play


class StrongBot(Bot):
    """Monte Carlo look-ahead over sampled deck orders, greedy roll-outs and the strong evaluation."""

    level = "strong"

    def __init__(self, seed: int = 0, budget: int = BUDGET, time_limit: float | None = None, width: int = WIDTH,
                 horizon: int = HORIZON) -> None:
        super().__init__(seed)
        self.budget = budget
        self.time_limit = time_limit
        self.width = width
        self.horizon = horizon
        self._plan: list[tuple[GameState, Line, str]] = []
        self.last: list[Scored] = []     # the candidates of the last search, best first (for a curious reader)

    def choose(self, state: GameState) -> Choice:
        options(state)  # raises if the game is over
        me = state.actor_index
        assert me is not None
        view = seen_by(state, me)
        for planned, line, reason in self._plan:
            if planned == view:
                return Choice(line[0][0], reason)
        if view.pending is None and not view.choices:
            line = self.search(view, me)[0].line
        else:
            line = Planner(view, me).finish(view)
        befores = [view] + [after for _a, after in line[:-1]]
        self._plan = [(before, line[i:], describe(before, me, line[i:])) for i, before in enumerate(befores)]
        return Choice(line[0][0], self._plan[0][2])

    def search(self, view: GameState, me: int) -> list[Scored]:
        """The candidate plays of a turn start as `me` knows it, best first, after the roll-outs the budget
        allows (the bot's generator draws the deck samples)."""
        rng = random.Random(self._rng.random())
        self.last = look_ahead(view, me, rank(candidate_lines(view, me), me), budget=self.budget, width=self.width,
                               horizon=self.horizon, rng=rng, time_limit=self.time_limit)
        return self.last
