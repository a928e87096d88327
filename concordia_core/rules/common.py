"""Helpers shared by the card rules: the acting player, paying, gaining goods, finishing a play."""
from __future__ import annotations

from dataclasses import replace
from itertools import product
from types import MappingProxyType

from ..actions import Done
from ..errors import IllegalAction
from ..goods import GOODS, NO_GOODS, Goods, price_text
from ..maps import ConcordiaMap, load_map
from ..state import Colonist, GameState, StoreChoice


def board(state: GameState) -> ConcordiaMap:
    return load_map(state.map_id)


def actor(state: GameState) -> int:
    """Index of the player carrying out the current card play (the player whose turn it is)."""
    return state.turn


def shortfall(state: GameState, index: int, goods: Goods, coins: int, what: str, rule: str) -> None:
    """Raise IllegalAction naming what is missing when a player cannot pay goods + coins."""
    p = state.players[index]
    if p.goods.covers(goods) and p.coins >= coins:
        return
    need = price_text(goods, coins)
    have = [f"{p.goods[g]} {g}" for g, n in goods.items_nonzero()]
    if coins:
        have.append(f"{p.coins} coins")
    have_text = " and ".join([", ".join(have[:-1]), have[-1]]) if len(have) > 1 else (have[0] if have else "nothing")
    raise IllegalAction(rule, f"{what} needs {need}; you have {have_text}")


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
    assert state.pending is not None
    return replace(state, pending=replace(state.pending, finished=True, phase="finished"))


def only_done(actions: list) -> bool:
    return len(actions) == 1 and isinstance(actions[0], Done)


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def place_colonist(state: GameState, index: int, kind: str, city: str) -> GameState:
    """Move a waiting colonist of `kind` from the storehouse to `city`, freeing its slot."""
    p = state.players[index]
    waiting = dict(p.waiting)
    waiting[kind] -= 1
    colonists = tuple(sorted(p.colonists + (Colonist(kind, city),)))
    return state.with_player(index, waiting=MappingProxyType(waiting), colonists=colonists)
