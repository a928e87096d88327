"""Mercator: take coins, then trade at most two kinds of goods with the bank (R-MERC-1..4)."""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Done, Trade
from ..cards import card
from ..data import game_constants
from ..errors import IllegalAction
from ..goods import GOODS, PRICE, Goods
from ..state import GameState, Pending
from .common import actor, finish, gain_coins

KINDS_PER_PLAY = game_constants()["mercator_kinds"]


def start(state: GameState, pending: Pending) -> GameState:
    state = gain_coins(state, actor(state), card(pending.action).coins)  # R-MERC-1: 3, or 5 if purchased
    return replace(state, pending=replace(pending, phase="mercator"))


def legal(state: GameState) -> list[Action]:
    p = state.players[actor(state)]
    kinds = state.pending.kinds
    result: list[Action] = []
    for good in GOODS:
        if good not in kinds and len(kinds) >= KINDS_PER_PLAY:
            continue
        result.extend(Trade(good, -n) for n in range(1, p.goods[good] + 1))
        result.extend(Trade(good, n) for n in range(1, min(p.coins // PRICE[good], p.free_slots) + 1))
    result.append(Done())
    return result


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Done):
        return finish(state)
    if not isinstance(action, Trade):
        raise IllegalAction("R-MERC-2", f"after the Mercator's coins you may only buy, sell or be done; not '{action}'")
    index = actor(state)
    p = state.players[index]
    kinds = state.pending.kinds
    good, amount = action.good, action.amount
    if amount == 0:
        raise IllegalAction("R-MERC-2", "trade at least 1 good")
    if good not in kinds and len(kinds) >= KINDS_PER_PLAY:
        raise IllegalAction("R-MERC-2", f"you already traded {' and '.join(kinds)} this turn; a Mercator trades "
                                         "at most 2 kinds of goods (the limit counts kinds, not units)")
    value = abs(amount) * PRICE[good]
    if amount > 0:
        if value > p.coins:
            raise IllegalAction("R-MERC-2", f"{amount} {good} cost {value} coins ({PRICE[good]} each); you have {p.coins} coins")
        if amount > p.free_slots:
            raise IllegalAction("R-STORE-1", f"your storehouse has {p.free_slots} free slots; {amount} {good} do not fit")
        state = state.with_player(index, goods=p.goods + Goods({good: amount}), coins=p.coins - value)
    else:
        if -amount > p.goods[good]:
            raise IllegalAction("R-MERC-2", f"you cannot sell {-amount} {good}; you have {p.goods[good]}")
        state = state.with_player(index, goods=p.goods - Goods({good: -amount}), coins=p.coins + value)
    if good not in kinds:
        kinds = kinds + (good,)
    return replace(state, pending=replace(state.pending, kinds=kinds))
