"""Chapter 10, the Colonist card and the specialists (R-COLO-1, R-COLO-2, R-SPEC-1): positions and checkers."""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from widgets.exercise import Exercise, Verdict, right, whole_number, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7
REST_OF_HAND = ["TRIBUNE", "ARCHITECT", "PREFECT", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR"]


def colonist_game() -> cc.Game:
    """Live examples (Italia, seed 7): Aiko holds a Colonist and a Farmer; houses in Mutina and Ravenna (food)
    and Ancona (wine); a land colonist on land:MVTINA-RAVENNA and a sea colonist on sea:ANCONA-RAVENNA; 2 land
    and 2 sea colonists wait in her storehouse. Ben has a house in Luceria (food)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["COLONIST-I", "FARMER-I"] + REST_OF_HAND, houses=["MVTINA", "RAVENNA", "ANCONA"],
              colonists=[("land", "land:MVTINA-RAVENNA"), ("sea", "sea:ANCONA-RAVENNA")],
              goods={"food": 3, "tools": 3}, coins=7)
    sc.player("Ben", houses=["LVCERIA"])
    sc.to_move("Aiko")
    return sc.game()


def income_state() -> cc.GameState:
    """Exercise 1: Aiko has 4 colonists on the map (2 land, 2 sea) and 2 waiting; she plays a Colonist card."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["COLONIST-II"] + REST_OF_HAND, houses=["COSA", "FLORENTIA"],
              colonists=[("land", "land:COSA-ROMA"), ("land", "land:COSA-FLORENTIA"),
                         ("sea", "sea:NEAPOLIS-ROMA"), ("sea", "sea:COSA-ROMA")])
    sc.to_move("Aiko")
    return cc.apply(sc.build(), "play COLONIST-II")


def check_income(answer: Any) -> Verdict:
    """How many coins does the Colonist card's income option give Aiko? (R-COLO-1 b)"""
    state = income_state()
    aiko = state.player("Aiko")
    on_map, waiting = len(aiko.colonists), aiko.waiting_total
    coins = cc.colonist_income(state, "Aiko")
    base = coins - on_map
    value = whole_number(answer, "coins")
    if isinstance(value, Verdict):
        return value
    if value == coins:
        return right(f"{base} coins + 1 for each of her {on_map} colonists on the map = {coins} (R-COLO-1). "
                     "The colonists waiting in the storehouse do not count.")
    if value == base + on_map + waiting:
        return wrong(f"You counted the {waiting} colonists waiting in the storehouse too. R-COLO-1 pays 1 coin per "
                     "colonist on the map only.")
    if value == on_map:
        return wrong(f"You forgot the fixed part: the income option gives {base} coins plus 1 per colonist on the "
                     "map (R-COLO-1).")
    if value == base:
        return wrong("You forgot the colonists: besides the fixed coins, R-COLO-1 pays 1 coin for each of your "
                     "colonists standing on the map.")
    return wrong(f"The income option (R-COLO-1 b) gives {base} coins plus 1 coin per own colonist on the map "
                 "(on routes or in cities; not the ones in the storehouse).")


def make_income_exercise() -> Exercise:
    state = income_state()
    aiko = state.player("Aiko")
    box = widgets.IntText(value=0, description="Coins")
    prompt = (f"Aiko plays a Colonist card. She has {len(aiko.colonists)} colonists on the map "
              f"({', '.join(str(c) for c in aiko.colonists)}) and {aiko.waiting_total} waiting in her storehouse. "
              "She takes the income instead of placing colonists. How many coins does she take?")
    return Exercise(prompt, box, check_income)


def vintner_state() -> cc.GameState:
    """Exercise 2: Aiko is about to play a Vintner. Her houses: Ancona and Croton (wine), Hadria (tools);
    Ben has houses in Ancona and Bauzanum (wine). The Umbrian bonus tile (wine) shows its goods side."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["VINTNER-II"] + REST_OF_HAND, houses=["ANCONA", "CROTON", "HADRIA"],
              goods={"food": 1, "cloth": 1})
    sc.player("Ben", houses=["ANCONA", "BAVZANVM"])
    sc.to_move("Aiko")
    return sc.build()


def check_vintner(answer: Any) -> Verdict:
    """How many wine does Aiko's Vintner produce? (R-SPEC-1)"""
    state = vintner_state()
    after = cc.apply(state, "play VINTNER-II")
    gained = after.player("Aiko").goods["wine"] - state.player("Aiko").goods["wine"]
    others = sum(state.city_goods[c] == "wine" for p in state.players if p.name != "Aiko" for c in p.houses)
    value = whole_number(answer, "wine")
    if isinstance(value, Verdict):
        return value
    if value == gained:
        return right(f"One wine for each of Aiko's {gained} houses in wine cities (R-SPEC-1). Ben's houses give "
                     "nothing, and no bonus tile is involved or turned.")
    if value == gained + others:
        return wrong("You counted Ben's houses in wine cities. A specialist produces only for its player's own "
                     "houses; other players receive nothing (R-SPEC-1).")
    if value in (gained + 1, gained + 2):
        return wrong("A specialist is not a Prefect: there is no province bonus, and bonus tiles are not turned "
                     "(R-SPEC-1). Count only Aiko's houses in wine cities.")
    return wrong("A Vintner makes every house of Aiko's in a wine city produce 1 wine; houses in other cities and "
                 "other players' houses produce nothing (R-SPEC-1).")


def make_vintner_exercise() -> Exercise:
    state = vintner_state()
    lines = "; ".join(f"{p.name}: " + ", ".join(f"{c} ({state.city_goods[c]})" for c in p.houses)
                      for p in state.players)
    box = widgets.IntText(value=0, description="Wine")
    prompt = (f"Houses: {lines}. Aiko plays her Vintner. How many wine does she receive? (She has room.)")
    return Exercise(prompt, box, check_vintner)
