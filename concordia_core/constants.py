"""The numbers of the rules, typed: `CONSTANTS`, read once from data/game.json (the data is the single source).

The engine, the views and the lessons read a rule's number as an attribute (`CONSTANTS.storehouse_slots`),
never by a key of the raw data. Only the goods and their prices sit below this, in goods.py, since
`Goods` itself is built on them.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from .cards import CONCORDIA_POINTS
from .data import GameData, game_data
from .goods import Goods


@dataclass(frozen=True)
class Constants:
    """The numbers of the rules a view shows, read from the game data (each with its rule id)."""

    concordia_points: int              # R-END-1: the Concordia card's points
    tribune_free_cards: int            # R-TRIB-2: cards a Tribune takes back before it pays coins
    storehouse_slots: int              # R-STORE-1
    houses_per_player: int             # R-END-2
    colonists_per_kind: int            # R-COLO-2: land and sea each
    colonists_in_rome_at_start: MappingProxyType[str, int]   # R-SETUP-7
    new_colonist_cost: Goods           # R-TRIB-3, R-COLO-1
    mercator_kinds: int                # R-MERC-2: kinds of good a Mercator may trade
    senator_cards: int                 # R-SEN-1: cards a Senator may buy
    praefectus_magnus_bonus: int       # R-PREF-3: the holder's bonus goods
    display_slot_extra: tuple[tuple[str, ...], ...]          # R-SEN-2: extra goods under each slot ('?' = any)
    bonus_tile_coins: MappingProxyType[str, int]             # R-PREF-4 (game data, single source)
    intermediate_prizes: tuple[int, ...]                     # R-MID-3: coins for 1st, 2nd place
    colonist_card_income: tuple[int, int]                    # R-COLO-1b: base coins, coins per colonist
    city_tiles: MappingProxyType[str, Goods]                 # R-SETUP-2: goods on the city tiles of each letter
    starting_goods: Goods              # R-SETUP-7
    starting_coins: tuple[int, ...]    # R-SETUP-8: first player, second, ...
    house_goods: MappingProxyType[str, Goods]                # R-ARCH-7: goods for a house by city good
    house_coins: MappingProxyType[str, int]                  # R-ARCH-8: base coins by city good
    price: MappingProxyType[str, int]  # R-SETUP-3: the price of each good


def _constants(data: GameData) -> Constants:
    first = data["starting_coins_first_player"]
    income = data["colonist_card_income"]
    return Constants(
        concordia_points=CONCORDIA_POINTS, tribune_free_cards=data["tribune_free_cards"],
        storehouse_slots=data["storehouse_slots"], houses_per_player=data["houses_per_player"],
        colonists_per_kind=data["colonists_per_kind"],
        colonists_in_rome_at_start=MappingProxyType(dict(data["colonists_in_rome_at_start"])),
        new_colonist_cost=Goods(data["new_colonist_cost"]), mercator_kinds=data["mercator_kinds"],
        senator_cards=data["senator_cards"], praefectus_magnus_bonus=data["praefectus_magnus_bonus"],
        display_slot_extra=tuple(tuple(slot) for slot in data["display_slot_extra"]),
        bonus_tile_coins=MappingProxyType(dict(data["bonus_tile_coins"])),
        intermediate_prizes=tuple(data["intermediate_prizes"]),
        colonist_card_income=(income["base"], income["per_colonist"]),
        city_tiles=MappingProxyType({letter: Goods(tiles) for letter, tiles in data["city_tiles"].items()}),
        starting_goods=Goods(data["starting_goods"]), starting_coins=tuple(first + i for i in range(5)),
        house_goods=MappingProxyType({g: Goods(need) for g, need in data["house_goods"].items()}),
        house_coins=MappingProxyType(dict(data["house_coins"])), price=MappingProxyType(dict(data["price"])),
    )


CONSTANTS = _constants(game_data())
