"""Tribune: take the discard pile back, coins beyond 3 cards, maybe a colonist to Rome (R-TRIB-1..3)."""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Done, Recruit
from ..data import game_constants
from ..errors import IllegalAction
from ..goods import Goods
from ..state import GameState, Pending
from .common import actor, board, finish, pay, place_colonist, shortfall

_C = game_constants()
COLONIST_COST = Goods(_C["new_colonist_cost"])


def start(state: GameState, pending: Pending) -> GameState:
    index = actor(state)
    p = state.players[index]
    returned = len(p.discard)  # the Tribune itself is already on the pile (R-TRIB-1)
    bonus = max(0, returned - _C["tribune_free_cards"])  # R-TRIB-2
    state = state.with_player(index, hand=p.hand + p.discard, discard=(), coins=p.coins + bonus)
    state = replace(state, pending=replace(pending, phase="tribune"))
    if not legal(state)[:-1]:
        return finish(state)
    return state


def legal(state: GameState) -> list[Action]:
    p = state.players[actor(state)]
    result: list[Action] = []
    if p.goods.covers(COLONIST_COST):
        result.extend(Recruit(kind) for kind in ("land", "sea") if p.waiting[kind] > 0)
    return result + [Done()]


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Done):
        return finish(state)
    if not isinstance(action, Recruit):
        raise IllegalAction("R-TRIB-3", f"after the Tribune you may only recruit a colonist or be done; not '{action}'")
    index = actor(state)
    p = state.players[index]
    if p.waiting[action.kind] <= 0:
        raise IllegalAction("R-COLO-2", f"no {action.kind} colonist waits in your storehouse "
                                         "(at most 3 land and 3 sea colonists in all)")
    shortfall(state, index, COLONIST_COST, 0, "a new colonist", "R-TRIB-3")
    state = pay(state, index, COLONIST_COST)
    return finish(place_colonist(state, index, action.kind, board(state).rome))
