"""Hints: the judge's best plays for the player who must act, with how sure it is.

`hints(state, top=3)` asks the judge (judge.py) with its full budget, the one the review and the strong
level use, and returns its best lines with distinct first steps (interchangeable plays, such as a
starting Prefect and a bought one, are one hint). Each hint carries its value, the expected final-score
margin in points (the player's expected final score less the best other player's), with its standard
error; `about_equal` says it is within noise of the best hint, so a table says "about as good" instead
of ranking them. `hints(state, budget=judge.FIRST)` is the first answer, at once: every line by the
fitted value alone (a table shows it while the full answer is worked out).

Each hint also has its reason (addressed to the person asking: "Play the Architect to build in COSA:
..."), the change of the "if the game ended now" score per god once the recommended play is complete,
and `line`: every step of that play, so a table can play the whole of it. After the first step of a
hint's line, the hints continue that line. Only the player's own knowledge is used (hidden.seen_by): a
hint never reveals the deck.

Why, in the game's terms: each hint is compared with the next best play (hint 1 with hint 2, ..., the last
hint shown with the best rated play not shown): `next_gap` ± `next_se` points, `next_about_equal` when that is within
noise, and `gain`, where the difference comes from as the judge's look-ahead projects the final score (judge.gain:
the player's own points per god, the Concordia card, coins and goods, the hand; `others_gain`, each other
player's final score), scaled to add up to the judge's estimate of the gap (the look-ahead alone overstates how
far two plays differ; judge.py). Parts are left empty when the look-ahead and the estimate disagree in sign or
size. A play that changes nothing of the player's own now (a card played for no effect) has `prepares`: the
player's next card plays in the judge's look-ahead, which it makes ready (say, the Tribune taking it back).
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..actions import Action
from ..state import GameState
from .evaluation import points
from .hidden import sample
from .judge import FINAL, Budget, Judgement, Rated, gain, judge, play_key
from .reasons import advise, next_plays_text
from .search import my_next_lines
from .search import replay as replay_line


@dataclass(frozen=True)
class Hint:
    """A candidate step for the player who must act, with the play it belongs to and its value."""

    action: Action                    # the step to take now (the first of `line`)
    reason: str                       # why, addressed to the person asking
    value: float                      # expected final-score margin to the best other player (points)
    se: float                         # the standard error of `value` (points)
    about_equal: bool                 # within noise of the best hint (the best hint itself: True)
    score_change: Mapping[str, int]   # change of the "if the game ended now" score per god, once `line` is played
    total_change: int
    line: tuple[Action, ...]          # the whole recommended play from this step, in order
    result: GameState = field(repr=False)   # the position after `line` as the player knows it (a card the
                                            # play draws from the deck is a guess: the deck order is hidden)
    next_gap: float | None = None           # how much better than the next best play (points), if there is one
    next_se: float = 0.0                    # the standard error of `next_gap`
    next_about_equal: bool = True           # `next_gap` is within noise
    gain: Mapping[str, float] = field(default_factory=dict)         # where `next_gap` comes from (module text)
    others_gain: Mapping[str, float] = field(default_factory=dict)  # each other player's share of it (their score)
    prepares: str = ""                      # what a play that changes nothing now makes ready (module text)

    def __str__(self) -> str:
        return f"{self.action}: {self.reason} [{self.value:+.1f} ± {self.se:.1f}]"


def analyse(state: GameState, *, budget: Budget = FINAL, seed: int = 0) -> Judgement:
    """The judge's answer for the player who must act: every candidate line, best first."""
    return judge(state, budget, seed)


def best_lines(found: Judgement) -> list[Rated]:
    """The judge's lines with distinct first steps (the best of each), best first."""
    seen: set[object] = set()
    result = []
    for rated in found.rated:
        key = play_key(rated.first)
        if key not in seen:
            seen.add(key)
            result.append(rated)
    return result


def hints(state: GameState, top: int = 3, *, budget: Budget = FINAL, seed: int = 0) -> list[Hint]:
    """The `top` best plays for the player who must act, best first (see the module text)."""
    found = judge(state, budget, seed)
    if top <= 0:
        return []
    me = found.me
    before = points(found.view, me).by_god
    lines = best_lines(found)
    result: list[Hint] = []
    for k, rated in enumerate(lines[:top]):
        after = points(rated.end, me).by_god
        change = MappingProxyType({god: after[god] - before[god] for god in before})
        hint = Hint(rated.first, advise(found.view, me, rated.line), round(rated.value, 2), round(rated.se, 2),
                    rated is lines[0] or found.about_equal(lines[0], rated), change, sum(change.values()),
                    rated.actions, rated.end, prepares=_prepares(found, rated))
        following = lines[k + 1] if k + 1 < min(top, len(lines)) else \
            max(lines[k + 1:], key=lambda r: r.value, default=None)
        result.append(_compared(found, hint, rated, following) if following is not None else hint)
    return result


SCALE_MOST = 2.0   # the look-ahead's parts are shown only when the estimate is at most this many times their sum


def _compared(found: Judgement, hint: Hint, rated: Rated, following: Rated) -> Hint:
    """The hint against the next best play: the gap and its error, within noise or not, and the look-ahead's parts
    of it scaled to the gap (none when they disagree with it in sign, or the gap is more than SCALE_MOST times
    them)."""
    diff, se = found.gap(rated, following)
    projected = gain(rated, following, found.me)
    raw = sum(projected.mine.values()) - max(projected.others.values(), default=0.0)
    scale = diff / raw if raw * diff > 0 else 0.0
    if not 0 < scale <= SCALE_MOST:
        scale = 0.0
    return replace(hint, next_gap=round(diff, 2), next_se=round(se, 2),
                   next_about_equal=found.about_equal(rated, following),
                   gain=MappingProxyType({k: round(v * scale, 2) for k, v in projected.mine.items()} if scale else {}),
                   others_gain=MappingProxyType({k: round(v * scale, 2) for k, v in projected.others.items()}
                                                if scale else {}))


def _prepares(found: Judgement, rated: Rated) -> str:
    """For a play that changes nothing of the player's own now (module text): their next card plays in one of the
    judge's look-aheads, in words; else ''."""
    me = found.me
    start, end = found.view.players[me], rated.end.players[me]
    if (start.coins, start.goods, start.houses, start.colonists, len(start.cards)) != \
            (end.coins, end.goods, end.houses, end.colonists, len(end.cards)):
        return ""
    position = replay_line(sample(found.view, random.Random(0)), rated.line)
    return next_plays_text(my_next_lines(position, me, PREPARED))


PREPARED = 2   # the player's next card plays a hint that prepares them names
