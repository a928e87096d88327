"""Game review: for each decision of each player, the best play the judge finds and the points lost.

`review(game_or_record)` walks a finished or unfinished game (a `Game` or a `Record`). At every position
where the player to act had a choice it asks the judge (judge.py), from what that player knew
(hidden.seen_by), first with the strong level's cheaper budget (`budget`, FULL: a screen), then, for the
decisions the screen would charge, with the hints' final budget (`final`, FINAL), so a charge is a decision
the hints themselves call worse:
1. a step that starts the judge's best line (the first hint of its position, the final answer's) costs
   nothing: a learner who follows the hints is never told they erred;
2. any other step, followed by the judge's best way on with the play (or its greedy completion once the
   player has no choice left in it), is rated as the judge rates its lines; if the best line leads it by
   more than noise (Z standard errors), the screen passes it on: the same at the final budget, and if the
   final answer's best line still leads beyond noise, both are measured again independently of the search
   (judge.rate, fresh: other deck orders, every seat playing with the greedy level's random spread, paired),
   and the difference found then is charged if it is still beyond noise. A step is charged only for what the
   best play from after it can no longer make good: within a play the losses add up to what the play gave
   away, not the same loss once per step. Measuring afresh keeps the review honest: the best of several noisy
   estimates is optimistic, and charging it would blame a player for the luck of the search.
A card play is charged for the card chosen, each later step of the play for its own choice. A player's
total is the sum of these charges: the points given away by decisions the judge can tell apart from the
best, each loss within noise counted as none.

Where the points went (`by_god`), in the game's terms: the fresh measures' look-aheads project each line's
final scores (judge.gain: the player's own points per god and the Concordia card, coins and goods, the hand;
every other player's score); the loss is split over what the best line projects more of for the player
(value.PART_KEYS) and what the played line projects more of for another player (key OTHER + their name), in
proportion. Every charged decision of a player is listed, costliest first (`charged`; `costliest`, its first
three), with its step number: `game.state_at(step)` is the position and `game.branch(step)` starts a game
there to try the better line.

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
from ..text import listing, possessive
from .base import Line
from .hidden import seen_by
from .judge import FINAL, FULL, Budget, Judgement, Rated, Z, gain, judge, play_key, rate
from .reasons import advise, part_name
from .value import PART_KEYS

OTHER = "other:"   # the key of another player's score in a loss's split: OTHER + their name
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
    by_god: Mapping[str, float]        # the loss split in the game's terms (PART_KEYS, OTHER + name: module text)
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
    charged: tuple[Decision, ...] = ()    # every charged decision, costliest first

    def __str__(self) -> str:
        parts = [_("{god} {points:.1f}", god=key_name(k), points=v) for k, v in
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
    final: Budget = FINAL    # the budget every charge was judged again with (the hints' final answer's)

    def player(self, name: str) -> PlayerReview:
        return next(p for p in self.players if p.name == name)

    def to_dict(self) -> dict[str, object]:
        """The decisions as data (actions in notation, no sentences: they are worded again when read)."""
        return {"budget": _numbers(self.budget), "final": _numbers(self.final),
                "decisions": [_as_dict(d) for d in self.decisions]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], game: Game) -> Review:
        """The review `to_dict` wrote, of `game`, its advice worded again in the current language."""
        final = Budget(*data["final"]) if "final" in data else FINAL
        return summary(game, [_decision(d, game) for d in data["decisions"]], Budget(*data["budget"]), final)

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.players)


def _numbers(b: Budget) -> list[object]:
    """A budget as data: four numbers, then spread and the width in a play when they are not the defaults."""
    tail = [b.spread, b.step_width] if b.step_width else [True] if b.spread else []
    return [b.samples, b.screen, b.width, b.horizon, *tail]


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


def key_name(key: str) -> str:
    """A key of a loss's split in the game's terms: 'Saturnus', 'coins and goods', "Livia's score"."""
    if key.startswith(OTHER):
        return _("{whose} score", whose=possessive(key[len(OTHER):]))     # "your score" for the learner
    return part_name(key)


def review(game: Game | Record, budget: Budget = FULL, *, seed: int = 0,
           progress: Callable[[int, int, Review], None] | None = None, executor: Executor | None = None,
           final: Budget = FINAL) -> Review:
    """Judge every decision of `game` (see the module text: screened with `budget`, charged with `final`);
    `progress(done, total, so_far)` after each step (with an `executor`, after each task), with the review of the
    steps judged so far (a screen shows the first verdicts while it goes on)."""
    if isinstance(game, Record):
        game = Game.from_record(game)
    if executor is not None:
        return _review_through(executor, game, budget, final, seed, progress)
    states = [game.initial] + [step.state for step in game.history]
    decisions = []
    for number, step in enumerate(game.history):
        found = judge_decision(states[number], step.action, number, budget=budget, seed=seed, final=final)
        if found is not None:
            decisions.append(found)
        if progress is not None:
            progress(number + 1, len(game.history), summary(game, decisions, budget, final))
    return summary(game, decisions, budget, final)


TURNS_PER_TASK = 6   # whole turns judged by one task of an executor: the steps of a play share its roll-outs
FIRST_TASKS = 2      # tasks of a single turn first, so the first verdicts come at once


def turn_runs(game: Game, turns: int = TURNS_PER_TASK, first: int = 0) -> list[range]:
    """The game's steps in runs of `turns` whole turns (each run starts at a turn start), the `first` runs of one
    turn each."""
    states = [game.initial] + [step.state for step in game.history]
    starts = [n for n in range(len(game.history)) if states[n].pending is None and not states[n].choices]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    bounds = starts[:first] + starts[first::turns] + [len(game.history)]
    return [range(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def judge_steps(record: str, steps: Sequence[int], budget: Budget, seed: int, language: str,
                final: Budget = FINAL) -> list[dict[str, Any]]:
    """The decisions among `steps` of the game saved as `record` (Game.to_json), as data (Review.to_dict's):
    one task of a review through an executor (a top-level function, so process pools can pickle it)."""
    set_language(language)
    game = Game.from_json(record)
    states = [game.initial] + [step.state for step in game.history]
    found = (judge_decision(states[n], game.history[n].action, n, budget=budget, seed=seed, final=final)
             for n in steps)
    return [_as_dict(d) for d in found if d is not None]


def _review_through(executor: Executor, game: Game, budget: Budget, final: Budget, seed: int,
                    progress: Callable[[int, int, Review], None] | None) -> Review:
    record, language = game.to_json(), get_language()
    runs = turn_runs(game, first=FIRST_TASKS)
    futures = {executor.submit(judge_steps, record, list(run), budget, seed, language, final): run for run in runs}
    decisions: list[Decision] = []
    done = 0
    for future in as_completed(futures):
        decisions += [_decision(d, game) for d in future.result()]
        done += len(futures[future])
        if progress is not None:
            progress(done, len(game.history), summary(game, sorted(decisions, key=lambda d: d.step), budget, final))
    return summary(game, sorted(decisions, key=lambda d: d.step), budget, final)


def summary(game: Game, decisions: list[Decision], budget: Budget = FULL, final: Budget = FINAL) -> Review:
    """The review made of these decisions: each player's total, split in the game's terms, and charged decisions."""
    players = []
    for p in game.initial.players:
        mine = [d for d in decisions if d.player == p.name]
        keys = [*PART_KEYS, *sorted({k for d in mine for k in d.by_god} - set(PART_KEYS))]
        split = {k: round(sum(d.by_god.get(k, 0.0) for d in mine), 2) for k in keys}
        charged = tuple(sorted((d for d in mine if d.loss > 0), key=lambda d: (-d.loss, d.step)))
        players.append(PlayerReview(p.name, len(mine), round(sum(d.loss for d in mine), 2), MappingProxyType(split),
                                    charged[:COSTLIEST], charged))
    return Review(tuple(players), tuple(decisions), budget, final)


def judge_decision(state: GameState, played: Action, step: int = 0, *, budget: Budget = FULL,
                   seed: int = 0, final: Budget = FINAL) -> Decision | None:
    """The decision of playing `played` in `state`, judged (see the module text); None when there was
    nothing to choose."""
    if state.over or len(legal_actions(state)) < 2:
        return None
    found = judge(state, budget, seed)
    if play_key(played) == play_key(found.best.first):
        return _no_loss(state, found, found.best, step, played)
    mine = rate(state, (played, *_best_after(state, played, budget, seed)), budget, seed)
    diff, se = found.gap(found.best, mine)
    if diff < Z * se or final == budget:
        return _verdict(state, found, mine, played, step, seed) if diff >= Z * se else \
            _no_loss(state, found, mine, step, played, found.best, se)
    found = judge(state, final, seed)
    if play_key(played) == play_key(found.best.first):
        return _no_loss(state, found, found.best, step, played)
    mine = rate(state, (played, *_best_after(state, played, final, seed)), final, seed)
    diff, se = found.gap(found.best, mine)
    if diff < Z * se:
        return _no_loss(state, found, mine, step, played, found.best, se)
    return _verdict(state, found, mine, played, step, seed)


def _verdict(state: GameState, found: Judgement, mine: Rated, played: Action, step: int, seed: int) -> Decision:
    """A loss beyond noise in `found`, measured again afresh (both lines, paired) and charged if still beyond it."""
    best = rate(state, found.best.actions, found.budget, seed, fresh=True)
    mine = rate(state, mine.actions, found.budget, seed, fresh=True)
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
                    round(se, 2), MappingProxyType({}), advise(found.view, me, best.line))


def _split(loss: float, best: Rated, own: Rated, me: int) -> dict[str, float]:
    """The loss over what the best line projects more of for the player and what the played one projects more of
    for another player, in proportion (module text)."""
    projected = gain(best, own, me)
    shares = {k: v for k, v in projected.mine.items() if v > 0}
    shares.update({OTHER + name: -v for name, v in projected.others.items() if v < 0})
    total = sum(shares.values())
    if total <= 0:   # nothing projected better for the player: none of it in their own parts (not met in practice)
        shares = {OTHER + name: 1.0 for name in projected.others}
        total = float(len(shares))
    if total <= 0:
        return {}
    return {k: round(loss * v / total, 2) for k, v in sorted(shares.items(), key=lambda kv: -kv[1])}


__all__ = ["OTHER", "Decision", "PlayerReview", "Review", "judge_decision", "judge_steps", "key_name", "review", "summary",
           "turn_runs"]
