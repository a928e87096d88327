"""Chapter 08, the Tribune (R-TRIB-1..3): the worked example, a recruiting control and the coins exercise."""
from __future__ import annotations

from typing import Any

import concordia_core as cc

from ..render.goods import goods_chips, storehouse_html
from ..render.markup import esc
from ..render.words import card_names
from . import replay
from .kit import Outcome, Stepper, TryIt, beat, html_table, number_exercise
from .kit.exercise import Exercise, Verdict, right, whole_number, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7
TRIBUNE_FREE_CARDS = cc.CONSTANTS.tribune_free_cards  # R-TRIB-2: coins only for cards beyond these

# R-TRIB-2's worked example: Aiko plays 4 cards (Ben plays in between), then her Tribune.
WORKED_MOVES = [
    "play MERCATOR", "done",            # Aiko 1
    "play MERCATOR", "done",            # Ben
    "play PREFECT", "produce CAMPANIA",  # Aiko 2
    "play PREFECT", "produce APVLIA",   # Ben
    "play PREFECT", "collect",          # Aiko 3
    "play ARCHITECT", "done",           # Ben
    "play ARCHITECT", "done",           # Aiko 4
    "play PREFECT", "collect",          # Ben
]


def worked_example_game() -> cc.Game:
    """A game (Italia, seed 7) in which Aiko has played 4 cards and is about to play her Tribune."""
    return replay("italia", PLAYERS, SEED, WORKED_MOVES)


def hand_table(state: cc.GameState, name: str = "Aiko") -> str:
    p = state.player(name)
    rows = [[esc(card_names(p.hand) if p.hand else cc._("none")),
             esc(card_names(p.discard) if p.discard else cc._("empty")), esc(p.coins), goods_chips(p.goods),
             storehouse_html(p)]]
    return html_table([cc._("Hand"), cc._("Discard pile"), cc._("Coins"), cc._("Goods"), cc._("Storehouse")], rows,
                      raw=True)


def worked_example() -> Stepper:
    beats = [
        beat("play MERCATOR", cc._("Her Mercator lies on her discard pile, so she cannot play it again yet "
                                   "(R-TURN-2)."), refused=True),
        beat("play TRIBUNE", lambda b, a: cc._(
            "She plays the Tribune. It goes onto the pile, and the whole pile comes back to her hand: 4 cards and the "
            "Tribune, 5 cards. 5 is 2 more than 3, so she takes {coins} (R-TRIB-1, R-TRIB-2): the rule text's "
            "numbers.", coins=cc.coins_text(a.player("Aiko").coins - b.player("Aiko").coins))),
        beat("recruit sea", cc._("Now she may pay 1 food + 1 tools to bring one waiting colonist to ROMA. She takes a "
                                 "sea colonist: its storehouse slot and the slots of the food and the tools she paid "
                                 "are free now, 3 in all (R-TRIB-3). The new colonist adds a step to every Architect "
                                 "and counts for Mars at the end.")),
    ]
    intro = cc._("Aiko has played 4 cards (Mercator, Prefect, Prefect, Architect); Ben played his own turns in "
                 "between. It is her turn. Press Next step.")
    return Stepper(worked_example_game(), beats, intro=intro, facts=hand_table)


# --- the live example: whom to recruit (R-TRIB-3, R-COLO-2) -----------------------------------------
def full_land_game() -> cc.Game:
    """Ben has all 3 land colonists on the map and plays his Tribune (he has food and tools)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Ben", colonists=[("land", "ROMA"), ("land", "land:COSA-ROMA"), ("land", "land:CASINVM-ROMA"),
                                ("sea", "ROMA")]).to_move("Ben")
    game = sc.game()
    game.play("play TRIBUNE")
    return game


def recruit_picker() -> TryIt:
    state = full_land_game().state

    def attempt(choice: str) -> Outcome:
        after = cc.apply(state, choice)
        ben = after.player("Ben")
        if choice == "done":
            return Outcome(cc._("Allowed: Ben keeps his food and tools and recruits nobody; recruiting is optional."))
        return Outcome(cc._("Allowed: Ben pays 1 food + 1 tools and a sea colonist goes from his storehouse to ROMA. "
                            "He now has {n} colonists on the map.", n=len(ben.colonists)))
    options = [(cc._("a land colonist"), "recruit land"), (cc._("a sea colonist"), "recruit sea"),
               (cc._("nobody"), "done")]
    intro = cc._("Ben already has all 3 of his land colonists on the map; 2 sea colonists wait in his storehouse. He "
                 "plays his Tribune. Whom does he bring to ROMA?")
    return TryIt(cc._("Recruit"), options, attempt, button=cc._("Recruit"), intro=intro)


# --- the exercise: how many coins? -----------------------------------------------------------------
def tribune_coins(state: cc.GameState) -> tuple[int, int]:
    """(cards returned, coins gained) if the player to move plays the Tribune now, asked of the engine."""
    name = state.to_move
    assert name is not None
    before = state.player(name)
    after = cc.apply(state, "play TRIBUNE").player(name)
    return len(after.hand) - len(before.hand) + 1, after.coins - before.coins


def exercise_state() -> cc.GameState:
    """Ben has played 6 cards (one of them bought) and now holds the Tribune and the Diplomat."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Ben", hand=["TRIBUNE", "DIPLOMAT"],
              discard=["MERCATOR", "PREFECT", "ARCHITECT", "MERCATOR-I", "PREFECT", "SENATOR"])
    sc.to_move("Ben")
    return sc.build()


def check_tribune_coins(answer: Any) -> Verdict:
    """How many coins does Ben's Tribune give in the exercise position? (R-TRIB-1, R-TRIB-2)"""
    state = exercise_state()
    on_pile = len(state.player("Ben").discard)
    returned, coins = tribune_coins(state)
    value = whole_number(answer, cc._("coins"))
    if isinstance(value, Verdict):
        return value
    if value == coins:
        return right(cc._("{returned} cards come back ({pile} from the discard pile and the Tribune itself, "
                          "R-TRIB-1); {returned} − {free} = {coins} (R-TRIB-2).", returned=returned, pile=on_pile,
                          free=TRIBUNE_FREE_CARDS, coins=cc.coins_text(coins)))
    if value == on_pile - TRIBUNE_FREE_CARDS:
        return wrong(cc._("You forgot the Tribune itself: it goes onto the discard pile when played and comes back to "
                          "the hand with the rest, so it counts (R-TRIB-1)."))
    if value in (returned, on_pile):
        return wrong(cc._("You counted a coin for every card. The first 3 cards that come back give nothing; only "
                          "each card beyond 3 gives 1 coin (R-TRIB-2)."))
    if value < 0:
        return wrong(cc._("A Tribune never costs coins: it gives 0 or more (R-TRIB-2)."))
    return wrong(cc._("Count the cards that come back: the {pile} cards on Ben's discard pile and the Tribune itself "
                      "(R-TRIB-1). Then take 1 coin for each card beyond 3 (R-TRIB-2). Bought cards count like any "
                      "other.", pile=on_pile))


def make_tribune_exercise() -> Exercise:
    state = exercise_state()
    ben = state.player("Ben")
    prompt = cc._("Ben's discard pile holds {n} cards ({pile}); his hand holds the Tribune and the Diplomat. He plays "
                  "the Tribune. How many coins does he take?", n=len(ben.discard), pile=card_names(ben.discard))
    _returned, coins = tribune_coins(state)
    return number_exercise(prompt, cc._("Coins"), check_tribune_coins, lambda: coins)
