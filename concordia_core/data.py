"""Reads the package's JSON data files (maps, cards, game constants)."""
from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any


def data_dir() -> Traversable:
    """The package's data folder (works from a wheel, an editable install or a checkout)."""
    return resources.files("concordia_core").joinpath("data")


def read_json(*parts: str) -> Any:
    """Parse a JSON file shipped under concordia_core/data/."""
    node = data_dir()
    for part in parts:
        node = node.joinpath(part)
    with node.open("r", encoding="utf-8") as handle:
        return json.load(handle)


@cache
def game_constants() -> dict[str, Any]:
    """Prices, costs, limits and tile counts from data/game.json."""
    return read_json("game.json")
