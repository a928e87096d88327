"""Candidate plays for a look-ahead: complete lines of the acting player's card play, each distinct.

At the start of a turn: every card of the hand completed by the greedy look-ahead (`Planner.plays`),
and for the cards whose first step is a real choice (a Prefect's province or the collection, a
Diplomat's target, a Senator's or Consul's card, a Colonist's placement or income, a Tribune's
recruit) that step and the greedy completion after it. In the middle of a play: every legal step,
each completed greedily; an Architect's moves are first narrowed to those that bring a colonist next to
a city worth building in (or that the greedy plan makes). Lines that end in the same position are
the same play in another order: only the first is kept.
"""
from __future__ import annotations

from ..actions import Action, Move, PlayCard
from ..engine import apply, legal_actions
from ..state import GameState, Phase
from .base import Line, card_of
from .greedy import Planner

CHOICE_KINDS = ("PREFECT", "DIPLOMAT", "SENATOR", "CONSUL", "COLONIST", "TRIBUNE")
MOVES_KEPT = 12   # an Architect's moves completed one by one, the most promising first


def candidate_lines(state: GameState, me: int, planner: Planner | None = None) -> list[Line]:
    """Distinct complete lines of player `me`'s play from `state` (a turn start or a play in progress)."""
    planner = planner or Planner(state, me)
    lines: list[Line] = []
    if state.pending is None and not state.choices:
        for _value, line in planner.plays(state):
            lines.append(line)
            first = line[0][0]
            if isinstance(first, PlayCard) and card_of(first.card).kind in CHOICE_KINDS:
                lines.extend(_first_steps(planner, line[0][1], [line[0]]))
        for play in legal_actions(state):  # cards that play like another one: each its own line too
            assert isinstance(play, PlayCard)
            if not any(line[0][0] == play for line in lines):
                after = apply(state, play)
                lines.append([(play, after)] + planner.finish(after))
    else:
        lines = _first_steps(planner, state, [])
    return distinct(lines)


def _first_steps(planner: Planner, state: GameState, prefix: Line) -> list[Line]:
    """Each legal step of the play in progress, completed greedily, after `prefix`."""
    found: list[Line] = []
    if state.over or state.actor_index != planner.me or (state.pending is None and not state.choices):
        return [prefix] if prefix else []
    for action in _steps_worth_trying(planner, state):
        after = apply(state, action)
        found.append(prefix + [(action, after)] + planner.finish(after))
    return found


def _steps_worth_trying(planner: Planner, state: GameState) -> list[Action]:
    steps = legal_actions(state)
    pending = state.pending
    if state.choices or pending is None or pending.phase != Phase.MOVE:
        return steps
    moves = [a for a in steps if isinstance(a, Move)]
    rest = [a for a in steps if not isinstance(a, Move)]
    planned = planner.plan_moves(state)
    outlook = planner.outlook(state)
    ends = outlook.geo.ends
    wanted = set(outlook.candidates)

    def promise(move: Move) -> float:
        return sum(max(0.0, outlook.desire(c)) for c in ends[move.route] if c in wanted)

    ranked = sorted(moves, key=lambda m: (m not in planned[:1], -promise(m), str(m)))
    return ranked[:MOVES_KEPT] + rest


def distinct(lines: list[Line]) -> list[Line]:
    """The lines whose final positions differ (the first of each kept)."""
    seen: list[GameState] = []
    kept: list[Line] = []
    for line in lines:
        end = line[-1][1]
        if any(end == other for other in seen):
            continue
        seen.append(end)
        kept.append(line)
    return kept

