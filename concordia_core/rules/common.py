"""Helpers shared by the card rules: the acting player, the play in progress, paying, gaining goods,
finishing a play."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from types import MappingProxyType

from ..actions import Action, Done
from ..errors import IllegalAction
from ..goods import GOODS, NO_GOODS, Goods
from ..i18n import _
from ..maps import ConcordiaMap, load_map
from ..state import Colonist, GameState, Pending, Phase, StoreChoice, replace
from ..text import coins_text, goods_count, listing, price_text


def board(state: GameState) -> ConcordiaMap:
    return load_map(state.map_id)


def actor(state: GameState) -> int:
    """Index of the player carrying out the current card play (the player whose turn it is)."""
    return state.turn


def in_play(state: GameState) -> Pending:
    """The card play in progress (rules are only asked while one is)."""
    if state.pending is None:
        raise IllegalAction("R-TURN-1", _("no card is being played: a turn starts by playing a card from hand"))
    return state.pending


def shortfall(state: GameState, index: int, goods: Goods, coins: int, what: str, rule: str) -> None:
    """Raise IllegalAction naming what is missing when a player cannot pay goods + coins."""
    p = state.players[index]
    if p.goods.covers(goods) and p.coins >= coins:
        return
    have = [goods_count(g, p.goods[g]) for g, _n in goods.items_nonzero()]
    if coins:
        have.append(coins_text(p.coins))
    raise IllegalAction(rule, _("{what} needs {price}; you have {have}", what=what, price=price_text(goods, coins),
                                have=listing(have)))


def pay(state: GameState, index: int, goods: Goods = NO_GOODS, coins: int = 0) -> GameState:
    p = state.players[index]
    return state.with_player(index, goods=p.goods - goods, coins=p.coins - coins)


def gain_coins(state: GameState, index: int, coins: int) -> GameState:
    return state.with_player(index, coins=state.players[index].coins + coins)


def keep_options(incoming: Goods, free: int) -> list[Goods]:
    """Every way to keep exactly `free` of the incoming goods (R-STORE-2: fill every free slot)."""
    ranges = [range(incoming[g] + 1) for g in GOODS]
    return [Goods(combo) for combo in product(*ranges) if sum(combo) == free]


def gain_goods(state: GameState, gains: list[tuple[int, Goods]]) -> GameState:
    """Give goods to players in order; whoever would overflow the storehouse gets a pending choice
    (R-STORE-2). A choice with a single possible answer is made at once."""
    choices = list(state.choices)
    for index, incoming in gains:
        if not incoming.total():
            continue
        p = state.players[index]
        free = p.free_slots
        if incoming.total() <= free:
            state = state.with_player(index, goods=p.goods + incoming)
            continue
        options = keep_options(incoming, free)
        if len(options) == 1:
            state = state.with_player(index, goods=p.goods + options[0])
        else:
            choices.append(StoreChoice(index, incoming))
    return replace(state, choices=tuple(choices))


def finish(state: GameState) -> GameState:
    """Mark the current card play complete; the turn ends once storehouse choices are made."""
    return replace(state, pending=replace(in_play(state), finished=True, phase=Phase.FINISHED))


def with_phase(state: GameState, pending: Pending, phase: Phase) -> GameState:
    """The state with the play in progress asking for `phase` next."""
    return replace(state, pending=replace(pending, phase=phase))


def only_done(actions: Sequence[Action]) -> bool:
    return len(actions) == 1 and isinstance(actions[0], Done)


def place_colonist(state: GameState, index: int, kind: str, city: str) -> GameState:
    """Move a waiting colonist of `kind` from the storehouse to `city`, freeing its slot."""
    p = state.players[index]
    waiting = dict(p.waiting)
    waiting[kind] -= 1
    colonists = tuple(sorted(p.colonists + (Colonist(kind, city),)))
    return state.with_player(index, waiting=MappingProxyType(waiting), colonists=colonists)
