"""Reads the package's JSON data files (maps, cards, game constants)."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, TypedDict, cast


class GameData(TypedDict):
    """data/game.json as read: the rules' numbers before constants.py gives them their Python types."""

    goods: list[str]
    price: dict[str, int]
    house_goods: dict[str, dict[str, int]]
    house_coins: dict[str, int]
    bonus_tile_coins: dict[str, int]
    city_tiles: dict[str, dict[str, int]]
    display_slot_extra: list[list[str]]
    storehouse_slots: int
    houses_per_player: int
    colonists_per_kind: int
    colonists_in_rome_at_start: dict[str, int]
    starting_goods: dict[str, int]
    starting_coins_first_player: int
    new_colonist_cost: dict[str, int]
    tribune_free_cards: int
    colonist_card_income: dict[str, int]
    mercator_kinds: int
    senator_cards: int
    praefectus_magnus_bonus: int
    intermediate_prizes: list[int]


def data_dir() -> Traversable:
    """The package's data folder (works from a wheel, an editable install or a checkout)."""
    return resources.files("concordia_core").joinpath("data")


def read_json(*parts: str) -> Any:
    """Parse a JSON file shipped under concordia_core/data/ (its shape is the caller's to know)."""
    node = data_dir()
    for part in parts:
        node = node.joinpath(part)
    with node.open("r", encoding="utf-8") as handle:
        return json.load(handle)


@cache
def game_data() -> GameData:
    """Prices, costs, limits and tile counts from data/game.json; read them typed through constants.CONSTANTS."""
    return cast(GameData, read_json("game.json"))
