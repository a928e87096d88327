"""Chapter 11, scoring: the gods one by one (R-SCORE-1..8).

Positions are built with `cc.Scenario` on the Italia map (seed 7, the table of chapter 00); every
right answer is computed by `cc.score`, never written in by hand.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, whole_number, wrong

MAP = "italia"
SEED = 7
PLAYERS = ["Aiko", "Ben"]

# R-SCORE-8 worked example: 5 houses in non-brick cities (cloth, wine, tools), in 4 provinces.
WORKED_HOUSES = ["FLORENTIA", "ANCONA", "HADRIA", "NEAPOLIS", "CROTON"]
WORKED_COLONISTS = [("land", "land:ANCONA-HADRIA"), ("land", "land:COSA-FLORENTIA"), ("sea", "sea:BRVNDISIVM-CROTON")]

# The exercise position: 7 houses, two of them in brick cities; Jupiter cards in hand and discard.
EXERCISE_HOUSES = ["COSA", "FLORENTIA", "GENVA", "NICAEA", "MVTINA", "RAVENNA", "ANCONA"]
EXERCISE_HAND = ["TRIBUNE", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR", "ARCHITECT-I"]
EXERCISE_DISCARD = ["ARCHITECT", "PREFECT"]
EXERCISE_COINS = 16
EXERCISE_GOODS = {"brick": 2, "food": 1, "wine": 1, "cloth": 1}


def worked_example_scenario() -> cc.Scenario:
    """R-SCORE-8: Aiko with the starting cards (Jupiter x2, Saturnus x2, Mercurius, Mars, and the
    Senator's Vesta), 5 houses in non-brick cities in 4 provinces, 3 kinds of good, 3 colonists out."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    sc.player("Aiko", houses=WORKED_HOUSES, colonists=WORKED_COLONISTS, coins=13)
    return sc


def exercise_scenario() -> cc.Scenario:
    """The position of the exercises: Aiko has 7 houses (COSA and GENVA are brick cities) and three
    Jupiter cards, two in hand (Diplomat, Architect I) and one on her discard pile (Architect)."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    sc.player("Aiko", houses=EXERCISE_HOUSES, hand=EXERCISE_HAND, discard=EXERCISE_DISCARD,
              coins=EXERCISE_COINS, goods=EXERCISE_GOODS,
              colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "sea:COSA-GENVA"), ("land", "land:ANCONA-RAVENNA")])
    return sc


def exercise_state() -> cc.GameState:
    return exercise_scenario().build()


def _cards_of(state: cc.GameState, player: str, god: str, where: str = "cards") -> int:
    p = state.player(player)
    return sum(cc.card(c).god == god for c in getattr(p, where))


def check_jupiter(answer: object, state: cc.GameState | None = None, player: str = "Aiko") -> Verdict:
    """Jupiter's points (R-SCORE-1, R-SCORE-3): cards in hand and discard x houses in non-brick cities."""
    state = state or exercise_state()
    points = cc.score(state, player).by_god()["jupiter"]
    c = cc.score_counts(state, player)
    cards = _cards_of(state, player, "jupiter")
    in_hand = _cards_of(state, player, "jupiter", "hand")
    houses = len(state.player(player).houses)
    brick = houses - c["non_brick_houses"]
    value = whole_number(answer, "points")
    if isinstance(value, Verdict):
        return value
    if value == points:
        return right(f"{points} points: {cards} Jupiter cards (hand and discard together, R-SCORE-1) x "
                     f"{c['non_brick_houses']} houses in non-brick cities (R-SCORE-3). The {brick} brick-city "
                     "houses score nothing for Jupiter.")
    if value == c["non_brick_houses"]:
        return wrong(f"{value} is Jupiter's value for one card. {player} holds {cards} Jupiter cards, and each "
                     f"card scores its god once: {cards} x {value} (R-SCORE-1).")
    if value == houses * cards:
        return wrong(f"you counted all {houses} houses. Jupiter counts only houses in non-brick cities: "
                     f"{brick} of them stand in brick cities (R-SCORE-3).")
    if value == houses:
        return wrong(f"you counted all {houses} houses with one card. Jupiter skips brick cities (R-SCORE-3), "
                     f"and each of the {cards} Jupiter cards scores (R-SCORE-1).")
    if value == in_hand * c["non_brick_houses"]:
        return wrong(f"you counted only the {in_hand} Jupiter cards in hand. Cards on the discard pile score "
                     f"too: hand and discard together hold {cards} (R-SCORE-1).")
    return wrong(f"not {value}. Count the Jupiter cards in hand and on the discard pile (R-SCORE-1), then the "
                 "houses in cities whose good is not brick (R-SCORE-3), and multiply.")


def check_vesta(answer: object, state: cc.GameState | None = None, player: str = "Aiko") -> Verdict:
    """Vesta's points (R-SCORE-2): (coins + goods at sale price) // 10 per Vesta card."""
    state = state or exercise_state()
    points = cc.score(state, player).by_god()["vesta"]
    p = state.player(player)
    cards = _cards_of(state, player, "vesta")
    total = p.coins + p.goods.value()
    value = whole_number(answer, "points")
    if isinstance(value, Verdict):
        return value
    if value == points:
        return right(f"{points} points: {p.coins} coins + goods worth {p.goods.value()} = {total}; one point per "
                     f"full 10, rounded down (R-SCORE-2), x {cards} Vesta card.")
    if value == cards * -(-total // 10):
        return wrong(f"{total} is not {value} full tens: Vesta rounds down (R-SCORE-2).")
    if value == cards * (p.coins // 10):
        return wrong(f"you counted only the coins. The goods in the storehouse count too, at their sale price "
                     f"(brick 3, food 4, tools 5, wine 6, cloth 7): worth {p.goods.value()} here (R-SCORE-2).")
    if value == cards * ((p.coins + p.goods.total()) // 10):
        return wrong(f"you counted each good as 1 coin. Goods count at their sale price: {p.goods} is worth "
                     f"{p.goods.value()} coins (R-SCORE-2).")
    return wrong(f"not {value}. Add the coins and the sale value of every good in the storehouse, then take "
                 "one point per full 10 (R-SCORE-2).")


def _number_exercise(prompt: str, check) -> Exercise:  # type: ignore[no-untyped-def]
    box = ipw.IntText(value=0, description="Points:", layout=ipw.Layout(width="180px"))
    return Exercise(prompt, box, check)


def make_jupiter_exercise() -> Exercise:
    return _number_exercise("How many points does <b>Jupiter</b> give Aiko in the position above? "
                            "Type the number and press <i>Check my answer</i>.", check_jupiter)


def make_vesta_exercise() -> Exercise:
    return _number_exercise("How many points does <b>Vesta</b> give Aiko in the same position?", check_vesta)
