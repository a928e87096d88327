"""Hints: the best candidate steps for the player who must act, each completed to the end of the card
play by the greedy look-ahead, with the change of the "if the game ended now" score per god."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..actions import Action
from ..engine import apply
from ..scoring import score
from ..state import GameState
from .base import Line, options
from .greedy import Planner
from .reasons import advise


@dataclass(frozen=True)
class Hint:
    """A candidate step for the player who must act: the step, why (addressed to them), the position
    once the card play is completed (`result`), and its change to the "if the game ended now" score."""

    action: Action
    reason: str
    score_change: Mapping[str, int]
    total_change: int
    result: GameState
    value: float            # how much better the greedy level judges `result` than the current position

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def hints(state: GameState, top: int = 3) -> list[Hint]:
    """The `top` best candidate steps for the player who must act, best first by the greedy evaluation."""
    found = options(state)
    me = state.actor_index
    assert me is not None
    name = state.players[me].name
    planner = Planner(state, me)
    base = planner.evaluate(state)
    before = score(state, name).by_god()
    lines: list[tuple[float, Line]]
    if state.pending is None and not state.choices:
        lines = planner.plays(state)
    else:
        lines = []
        for action in found:
            after = apply(state, action)
            line = [(action, after)] + planner.finish(after)
            lines.append((planner.evaluate(line[-1][1]), line))
    result: list[Hint] = []
    for value, line in lines:
        final = line[-1][1]
        now = score(final, name).by_god()
        change = MappingProxyType({god: now[god] - before[god] for god in before})
        result.append(Hint(line[0][0], advise(state, me, line), change, sum(change.values()), final, value - base))
    result.sort(key=lambda h: -h.value)
    return result[:max(0, top)]
