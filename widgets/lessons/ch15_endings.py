"""Chapter 15's guided endings: the two ways a game ends (R-END-1), each played by the learner on the game
screen (`kit.guided`), late in a two-player game against Livia on Italia.

- The last card: the deck is empty and two cards are left in the display. The learner plays the Colonist card
  (a colonist placed by a house), buys one card with the Consul (its own price only, no slot extra), and buys the
  last card with the Senator: the end is set off, Livia has her last turn, and the final score counts Minerva's
  specialists.
- The 15th house: the learner has built 14 houses and builds the last one with the Architect.
"""
from __future__ import annotations

import concordia_core as cc
from concordia_core import N_

from ..parts.later import later as later  # a cell's heavy screen, built when the learner reaches it (app mode)
from .kit.guided import Guide, GuidedGame, Step, Told

MAP = "italia"
YOU, OPPONENT = cc.learner_name(), "Livia"
SEED = 7
LIVIA_HOUSES = ["SPOLETVM", "RAVENNA", "MVTINA", "VERONA", "PANORMVS", "SYRACVSAE", "BRVNDISIVM", "OLBIA", "ALERIA",
                "CASINVM"]
YOUR_HOUSES = ["COSA", "NEAPOLIS", "ANCONA", "CROTON", "FLORENTIA", "AQVILEIA", "LVCERIA", "HADRIA", "GENVA"]
MORE_HOUSES = ["COMVM", "SEGVSIO", "NICAEA", "BAVZANVM", "POTENTIA"]     # 14 with YOUR_HOUSES
COLONISTS = [("land", "land:COSA-FLORENTIA"), ("sea", "sea:NEAPOLIS-ROMA"), ("land", "land:ANCONA-HADRIA"),
             ("sea", "ROMA")]
LIVIA_COLONISTS = [("land", "land:ANCONA-SPOLETVM"), ("sea", "sea:OLBIA-ROMA"), ("land", "land:CASINVM-NEAPOLIS"),
                   ("sea", "sea:MESSANA-PANORMVS")]


def _table() -> cc.Scenario:
    sc = cc.Scenario(MAP, [YOU, OPPONENT], seed=SEED)
    sc.player(OPPONENT, coins=11, goods={"brick": 2, "wine": 1, "cloth": 2}, hand=["MERCATOR", "PREFECT", "ARCHITECT",
                                                                                   "TRIBUNE"],
              discard=["PREFECT", "DIPLOMAT", "SENATOR", "SMITH-I", "PREFECT-I"], houses=LIVIA_HOUSES,
              colonists=LIVIA_COLONISTS)
    return sc


def last_card_game() -> cc.Game:
    """The deck is empty, two cards are left in the display; you to move with the Colonist card, the Consul and
    the Senator in hand."""
    sc = _table()
    sc.player(OPPONENT, discard=["PREFECT", "DIPLOMAT", "SENATOR", "SMITH-I", "PREFECT-I", "COLONIST-II",
                                 "ARCHITECT-II", "PREFECT-II", "DIPLOMAT-I"])
    sc.player(YOU, coins=14, goods={"brick": 2, "food": 2, "tools": 2, "wine": 2, "cloth": 1},
              hand=["COLONIST-I", "CONSUL-II", "SENATOR", "PREFECT"],
              discard=["TRIBUNE", "ARCHITECT", "PREFECT", "MERCATOR", "DIPLOMAT", "MASON-I", "ARCHITECT-I",
                       "MERCATOR-II", "FARMER-I"], houses=YOUR_HOUSES, colonists=COLONISTS)
    sc.display(["VINTNER-II", "WEAVER-II"], deck=[])
    return sc.to_move(YOU).game()


def last_house_game() -> cc.Game:
    """You have built 14 houses; a free city lies one sea step away; you to move with the Architect in hand."""
    sc = _table()
    sc.player(YOU, coins=9, goods={"brick": 2, "food": 2, "tools": 1, "wine": 1}, hand=["ARCHITECT", "SENATOR", "PREFECT"],
              discard=["TRIBUNE", "PREFECT", "MERCATOR", "DIPLOMAT", "MASON-I", "ARCHITECT-I", "COLONIST-I"],
              houses=YOUR_HOUSES + MORE_HOUSES, colonists=COLONISTS)
    return sc.to_move(YOU).game()


