"""The judge: one rating of the candidate plays of a position, asked by the hints, the review and the
strong level alike (docs/judge.md tells the learner how it works and how sure it is).

`judge(state, budget, seed)` rates the candidate lines of the player who must act (candidates.py: whole
plays, to the end of the card play), from what that player knows (hidden.seen_by), by their expected
final-score margin: the player's expected final score less the best other player's, in points.
- At the start of a turn every card of the hand (one of each set of cards that play alike), completed
  step by step greedily, is rated by the fitted value of the position it leaves (value.py), or with a
  `screen` by that value after `screen` turns of every player's greedy play; the `width` best are played
  out `horizon` turns by every player's greedy play on `samples` deck orders (the same orders for every
  line: common random numbers), or to the end of the game if it ends sooner, and rated by the fitted value
  there, on the way (after MIDWAY turns) and at the line's own end. Measured against play-outs to the end
  (scripts/measure_hints.py), a short look-ahead hardly tells two plays apart and a long one does, so
  the best are looked at longest.
- In the middle of a play the rest of the play greedily completed (the line a turn's judgement played
  out) and the `width` - 1 other steps, completed greedily, that the fitted value rates best are played
  out `horizon` turns on the same deck orders; the other steps are rated by the fitted value of their end
  alone. The samples come from a seed made from the position at the start of the card play, which every
  step of a play shares, so the line a turn's judgement played out keeps its value: asked after its
  first step, the judge continues it unless another step is measured better beyond noise (a step within
  noise of it is about equal: no reason to change course, and the strong level, which plays its line
  through, does not).
What a line's look-ahead measured becomes its claim through weights fitted against play-outs to the end
on calibration positions (value.Claim, one per stage; scripts/measure_hints.py --calibrate): a roll-out
overstates how far two plays differ (one greedy game is one of many ways the game may go), and the fit
shrinks it to what play-outs to the end bear out. A line's value is the mean of its samples' claims; its
standard error adds their spread to the claims' own error at that stage on the calibration positions.
Paired differences decide the order: two lines within noise of each other are `about_equal`.

`expected_scores` and `advantage` are the fitted value of a position itself, without roll-outs.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from ..actions import Action, PlayCard
from ..engine import apply
from ..state import GameState
from .base import Line, card_of, options
from .candidates import Completions, state_key
from .hidden import seen_by
from .search import Samples
from .value import PART_KEYS, claim, expected_finals, expected_margin, parts

Z = 2.0   # standard errors apart before two lines are told apart


@dataclass(frozen=True)
class Budget:
    """How hard the judge looks: deck orders per roll-out, turns every card of a turn is played out before
    the best are chosen (0: none, the fitted value alone), lines played out further, and turns of greedy
    play for those (see the module text). With `spread` the roll-outs play as the greedy level does, with
    its random spread (Samples.spread_readings), as the play-outs the judge is measured against do; the
    shipped budgets play noise-free greedy, whose plans are shared across deck orders (docs/judge.md measures
    both: scripts/measure_hints.py --budget)."""

    samples: int = 1
    screen: int = 0
    width: int = 3
    horizon: int = 24
    spread: bool = False
    step_width: int = 0   # lines played out in the middle of a play, the greedy completion's included (0: width)


END = 10_000   # a horizon of this many turns plays to the end of the game: the final margin itself is the reading


FULL = Budget(screen=8)
"""The strong level's budget, and the review's screen: every card played out 8 turns once, the 3 best by that
on to 24 (docs/judge.md, "A screen first"); about a sixth of a second a decision."""
FINAL = Budget(samples=4, screen=8, width=99, horizon=24, step_width=4)
"""The hints' final answer, worked out while the learner thinks, and the review's charges: every card played out
24 turns on 4 deck orders (in the middle of a play, the rest of the play and the 3 other steps the fitted value
rates best), where the strong level looks far at 3 cards on one; about half a second (docs/judge.md, "The hints' final
answer")."""
FIRST = Budget(samples=0, screen=0, width=0, horizon=0)
"""The first answer of the hints: every line by its fitted value alone, at once."""

STAGES = ("static", "screen", "horizon", "end")
"""How far a line was looked at: its end's fitted value only, the short look-ahead, the full one, or to the end of
the game (a budget whose horizon is END)."""
MIDWAY = 8   # turns into the full look-ahead at which the fitted value is also read (its claim uses both)


@dataclass(frozen=True)
class Rated:
    """A candidate line and what the judge found: its value (the expected final-score margin, points),
    the claims it is the mean of (one per deck sample; none for a line only valued), the fitted value of
    its end, how far it was looked at (STAGES) and the judge's own error there."""

    line: Line = field(repr=False)
    value: float
    results: tuple[float, ...]
    static: float
    stage: str
    model_se: float
    gap_se: float                 # the judge's own error of a difference between two lines of this stage
    leaves: tuple[GameState, ...] = field(default=(), repr=False, compare=False)
    """Where each sample's look-ahead ended (none for a line only valued: its own end), for `projection`."""
    pooled: bool = False   # model_se and gap_se hold the whole error of the mean of several samples (see _rated)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(a for a, _s in self.line)

    @property
    def first(self) -> Action:
        return self.line[0][0]

    @property
    def end(self) -> GameState:
        """The position after the line, as the player knows it (a card the play draws is a guess)."""
        return self.line[-1][1]

    @property
    def se(self) -> float:
        """The standard error of `value`: the roll-outs' spread and the fitted value's own error (pooled: both
        in model_se already)."""
        return self.model_se if self.pooled else math.sqrt(_sampling_var(self.results) + self.model_se ** 2)

    def __str__(self) -> str:
        return f"{' '.join(str(a) for a in self.actions)}: {self.value:+.1f} ± {self.se:.1f}"


@dataclass(frozen=True)
class Judgement:
    """The judge's answer for one position: every candidate line, best first (those played out first,
    by their mean; then the others by their fitted value)."""

    view: GameState = field(repr=False)
    me: int
    budget: Budget
    rated: tuple[Rated, ...]

    @property
    def best(self) -> Rated:
        return self.rated[0]

    def gap(self, a: Rated, b: Rated) -> tuple[float, float]:
        """How much better `a` is than `b` (points) and the standard error of that difference: paired
        over the deck samples both were played out on, plus the claims' own error of a difference."""
        return gap(a, b)

    def about_equal(self, a: Rated, b: Rated) -> bool:
        """True when the two lines are within noise of each other (less than Z standard errors apart)."""
        return about_equal(a, b)

    def of(self, action: Action) -> Rated | None:
        """The best rated line that starts with `action` (or with a card that plays alike), if any."""
        key = play_key(action)
        return next((r for r in self.rated if play_key(r.first) == key), None)


def gap(a: Rated, b: Rated) -> tuple[float, float]:
    """How much better `a` is than `b` (points) and the standard error of that difference (Judgement.gap)."""
    if a.pooled and b.pooled and a.stage == b.stage:
        return a.value - b.value, math.hypot(a.gap_se, b.gap_se) / math.sqrt(2)
    if len(a.results) == len(b.results) and not (a.pooled or b.pooled):
        sampling = _sampling_var([x - y for x, y in zip(a.results, b.results, strict=True)])
    else:
        sampling = sum(0.0 if r.pooled else _sampling_var(r.results) for r in (a, b))
    own = a.gap_se if a.stage == b.stage else math.hypot(a.model_se, b.model_se)
    return a.value - b.value, math.sqrt(sampling + own ** 2)


def about_equal(a: Rated, b: Rated) -> bool:
    """True when the two lines are within noise of each other (less than Z standard errors apart)."""
    diff, se = gap(a, b)
    return abs(diff) < Z * se


def play_key(action: Action) -> object:
    """Plays that are interchangeable (the same kind of card, coins and good) share a key."""
    if isinstance(action, PlayCard):
        c = card_of(action.card)
        return ("play", c.kind, c.coins, c.good)
    return action


def _sampling_var(results: Sequence[float]) -> float:
    """The variance of the mean of `results` (0 for fewer than two)."""
    n = len(results)
    if n < 2:
        return 0.0
    mean = sum(results) / n
    return sum((x - mean) ** 2 for x in results) / (n - 1) / n


def play_seed(state: GameState, seed: int) -> int:
    """A seed from the position at the start of the card play: the game's players and map and how many
    turns were played (every step of one play, and its storehouse choices, share it), and `seed`."""
    names = ",".join(p.name for p in state.players)
    return zlib.crc32(f"{state.map_id}|{names}|{state.turns_played}|{state.turn}|{seed}".encode())


_cache: list[tuple[GameState, Budget, int, Judgement]] = []
CACHE = 32   # judgements remembered: a table asks again after every redraw, and after each step of a line


def _known(view: GameState, budget: Budget, seed: int) -> Judgement | None:
    return next((found for known, b, s, found in _cache if b == budget and s == seed and known == view), None)


def _remember(view: GameState, budget: Budget, seed: int, found: Judgement) -> None:
    _cache.insert(0, (view, budget, seed, found))
    del _cache[CACHE:]


def judge(state: GameState, budget: Budget = FULL, seed: int = 0) -> Judgement:
    """Rate the candidate lines of the player who must act in `state` (see the module text);
    InvalidAction once the game is over."""
    options(state)  # raises once the game is over
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    found = _known(view, budget, seed)
    if found is None:
        found = _judge(view, me, budget, samples_for(view, me, play_seed(view, seed)), Completions(me))
        _remember(view, budget, seed, found)
    return found


_samples: list[tuple[tuple[int, int, tuple[str, ...]], Samples]] = []


def samples_for(view: GameState, me: int, seed: int) -> Samples:
    """The deck samples of a card play and the roll-outs already made on them, shared by the judgements of
    its steps (the roll-outs depend only on the seed, the deck and the lines: sharing them changes no value)."""
    key = (seed, me, view.deck)
    for known, samples in _samples:
        if known == key:
            return samples
    samples = Samples(view, me, seed)
    _samples.insert(0, (key, samples))
    del _samples[4:]
    return samples


def _judge(view: GameState, me: int, budget: Budget, samples: Samples, completions: Completions) -> Judgement:
    turn_start = view.pending is None and not view.choices
    lines = completions.card_lines(view) if turn_start else completions.lines(view)
    players = len(view.players)
    rated = [_rated(line, (), "static", players, expected_margin(line[-1][1], me)) for line in lines]
    rated.sort(key=lambda r: -r.value)
    if budget.samples > 0:
        if turn_start:
            rated = _looked_ahead(view, budget, samples, rated, players)
        else:
            greedy = completions.greedy_line(view)
            played = _played(view, budget, samples, greedy, "horizon", players)
            rest = [r for r in rated if state_key(r.end) != state_key(played.end)]
            width = (budget.step_width or budget.width) - 1
            others = sorted((_played(view, budget, samples, r.line, "horizon", players) for r in rest[:width]),
                            key=lambda r: -r.value)
            lead = others[0] if others and others[0].value > played.value and not about_equal(others[0], played) \
                else played
            best = sorted((r for r in [played, *others] if r is not lead), key=lambda r: -r.value)
            rated = [lead, *best, *rest[width:]]
    return Judgement(view, me, budget, tuple(rated))


def _looked_ahead(view: GameState, budget: Budget, samples: Samples, rated: list[Rated], players: int) -> list[Rated]:
    """Every card's line rated (by its fitted value, or played out `screen` turns), then the `width` best
    played out `horizon` turns (module text)."""
    if budget.screen > 0:
        rated = [_played(view, budget, samples, r.line, "screen", players) for r in rated]
        rated.sort(key=lambda r: -r.value)
    best = [_played(view, budget, samples, r.line, "horizon", players) for r in rated[:budget.width]]
    best.sort(key=lambda r: -r.value)
    return best + rated[budget.width:]


def _played(view: GameState, budget: Budget, samples: Samples, line: Line, stage: str, players: int) -> Rated:
    """The line played out on each deck sample to `stage` (budget.screen or budget.horizon turns), each
    sample's claim made of the fitted values read there (see the module text); rated by their mean."""
    static = expected_margin(line[-1][1], samples.me)
    if budget.samples <= 0:
        return _rated(line, (), "static", players, static)
    if stage == "horizon" and budget.horizon >= END:
        stage = "end"
    fitted = claim(players, stage)
    turns = (budget.screen,) if stage == "screen" else (budget.horizon,) if stage == "end" else \
        (min(MIDWAY, budget.horizon), budget.horizon)
    lead = (static,) if stage == "horizon" else ()
    read = [_readings(samples, k, view, line, turns, budget.spread) for k in range(budget.samples)]
    return _rated(line, tuple(fitted([*lead, *r]) for r, _leaf in read), stage, players, static,
                  tuple(leaf for _r, leaf in read), several=True)


def _readings(samples: Samples, k: int, view: GameState, line: Line, turns: Sequence[int],
              spread: bool) -> tuple[list[float], GameState]:
    """The fitted margin after each of `turns` turns of the roll-out of `line` on deck sample `k`, and where it
    ended: noise-free greedy play (shared plans), or with `spread` the greedy level's own play with its random
    spread."""
    if spread:
        return samples.spread_play(k, view, line, turns)
    return [samples.value(k, view, line, t) for t in turns], samples.leaf(k, view, line, turns[-1])


def _rated(line: Line, results: tuple[float, ...], stage: str, players: int, static: float,
           leaves: tuple[GameState, ...] = (), *, several: bool = False) -> Rated:
    """A line rated by the mean of its claims. With `several` deck samples (at least two, of a stage whose claims
    have a fitted Claim.bias) its error is pooled: the claims' error beyond the samples' spread (bias) and one
    sample's error divided by their number (a few samples' own spread is too unsteady to be told from), of a value
    and of a gap; one sample carries the whole error of a single look-ahead, the samples' spread added."""
    fitted = claim(players, stage)
    value = sum(results) / len(results) if results else fitted([static])
    n = len(results)
    if several and n >= 2 and fitted.bias is not None and fitted.gap_bias is not None:
        return Rated(line, value, results, static, stage, math.hypot(fitted.bias, fitted.error / math.sqrt(n)),
                     math.hypot(fitted.gap_bias, fitted.gap_error / math.sqrt(n)), leaves, pooled=True)
    return Rated(line, value, results, static, stage, fitted.error, fitted.gap_error, leaves)


FRESH = 7919        # added to the seed of a re-measurement: other deck orders than the judgement's own
FRESH_SAMPLES = 6   # ways the game may go on that a re-measurement plays out


def rate(state: GameState, actions: Sequence[Action], budget: Budget = FULL, seed: int = 0, *,
         fresh: bool = False) -> Rated:
    """The line of `actions` for the player who must act (completed greedily to the end of their play),
    played out `horizon` turns as the judge plays its best lines, on the judgement's own deck orders; or
    with `fresh` measured again independently of the judgement: FRESH_SAMPLES other deck orders, every
    seat playing as the greedy level does, with its random spread (the draws are the same for every
    line asked with the same seed: two lines are compared on equal luck). A re-measurement does not share
    the luck of the search that found the line, so it is not flattered by having been chosen."""
    options(state)
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    line: Line = []
    position = view
    for action in actions:
        position = apply(position, action)
        line.append((action, position))
    line += Completions(me).greedy_line(position)
    players = len(view.players)
    if not fresh:
        return _played(view, budget, samples_for(view, me, play_seed(view, seed)), line, "horizon", players)
    samples = samples_for(view, me, play_seed(view, seed) + FRESH)
    static = expected_margin(line[-1][1], me)
    stage = "end" if budget.horizon >= END else "horizon"
    fitted = claim(players, stage)
    turns = (budget.horizon,) if stage == "end" else (min(MIDWAY, budget.horizon), budget.horizon)
    lead = (static,) if stage == "horizon" else ()
    read = [samples.spread_play(k, view, line, turns) for k in range(FRESH_SAMPLES)]
    return _rated(line, tuple(fitted([*lead, *r]) for r, _leaf in read), stage, players, static,
                  tuple(leaf for _r, leaf in read))


@dataclass(frozen=True)
class Projection:
    """What a line's look-ahead projects for the end of the game, as the mean over its samples (where each ended:
    Rated.leaves; a line only valued, its own end): the acting player's expected final score in the game's terms
    (value.parts: per god, the Concordia card, coins and goods, the hand) and every other player's expected final
    score, by name."""

    mine: Mapping[str, float]
    others: Mapping[str, float]


def projection(rated: Rated, me: int) -> Projection:
    """The projection of `rated` for player `me` (see Projection)."""
    leaves = rated.leaves or (rated.end,)
    mine = dict.fromkeys(PART_KEYS, 0.0)
    others: dict[str, float] = {}
    for leaf in leaves:
        for key, v in parts(leaf, me).items():
            mine[key] += v / len(leaves)
        for j, v in enumerate(expected_finals(leaf)):
            if j != me:
                name = leaf.players[j].name
                others[name] = others.get(name, 0.0) + v / len(leaves)
    return Projection(MappingProxyType(mine), MappingProxyType(others))


def gain(a: Rated, b: Rated, me: int) -> Projection:
    """How the look-ahead's projection of `a` differs from that of `b` (a less b), per part and per other player."""
    pa, pb = projection(a, me), projection(b, me)
    return Projection(MappingProxyType({k: pa.mine[k] - pb.mine[k] for k in PART_KEYS}),
                      MappingProxyType({k: pa.others[k] - pb.others.get(k, 0.0) for k in pa.others}))


def expected_scores(state: GameState) -> list[float]:
    """Every player's expected final score, in turn order: the fitted value (value.py), no roll-outs."""
    return expected_finals(state)


def advantage(state: GameState, me: int) -> float:
    """Player `me`'s expected final score less the best other player's (points): the fitted value."""
    return expected_margin(state, me)
