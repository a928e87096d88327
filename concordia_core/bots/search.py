"""Roll-outs: a line played out on sampled deck orders by every player's greedy play, then valued.

`greedy_turns(state, turns)` plays `turns` turn starts of the noise-free greedy policy of every seat
(the greedy level's look-ahead without its random spread), and plays on to the end once the end is
triggered (R-END-1: the last turns are few, and then the final scores are exact). `Samples` holds one
judgement's deck orders (hidden.sample, drawn from a generator seeded by the position) and remembers
every roll-out's value by the position it started from, so two lines that end alike, or the same line
met again after its first step, are played out once; its roll-outs with the greedy level's random spread
(a review's fresh measure) remember the plays open at each position they meet, so roll-outs that go the
same way for a while plan those turns once and draw their spread afresh.
"""
from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import replace

from ..actions import Action
from ..engine import apply_planned
from ..state import GameState
from .base import Line
from .candidates import state_key
from .evaluation import game_memory, remember
from .greedy import GreedyBot, Planner
from .hidden import sample
from .value import expected_margin


def greedy_turns(state: GameState, turns: int, plans: dict[Hashable, tuple[Action, ...]] | None = None,
                 spread: random.Random | None = None, options: dict[Hashable, Options] | None = None) -> GameState:
    """Play `turns` turn starts (and the steps in between) with the noise-free greedy policy of every
    seat; stops at the next turn start after them, or at the end of the game (played out once triggered).
    The greedy policy never reads the deck's order, so its plays are remembered in `plans` by the position
    without the deck and played again on other deck orders: a roll-out plans only where a card drawn
    from the deck made the position differ. With `spread`, every seat plays as the greedy level does,
    with its random spread (GreedyBot.NOISE) drawn from that generator: one of the many ways greedy
    players may go on; then the plays open to a seat and their values before the spread are remembered in
    `options` (not `plans`) the same way (roll-outs that met the same position draw their spread afresh there)."""
    played = 0
    while not state.over:
        actor = state.actor_index
        assert actor is not None
        turn_start = state.pending is None and not state.choices
        if turn_start:
            if played >= turns and state.end_trigger is None:
                break
            played += 1
        if spread is not None:
            after = _spread_play(state, actor, turn_start, spread, options)
            if after is None:  # a hand-built position with an empty hand: nothing can be played
                break
            state = after
            continue
        key = (actor, state_key(state, deck=False)) if plans is not None else None
        known = plans.get(key) if plans is not None else None
        if known is None:
            line = _greedy_play(state, actor, turn_start)
            if not line:  # a hand-built position with an empty hand: nothing can be played
                break
            if plans is not None:
                remember(plans, key, tuple(a for a, _s in line))
            state = line[-1][1]
        else:
            for action in known:
                state = apply_planned(state, action)
    return state


Options = list[tuple[float, tuple[Action, ...]]]
"""The plays open to a seat at a position, each with its value before the greedy level's random spread."""
OPTIONS_KEPT = 5_000   # positions whose options a judgement's spread roll-outs remember before starting afresh


def _spread_play(state: GameState, actor: int, turn_start: bool, spread: random.Random,
                 options: dict[Hashable, Options] | None) -> GameState | None:
    """The position after the seat's play as the greedy level plays it, with its random spread (None: no play)."""
    key = (actor, state_key(state, deck=False))
    known = options.get(key) if options is not None else None
    lines: list[tuple[float, Line]] | None = None
    if known is None:
        lines = Planner(state, actor).plays(state) if turn_start else [(0.0, Planner(state, actor).finish(state))]
        known = [(value, tuple(a for a, _s in line)) for value, line in lines]
        if options is not None:
            remember(options, key, known, OPTIONS_KEPT)
    if turn_start:
        noisy = [(value + GreedyBot.NOISE * spread.random(), k) for k, (value, _a) in enumerate(known)]
        if not noisy:
            return None
        chosen = max(noisy, key=lambda p: p[0])[1]
    else:
        chosen = 0
    if lines is not None:
        line = lines[chosen][1]
        return line[-1][1] if line else None
    for action in known[chosen][1]:
        state = apply_planned(state, action)
    return state if known[chosen][1] else None


