"""Game review: for each decision of each player, the best alternative found and the points lost.

`review(game_or_record, budget=...)` walks a finished or unfinished game (a `Game` or a `Record`). At
every position where the player to act had a choice it judges, with the measure of the hints (search.py:
the expected final-score difference to the best other player, in points), the best candidate lines
and the best line that starts with the step actually played, all on the same sampled deck orders and
from what that player knew (hidden.seen_by). The points lost are the difference (never below 0): a
card play is charged for the card chosen, each later step of the play for its own choice.

Where the points went (`by_god`): the loss is split over the gods whose expected points (judge.
expected_by_god, the player's own) dropped from the best line to the played one, in proportion to
each drop; the part of the loss that is not the player's own drop (the played line helped the best
other player) is counted under "rivals". The three costliest decisions of each player carry their
step numbers: `game.state_at(step)` is the position and `game.branch(step)` starts a game there to try
the better line.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..actions import Action
from ..engine import apply, legal_actions
from ..game import Game
from ..i18n import _, n_
from ..record import Record
from ..state import GameState
from ..text import god_name, listing
from .candidates import candidate_lines
from .greedy import Planner
from .hidden import seen_by
from .hints import HORIZON
from .judge import POINT_KEYS, expected_by_god
from .reasons import advise
from .search import Scored, look_ahead, rank

BUDGET = 4            # roll-outs per decision
WIDTH = 3             # best candidates compared with the played line
LOSS_KEYS = (*POINT_KEYS, "rivals")
COSTLIEST = 3


@dataclass(frozen=True)
class Decision:
    """One decision of a player: what was played, the best line found, and the points lost."""

    step: int                          # actions before it: game.state_at(step) is the position
    player: str
    played: Action
    best: tuple[Action, ...]           # the best line found, from this step to the end of the card play
    value_played: float                # expected final-score difference to the best other player (points)
    value_best: float
    loss: float                        # value_best - value_played, never below 0
    by_god: Mapping[str, float]        # the loss split over LOSS_KEYS (see the module text)
    advice: str                        # the best line in words, addressed to the player

    def __str__(self) -> str:
        if self.loss <= 0:
            return _("step {step}, {player}: {played} (the best found)", step=self.step, player=self.player,
                     played=self.played)
        return _("step {step}, {player}: {played} lost {points:.1f} points; better: {better} ({advice})",
                 step=self.step, player=self.player, played=self.played, points=self.loss, better=self.best[0],
                 advice=self.advice)


@dataclass(frozen=True)
class PlayerReview:
    """One player's summary: decisions judged, points lost in all and per god, the costliest decisions."""

    name: str
    decisions: int
    lost: float
    by_god: Mapping[str, float]
    costliest: tuple[Decision, ...]

    def __str__(self) -> str:
        parts = [_("{god} {points:.1f}", god=_key_name(k), points=v) for k, v in
                 sorted(self.by_god.items(), key=lambda kv: -kv[1]) if v >= 0.05]
        costly = listing(_("step {step} ({points:.1f})", step=d.step, points=d.loss) for d in self.costliest)
        return n_("{name} lost {points:.1f} points in {n} decision ({gods}); costliest: {costly}",
                  "{name} lost {points:.1f} points in {n} decisions ({gods}); costliest: {costly}",
                  self.decisions, name=self.name, points=self.lost, gods=listing(parts), costly=costly)


@dataclass(frozen=True)
class Review:
    """The review of a game: every judged decision, and a summary per player (in turn order)."""

    players: tuple[PlayerReview, ...]
    decisions: tuple[Decision, ...]
    budget: int

    def player(self, name: str) -> PlayerReview:
        return next(p for p in self.players if p.name == name)

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.players)


def _key_name(key: str) -> str:
    return _("rivals") if key == "rivals" else god_name(key)


def review(game: Game | Record, budget: int = BUDGET, *, width: int = WIDTH, horizon: int = HORIZON,
           seed: int = 0) -> Review:
    """Judge every decision of `game` (see the module text); `budget` roll-outs per decision."""
    if isinstance(game, Record):
        game = Game.from_record(game)
    states = [game.initial] + [step.state for step in game.history]
    decisions = []
    for number, step in enumerate(game.history):
        found = judge_decision(states[number], step.action, number, budget=budget, width=width, horizon=horizon,
                               seed=seed + number)
        if found is not None:
            decisions.append(found)
    players = []
    for p in game.initial.players:
        mine = [d for d in decisions if d.player == p.name]
        by_god = {k: round(sum(d.by_god[k] for d in mine), 2) for k in LOSS_KEYS}
        costliest = tuple(sorted(mine, key=lambda d: (-d.loss, d.step))[:COSTLIEST])
        players.append(PlayerReview(p.name, len(mine), round(sum(d.loss for d in mine), 2), MappingProxyType(by_god),
                                    tuple(d for d in costliest if d.loss > 0)))
    return Review(tuple(players), tuple(decisions), budget)


def judge_decision(state: GameState, played: Action, step: int = 0, *, budget: int = BUDGET, width: int = WIDTH,
                   horizon: int = HORIZON, seed: int = 0) -> Decision | None:
    """The decision of playing `played` in `state`, judged; None when there was nothing to choose."""
    if state.over or len(legal_actions(state)) < 2:
        return None
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    planner = Planner(view, me)
    ranked = rank(candidate_lines(view, me, planner), me)
    pool = ranked[:width]
    mine = [c for c in ranked if c.line[0][0] == played]
    if not mine:
        after = apply(view, played)
        mine = rank([[(played, after)] + planner.finish(after)], me)
    if not any(c is mine[0] for c in pool):
        pool.append(mine[0])
    found = look_ahead(view, me, pool, budget=budget, width=len(pool), horizon=horizon, rng=random.Random(seed),
                       keep=len(pool))
    best = max(found, key=lambda c: c.value)
    own = max((c for c in found if c.line[0][0] == played), key=lambda c: c.value)
    loss = max(0.0, best.value - own.value)
    return Decision(step, state.players[me].name, played, tuple(a for a, _s in best.line), round(own.value, 2),
                    round(best.value, 2), round(loss, 2), MappingProxyType(_split(loss, best, own, me)),
                    advise(view, me, best.line))


def _split(loss: float, best: Scored, own: Scored, me: int) -> dict[str, float]:
    """The loss over the gods whose expected points dropped, in proportion, the rest to 'rivals'."""
    result = dict.fromkeys(LOSS_KEYS, 0.0)
    if loss <= 0:
        return result
    best_by_god, own_by_god = _mean_by_god(best, me), _mean_by_god(own, me)
    drops = {k: best_by_god[k] - own_by_god[k] for k in POINT_KEYS}
    positive = {k: d for k, d in drops.items() if d > 0}
    mine = min(loss, max(0.0, sum(drops.values())))
    if positive and mine > 0:
        total = sum(positive.values())
        for k, d in positive.items():
            result[k] = round(mine * d / total, 2)
    result["rivals"] = round(loss - sum(result.values()), 2)
    return result


def _mean_by_god(cand: Scored, me: int) -> dict[str, float]:
    leaves: list[GameState] = cand.leaves or [cand.line[-1][1]]
    sums = dict.fromkeys(POINT_KEYS, 0.0)
    for leaf in leaves:
        for k, v in expected_by_god(leaf, me).items():
            sums[k] += v
    return {k: v / len(leaves) for k, v in sums.items()}


__all__ = ["Decision", "PlayerReview", "Review", "judge_decision", "review"]
