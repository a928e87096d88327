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
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ..actions import Action
from ..state import GameState
from .evaluation import points
from .judge import FULL, Budget, Judgement, Rated, judge, play_key
from .reasons import advise


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

    def __str__(self) -> str:
        return f"{self.action}: {self.reason} [{self.value:+.1f} ± {self.se:.1f}]"


def analyse(state: GameState, *, budget: Budget = FULL, seed: int = 0) -> Judgement:
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


def hints(state: GameState, top: int = 3, *, budget: Budget = FULL, seed: int = 0) -> list[Hint]:
    """The `top` best plays for the player who must act, best first (see the module text)."""
    found = judge(state, budget, seed)
    if top <= 0:
        return []
    me = found.me
    before = points(found.view, me).by_god
    lines = best_lines(found)
    result: list[Hint] = []
    for rated in lines[:top]:
        after = points(rated.end, me).by_god
        change = MappingProxyType({god: after[god] - before[god] for god in before})
        result.append(Hint(rated.first, advise(found.view, me, rated.line), round(rated.value, 2), round(rated.se, 2),
                           rated is lines[0] or found.about_equal(lines[0], rated), change, sum(change.values()),
                           rated.actions, rated.end))
    return result
