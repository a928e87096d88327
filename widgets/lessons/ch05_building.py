"""Chapter 05, the Architect's building (R-ARCH-5..10): the chapter's widgets and the house-price exercise.

Worked example R-ARCH-9 by real play: Italia, Aiko and Ben, seed 20, Aiko first. COSA is a food
city. Ben builds the first house in COSA; then Aiko, with a sea colonist on the sea route COSA–ROMA,
builds the second: 1 brick + 1 food + 4 coins.

The exercise: a three-player position set up by hand on the same city tiles (seed 20), where Ben and
Chloe already have houses in the wine city SPOLETVM and Aiko's land colonist stands next to it.
"""
from __future__ import annotations

import ipywidgets as ipw

import concordia_core as cc

from ..parts.inputs import menu
from ..render.board import BuildOverlay
from ..render.goods import goods_chips
from ..render.markup import esc
from . import replay
from .kit import Outcome, Stepper, TryIt, beat, html_table
from .kit.exercise import Exercise, Verdict, right, wrong

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 20
OPENING = ["play MERCATOR", "done",                                                 # Aiko: 5 + 3 = 8 coins
           "play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA"]            # Ben: 1st house in COSA
AIKO_MOVES = ["play ARCHITECT", "move ROMA > sea:COSA-ROMA", "move ROMA > land:CASINVM-ROMA"]
BUILD_OPTIONS = ["COSA", "CASINVM", "ROMA", "FLORENTIA"]
EXERCISE_CITY = "SPOLETVM"


def position() -> cc.Game:
    """Aiko to move; Ben has the first house in COSA (a food city)."""
    return replay(MAP, PLAYERS, SEED, OPENING)


def moved_position() -> cc.Game:
    """Aiko has played her Architect and moved both colonists: she may build now."""
    return replay(MAP, PLAYERS, SEED, [*OPENING, *AIKO_MOVES])


def aiko_table(state: cc.GameState) -> str:
    aiko = state.player("Aiko")
    return html_table([cc._("Aiko's coins"), cc._("Aiko's goods"), cc._("Houses in COSA")],
                      [[esc(aiko.coins), goods_chips(aiko.goods), esc(state.houses_in("COSA"))]], raw=True)


def aiko_paid(before: cc.GameState, after: cc.GameState) -> str:
    """What Aiko paid between two positions, as a price: '1 brick + 1 food + 4 coins'."""
    b, a = before.player("Aiko"), after.player("Aiko")
    return cc.price_text(b.goods - a.goods, b.coins - a.coins)


# --- the worked example R-ARCH-9 ------------------------------------------------------------------
def worked_example() -> Stepper:
    aiko = 0

    def overlay(state: cc.GameState) -> BuildOverlay | None:
        return BuildOverlay(aiko) if state.actor == "Aiko" and state.pending is not None else None
    beats = [
        beat(AIKO_MOVES, cc._("Aiko plays her Architect and spends her 2 steps: her sea colonist onto the sea route "
                              "COSA–ROMA, her land colonist onto the land route CASINVM–ROMA. Moving is over; the "
                              "board marks the cities where she may build, with the full price of a house.")),
        beat("build COSA", lambda b, a: cc._(
            "She builds the second house in COSA: {paid}, as the rule text says. The food city's 2 coins are "
            "doubled because the city now holds 2 houses; the goods are not (R-ARCH-8, R-ARCH-9). Her colonists "
            "stay on their routes (R-ARCH-10).",
            paid=aiko_paid(b, a))),
    ]
    intro = cc._("COSA is a food city, and Ben has just built the first house there. Now Aiko plays her Architect. "
                 "Press Next step.")
    return Stepper(position(), beats, intro=intro, facts=aiko_table, overlay=overlay, show_board=True)


# --- the live example: where may Aiko build? --------------------------------------------------------
def build_picker() -> TryIt:
    state = moved_position().state

    def attempt(city: str) -> Outcome:
        after = cc.apply(state, f"build {city}")
        return Outcome(cc._("Allowed: Aiko builds in {city} and pays {price}.", city=cc.city_name(city),
                            price=aiko_paid(state, after)), after)
    return TryIt(cc._("City"), [(cc.city_name(c), c) for c in BUILD_OPTIONS], attempt, button=cc._("Build"),
                 board_state=state, board_overlay=BuildOverlay(state.index_of("Aiko")),
                 board_caption=cc._("Aiko's colonists stand on the sea route COSA–ROMA and the land route "
                                    "CASINVM–ROMA. The marked cities are where she may build, with their price."),
                 pick_kind="city")


# --- the exercise: price a house (R-ARCH-7, R-ARCH-8) -----------------------------------------------
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
    name, good_word = cc.city_name(city), cc.good_name(good)
    full = cc.price_text(goods, price)
    if goods_text is None:
        return wrong(cc._("Choose the goods first."))
    problems = []
    if goods_text != cc.goods_text(goods):
        if goods_text == cc.goods_text(cc.Goods({k: v * n for k, v in goods.items()})):
            problems.append(cc._("the goods are never multiplied: only the coins grow with the houses in the city "
                                 "(R-ARCH-8)"))
        elif goods_text == cc.goods_text(cc.CONSTANTS.house_goods["brick"]):
            problems.append(cc._("1 food is the goods cost of a brick city only; {city} is a {good} city, so it takes "
                                 "1 brick + 1 {good} (R-ARCH-7)", city=name, good=good_word))
        else:
            problems.append(cc._("every city except a brick city needs 1 brick as well as 1 of its own good "
                                 "(R-ARCH-7)"))
    if coins != price:
        if coins == base:
            problems.append(cc._("{base} is the coin cost of one house in a {good} city; it is multiplied by the "
                                 "number of houses there, the new one included: {base} × {n} (R-ARCH-8)",
                                 base=cc.coins_text(base), good=good_word, n=n))
        elif coins == base * (n - 1):
            problems.append(cc._("you counted only the {old} houses already there; the new house counts too: "
                                 "{base} × {n} (R-ARCH-8)", old=n - 1, base=cc.coins_text(base), n=n))
        else:
            problems.append(cc._("the coins are the city's coin cost ({base} for a {good} city) times its houses, "
                                 "the new one included ({n}) (R-ARCH-8)", base=cc.coins_text(base), good=good_word,
                                 n=n))
    if not problems:
        return right(cc._("{price}: 1 brick + 1 {good} because {city} is a {good} city (R-ARCH-7); {base} × {n} "
                          "houses, Aiko's new one included (R-ARCH-8).", price=full, good=good_word, city=name,
                          base=cc.coins_text(base), n=n))
    listed = cc._("; ").join(problems)
    return wrong(cc._("Not quite: {problems}.", problems=listed))


def make_price_exercise() -> Exercise:
    state = exercise_scenario().build()
    goods = menu(cc._("Goods"), [(o, o) for o in goods_options(state, EXERCISE_CITY)], prompt=cc._("choose the goods"))
    coins = ipw.IntText(value=0, description=cc._("Coins"))
    good = state.city_goods[EXERCISE_CITY]
    prompt = cc._("Three players. {city} is a {good} city, and Ben and Chloe each have a house there. Aiko's land "
                  "colonist stands on the land route ROMA–SPOLETVM and she plays her Architect. What does her house "
                  "in {city} cost?", city=cc.city_name(EXERCISE_CITY), good=cc.good_name(good))
    goods_, price = cc.house_price(state, EXERCISE_CITY)
    return Exercise(esc(prompt), lambda: (goods.value, coins.value), check_house_price,
                    solution=lambda: check_house_price((cc.goods_text(goods_), price), state).message,
                    controls=[goods, coins])
