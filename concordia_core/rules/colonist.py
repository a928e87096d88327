"""Colonist card: place waiting colonists for 1 food + 1 tools each, or take income (R-COLO-1/2)."""
from __future__ import annotations

from ..actions import Action, Done, Income, Place
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..i18n import _
from ..state import GameState, Pending, Phase, replace
from ..text import city_name, colonist_text
from .common import actor, board, finish, gain_coins, in_play, pay, place_colonist, shortfall, with_phase
from .tribune import COLONIST_COST


def start(state: GameState, pending: Pending) -> GameState:
    return with_phase(state, pending, Phase.COLONIST)


def places(state: GameState, index: int) -> list[str]:
    """Rome and every city holding one of the player's houses (R-COLO-1a)."""
    return [board(state).rome] + list(state.players[index].houses)


def income(state: GameState, index: int) -> int:
    """Coins of the Colonist card's income: 5 + 1 per own colonist on the map (R-COLO-1b)."""
    base, per_colonist = CONSTANTS.colonist_card_income
    return base + per_colonist * len(state.players[index].colonists)


def legal(state: GameState) -> list[Action]:
    index = actor(state)
    p = state.players[index]
    result: list[Action] = []
    if p.goods.covers(COLONIST_COST):
        for kind in ("land", "sea"):
            if p.waiting[kind] > 0:
                result.extend(Place(kind, city) for city in places(state, index))
    if in_play(state).placed == 0:
        result.append(Income())
    return result + [Done()]


def apply(state: GameState, action: Action) -> GameState:
    index = actor(state)
    if isinstance(action, Done):
        return finish(state)
    pending = in_play(state)
    if isinstance(action, Income):
        if pending.placed:
            raise IllegalAction("R-COLO-1", _("the Colonist card gives either colonists or income, not both"))
        return finish(gain_coins(state, index, income(state, index)))
    if not isinstance(action, Place):
        raise IllegalAction("R-COLO-1", _("the Colonist card places colonists or takes income; not '{action}'",
                                          action=action))
    p = state.players[index]
    if p.waiting[action.kind] <= 0:
        raise IllegalAction("R-COLO-2", _("no {colonist} waits in your storehouse; a player has at most {n} land "
                                          "and {n} sea colonists", colonist=colonist_text(action.kind),
                                          n=CONSTANTS.colonists_per_kind))
    if action.city not in places(state, index):
        raise IllegalAction("R-COLO-1", _("a new colonist goes to {rome} or a city with one of your houses; you "
                                          "have no house in {city}", rome=city_name(board(state).rome),
                                          city=city_name(action.city)))
    shortfall(state, index, COLONIST_COST, 0, _("each new colonist"), "R-COLO-1")
    state = place_colonist(pay(state, index, COLONIST_COST), index, action.kind, action.city)
    return replace(state, pending=replace(pending, placed=pending.placed + 1))


complete = finish
