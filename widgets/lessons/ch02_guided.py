"""Chapter 02, a guided first game: the tutor plays a scripted game with the learner, one decision at a time
(Board Game Arena tutorial style), on the game screen itself (`kit.guided`): the learner uses the very controls
and board of every later game, and plays every starting card, buys two cards (a specialist among them),
plays the specialist, collects coins with a Prefect and meets the first game's intermediate scoring with
their own first Tribune.

Italia, "You" against Livia, seed 7, you first, first game: the table of the rule text's Mercator example.
"""
from __future__ import annotations

import concordia_core as cc
from concordia_core import N_

from .kit.guided import NOT_TAUGHT, Guide, GuidedGame, Step, Told

MAP = "italia"
YOU, OPPONENT = cc.learner_name(), "Livia"
PLAYERS = [YOU, OPPONENT]
SEED = 7

SCRIPT: tuple[Step | Told, ...] = (
    Step(N_("Your first turn. Houses are what score in Concordia, and a house needs bricks. Play your {card}: "
            "it gives you 3 coins, then lets you trade goods with the bank. Click the {card} in your hand (or "
            "choose it in the Card menu) and press Play the {card}."),
         "card", "play MERCATOR", N_("play your {card}"), {"card": ("card", "MERCATOR")}),
    Step(N_("You have {coins} now. Sell your {good} to the bank: it is the dearest good (7 coins) and you will "
            "not need it soon. Choose {good} under Good, then Sell, amount 1, and press Sell."),
         "trade", "sell 1 cloth", N_("sell 1 {good}"), {"good": ("good", "cloth")}),
    Step(N_("{coins} now, and {free} in your storehouse. Buy 2 {good} at 3 coins each: choose {good}, Buy, amount 2, "
            "and press Buy. A Mercator trades at most 2 kinds of goods; cloth and brick are your two."),
         "trade", "buy 2 brick", N_("buy 2 {good}"), {"good": ("good", "brick")}),
    Step(N_("That is all for this Mercator. Press Done: your turn ends, and the card stays on your discard pile "
            "until a Tribune brings it back."),
         "done", "done", N_("press Done")),
    Told(("play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:COSA-ROMA", "build SPOLETVM",
          "build COSA"),
         N_("Livia plays her {card}: her colonists walk from ROMA onto {route} and {route_2}, and she builds in "
            "{city} and {city_2}, two brick cities: 1 food + 1 coin each, the first house in each."),
         {"card": ("card", "ARCHITECT"), "route": ("route", "land:ROMA-SPOLETVM"), "route_2": ("route", "sea:COSA-ROMA"),
          "city": ("city", "SPOLETVM"), "city_2": ("city", "COSA")}),
    Step(N_("Your turn again. Play your {card}. It first moves your colonists, then builds houses next to them. "
            "You get one step for each of your colonists on the map: you have {colonists} there, both in ROMA."),
         "card", "play ARCHITECT", N_("play your {card}"), {"card": ("card", "ARCHITECT")}),
    Step(N_("Move your sea colonist out of ROMA onto {route} (1 step). The map marks every route where it may "
            "stop, with its cost in steps. Choose the sea colonist and the route, then press Move."),
         "move", "move ROMA > sea:NEAPOLIS-ROMA", N_("move your sea colonist onto {route}"),
         {"route": ("route", "sea:NEAPOLIS-ROMA")}),
    Step(N_("{steps} left. Move your land colonist onto {route}. Livia's colonist stands on the route to "
            "SPOLETVM: a colonist may pass a taken route but never stop on it."),
         "move", "move ROMA > land:COSA-ROMA", N_("move your land colonist onto {route}"),
         {"route": ("route", "land:COSA-ROMA")}),
    Step(N_("Moving is over; now build. A house may go in a city at either end of a route where your colonist "
            "stands, but never in ROMA. Build in {city}, a tools city: 1 brick + 1 tools + 3 coins. The map "
            "shows each city's price."),
         "build", "build NEAPOLIS", N_("build in {city}"), {"city": ("city", "NEAPOLIS")}),
    Step(N_("And a second house, in {city}, a brick city where Livia has just built: 1 food + 2 coins, not 1. A "
            "house's coins are paid once for every house the city will then hold: 1 coin for a brick city's first "
            "house, 2 for its second, 3 for its third; the goods stay the same (R-ARCH-8)."),
         "build", "build COSA", N_("build in {city}"), {"city": ("city", "COSA")}),
    Told(("play PREFECT", "produce VMBRIA"),
         N_("Livia plays a {card} and makes {province} produce. Its bonus tile is wine: she takes 2 wine, because "
            "her Praefectus Magnus card doubles that bonus, and her house in SPOLETVM makes 1 brick. The bonus "
            "tile turns to its coin side, and the Praefectus Magnus card passes to you."),
         {"card": ("card", "PREFECT"), "province": ("province", "VMBRIA")}),
    Step(N_("Your turn. Play a {card}: you choose a province, every house there makes 1 good of its city for its "
            "owner, and you take the province's bonus good. You have two Prefects; either will do."),
         "card", "play PREFECT", N_("play a {card}"), {"card": ("card", "PREFECT")}),
    Step(N_("Make {province} produce. Its bonus tile is tools and you now hold the Praefectus Magnus card, so you "
            "take 2 tools, and your house in NEAPOLIS makes 1 more. VMBRIA shows its coin side: it cannot produce "
            "again until someone collects."),
         "province", "produce CAMPANIA", N_("make {province} produce"), {"province": ("province", "CAMPANIA")}),
    Told(("play MERCATOR", "sell 1 wine", "done"),
         N_("Livia plays her {card}: 3 coins, and she sells 1 wine to the bank."), {"card": ("card", "MERCATOR")}),
    Step(N_("Play your {card}: it carries out the card on top of another player's discard pile as if it were "
            "yours. Livia's top card is the Mercator she has just played."),
         "card", "play DIPLOMAT", N_("play your {card}"), {"card": ("card", "DIPLOMAT")}),
    Step(N_("Choose Livia under Copy and press Copy: her Mercator gives you 3 coins and a trade. A Diplomat never "
            "copies a Tribune or another Diplomat."), "copy", "copy Livia", N_("copy Livia's top card")),
    Step(N_("{coins} now. You need no trade this time: press Done."), "done", "done", N_("press Done")),
    Told(("play PREFECT", "produce ETRVRIA", "keep 2 cloth"),
         N_("Livia plays a {card} in {province}: 2 cloth with the Praefectus Magnus, 1 brick from her house in "
            "{city}, but her storehouse has room for only 2 goods. When the goods due do not all fit, their owner "
            "chooses which come in, filling every free slot; the rest stay in the bank, and nothing stored is "
            "thrown out (R-STORE-2). She keeps the cloth. Your house in {city} makes 1 brick for you too, filling "
            "your last free slot. The Praefectus Magnus comes back to you."),
         {"card": ("card", "PREFECT"), "province": ("province", "ETRVRIA"), "city": ("city", "COSA")}),
    Step(N_("Play your {card}: it buys up to 2 cards from the display for your hand. A card costs the goods in its "
            "own box plus the extra printed under its slot: nothing under slot 1, “?” (any one good you choose) "
            "under slots 2 and 3, cloth further right."),
         "card", "play SENATOR", N_("play your {card}"), {"card": ("card", "SENATOR")}),
    Step(N_("Buy the {card} in slot 1: 1 brick + 1 tools, no extra. It is a specialist: it makes 1 tools in each "
            "of your tools cities. Click it in the display twice, or choose slot 1 and press Buy."),
         "buy", "purchase 1", N_("buy the {card} in slot 1"), {"card": ("card", "SMITH-I")}),
    Step(N_("Now the {card} in slot 3: its own wine plus the slot's “?”; pay the “?” with brick. Both cards are "
            "priced at their slots before the display slides left and refills from the deck."),
         "buy", "purchase 3 paying brick", N_("buy the {card} in slot 3, paying “?” with brick"),
         {"card": ("card", "MERCATOR-I")}),
    Told(("play TRIBUNE",),
         N_("Livia plays her {card}: her played cards come back to her hand. This is a first game, so right after "
            "a player's first Tribune their score is worked out as at the end and written down: Livia's is "
            "{record_1}."),
         {"card": ("card", "TRIBUNE")}),
    Step(N_("Play your {card}: your house in {city} makes 1 tools. At the end Minerva scores each specialist per "
            "house in a city of its good: the Mason, Farmer and Smith 3 points, the Vintner 4, the Weaver 5."),
         "card", "play SMITH-I", N_("play your {card}"), {"card": ("card", "SMITH-I"), "city": ("city", "NEAPOLIS")}),
    Told(("play ARCHITECT", "move land:ROMA-SPOLETVM > land:ANCONA-SPOLETVM", "build ANCONA"),
         N_("Livia plays her {card} again: her colonist walks on to {route} and she builds in {city}."),
         {"card": ("card", "ARCHITECT"), "route": ("route", "land:ANCONA-SPOLETVM"), "city": ("city", "ANCONA")}),
    Step(N_("Three bonus tiles show their coin side now. Play a {card}; this time collect instead of producing."),
         "card", "play PREFECT", N_("play a {card}"), {"card": ("card", "PREFECT")}),
    Step(N_("Choose Collect {collect} and press Collect: you take the coins printed on every coin-side tile, and "
            "all the tiles turn back to their goods side."), "collect", "collect", N_("collect the coins")),
    Told(("play MERCATOR", "done"), N_("Livia plays her {card}: 3 coins, no trade."), {"card": ("card", "MERCATOR")}),
    Step(N_("Your hand is nearly empty. Play your {card}: every card you have played comes back to your hand, and "
            "you take 1 coin for each card after the third ({tribune} here)."),
         "card", "play TRIBUNE", N_("play your {card}"), {"card": ("card", "TRIBUNE")}),
    Step(N_("A Tribune may also bring one colonist out of your storehouse into ROMA for 1 food + 1 tools. Choose "
            "the land colonist and press Recruit. Mars pays 2 points for each colonist on the map at the end."),
         "recruit", "recruit land", N_("recruit a land colonist")),
)