def _greedy_play(state: GameState, actor: int, turn_start: bool) -> Line:
    if turn_start:
        plays = Planner(state, actor).plays(state)
        return max(plays, key=lambda p: p[0])[1] if plays else []
    return Planner(state, actor).finish(state)


def my_next_lines(state: GameState, me: int, count: int) -> list[tuple[GameState, Line]]:
    """Player `me`'s next `count` card plays (each with the position it starts from) as every seat's noise-free
    greedy play goes on from `state` (at most one round of turns per play wanted; fewer once the game ends)."""
    found: list[tuple[GameState, Line]] = []
    for _turn in range(count * len(state.players) + 1):
        if state.over or len(found) >= count:
            break
        actor = state.actor_index
        assert actor is not None
        line = _greedy_play(state, actor, state.pending is None and not state.choices)
        if not line:
            break
        if actor == me and state.pending is None and not state.choices:
            found.append((state, line))
        state = line[-1][1]
    return found


def replay(state: GameState, line: Line) -> GameState:
    """The line's actions played from `state` (a position sampled from the same view)."""
    for action, _after in line:
        state = apply_planned(state, action)
    return state


class Samples:
    """The deck orders of one judgement and the roll-outs made on them (see the module text)."""

    def __init__(self, view: GameState, me: int, seed: int) -> None:
        self.me = me
        self._seed = seed
        self._deck = view.deck
        self._rng = random.Random(seed)
        self._views: list[GameState] = []
        self._leaves: dict[tuple[int, Hashable], dict[int, GameState]] = {}
        self._options: dict[Hashable, Options] = {}

    def _sampled(self, k: int, view: GameState) -> GameState:
        if view.deck != self._deck:
            raise ValueError("a judgement's samples are for one deck: the play drew a card")
        while len(self._views) <= k:
            self._views.append(sample(view, self._rng))
        deck = self._views[k].deck
        return view if deck == view.deck else replace(view, deck=deck)

    def leaf(self, k: int, view: GameState, line: Line, turns: int) -> GameState:
        """The position after `line` (played from `view`) on deck sample `k` and `turns` turns of every
        seat's greedy play; a longer roll-out goes on from a shorter one already made."""
        known = self._leaves.setdefault((k, state_key(line[-1][1]) if line else state_key(view)), {})
        if turns not in known:
            shorter = max((t for t in known if t < turns), default=None)
            if shorter is None:
                known[turns] = greedy_turns(replay(self._sampled(k, view), line), turns, game_memory(view, "plans"))
            else:
                known[turns] = greedy_turns(known[shorter], turns - shorter, game_memory(view, "plans"))
        return known[turns]

    def spread_readings(self, k: int, view: GameState, line: Line, turns: Sequence[int]) -> list[float]:
        """Player `me`'s fitted margin after each of `turns` (ascending) turns of every seat's play after
        `line` on deck sample `k`, every seat playing as the greedy level does, with its random spread
        drawn from a generator seeded by this judgement's seed and `k`: one of the many ways greedy players
        may go on, and the same draws for every line (paired)."""
        return self.spread_play(k, view, line, turns)[0]

    def spread_play(self, k: int, view: GameState, line: Line, turns: Sequence[int]) -> tuple[list[float], GameState]:
        """`spread_readings` and the position the roll-out ends in (after the last of `turns`)."""
        spread = random.Random(f"{self._seed}|spread|{k}")
        state = replay(self._sampled(k, view), line)
        done, readings = 0, []
        for t in turns:
            state = greedy_turns(state, t - done, spread=spread, options=self._options)
            done = t
            readings.append(expected_margin(state, self.me))
        return readings, state

    def value(self, k: int, view: GameState, line: Line, turns: int) -> float:
        """Player `me`'s expected final-score margin (the fitted value) at `leaf(k, view, line, turns)`."""
        return expected_margin(self.leaf(k, view, line, turns), self.me)
