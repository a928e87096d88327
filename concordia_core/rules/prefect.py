"""Prefect: make a province produce, or collect the coins of the turned tiles (R-PREF-1..5)."""
from __future__ import annotations

from ..actions import Action, Collect, Produce
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..goods import NO_GOODS, Goods
from ..i18n import _
from ..state import GameState, Pending, Phase, replace
from ..text import province_name
from .common import actor, board, finish, gain_coins, gain_goods, with_phase


def start(state: GameState, pending: Pending) -> GameState:
    return with_phase(state, pending, Phase.PREFECT)


def legal(state: GameState) -> list[Action]:
    return [Produce(p) for p in sorted(state.bonus_goods) if p not in state.coin_side] + [Collect()]


def production(state: GameState, province: str, index: int) -> list[tuple[int, Goods]]:
    """Who receives what if `index` makes `province` produce: the bonus first, then every house."""
    n = len(state.players)
    order = [(index + k) % n for k in range(n)]  # the producing player first, then in turn order
    return [(i, _produced(state, province, i) + (_bonus(state, province, index) if i == index else NO_GOODS))
            for i in order]


def own_production(state: GameState, province: str, index: int) -> Goods:
    """What `index` receives if they make `province` produce (their part of `production`)."""
    return _produced(state, province, index) + _bonus(state, province, index)


def _bonus(state: GameState, province: str, index: int) -> Goods:
    bonus = CONSTANTS.praefectus_magnus_bonus if state.praefectus == index else 1  # R-PREF-3
    return Goods({state.bonus_goods[province]: bonus})


def _produced(state: GameState, province: str, i: int) -> Goods:
    houses = state.players[i].houses
    return Goods.tally(state.city_goods[c] for c in board(state).provinces[province].cities if c in houses)


def collect_value(state: GameState) -> int:
    """Coins printed on all bonus tiles now showing their coin side (R-PREF-4)."""
    return sum(t.coins for t in state.bonus_tiles.values() if t.side == "coins")


def apply(state: GameState, action: Action) -> GameState:
    index = actor(state)
    if isinstance(action, Produce):
        m = board(state)
        if action.province not in m.provinces:
            raise IllegalAction("R-PREF-1", _("{province} is not a province on the {map} map",
                                              province=action.province, map=m.display_name))
        if action.province in state.coin_side:
            raise IllegalAction("R-PREF-2", _("the bonus tile of {province} shows its coin side; a province can "
                                              "produce again only after a Prefect collects and turns the tiles back",
                                              province=province_name(action.province)))
        gains = production(state, action.province, index)
        state = replace(state, coin_side=state.coin_side | {action.province})
        state = gain_goods(state, gains)
        if state.praefectus == index:  # R-PREF-3: passes to the right after this production
            state = replace(state, praefectus=(index - 1) % len(state.players))
        return finish(state)
    if isinstance(action, Collect):
        coins = collect_value(state)
        state = replace(gain_coins(state, index, coins), coin_side=frozenset())
        return finish(state)
    raise IllegalAction("R-PREF-1", _("a Prefect either produces in a province or collects coins; '{action}' is "
                                      "neither", action=action))


complete = finish
