"""Chapter 01, setup (R-SETUP-1..8): the table the chapter builds and its two exercises' checkers.

The table: Italia, three players seated Aiko, Ben, Chloe (clockwise), seed 2. The seed draws the
first player (Chloe), so turn order is Chloe, Aiko, Ben and Ben holds Praefectus Magnus.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, wrong

MAP = "italia"
SEATING = ["Aiko", "Ben", "Chloe"]   # clockwise around the table
SEED = 2
BONUS_PROVINCE = "VMBRIA"            # brick, wine, brick: the most common good is not the bonus
COINS_PLAYER = "Ben"                 # second in seating, third in turn order


def table() -> cc.Game:
    """The chapter's game right after setup; the seed also draws the first player (R-SETUP-8)."""
    return cc.new_game(MAP, SEATING, seed=SEED)


def province_goods(state: cc.GameState, province: str) -> list[tuple[str, str]]:
    """(city, good) for each city of a province, as the city tiles were revealed (R-SETUP-2)."""
    board = cc.load_map(state.map_id)
    return [(city, state.city_goods[city]) for city in board.provinces[province].cities]


def _priced(goods: list[tuple[str, str]]) -> str:
    return ", ".join(f"{city} {good} ({cc.PRICE[good]})" for city, good in goods)


# --- exercise 1: the bonus tile of a province (R-SETUP-3) ---------------------------------------
def check_bonus_tile(answer: str | None, province: str = BONUS_PROVINCE, state: cc.GameState | None = None) -> Verdict:
    """Is `answer` the good of the province's bonus tile? Explained with the goods' prices."""
    state = state if state is not None else table().state
    goods = province_goods(state, province)
    bonus = state.bonus_goods[province]
    listed = _priced(goods)
    if answer is None:
        return wrong("Choose a good first.")
    if answer == bonus:
        return right(f"{province}'s cities show {listed}. The most expensive is {bonus} at {cc.PRICE[bonus]}, "
                     f"so the {bonus} bonus tile goes on {province}, goods side up (R-SETUP-3).")
    here = [g for _, g in goods]
    if answer not in here:
        return wrong(f"No city of {province} shows {answer}: its cities show {listed}. The bonus tile is the most "
                     f"expensive good among the province's own cities (R-SETUP-3).")
    if here.count(answer) > 1:
        return wrong(f"{answer} is the most common good in {province}, but the count does not matter: the bonus "
                     f"tile is the most expensive good among {listed}, and {bonus} ({cc.PRICE[bonus]}) costs more "
                     f"than {answer} ({cc.PRICE[answer]}) (R-SETUP-3).")
    return wrong(f"{answer} costs {cc.PRICE[answer]}, but {bonus} in the same province costs {cc.PRICE[bonus]} "
                 f"({listed}). The bonus tile is the most expensive good among the province's cities (R-SETUP-3).")


def make_bonus_exercise() -> Exercise:
    state = table().state
    shown = "; ".join(f"{city}: {good}" for city, good in province_goods(state, BONUS_PROVINCE))
    choice = ipw.Dropdown(options=[("choose a good", None)] + [(g, g) for g in cc.GOODS], value=None,
                          description="Bonus tile")
    return Exercise(f"The city tiles of {BONUS_PROVINCE} have been turned over: {shown}. "
                    f"Which bonus tile goes on {BONUS_PROVINCE}?",
                    choice, check_bonus_tile)


# --- exercise 2: a player's starting coins (R-SETUP-8) ------------------------------------------
def starting_coins(state: cc.GameState, name: str) -> int:
    return state.player(name).coins


def check_starting_coins(answer: int | None, name: str = COINS_PLAYER, state: cc.GameState | None = None) -> Verdict:
    """Is `answer` the coins `name` starts with? Explained by the turn order from the first player."""
    state = state if state is not None else table().state
    first = cc.CONSTANTS.starting_coins[0]
    order = [p.name for p in state.players]
    coins = starting_coins(state, name)
    position = order.index(name)
    ladder = ", ".join(f"{p.name} {p.coins}" for p in state.players)
    if answer == coins:
        return right(f"{order[0]} starts, so coins go {ladder}: {name} is number {position + 1} in turn order "
                     f"and takes {coins} (R-SETUP-8).")
    if answer is not None and answer - first in range(len(SEATING)) and SEATING[answer - first] == name:
        return wrong(f"{answer} would be right if {SEATING[0]} started, counting round the seats "
                     f"{', '.join(SEATING)}. But the first player is drawn at random, here {order[0]}; coins "
                     f"go 5, 6, 7, … clockwise from the first player: {ladder} (R-SETUP-8).")
    return wrong(f"Coins start at {first} for the first player ({order[0]}) and go up by 1 for each player "
                 f"clockwise after: {ladder}. {name} is number {position + 1} in turn order (R-SETUP-8).")


def make_coins_exercise() -> Exercise:
    state = table().state
    box = ipw.IntText(value=0, description="Coins")
    return Exercise(f"The players sit {', '.join(SEATING)} clockwise, and the seed chose "
                    f"{state.players[0].name} to start. How many coins does {COINS_PLAYER} take at setup?",
                    box, check_starting_coins)
