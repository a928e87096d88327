"""Mercator: take coins, then trade at most two kinds of goods with the bank (R-MERC-1..4).

Each kind trades one way within a play (docs/rules.md, readings): at equal buying and selling prices, buying
back a kind sold in the same play (or selling what was bought) only undoes part of a trade, so once a kind is
sold it may only be sold further, once bought only bought further. Every step then leads to a new position
and every play ends.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..actions import Action, Done, Trade
from ..cards import card
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..goods import GOODS, PRICE, Goods
from ..i18n import _, n_
from ..state import GameState, Pending, Phase, replace
from ..text import coins_text, good_name, goods_count, listing
from .common import actor, finish, gain_coins, in_play, with_phase


def start(state: GameState, pending: Pending) -> GameState:
    state = gain_coins(state, actor(state), card(pending.action).coins)  # R-MERC-1: 3, or 5 if purchased
    return with_phase(state, pending, Phase.MERCATOR)


def trades(state: GameState) -> Iterator[Trade]:
    """Every trade the play may make next, lazily (legal lists them; the engine's check for a choice needs only
    the first)."""
    p = state.players[actor(state)]
    pending = in_play(state)
    kinds, sold = pending.kinds, pending.sold
    for good in GOODS:
        if good not in kinds and len(kinds) >= CONSTANTS.mercator_kinds:
            continue
        if good not in kinds or good in sold:
            yield from (Trade(good, -n) for n in range(1, p.goods[good] + 1))
        if good not in sold:
            yield from (Trade(good, n) for n in range(1, min(p.coins // PRICE[good], p.free_slots) + 1))


def legal(state: GameState) -> list[Action]:
    return [*trades(state), Done()]


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
    _check_direction(in_play(state), good, amount)
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
    pending = in_play(state)
    if good in kinds:
        return state
    sold = pending.sold + ((good,) if amount < 0 else ())
    return replace(state, pending=replace(pending, kinds=kinds + (good,), sold=sold))


def _check_direction(pending: Pending, good: str, amount: int) -> None:
    """A kind sold in this play is not bought back, nor a kind bought sold again (the module's reading)."""
    if good not in pending.kinds or (good in pending.sold) == (amount < 0):
        return
    if amount > 0:
        raise IllegalAction("R-MERC-2", _("you sold {good} in this play; buying it back at the same price would only "
                                          "undo part of that sale, so a Mercator trades each kind one way: sell more "
                                          "{good}, or trade another kind", good=good_name(good)))
    raise IllegalAction("R-MERC-2", _("you bought {good} in this play; selling it again at the same price would only "
                                      "undo part of that purchase, so a Mercator trades each kind one way: buy more "
                                      "{good}, or trade another kind", good=good_name(good)))


complete = finish
