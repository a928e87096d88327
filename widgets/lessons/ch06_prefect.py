"""Chapter 05, the Prefect and Praefectus Magnus (R-PREF-1..5): positions and the collect exercise.

Worked example R-PREF-5 by real play: Italia, Aiko and Ben, seed 20, Aiko first. ETRVRIA's bonus
tile is cloth and COSA in it is a food city. Ben builds the first house in COSA, Aiko the second.
Then it is Ben's turn, and Ben (the last player) holds Praefectus Magnus.

The exercise: a Scenario on the same tiles where four bonus tiles show their coin side (one of them
cloth, worth 1 coin) and Aiko, holding Praefectus Magnus, collects.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, wrong
from . import replay

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 20
OPENING = ["play MERCATOR", "done",                                          # Aiko
           "play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA",     # Ben: 1st house in COSA
           "play ARCHITECT", "move ROMA > sea:COSA-ROMA", "build COSA"]      # Aiko: 2nd house in COSA
PROVINCE = "ETRVRIA"
COIN_SIDE = ["ETRVRIA", "VMBRIA", "CAMPANIA", "CORSICA"]   # the exercise's turned tiles


def position() -> cc.Game:
    """Ben to move, holding Praefectus Magnus; Aiko and Ben each have a house in COSA (food, ETRVRIA)."""
    return replay(MAP, PLAYERS, SEED, OPENING)


def three_player_table() -> cc.Game:
    """Chapter 1's table (seating Aiko, Ben, Chloe; Chloe first, Ben holds Praefectus Magnus)."""
    from .ch01_setup import table
    return table()


def collect_scenario() -> cc.Scenario:
    """Four bonus tiles on their coin side; Aiko to move, holding Praefectus Magnus."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    for province in COIN_SIDE:
        sc.bonus_side(province, "coins")
    return sc.praefectus_magnus("Aiko").to_move("Aiko")


def check_collect(answer: int | None, state: cc.GameState | None = None) -> Verdict:
    """Coins a Prefect's collect gives now: the coin symbols on all coin-side tiles (R-PREF-4)."""
    state = state if state is not None else collect_scenario().build()
    turned = {p: t for p, t in sorted(state.bonus_tiles.items()) if t.side == "coins"}
    coins = cc.collect_value(state)
    listed = ", ".join(f"{p} ({t.good}: {t.coins})" for p, t in turned.items())
    if answer == coins:
        return right(f"{coins} coins: {listed}. Collecting adds the coins printed on every tile showing its coin "
                     "side and turns them all back; Praefectus Magnus does not double it (R-PREF-4).")
    if answer == len(turned):
        return wrong(f"{answer} is the number of turned tiles. Count the coins printed on them instead: {listed}, "
                     f"{coins} in all (R-PREF-4).")
    if answer == 2 * coins:
        return wrong(f"Praefectus Magnus doubles only a producing player's bonus good (R-PREF-3), never a collect: "
                     f"{listed} gives {coins} (R-PREF-4).")
    if answer == 2 * len(turned):
        return wrong(f"Not every tile shows 2 coins: a cloth tile shows 1. {listed}: {coins} coins (R-PREF-4).")
    if answer is not None and answer > coins and answer - coins in [t.coins for t in state.bonus_tiles.values()]:
        return wrong(f"Only tiles now showing their coin side count; the others give nothing. {listed}: {coins} "
                     "coins (R-PREF-4).")
    return wrong(f"Add the coins printed on the tiles showing their coin side: {listed}, {coins} in all (R-PREF-4).")


def make_collect_exercise() -> Exercise:
    state = collect_scenario().build()
    turned = ", ".join(f"{p} ({t.good})" for p, t in sorted(state.bonus_tiles.items()) if t.side == "coins")
    box = ipw.IntText(value=0, description="Coins")
    return Exercise(f"These bonus tiles show their coin side: {turned}. Aiko holds Praefectus Magnus and plays a "
                    "Prefect to <b>collect</b>. How many coins does she take?", box,
                    lambda answer: check_collect(answer))
