"""Colonist card: place waiting colonists for 1 food + 1 tools each, or take income (R-COLO-1/2)."""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Done, Income, Place
from ..data import game_constants
from ..errors import IllegalAction
from ..state import GameState, Pending
from .common import actor, board, finish, gain_coins, pay, place_colonist, shortfall
from .tribune import COLONIST_COST

_INCOME = game_constants()["colonist_card_income"]


def start(state: GameState, pending: Pending) -> GameState:
    return replace(state, pending=replace(pending, phase="colonist"))


def places(state: GameState, index: int) -> list[str]:
    """Rome and every city holding one of the player's houses (R-COLO-1a)."""
    return [board(state).rome] + list(state.players[index].houses)


def income(state: GameState, index: int) -> int:
    return _INCOME["base"] + _INCOME["per_colonist"] * len(state.players[index].colonists)


def legal(state: GameState) -> list[Action]:
    index = actor(state)
    p = state.players[index]
    result: list[Action] = []
    if p.goods.covers(COLONIST_COST):
        for kind in ("land", "sea"):
            if p.waiting[kind] > 0:
                result.extend(Place(kind, city) for city in places(state, index))
    if state.pending.placed == 0:
        result.append(Income())
    return result + [Done()]


def apply(state: GameState, action: Action) -> GameState:
    index = actor(state)
    if isinstance(action, Done):
        return finish(state)
    if isinstance(action, Income):
        if state.pending.placed:
            raise IllegalAction("R-COLO-1", "the Colonist card gives either colonists or income, not both")
        return finish(gain_coins(state, index, income(state, index)))
    if not isinstance(action, Place):
        raise IllegalAction("R-COLO-1", f"the Colonist card places colonists or takes income; not '{action}'")
    p = state.players[index]
    if p.waiting[action.kind] <= 0:
        raise IllegalAction("R-COLO-2", f"no {action.kind} colonist waits in your storehouse; a player has at most "
                                         "3 land and 3 sea colonists")
    if action.city not in places(state, index):
        raise IllegalAction("R-COLO-1", f"a new colonist goes to {board(state).rome} or a city with one of your "
                                        f"houses; you have no house in {action.city}")
    shortfall(state, index, COLONIST_COST, 0, "each new colonist", "R-COLO-1")
    state = place_colonist(pay(state, index, COLONIST_COST), index, action.kind, action.city)
    return replace(state, pending=replace(state.pending, placed=state.pending.placed + 1))
