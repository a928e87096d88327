"""Chapter 12, scoring: the gods one by one (R-SCORE-1..8): the chapter's widgets and checkers.

Positions on the Italia map (seed 7); every right answer is computed by `cc.score`, never written in
by hand here (the tests pin the numbers).
"""
from __future__ import annotations

from collections import Counter

import ipywidgets as ipw

import concordia_core as cc

from ..render.goods import goods_chips
from ..render.markup import esc
from ..render.words import card_names
from .kit import Board, Outcome, Stepper, TryIt, beat, html_table, number_exercise, score_table, style, text_html
from .kit.exercise import Exercise, Verdict, right, whole_number, wrong

MAP = "italia"
SEED = 7
PLAYERS = ["Aiko", "Ben"]

# R-SCORE-8 worked example: 5 houses in non-brick cities (cloth, wine, tools), in 4 provinces.
WORKED_HOUSES = ["FLORENTIA", "ANCONA", "HADRIA", "NEAPOLIS", "CROTON"]
WORKED_COLONISTS = [("land", "land:ANCONA-HADRIA"), ("land", "land:COSA-FLORENTIA"), ("sea", "sea:BRVNDISIVM-CROTON")]
FIRST_ARCHITECT = ["play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:NEAPOLIS-ROMA"]

# The exercise position: 7 houses, two of them in brick cities; Jupiter cards in hand and discard.
EXERCISE_HOUSES = ["COSA", "FLORENTIA", "GENVA", "NICAEA", "MVTINA", "RAVENNA", "ANCONA"]
EXERCISE_HAND = ["TRIBUNE", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR", "ARCHITECT-I"]
EXERCISE_DISCARD = ["ARCHITECT", "PREFECT"]
EXERCISE_COINS = 16
EXERCISE_GOODS = {"brick": 2, "food": 1, "wine": 1, "cloth": 1}


def table() -> cc.Game:
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player="Aiko")


# --- every card has a god (R-SCORE-1) --------------------------------------------------------------
def starting_gods() -> ipw.VBox:
    """The seven starting cards and their gods, and how many of each god a player starts with."""
    hand = table().state.player("Aiko").hand
    rows = [[cc.card(c).display_name, cc.god_name(cc.card(c).god)] for c in hand]
    count = Counter(cc.card(c).god for c in hand)
    line = cc.listing([cc._("{god} × {n}", god=cc.god_name(g), n=n) for g, n in count.items()])
    said = cc._("Every player starts with {gods}; no starting card belongs to Minerva.", gods=line)
    return ipw.VBox([style(), ipw.HTML(html_table([cc._("Starting card"), cc._("God")], rows) + text_html(said))])


# --- a live example: Aiko's first Architect --------------------------------------------------------
def first_architect() -> Stepper:
    def score(state: cc.GameState) -> str:
        return score_table(state, ["Aiko"])
    beats = [
        beat(FIRST_ARCHITECT, cc._("Aiko plays her Architect: her land colonist walks onto the land route "
                                   "ROMA–SPOLETVM and her sea colonist sails onto the sea route NEAPOLIS–ROMA. Still "
                                   "on the map, they still count for Mars.")),
        beat("build NEAPOLIS", cc._("She builds in NEAPOLIS, a tools city: Jupiter (her Architect and Diplomat) now "
                                    "pays 2 × 1, Saturnus (her two Prefects) 2 × 1 province, Mercurius 1 kind of "
                                    "good.")),
        beat("build NEAPOLIS", cc._("A second house in NEAPOLIS, to count it twice for Jupiter? No: one house per "
                                    "player per city (R-ARCH-6), so each city counts once."), refused=True),
        beat("build SPOLETVM", cc._("She builds in SPOLETVM, a brick city. Jupiter does not count it (R-SCORE-3), "
                                    "but Saturnus counts its province and Mercurius its good: 2 provinces, 2 kinds. "
                                    "Vesta went down: building cost coins and goods.")),
    ]
    intro = cc._("Aiko at setup, before her first card. The table is her score if the game ended now: Vesta for her "
                 "coins and goods, Mars for her 2 colonists. Press Next step.")
    return Stepper(table(), beats, intro=intro, facts=score, show_board=True)


