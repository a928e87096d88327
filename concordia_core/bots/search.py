"""The look-ahead shared by the strong level, the hints and the review: candidate plays judged by
roll-outs on sampled deck orders.

`look_ahead(view, me, rank(lines, me), ...)` takes candidate lines of player `me`'s play (candidates.py) from
the position `view` (what the player knows, hidden.seen_by), ranks them by the strong evaluation of
their end (judge.advantage), keeps the `width` best and plays each out on the same sampled deck
orders (common random numbers: every candidate meets the same decks): the candidate's steps, then
`horizon` turns of every player's noise-free greedy play (or to the end of the game), judged at the
cut-off by the same evaluation. Its `budget` of roll-outs is spent by successive halving: after
each round the weaker half is dropped and the others get more samples. The measure of every
candidate is the expected final-score difference to the best other player (points): the mean over
its roll-outs, or the static estimate for candidates that got none.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..engine import apply
from ..state import GameState
from .base import Line
from .greedy import Planner
from .hidden import sample
from .judge import advantage


@dataclass
class Scored:
    """A candidate line and what the look-ahead found: its static value, roll-out values and leaves."""

    line: Line
    static: float
    results: list[float] = field(default_factory=list)
    leaves: list[GameState] = field(default_factory=list)

    @property
    def value(self) -> float:
        """The expected final-score difference to the best other player: the roll-out mean, or the
        static estimate without roll-outs."""
        return sum(self.results) / len(self.results) if self.results else self.static


def greedy_turns(state: GameState, turns: int) -> GameState:
    """Play `turns` turn starts (and the steps in between) with the noise-free greedy policy of every
    seat; stops at the next turn start after them, or at the end of the game."""
    played = 0
    while not state.over:
        actor = state.actor_index
        assert actor is not None
        if state.pending is None and not state.choices:
            if played >= turns:
                break
            played += 1
            plays = Planner(state, actor).plays(state)
            if not plays:  # a hand-built position with an empty hand: nothing can be played
                break
            line = max(plays, key=lambda p: p[0])[1]
        else:
            line = Planner(state, actor).finish(state)
        if not line:
            break
        state = line[-1][1]
    return state


def replay(state: GameState, line: Line) -> GameState:
    """The line's actions played from `state` (a position sampled from the same view)."""
    for action, _after in line:
        state = apply(state, action)
    return state


def rank(lines: list[Line], me: int) -> list[Scored]:
    """The lines with their static values, best first."""
    found = [Scored(line, advantage(line[-1][1], me)) for line in lines]
    found.sort(key=lambda c: -c.static)
    return found


def look_ahead(view: GameState, me: int, found: list[Scored], *, budget: int, width: int, horizon: int,
               rng: random.Random, time_limit: float | None = None, keep: int = 1) -> list[Scored]:
    """The candidates (`rank`ed lines), best first: those that survived the most rounds of roll-outs, by
    their mean; then the others. Halving never leaves fewer than `keep` candidates (hints ask for several)."""
    start = time.perf_counter()
    found = list(found)
    alive = found[:max(1, width, keep)]
    samples: list[GameState] = []

    def out_of_time() -> bool:
        return time_limit is not None and time.perf_counter() - start > time_limit

    spent = 0
    while spent < budget and not out_of_time():
        if len(alive) == 1 and keep == 1:
            break  # nothing left to choose between
        halvings = _halvings(len(alive), keep)
        rounds = max(1, (budget - spent) // (len(alive) * max(1, halvings)))
        for _round in range(rounds):
            for cand in alive:
                k = len(cand.results)
                while len(samples) <= k:
                    samples.append(sample(view, rng))
                leaf = greedy_turns(replay(samples[k], cand.line), horizon)
                cand.results.append(advantage(leaf, me))
                cand.leaves.append(leaf)
                spent += 1
            if out_of_time() or spent >= budget:
                break
        if halvings:
            alive.sort(key=lambda c: -c.value)
            alive = alive[:max(keep, len(alive) // 2)]
    found.sort(key=lambda c: (-len(c.results), -c.value))
    return found


def _halvings(n: int, keep: int) -> int:
    """How many times `n` candidates are halved before `keep` remain."""
    k = 0
    while n > max(1, keep):
        n //= 2
        k += 1
    return k
