"""Mercator: take coins, then trade at most two kinds of goods with the bank (R-MERC-1..4)."""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Done, Trade
from ..cards import card
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..goods import GOODS, PRICE, Goods
from ..i18n import _, n_
from ..state import GameState, Pending, Phase
from ..text import coins_text, good_name, goods_count, listing
from .common import actor, finish, gain_coins, in_play, with_phase


def start(state: GameState, pending: Pending) -> GameState:
    state = gain_coins(state, actor(state), card(pending.action).coins)  # R-MERC-1: 3, or 5 if purchased
    return with_phase(state, pending, Phase.MERCATOR)


def legal(state: GameState) -> list[Action]:
    p = state.players[actor(state)]
    kinds = in_play(state).kinds
    result: list[Action] = []
    for good in GOODS:
        if good not in kinds and len(kinds) >= CONSTANTS.mercator_kinds:
            continue
        result.extend(Trade(good, -n) for n in range(1, p.goods[good] + 1))
        result.extend(Trade(good, n) for n in range(1, min(p.coins // PRICE[good], p.free_slots) + 1))
    result.append(Done())
    return result


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Done):
        return finish(state)
    if not isinstance(action, Trade):
        raise IllegalAction("R-MERC-2", _("after the Mercator's coins you may only buy, sell or be done; not "
                                          "'{action}'", action=action))
    index = actor(state)
    p = state.players[index]
    kinds = in_play(state).kinds
    good, amount = action.good, action.amount
    if amount == 0:
        raise IllegalAction("R-MERC-2", _("trade at least 1 good"))
    if good not in kinds and len(kinds) >= CONSTANTS.mercator_kinds:
        raise IllegalAction("R-MERC-2", _("you already traded {kinds} this turn; a Mercator trades at most {n} kinds "
                                          "of goods (the limit counts kinds, not units)",
                                          kinds=listing(good_name(g) for g in kinds),
                                          n=CONSTANTS.mercator_kinds))
    value = abs(amount) * PRICE[good]
    if amount > 0:
        if value > p.coins:
            raise IllegalAction("R-MERC-2", _("{goods} cost {cost} ({each} each); you have {have}",
                                              goods=goods_count(good, amount), cost=coins_text(value),
                                              each=coins_text(PRICE[good]), have=coins_text(p.coins)))
        if amount > p.free_slots:
            raise IllegalAction("R-STORE-1", n_("your storehouse has {n} free slot; {goods} do not fit",
                                                "your storehouse has {n} free slots; {goods} do not fit",
                                                p.free_slots, goods=goods_count(good, amount)))
        state = state.with_player(index, goods=p.goods + Goods({good: amount}), coins=p.coins - value)
    else:
        if -amount > p.goods[good]:
            raise IllegalAction("R-MERC-2", _("you cannot sell {goods}; you have {have}",
                                              goods=goods_count(good, -amount), have=goods_count(good, p.goods[good])))
        state = state.with_player(index, goods=p.goods - Goods({good: -amount}), coins=p.coins + value)
    if good not in kinds:
        kinds = kinds + (good,)
    return replace(state, pending=replace(in_play(state), kinds=kinds))


complete = finish
