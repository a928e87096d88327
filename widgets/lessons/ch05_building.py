"""Chapter 04, the Architect's building (R-ARCH-5..10): positions and the house-price exercise.

Worked example R-ARCH-9 by real play: Italia, Aiko and Ben, seed 20, Aiko first. COSA is a food
city. Ben builds the first house in COSA; then Aiko, with a sea colonist on sea:COSA-ROMA, builds
the second: 1 brick + 1 food + 4 coins.

The exercise: a three-player Scenario on the same city tiles (seed 20), where Ben and Chloe already
have houses in the wine city SPOLETVM and Aiko's land colonist stands on land:ROMA-SPOLETVM.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, wrong
from . import replay

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 20
OPENING = ["play MERCATOR", "done",                                                 # Aiko: 5 + 3 = 8 coins
           "play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA"]            # Ben: 1st house in COSA
AIKO_MOVES = ["play ARCHITECT", "move ROMA > sea:COSA-ROMA", "move ROMA > land:CASINVM-ROMA"]
EXERCISE_CITY = "SPOLETVM"


def position() -> cc.Game:
    """Aiko to move; Ben has the first house in COSA (a food city)."""
    return replay(MAP, PLAYERS, SEED, OPENING)


def exercise_scenario() -> cc.Scenario:
    """Three players; Ben and Chloe have houses in SPOLETVM (wine); Aiko, to move, stands next to it."""
    sc = cc.Scenario(MAP, ["Aiko", "Ben", "Chloe"], seed=SEED)
    sc.player("Ben", houses=[EXERCISE_CITY], colonists=[("land", "land:ANCONA-SPOLETVM"), ("sea", "ROMA")])
    sc.player("Chloe", houses=[EXERCISE_CITY], colonists=[("land", "land:HADRIA-SPOLETVM"), ("sea", "ROMA")])
    sc.player("Aiko", coins=15, colonists=[("land", "land:ROMA-SPOLETVM"), ("sea", "ROMA")])
    return sc.to_move("Aiko")


def goods_options(state: cc.GameState, city: str) -> list[str]:
    """The goods answers offered: the right one and the typical mistakes, as text."""
    good = state.city_goods[city]
    goods, _ = cc.house_price(state, city)
    n = state.houses_in(city) + 1
    options = [cc.goods_text(goods), cc.goods_text(cc.Goods({k: v * n for k, v in goods.items()})),
               cc.goods_text(cc.CONSTANTS.house_goods["brick"]), cc.goods_text(cc.Goods({good: 1}))]
    return sorted(set(options))


def check_house_price(answer: tuple[str | None, int | None], state: cc.GameState | None = None,
                      city: str = EXERCISE_CITY) -> Verdict:
    """`answer` = (goods as text, coins). Right only if both match the engine's price (R-ARCH-7/8)."""
    state = state if state is not None else exercise_scenario().build()
    goods_text, coins = answer
    good = state.city_goods[city]
    goods, price = cc.house_price(state, city)
    base = cc.CONSTANTS.house_coins[good]
    n = state.houses_in(city) + 1
    full = f"{cc.goods_text(goods)} + {price} coins"
    if goods_text is None:
        return wrong("Choose the goods first.")
    problems = []
    if goods_text != cc.goods_text(goods):
        if goods_text == cc.goods_text(cc.Goods({k: v * n for k, v in goods.items()})):
            problems.append(f"the goods are never multiplied: only the coins grow with the houses in the city, the "
                            f"goods stay {cc.goods_text(goods)} (R-ARCH-8)")
        elif goods_text == cc.goods_text(cc.CONSTANTS.house_goods["brick"]):
            problems.append(f"1 food is the goods cost of a brick city only; {city} is a {good} city, so it takes "
                            f"1 brick + 1 {good} (R-ARCH-7)")
        else:
            problems.append(f"every city except a brick city needs 1 brick as well as 1 of its own good: "
                            f"{cc.goods_text(goods)} (R-ARCH-7)")
    if coins != price:
        if coins == base:
            problems.append(f"{base} coins is the base price of a {good} city; it is multiplied by the number of "
                            f"houses there counting the new one: {base} × {n} = {price} (R-ARCH-8)")
        elif coins == base * (n - 1):
            problems.append(f"{coins} coins counts only the {n - 1} houses already there; the new house counts too: "
                            f"{base} × {n} = {price} (R-ARCH-8)")
        else:
            problems.append(f"the coins are the city's base price ({good}: {base}) times the houses in it counting "
                            f"the new one ({n}): {price} (R-ARCH-8)")
    if not problems:
        return right(f"{full}: 1 brick + 1 {good} because {city} is a {good} city (R-ARCH-7); {base} coins "
                     f"(the {good} base) × {n} houses counting Aiko's new one = {price} (R-ARCH-8).")
    return wrong(f"The price is {full}, not {goods_text} + {coins} coins: " + "; ".join(problems) + ".")


def make_price_exercise() -> Exercise:
    state = exercise_scenario().build()
    goods = ipw.Dropdown(options=[("choose the goods", None)] + [(o, o) for o in goods_options(state, EXERCISE_CITY)],
                         value=None, description="Goods")
    coins = ipw.IntText(value=0, description="Coins")
    good = state.city_goods[EXERCISE_CITY]
    return Exercise(f"Three players. {EXERCISE_CITY} is a <b>{good}</b> city, and Ben and Chloe each have a house "
                    f"there. Aiko's land colonist stands on land:ROMA-SPOLETVM and she plays her Architect. "
                    f"What does <b>her house in {EXERCISE_CITY}</b> cost?",
                    lambda: (goods.value, coins.value), check_house_price, controls=[goods, coins])
