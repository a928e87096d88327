"""Game review: for each decision of each player, the best play the judge finds and the points lost.

`review(game_or_record)` walks a finished or unfinished game (a `Game` or a `Record`). At every position
where the player to act had a choice it asks the judge (judge.py) with the hints' budget, from what that
player knew (hidden.seen_by):
1. a step that starts the judge's best line (the first hint of its position) costs nothing: a learner who
   follows the hints is never told they erred;
2. any other step, followed by the judge's best way on with the play (or its greedy completion once the
   player has no choice left in it), is rated as the judge rates its lines; if the best line leads it by
   more than noise (Z standard errors), both are measured again independently of the search (judge.rate,
   fresh: other deck orders, every seat playing with the greedy level's random spread, paired), and the
   difference found then is charged if it is still beyond noise. A step is charged only for what the best
   play from after it can no longer make good: within a play the losses add up to what the play gave away,
   not the same loss once per step. Measuring afresh keeps the review honest:
   the best of several noisy estimates is optimistic, and charging it would blame a player for the luck of
   the search.
A card play is charged for the card chosen, each later step of the play for its own choice. A player's
total is the sum of these charges: the points given away by decisions the judge can tell apart from the
best, each loss within noise counted as none.

Where the points went (`by_god`): the loss is split over the gods whose expected points (value.by_god,
the player's own) dropped from the best line to the played one, in proportion to each drop; the part
that is not the player's own drop (the played line helped the best other player) is counted under
"rivals". The three costliest decisions of each player carry their step numbers: `game.state_at(step)`
is the position and `game.branch(step)` starts a game there to try the better line.

With an `executor` (a process pool, say) the steps are judged there, a run of whole turns per task: the
verdicts are the same (the judge is deterministic for a position, budget and seed), only sooner on a
machine with several cores.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..actions import Action, parse_action
from ..engine import apply, legal_actions
from ..game import Game
from ..i18n import _, get_language, n_, set_language
from ..record import Record
from ..state import GameState
from ..text import god_name, listing
from .base import Line
from .hidden import seen_by
from .judge import FULL, Budget, Judgement, Rated, Z, judge, play_key, rate
from .reasons import advise
from .value import POINT_KEYS, by_god

LOSS_KEYS = (*POINT_KEYS, "rivals")
COSTLIEST = 3


@dataclass(frozen=True)
class Decision:
    """One decision of a player: what was played, the best line found, and the points lost."""

    step: int                          # actions before it: game.state_at(step) is the position
    player: str
    played: Action
    best: tuple[Action, ...]           # the best line found, from this step to the end of the card play
    value_played: float                # expected final-score margin to the best other player (points)
    value_best: float
    loss: float                        # points charged: value_best - value_played when beyond noise, else 0
    se: float                          # the standard error of that difference (points)
    by_god: Mapping[str, float]        # the loss split over LOSS_KEYS (see the module text)
    advice: str                        # the best line in words, addressed to the player

    def __str__(self) -> str:
        if self.loss <= 0:
            return _("step {step}, {player}: {played} (as good as the best found)", step=self.step,
                     player=self.player, played=self.played)
        return _("step {step}, {player}: {played} lost about {points:.1f} points (± {se:.1f}); better: {better} "
                 "({advice})", step=self.step, player=self.player, played=self.played, points=self.loss, se=self.se,
                 better=self.best[0], advice=self.advice)


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
        if not self.costliest:
            return n_("{name} lost no points the judge could tell apart in {n} decision",
                      "{name} lost no points the judge could tell apart in {n} decisions", self.decisions,
                      name=self.name)
        return n_("{name} lost about {points:.1f} points in {n} decision ({gods}); costliest: {costly}",
                  "{name} lost about {points:.1f} points in {n} decisions ({gods}); costliest: {costly}",
                  self.decisions, name=self.name, points=self.lost, gods=listing(parts), costly=costly)


@dataclass(frozen=True)
class Review:
    """The review of a game: every judged decision, and a summary per player (in turn order)."""

    players: tuple[PlayerReview, ...]
    decisions: tuple[Decision, ...]
    budget: Budget

    def player(self, name: str) -> PlayerReview:
        return next(p for p in self.players if p.name == name)

    def to_dict(self) -> dict[str, object]:
        """The decisions as data (actions in notation, no sentences: they are worded again when read)."""
        b = self.budget
        return {"budget": [b.samples, b.screen, b.width, b.horizon, *((True,) if b.spread else ())],
                "decisions": [_as_dict(d) for d in self.decisions]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], game: Game) -> Review:
        """The review `to_dict` wrote, of `game`, its advice worded again in the current language."""
        return summary(game, [_decision(d, game) for d in data["decisions"]], Budget(*data["budget"]))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.players)


def _as_dict(d: Decision) -> dict[str, Any]:
    """A decision as data (Review.to_dict)."""
    return {"step": d.step, "player": d.player, "played": str(d.played), "best": [str(a) for a in d.best],
            "value_played": d.value_played, "value_best": d.value_best, "loss": d.loss, "se": d.se,
            "by_god": dict(d.by_god)}


def _decision(d: Mapping[str, Any], game: Game) -> Decision:
    """The decision `_as_dict` wrote, of `game`, its advice worded in the current language."""
    state = game.state_at(d["step"])
    me = state.actor_index
    assert me is not None
    view = position = seen_by(state, me)
    line: Line = []
    for text in d["best"]:
        action = parse_action(text, position)
        position = apply(position, action)
        line.append((action, position))
    return Decision(d["step"], d["player"], parse_action(d["played"], state), tuple(a for a, _s in line),
                    d["value_played"], d["value_best"], d["loss"], d["se"], MappingProxyType(dict(d["by_god"])),
                    advise(view, me, line))


def _key_name(key: str) -> str:
    return _("rivals") if key == "rivals" else god_name(key)


def review(game: Game | Record, budget: Budget = FULL, *, seed: int = 0,
           progress: Callable[[int, int, Review], None] | None = None, executor: Executor | None = None) -> Review:
    """Judge every decision of `game` (see the module text); `progress(done, total, so_far)` after each
    step (with an `executor`, after each task), with the review of the steps judged so far (a screen shows
    the first verdicts while it goes on)."""
    if isinstance(game, Record):
        game = Game.from_record(game)
    if executor is not None:
        return _review_through(executor, game, budget, seed, progress)
    states = [game.initial] + [step.state for step in game.history]
    decisions = []
    for number, step in enumerate(game.history):
        found = judge_decision(states[number], step.action, number, budget=budget, seed=seed)
        if found is not None:
            decisions.append(found)
        if progress is not None:
            progress(number + 1, len(game.history), summary(game, decisions, budget))
    return summary(game, decisions, budget)


TURNS_PER_TASK = 6   # whole turns judged by one task of an executor: the steps of a play share its roll-outs


def turn_runs(game: Game, turns: int = TURNS_PER_TASK) -> list[range]:
    """The game's steps in runs of `turns` whole turns (each run starts at a turn start)."""
    states = [game.initial] + [step.state for step in game.history]
    starts = [n for n in range(len(game.history)) if states[n].pending is None and not states[n].choices]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = starts[::turns] + [len(game.history)]
    return [range(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def judge_steps(record: str, steps: Sequence[int], budget: Budget, seed: int, language: str) -> list[dict[str, Any]]:
    """The decisions among `steps` of the game saved as `record` (Game.to_json), as data (Review.to_dict's):
    one task of a review through an executor (a top-level function, so process pools can pickle it)."""
    set_language(language)
    game = Game.from_json(record)
    states = [game.initial] + [step.state for step in game.history]
    found = (judge_decision(states[n], game.history[n].action, n, budget=budget, seed=seed) for n in steps)
    return [_as_dict(d) for d in found if d is not None]


def _review_through(executor: Executor, game: Game, budget: Budget, seed: int,
                    progress: Callable[[int, int, Review], None] | None) -> Review:
    record, language = game.to_json(), get_language()
    runs = turn_runs(game)
    futures = {executor.submit(judge_steps, record, list(run), budget, seed, language): run for run in runs}
    decisions: list[Decision] = []
    done = 0
    for future in as_completed(futures):
        decisions += [_decision(d, game) for d in future.result()]
        done += len(futures[future])
        if progress is not None:
            progress(done, len(game.history), summary(game, sorted(decisions, key=lambda d: d.step), budget))
    return summary(game, sorted(decisions, key=lambda d: d.step), budget)


def summary(game: Game, decisions: list[Decision], budget: Budget = FULL) -> Review:
    """The review made of these decisions: each player's total, split by god, and costliest decisions."""
    players = []
    for p in game.initial.players:
        mine = [d for d in decisions if d.player == p.name]
        split = {k: round(sum(d.by_god[k] for d in mine), 2) for k in LOSS_KEYS}
        costliest = tuple(sorted(mine, key=lambda d: (-d.loss, d.step))[:COSTLIEST])
        players.append(PlayerReview(p.name, len(mine), round(sum(d.loss for d in mine), 2), MappingProxyType(split),
                                    tuple(d for d in costliest if d.loss > 0)))
    return Review(tuple(players), tuple(decisions), budget)


def judge_decision(state: GameState, played: Action, step: int = 0, *, budget: Budget = FULL,
                   seed: int = 0) -> Decision | None:
    """The decision of playing `played` in `state`, judged (see the module text); None when there was
    nothing to choose."""
    if state.over or len(legal_actions(state)) < 2:
        return None
    found = judge(state, budget, seed)
    if play_key(played) == play_key(found.best.first):
        return _no_loss(state, found, found.best, step, played)
    line = (played, *_best_after(state, played, budget, seed))
    mine = rate(state, line, budget, seed)
    diff, se = found.gap(found.best, mine)
    if diff < Z * se:
        return _no_loss(state, found, mine, step, played, found.best, se)
    best = rate(state, found.best.actions, budget, seed, fresh=True)
    mine = rate(state, line, budget, seed, fresh=True)
    diff, se = found.gap(best, mine)
    if diff < Z * se:
        return _no_loss(state, found, mine, step, played, best, se)
    me = found.me
    return Decision(step, state.players[me].name, played, best.actions, round(mine.value, 2), round(best.value, 2),
                    round(diff, 2), round(se, 2), MappingProxyType(_split(diff, best, mine, me)),
                    advise(found.view, me, best.line))


def _best_after(state: GameState, played: Action, budget: Budget, seed: int) -> tuple[Action, ...]:
    """The judge's best way on with the play after `played` while the player still chooses in it: a step is
    charged only for what the best play from there can no longer make good, so a slip put right at the next
    step costs nothing and one never put right is charged once, where it was made."""
    me = state.actor_index
    after = apply(state, played)
    if after.over or after.actor_index != me or (after.pending is None and not after.choices) \
            or len(legal_actions(after)) < 2:
        return ()
    return judge(after, budget, seed).best.actions


def _no_loss(state: GameState, found: Judgement, own: Rated, step: int, played: Action, best: Rated | None = None,
             se: float = 0.0) -> Decision:
    best = best or found.best
    me = found.me
    return Decision(step, state.players[me].name, played, best.actions, round(own.value, 2), round(best.value, 2), 0.0,
                    round(se, 2), MappingProxyType(dict.fromkeys(LOSS_KEYS, 0.0)), advise(found.view, me, best.line))


def _split(loss: float, best: Rated, own: Rated, me: int) -> dict[str, float]:
    """The loss over the gods whose expected points dropped, in proportion, the rest to 'rivals'."""
    result = dict.fromkeys(LOSS_KEYS, 0.0)
    best_by_god, own_by_god = by_god(best.end, me), by_god(own.end, me)
    drops = {k: best_by_god[k] - own_by_god[k] for k in POINT_KEYS}
    positive = {k: d for k, d in drops.items() if d > 0}
    mine = min(loss, max(0.0, sum(drops.values())))
    if positive and mine > 0:
        total = sum(positive.values())
        for k, d in positive.items():
            result[k] = round(mine * d / total, 2)
    result["rivals"] = round(loss - sum(result.values()), 2)
    return result


__all__ = ["Decision", "PlayerReview", "Review", "judge_decision", "judge_steps", "review", "summary", "turn_runs"]
