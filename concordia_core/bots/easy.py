"""The easy level, for children and first games: the greedy look-ahead with a person's slips.

It plans like the greedy level, then now and then
- plays a plausible but worse card: the second or third best of its hand (CARD_SLIP);
- forgets a build: an Architect that would build two or more houses stops before the last (BUILD_SLIP);
- buys impulsively: a Senator or Consul takes the first card it can pay for, from the cheapest slot,
  and stops (IMPULSE);
- keeps whatever goods come first when its storehouse overflows (KEEP_SLIP).
Every slip is drawn from the bot's own seeded generator, so a game is reproduced by its seed. Its
reasons say what it does, as the greedy level's do; they do not point at its slips.
"""
from __future__ import annotations

from ..actions import Action, Build, Done, Keep, PlayCard, Purchase
from ..engine import apply, legal_actions
from ..state import GameState
from .base import Line, card_of
from .greedy import Planner, PlanningBot

CARD_SLIP = 0.35    # chance of playing a worse card than the best
BUILD_SLIP = 0.5    # chance of forgetting the last of several houses
IMPULSE = 0.5       # chance of buying the first affordable card with a Senator or Consul
KEEP_SLIP = 0.5     # chance of keeping the first goods offered instead of the best


class EasyBot(PlanningBot):
    """Plans like the greedy level, with human slips (see the module text)."""

    level = "easy"

    def line(self, state: GameState, planner: Planner, found: list[Action]) -> Line:
        if state.choices and self._rng.random() < KEEP_SLIP:
            keep = next(a for a in found if isinstance(a, Keep))
            return [(keep, apply(state, keep))]
        if state.pending is None and not state.choices:
            return self._slips(state, planner, [ln for _v, ln in sorted(planner.plays(state), key=lambda p: -p[0])])
        return planner.finish(state)

    def _slips(self, state: GameState, planner: Planner, ranked: list[Line]) -> Line:
        line = ranked[0]
        if len(ranked) > 1 and self._rng.random() < CARD_SLIP:
            line = ranked[1 + self._rng.randrange(min(2, len(ranked) - 1))]
        first = line[0][0]
        kind = card_of(first.card).kind if isinstance(first, PlayCard) else ""
        builds = [i for i, (a, _s) in enumerate(line) if isinstance(a, Build)]
        if len(builds) >= 2 and self._rng.random() < BUILD_SLIP:
            line = _stop_before(line, builds[-1], planner)
        elif kind in ("SENATOR", "CONSUL") and self._rng.random() < IMPULSE:
            played = line[0]
            buys = [a for a in legal_actions(played[1]) if isinstance(a, Purchase)] if played[1].pending else []
            if buys:
                after = apply(played[1], buys[0])
                rest: Line = [(buys[0], after)]
                if after.pending is not None and not after.pending.finished and after.actor_index == planner.me:
                    rest.append((Done(), apply(after, Done())))
                line = [played] + rest + planner.finish(rest[-1][1])
        return line


def _stop_before(line: Line, index: int, planner: Planner) -> Line:
    """The line up to step `index`, then Done (and any storehouse choices after it)."""
    kept = line[:index]
    after = apply(kept[-1][1], Done())
    return kept + [(Done(), after)] + planner.finish(after)
