"""The judge: one rating of the candidate plays of a position, asked by the hints, the review and the
strong level alike (docs/judge.md tells the learner how it works and how sure it is).

`judge(state, budget, seed)` rates every candidate line of the player who must act (candidates.py:
whole plays, to the end of the card play), from what that player knows (hidden.seen_by):
1. each line's end gets the fitted value (value.py): the expected final-score margin, the player's
   expected final score less the best other player's, in points;
2. the `width` best lines by that value, and the greedy line, are each played out on the same
   `samples` deck orders (common random numbers): the line, then `horizon` turns of every player's
   greedy play, valued again at the cut-off. A line's value is the mean; its standard error adds
   the spread of its roll-outs to the fitted value's own error (measured on held-out games);
3. the best line is judged again after its first step, by this same function on the same samples
   (the seed comes from the position at the start of the card play, which every step of a play
   shares), and that answer is its continuation: the judge asked after a line's first step continues
   the line, and rates it at least as high.
Paired differences decide the order: two lines within noise of each other are `about_equal`.

`expected_scores` and `advantage` are the fitted value of a position itself, without roll-outs.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..actions import Action, PlayCard
from ..engine import apply
from ..state import GameState
from .base import Line, card_of, options
from .candidates import Completions, playing, state_key
from .hidden import seen_by
from .search import Samples
from .value import expected_finals, expected_margin, model_error

Z = 2.0   # standard errors apart before two lines are told apart


@dataclass(frozen=True)
class Budget:
    """How hard the judge looks: deck orders per line played out, lines played out besides the greedy
    one, and turns of greedy play after each line."""

    samples: int = 8
    width: int = 3
    horizon: int = 2


FULL = Budget()
"""The budget of the hints' final answer, the review's verdicts and the strong level's decisions."""
FIRST = Budget(samples=0, width=0, horizon=0)
"""The first answer of the hints: every line by its fitted value alone, at once."""


@dataclass(frozen=True)
class Rated:
    """A candidate line and what the judge found: its value (the expected final-score margin, points),
    the roll-out values it is the mean of (one per deck sample; none for a line only valued), and the
    fitted value of its end."""

    line: Line = field(repr=False)
    value: float
    results: tuple[float, ...]
    static: float
    model_se: float

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
        """The standard error of `value`: the roll-outs' spread and the fitted value's own error."""
        return math.sqrt(_sampling_var(self.results) + self.model_se ** 2)

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
        over the deck samples both were played out on, plus the fitted value's error of a difference."""
        if len(a.results) == len(b.results):
            sampling = _sampling_var([x - y for x, y in zip(a.results, b.results, strict=True)])
        else:
            sampling = _sampling_var(a.results) + _sampling_var(b.results)
        return a.value - b.value, math.sqrt(sampling + model_error(len(self.view.players), "gap") ** 2)

    def about_equal(self, a: Rated, b: Rated) -> bool:
        """True when the two lines are within noise of each other (less than Z standard errors apart)."""
        diff, se = self.gap(a, b)
        return abs(diff) < Z * se

    def of(self, action: Action) -> Rated | None:
        """The best rated line that starts with `action` (or with a card that plays alike), if any."""
        key = play_key(action)
        return next((r for r in self.rated if play_key(r.first) == key), None)


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
    """Rate every candidate line of the player who must act in `state` (see the module text);
    InvalidAction once the game is over."""
    options(state)  # raises once the game is over
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    found = _known(view, budget, seed)
    if found is None:
        samples = Samples(view, me, play_seed(view, seed), budget.horizon)
        found = _judge(view, me, budget, seed, samples, Completions(me))
    return found


def _judge(view: GameState, me: int, budget: Budget, seed: int, samples: Samples,
           completions: Completions) -> Judgement:
    """The judgement of `view` (remembered, with those of the positions along its best line)."""
    known = _known(view, budget, seed)
    if known is not None:
        return known
    lines = completions.lines(view)
    error = model_error(len(view.players), "value")
    statics = [expected_margin(line[-1][1], me) for line in lines]
    order = sorted(range(len(lines)), key=lambda i: -statics[i])
    rated = [Rated(lines[i], statics[i], (), statics[i], error) for i in order]
    if budget.samples > 0:
        rated = _played_out(view, me, budget, samples, completions, lines, order, statics, error)
    best = rated[0]
    after = best.line[0][1]
    if budget.samples > 0 and playing(after, me):
        below = _judge(after, me, budget, seed, samples, completions).best
        rated[0] = Rated([best.line[0]] + below.line, below.value, below.results, below.static, below.model_se)
    found = Judgement(view, me, budget, tuple(rated))
    _remember(view, budget, seed, found)
    return found


def _played_out(view: GameState, me: int, budget: Budget, samples: Samples, completions: Completions,
                lines: list[Line], order: list[int], statics: list[float], error: float) -> list[Rated]:
    """The lines rated with roll-outs: the best `width` first steps by the fitted value and the greedy
    line, by their means; then the others by their fitted value."""
    greedy = completions.greedy_line(view)
    greedy_end = state_key(greedy[-1][1]) if greedy else None
    chosen: list[int] = []
    firsts: set[object] = set()
    for i in order:
        key = play_key(lines[i][0][0])
        if (len(firsts) < budget.width and key not in firsts) or state_key(lines[i][-1][1]) == greedy_end:
            firsts.add(key)
            chosen.append(i)
    played = []
    for i in chosen:
        results = tuple(samples.value(k, view, lines[i]) for k in range(budget.samples))
        played.append(Rated(lines[i], sum(results) / len(results), results, statics[i], error))
    played.sort(key=lambda r: -r.value)
    return played + [Rated(lines[i], statics[i], (), statics[i], error) for i in order if i not in chosen]


FRESH = 7919   # added to the seed of a re-measurement: other deck orders than the judgement's own


def rate(state: GameState, actions: Sequence[Action], budget: Budget = FULL, seed: int = 0, *,
         fresh: bool = False) -> Rated:
    """The line of `actions` for the player who must act (completed greedily to the end of their play),
    played out as the judge plays its lines: on the judgement's own deck orders, or with `fresh` on others."""
    options(state)
    me = state.actor_index
    assert me is not None
    view = seen_by(state, me)
    completions = Completions(me)
    line: Line = []
    position = view
    for action in actions:
        position = apply(position, action)
        line.append((action, position))
    line += completions.greedy_line(position)
    samples = Samples(view, me, play_seed(view, seed) + (FRESH if fresh else 0), budget.horizon)
    results = tuple(samples.value(k, view, line) for k in range(budget.samples))
    static = expected_margin(line[-1][1], me)
    value = sum(results) / len(results) if results else static
    return Rated(line, value, results, static, model_error(len(view.players), "value"))


def expected_scores(state: GameState) -> list[float]:
    """Every player's expected final score, in turn order: the fitted value (value.py), no roll-outs."""
    return expected_finals(state)


def advantage(state: GameState, me: int) -> float:
    """Player `me`'s expected final score less the best other player's (points): the fitted value."""
    return expected_margin(state, me)
