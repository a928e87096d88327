"""Chapter 17: setting up the real box, step by step (R-SETUP-1..8).

`guide()` is the guide for the learner's own table (they choose the map, the players and the first
player); `example()` shows what it gives once a group has told it their city tiles: the table of
chapter 01 (Italia; Aiko, Ben and Chloe clockwise; seed 2), with its bonus tiles and the same table in
the tutor. Each call builds its own guide, so the cells can run in any order, again and again.
"""
from __future__ import annotations

from html import escape

import ipywidgets as ipw

import concordia_core as cc

from ..realtable import boxguide as bg
from ..realtable.guideview import BoxGuide
from ..render.palette import CAPTION_INK

EXAMPLE_MAP = "italia"
EXAMPLE_SEATING = ["Aiko", "Ben", "Chloe"]
EXAMPLE_SEED = 2


def guide() -> BoxGuide:
    """The guide for your own table: three players on Italia to start with, the first drawn by lot; change anything."""
    return BoxGuide()


def example_table() -> bg.Table:
    """The table of chapter 01 with every city tile told to the guide (the tiles its seed drew)."""
    state = cc.new_game(EXAMPLE_MAP, EXAMPLE_SEATING, seed=EXAMPLE_SEED).state
    return bg.Table.make(EXAMPLE_MAP, EXAMPLE_SEATING, state.players[0].name, dict(state.city_goods))


def example() -> ipw.VBox:
    """The bonus-tile step of the example table, and the same table in the tutor (a game you could play on)."""
    from ..screen.map_view import MapView
    table = example_table()
    steps = bg.setup_steps(table)
    number, bonus = next((i, s) for i, s in enumerate(steps, 1) if s.key == "bonus")
    game = table.game()
    caption = cc._("Their table in the tutor: the same city tiles, the bonus tiles on their provinces, {first} to "
                   "start and {holder} with the Praefectus Magnus.", first=table.first,
                   holder=game.state.praefectus_magnus)
    return ipw.VBox([ipw.HTML(bg.step_html(bonus, number)), MapView(game.state),
                     ipw.HTML(f"<p style='color:{CAPTION_INK}'>{escape(caption)}</p>")])