# --- the worked example R-SCORE-8 -------------------------------------------------------------------
def worked_example_scenario() -> cc.Scenario:
    """R-SCORE-8: Aiko with the starting cards (Jupiter x2, Saturnus x2, Mercurius, Mars, and the
    Senator's Vesta), 5 houses in non-brick cities in 4 provinces, 3 kinds of good, 3 colonists out."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    sc.player("Aiko", houses=WORKED_HOUSES, colonists=WORKED_COLONISTS, coins=13)
    return sc


def worked_example() -> ipw.VBox:
    state = worked_example_scenario().build()
    points = cc.score(state, "Aiko").by_god()
    four = [points[g] for g in ("jupiter", "saturnus", "mercurius", "mars")]
    houses = cc.listing([cc._("{city} ({good}, {province})", city=cc.city_name(c),
                              good=cc.good_name(state.city_goods[c]),
                              province=cc.province_name(cc.load_map(MAP).province_of(c) or ""))
                         for c in state.player("Aiko").houses])
    text = cc._("Aiko keeps her starting cards and has houses in {houses}, and 3 colonists on the map. Jupiter, "
                "Saturnus, Mercurius and Mars give {a} + {b} + {c} + {d} = {total}, exactly as the rule text says; "
                "Vesta comes on top.", houses=houses, a=four[0], b=four[1], c=four[2], d=four[3], total=sum(four))
    return ipw.VBox([style(), ipw.HTML(text_html(text) + score_table(state, ["Aiko"]))])


def extras_picker() -> TryIt:
    """Add a Weaver and/or the Concordia card to the worked example and watch the score."""
    def attempt(extra: str) -> Outcome:
        sc = worked_example_scenario()
        hand = list(sc.build().player("Aiko").hand)
        if extra in ("weaver", "both"):
            sc.player("Aiko", hand=hand + ["WEAVER-II"])
        if extra in ("concordia", "both"):
            sc.player("Aiko", concordia=True)
        state = sc.build()
        return Outcome(cc._("Aiko's total: {total}.", total=cc.score(state, "Aiko").total),
                       extra_html=score_table(state, ["Aiko"]))
    options = [(cc._("the Weaver (a Minerva card: 5 points per cloth house)"), "weaver"),
               (cc._("the Concordia card (7 points)"), "concordia"), (cc._("both"), "both")]
    return TryIt(cc._("Give Aiko"), options, attempt, button=cc._("Score"),
                 intro=cc._("The rule text adds Minerva and the Concordia card on top. Aiko has one cloth house, "
                            "FLORENTIA."))


# --- the exercises: Jupiter and Vesta ------------------------------------------------------------------
def exercise_scenario() -> cc.Scenario:
    """Aiko has 7 houses (COSA and GENVA are brick cities) and three Jupiter cards, two in hand (Diplomat,
    Architect I) and one on her discard pile (Architect)."""
    sc = cc.Scenario(MAP, PLAYERS, seed=SEED)
    sc.player("Aiko", houses=EXERCISE_HOUSES, hand=EXERCISE_HAND, discard=EXERCISE_DISCARD,
              coins=EXERCISE_COINS, goods=EXERCISE_GOODS,
              colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "sea:COSA-GENVA"), ("land", "land:ANCONA-RAVENNA")])
    return sc


def exercise_state() -> cc.GameState:
    return exercise_scenario().build()


def exercise_position() -> ipw.VBox:
    """The exercise's position as a table and a board (no score shown)."""
    state = exercise_state()
    aiko = state.player("Aiko")
    board = cc.load_map(MAP)
    rows = [[cc.city_name(c), cc.good_name(state.city_goods[c]), cc.province_name(board.province_of(c) or "")]
            for c in aiko.houses]
    facts = html_table([cc._("Aiko's house in"), cc._("Good"), cc._("Province")], rows)
    cards = html_table([cc._("Hand"), cc._("Discard pile"), cc._("Coins"), cc._("Goods")],
                       [[esc(card_names(aiko.hand)), esc(card_names(aiko.discard)), esc(aiko.coins),
                         goods_chips(aiko.goods)]], raw=True)
    return ipw.VBox([style(), ipw.HTML(facts + cards), Board(state, caption=cc._("The exercise's position."))])


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
    value = whole_number(answer, cc._("points"))
    if isinstance(value, Verdict):
        return value
    fields = {"points": points, "cards": cards, "value": c["non_brick_houses"], "houses": houses, "brick": brick,
              "in_hand": in_hand, "name": player}
    if value == points:
        return right(cc._("{points} points: {cards} Jupiter cards (hand and discard pile together, R-SCORE-1) × "
                          "{value} houses in cities that do not make brick (R-SCORE-3). The {brick} houses in brick "
                          "cities score nothing for Jupiter.", **fields))
    if value == c["non_brick_houses"]:
        return wrong(cc._("That is Jupiter's value for one card. {name} holds {cards} Jupiter cards, and each card "
                          "scores its god once (R-SCORE-1).", **fields))
    if value == houses * cards:
        return wrong(cc._("You counted all {houses} houses. Jupiter counts only houses in cities that do not make "
                          "brick: {brick} of them stand in brick cities (R-SCORE-3).", **fields))
    if value == houses:
        return wrong(cc._("You counted all {houses} houses once. Jupiter skips brick cities (R-SCORE-3), and each of "
                          "the {cards} Jupiter cards scores (R-SCORE-1).", **fields))
    if value == in_hand * c["non_brick_houses"]:
        return wrong(cc._("You counted only the {in_hand} Jupiter cards in the hand. Cards on the discard pile score "
                          "too (R-SCORE-1).", **fields))
    return wrong(cc._("Count the Jupiter cards in the hand and on the discard pile (R-SCORE-1), then the houses in "
                      "cities that do not make brick (R-SCORE-3), and multiply.", **fields))


