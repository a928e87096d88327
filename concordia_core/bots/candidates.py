"""Candidate plays for the judge: complete lines of the acting player's card play, each distinct.

A line is a first step and the greedy completion after it (`greedy_line`): at the start of a turn every
card of the hand (one of each set of cards that play alike, such as a starting Prefect and a bought
one: interchangeable plays are one candidate), and for the cards whose first step is a real choice (a
Prefect's province or the collection, a Diplomat's target, a Senator's or Consul's card, a Colonist's
placement or income, a Tribune's recruit) each such step; in the middle of a play every legal step
(an Architect's moves narrowed to those that bring a colonist next to a city worth building in, and
the one the greedy plan makes). Lines that end in the same position are one play: the first is kept.

The greedy completion plans again after every step (the greedy level's look-ahead, `Planner`, from
the position reached), so the rest of a line after its first step is itself the greedy completion
from there: the judge, asked again after that step, meets the same line among its candidates.
"""
from __future__ import annotations

from collections.abc import Hashable

from ..actions import Action, Move, PlayCard
from ..engine import apply, legal_actions
from ..state import GameState, Phase, PlayerState
from .base import Line, card_of
from .greedy import Planner

CHOICE_KINDS = ("PREFECT", "DIPLOMAT", "SENATOR", "CONSUL", "COLONIST", "TRIBUNE")
MOVES_KEPT = 12   # an Architect's moves completed one by one, the most promising first


def playing(state: GameState, me: int) -> bool:
    """True while player `me` is in the middle of their own play (a step of it, or their storehouse choice)."""
    return not state.over and state.actor_index == me and (state.pending is not None or bool(state.choices))


def state_key(state: GameState, deck: bool = True) -> Hashable:
    """A hashable key equal for equal positions of one game (the map's tiles are the game's own); without
    `deck`, equal for positions that differ only in the order or the cards of the face-down deck."""
    return (state.turn, state.turns_played, state.pending, state.choices, state.display, state.deck if deck else None,
            state.coin_side, state.praefectus, state.end_trigger, state.over, state.mid_scores, state.mid_payout,
            tuple(_player_key(p) for p in state.players))


def _player_key(p: PlayerState) -> Hashable:
    return (p.coins, p.goods, p.hand, p.discard, p.houses, p.colonists, p.waiting["land"], p.waiting["sea"],
            p.concordia)


class Completions:
    """The greedy completions of one player's plays, remembered by position (they are asked again and again)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self._known: dict[Hashable, Line] = {}

    def greedy_line(self, state: GameState) -> Line:
        """The rest of player `me`'s play from `state`, step by step: each step the first of the greedy
        plan made from the position it is taken in."""
        path: list[tuple[Hashable, Action, GameState]] = []
        tail: Line = []
        while playing(state, self.me):
            key = state_key(state)
            if key in self._known:
                tail = self._known[key]
                break
            action = Planner(state, self.me).finish(state)[0][0]
            after = apply(state, action)
            path.append((key, action, after))
            state = after
        line = tail
        for key, action, after in reversed(path):
            line = [(action, after)] + line
            self._known[key] = line
        return line

    def card_lines(self, state: GameState) -> list[Line]:
        """At the start of a turn, one line per card of the hand (one of each set of cards that play alike):
        the card and the greedy completion of its play."""
        lines: list[Line] = []
        played: set[tuple[str, int, str | None]] = set()
        for play in legal_actions(state):
            assert isinstance(play, PlayCard)
            c = card_of(play.card)
            if (c.kind, c.coins, c.good) not in played:
                played.add((c.kind, c.coins, c.good))
                after = apply(state, play)
                lines.append([(play, after)] + self.greedy_line(after))
        return distinct(lines)

    def lines(self, state: GameState) -> list[Line]:
        """The distinct candidate lines of player `me` from `state` (a turn start or a play in progress)."""
        if state.pending is None and not state.choices:
            lines: list[Line] = []
            played: set[tuple[str, int, str | None]] = set()
            for play in legal_actions(state):
                assert isinstance(play, PlayCard)
                c = card_of(play.card)
                if (c.kind, c.coins, c.good) in played:
                    continue
                played.add((c.kind, c.coins, c.good))
                after = apply(state, play)
                lines.append([(play, after)] + self.greedy_line(after))
                if c.kind in CHOICE_KINDS and playing(after, self.me):
                    lines.extend([(play, after)] + line for line in self._each_step(after))
            return distinct(lines)
        return distinct(self._each_step(state))

    def _each_step(self, state: GameState) -> list[Line]:
        found = []
        for action in self._steps_worth_trying(state):
            after = apply(state, action)
            found.append([(action, after)] + self.greedy_line(after))
        return found

    def _steps_worth_trying(self, state: GameState) -> list[Action]:
        steps = legal_actions(state)
        pending = state.pending
        if state.choices or pending is None or pending.phase != Phase.MOVE:
            return steps
        planner = Planner(state, self.me)
        moves = [a for a in steps if isinstance(a, Move)]
        rest = [a for a in steps if not isinstance(a, Move)]
        planned = planner.plan_moves(state)
        outlook = planner.outlook(state)
        ends = outlook.geo.ends
        wanted = set(outlook.candidates)

        def promise(move: Move) -> float:
            return sum(max(0.0, outlook.desire(c)) for c in ends[move.route] if c in wanted)

        greedy_first = self.greedy_line(state)[0][0]
        ranked = sorted(moves, key=lambda m: (m != greedy_first, m not in planned[:1], -promise(m), str(m)))
        return ranked[:MOVES_KEPT] + rest


def distinct(lines: list[Line]) -> list[Line]:
    """The lines whose final positions differ (the first of each kept)."""
    seen: set[Hashable] = set()
    kept: list[Line] = []
    for line in lines:
        key = state_key(line[-1][1])
        if key not in seen:
            seen.add(key)
            kept.append(line)
    return kept


def candidate_lines(state: GameState, me: int) -> list[Line]:
    """Distinct complete lines of player `me`'s play from `state` (a turn start or a play in progress)."""
    return Completions(me).lines(state)
