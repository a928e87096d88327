"""Hints: the best candidate steps for the player who must act, ranked by one measure.

The measure (`Hint.value`) is the expected final-score difference to the best other player, in points,
as the strong level estimates it (search.py): each candidate step is completed to the end of the card
play (candidates.py: every card of the hand and every real first choice at a turn start, every legal
step in the middle of a play, an Architect's moves narrowed to promising ones), the `width` best by the
evaluation are played out `horizon` turns on sampled deck orders with greedy play for every seat, and
the mean of those roll-outs is the value. Only the player's own knowledge is used (hidden.seen_by):
a hint never reveals the deck.

Each hint carries its value, its reason (addressed to the person asking: "Play the Architect to build
in COSA: ..."), the change of the "if the game ended now" score per god once the recommended play is
complete, and `line`: every step of that play, so a table can play the whole hinted play. Lines
that end in the same position are one hint (the same play in another order), so hints in the middle
of a play differ by their real effect.

Hints are reproducible (the samples are drawn from a generator seeded by `seed`) and remembered for
the last few positions asked about (a table asks again after every redraw).
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..actions import Action
from ..state import GameState
from .base import options
from .candidates import candidate_lines
from .evaluation import points
from .greedy import Planner
from .hidden import seen_by
from .reasons import advise
from .search import Scored, look_ahead, rank

SAMPLES = 1       # deck orders each candidate is played out on
WIDTH = 4         # candidates played out (at least `top`)
HORIZON = 2       # turns played out after the play (the strong level plays out 4)
SEED = 0
CACHE = 8         # positions remembered


@dataclass(frozen=True)
class Hint:
    """A candidate step for the player who must act, with the play it belongs to and its value."""

    action: Action                    # the step to take now (the first of `line`)
    reason: str                       # why, addressed to the person asking
    value: float                      # expected final-score difference to the best other player (points)
    score_change: Mapping[str, int]   # change of the "if the game ended now" score per god, once `line` is played
    total_change: int
    line: tuple[Action, ...]          # the whole recommended play from this step, in order
    result: GameState = field(repr=False)   # the position after `line` as the player knows it (a card the
                                            # play draws from the deck is a guess: the deck order is hidden)

    def __str__(self) -> str:
        return f"{self.action}: {self.reason} [{self.value:+.1f}]"


_cache: list[tuple[GameState, tuple[int, int, int, int], list[Scored]]] = []


def analyse(state: GameState, *, samples: int = SAMPLES, width: int = WIDTH, horizon: int = HORIZON,
            seed: int = SEED) -> list[Scored]:
    """Every candidate line for the player who must act, best first by the strong measure: the `width`
    best by the evaluation, each played out on the same `samples` deck orders, then the others by their
    static value. Remembered for the last few positions asked about."""
    options(state)  # raises once the game is over
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    key = (samples, width, horizon, seed)
    for known, known_key, found in _cache:
        if known_key == key and known == view:
            return found
    ranked, firsts = [], set()
    for cand in rank(candidate_lines(view, me, Planner(view, me)), me):
        if cand.line[0][0] not in firsts:  # one line per first step: its best by the evaluation
            firsts.add(cand.line[0][0])
            ranked.append(cand)
    found = look_ahead(view, me, ranked, budget=samples * width, width=width, horizon=horizon,
                       rng=random.Random(seed), keep=width)
    _cache.insert(0, (view, key, found))
    del _cache[CACHE:]
    return found


def hints(state: GameState, top: int = 3, *, samples: int = SAMPLES, width: int = WIDTH, horizon: int = HORIZON,
          seed: int = SEED) -> list[Hint]:
    """The `top` best candidate steps for the player who must act, best first by `Hint.value`. Asking for
    more hints widens the search (every hint shown is played out), never changes the values of the others."""
    found = analyse(state, samples=samples, width=max(width, top), horizon=horizon, seed=seed)
    if top <= 0:
        return []
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    before = points(view, me).by_god
    result: list[Hint] = []
    for cand in found[:top]:
        first = cand.line[0][0]
        end = cand.line[-1][1]
        after = points(end, me).by_god
        change = MappingProxyType({god: after[god] - before[god] for god in before})
        result.append(Hint(first, advise(view, me, cand.line), round(cand.value, 2), change, sum(change.values()),
                           tuple(a for a, _s in cand.line), end))
    result.sort(key=lambda h: -h.value)
    return result