LAST_CARD: tuple[Step | Told, ...] = (
    Step(N_("Play your {card}. It either places colonists from your storehouse on the map, in ROMA or in a city "
            "where you have a house, for 1 food + 1 tools each, or pays an income: 5 coins + 1 per colonist on the "
            "map ({income} now)."), "card", "play COLONIST-I", N_("play your {card}"), {"card": ("card", "COLONIST-I")}),
    Step(N_("Place a land colonist in {city}, where you have a house: choose Place colonist, the land colonist and "
            "{city}, then press Place."), "place", "place land LVCERIA", N_("place a land colonist in {city}"),
         {"city": ("city", "LVCERIA")}),
    Step(N_("One is enough: press Done."), "done", "done", N_("press Done")),
    Told(("play PREFECT", "produce APVLIA"), N_("Livia plays a {card} and makes {province} produce."),
         {"card": ("card", "PREFECT"), "province": ("province", "APVLIA")}),
    Step(N_("The deck is empty and only {cards_left} cards are left in the display. Play your {card}: it buys one "
            "card and pays only the goods on the card, never the extra under its slot."),
         "card", "play CONSUL-II", N_("play your {card}"), {"card": ("card", "CONSUL-II")}),
    Step(N_("Buy the {card} in slot 2: 1 brick + 1 cloth, without the slot's “?”."), "buy", "purchase 2",
         N_("buy the {card} in slot 2"), {"card": ("card", "WEAVER-II")}),
    Told(("play MERCATOR", "done"), N_("Livia plays her {card}: 3 coins, no trade. She leaves the last card alone."),
         {"card": ("card", "MERCATOR")}),
    Step(N_("One card is left. Whoever buys the last card of the display takes the Concordia card (7 points), and "
            "every other player has one last turn. Play your {card}."), "card", "play SENATOR",
         N_("play your {card}"), {"card": ("card", "SENATOR")}),
    Step(N_("Buy the {card} in slot 1 (1 brick + 1 wine): the game's end is set off."), "buy", "purchase 1",
         N_("buy the {card} in slot 1"), {"card": ("card", "VINTNER-II")}),
    Told(("play TRIBUNE",), N_("Livia plays her last turn, a {card}. The game is over: final scoring."),
         {"card": ("card", "TRIBUNE")}),
)
LAST_HOUSE: tuple[Step | Told, ...] = (
    Step(N_("You have built 14 of your 15 houses. Building the 15th ends the game as buying the last card does. Play "
            "your {card}."), "card", "play ARCHITECT", N_("play your {card}"), {"card": ("card", "ARCHITECT")}),
    Step(N_("Move your sea colonist onto {route} (1 step)."), "move", "move sea:NEAPOLIS-ROMA > sea:MESSANA-NEAPOLIS",
         N_("move your sea colonist onto {route}"), {"route": ("route", "sea:MESSANA-NEAPOLIS")}),
    Step(N_("Build your 15th house in {city}: you take the Concordia card."), "build", "build MESSANA",
         N_("build in {city}"), {"city": ("city", "MESSANA")}),
    Told(("play MERCATOR", "done"), N_("Livia plays her last turn, a {card}. The game is over: final scoring."),
         {"card": ("card", "MERCATOR")}),
)
LAST_CARD_INTRO = N_("Late in a game against Livia. The deck is empty, and two cards are left in the display.")
LAST_HOUSE_INTRO = N_("Another late position: you have built 14 houses.")
FINISH = N_("The final score: the Concordia card's 7 points go to you, and Minerva pays each of your specialists "
            "for your houses in its cities.")

LAST_CARD_GUIDE = Guide(last_card_game, YOU, OPPONENT, LAST_CARD, LAST_CARD_INTRO, FINISH)
LAST_HOUSE_GUIDE = Guide(last_house_game, YOU, OPPONENT, LAST_HOUSE, LAST_HOUSE_INTRO, FINISH)


def last_card() -> GuidedGame:
    """The end by the last card of the display, played by the learner."""
    return GuidedGame(LAST_CARD_GUIDE)


def last_house() -> GuidedGame:
    """The end by the 15th house, played by the learner."""
    return GuidedGame(LAST_HOUSE_GUIDE)
