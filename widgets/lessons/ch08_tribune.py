"""Chapter 07, the Tribune (R-TRIB-1..3): the worked example's game and the coins exercise."""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from widgets.exercise import Exercise, Verdict, right, whole_number, wrong

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
    """A seeded game (Italia, seed 7) in which Aiko has played 4 cards and is about to play her Tribune."""
    game = cc.new_game("italia", PLAYERS, seed=SEED, first_player="Aiko")
    for move in WORKED_MOVES:
        game.play(move)
    return game


def tribune_coins(state: cc.GameState) -> tuple[int, int]:
    """(cards returned, coins gained) if the player to move plays the Tribune now, asked of the engine."""
    name = state.to_move
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
    value = whole_number(answer, "coins")
    if isinstance(value, Verdict):
        return value
    if value == coins:
        return right(f"{returned} cards return ({on_pile} from the discard pile plus the Tribune itself, R-TRIB-1); "
                     f"{returned} − {TRIBUNE_FREE_CARDS} = {coins} coins (R-TRIB-2).")
    if value == on_pile - TRIBUNE_FREE_CARDS:
        return wrong("You forgot the Tribune itself: it goes onto the discard pile when played and returns to hand "
                     "with the rest, so it counts among the returned cards (R-TRIB-1).")
    if value in (returned, on_pile):
        return wrong("You counted a coin for every card. R-TRIB-2: the first 3 returned cards give nothing; "
                     "only each card beyond 3 gives 1 coin.")
    if value < 0:
        return wrong("A Tribune never costs coins: it gives 0 or more (R-TRIB-2).")
    return wrong(f"Count the cards that return: the {on_pile} cards on Ben's discard pile plus the Tribune itself "
                 "(R-TRIB-1). Then take 1 coin for each card beyond 3 (R-TRIB-2). Purchased cards count like any other.")


def make_tribune_exercise() -> Exercise:
    state = exercise_state()
    ben = state.player("Ben")
    pile = ", ".join(str(cc.card(c)) for c in ben.discard)
    box = widgets.IntText(value=0, description="Coins")
    prompt = (f"Ben's discard pile holds {len(ben.discard)} cards ({pile}); his hand holds the Tribune and the "
              "Diplomat. He plays the Tribune. How many coins does he take?")
    return Exercise(prompt, box, check_tribune_coins)