INTRO = N_("A real game on the Italia map: you against Livia, a practice opponent. You play first, with 5 coins; "
           "Livia has 6 and holds the Praefectus Magnus card. On each turn one player plays one card from their "
           "hand and carries out its action. The tutor says what to do and why; the control to use has an orange "
           "outline.")
FINISH = N_("Well played: you have used every starting card, bought two cards and played a specialist. Your "
            "first Tribune was scored at once: {record} points. Everyone has a record now, so the best gets 2 coins "
            "and the next 1 ({prize} for you); the records themselves are not added to the final score. The real "
            "points come at the end, from the gods on your cards. The score if the game ended now:")


def new_game() -> cc.Game:
    return cc.new_game(MAP, PLAYERS, seed=SEED, first_player=YOU, first_game=True)


GUIDE = Guide(new_game, YOU, OPPONENT, SCRIPT, INTRO, FINISH)


def learner_steps() -> list[Step]:
    return GUIDE.learner_steps()


def guided_game() -> GuidedGame:
    """The chapter's widget: a new guided game each time it is called."""
    return GuidedGame(GUIDE)


__all__ = ["FINISH", "GUIDE", "INTRO", "NOT_TAUGHT", "SCRIPT", "GuidedGame", "Step", "Told", "guided_game",
           "learner_steps", "new_game"]
