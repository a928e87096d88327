"""Chapter 00, start here: a first look at a table after setup (Italia, Aiko and Ben, seed 7)."""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from .kit import Board, players_table, style

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 7


def table() -> cc.Game:
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player="Aiko")


def first_look() -> ipw.VBox:
    """The board after setup with a caption, and both players' coins, goods and colonists."""
    state = table().state
    caption = cc._("The Italia board after setup. Each city shows the good it makes; each province carries its "
                   "bonus tile. Brown lines are land routes, dashed blue lines sea routes. Both players' "
                   "colonists start in ROMA (Rome).")
    return ipw.VBox([style(), Board(state, caption=caption), ipw.HTML(players_table(state, houses=False))])