def check_vesta(answer: object, state: cc.GameState | None = None, player: str = "Aiko") -> Verdict:
    """Vesta's points (R-SCORE-2): (coins + goods at their price) // 10 per Vesta card."""
    state = state or exercise_state()
    points = cc.score(state, player).by_god()["vesta"]
    p = state.player(player)
    cards = _cards_of(state, player, "vesta")
    total = p.coins + p.goods.value()
    value = whole_number(answer, cc._("points"))
    if isinstance(value, Verdict):
        return value
    fields = {"points": points, "coins": cc.coins_text(p.coins), "worth": p.goods.value(), "total": total,
              "cards": cards, "goods": cc.goods_text(p.goods)}
    if value == points:
        return right(cc._("{points} points: {coins} + goods worth {worth} = {total}; 1 point per full 10, the rest "
                          "dropped (R-SCORE-2), × {cards} Vesta card.", **fields))
    if value == cards * -(-total // 10):
        return wrong(cc._("{total} holds fewer full tens than that: Vesta drops the remainder (R-SCORE-2).", **fields))
    if value == cards * (p.coins // 10):
        return wrong(cc._("You counted only the coins. The goods in the storehouse count too, at their price (brick "
                          "3, food 4, tools 5, wine 6, cloth 7): worth {worth} here (R-SCORE-2).", **fields))
    if value == cards * ((p.coins + p.goods.total()) // 10):
        return wrong(cc._("You counted each good as 1 coin. Goods count at their price: {goods} is worth {worth} "
                          "(R-SCORE-2).", **fields))
    return wrong(cc._("Add the coins and the price of every good in the storehouse, then take 1 point per full 10 "
                      "(R-SCORE-2).", **fields))


def make_jupiter_exercise() -> Exercise:
    points = cc.score(exercise_state(), "Aiko").by_god()["jupiter"]
    return number_exercise(cc._("How many points does Jupiter give Aiko in the position above?"), cc._("Points"),
                           check_jupiter, lambda: points, width="180px")


def make_vesta_exercise() -> Exercise:
    points = cc.score(exercise_state(), "Aiko").by_god()["vesta"]
    return number_exercise(cc._("How many points does Vesta give Aiko in the same position?"), cc._("Points"),
                           check_vesta, lambda: points, width="180px")
