"""Chapter 09, the Diplomat (R-DIPL-1..3): positions and the exercises' checkers."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from widgets.exercise import Exercise, Verdict, right, whole_number, wrong

STARTING_HAND = ["TRIBUNE", "ARCHITECT", "PREFECT", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR"]


def _hand_without(discard: Iterable[str], extra: Iterable[str] = ()) -> list[str]:
    """The starting hand minus the starting cards on the discard pile, plus bought cards in hand."""
    hand = list(STARTING_HAND)
    for cid in discard:
        if cid in hand:
            hand.remove(cid)
    return hand + list(extra)


def diplomat_game() -> cc.Game:
    """Live examples (Italia, 3 players, seed 7): Aiko holds Praefectus Magnus and her Diplomat; Ben's top
    card is a bought Mercator, Cara's a Prefect; Aiko has a house in Ancona (wine), Ben in Hadria (tools)."""
    sc = cc.Scenario("italia", ["Aiko", "Ben", "Cara"], seed=7)
    piles = {"Aiko": ["MERCATOR"], "Ben": ["PREFECT", "MERCATOR-II"], "Cara": ["ARCHITECT", "PREFECT"]}
    for name, pile in piles.items():
        sc.player(name, discard=pile, hand=_hand_without(pile))
    sc.player("Aiko", houses=["ANCONA"], goods={"brick": 1, "food": 2, "cloth": 1})
    sc.player("Ben", houses=["HADRIA"])
    sc.praefectus_magnus("Aiko").to_move("Aiko")
    return sc.game()


EXERCISE_PLAYERS = ["Aiko", "Ben", "Cara", "Dan", "Eve"]
EXERCISE_PILES = {
    "Aiko": ["PREFECT", "ARCHITECT"],
    "Ben": ["MERCATOR", "DIPLOMAT"],
    "Cara": ["ARCHITECT", "MERCATOR-II"],
    "Dan": ["PREFECT", "TRIBUNE"],
    "Eve": ["PREFECT"],
}


def exercise_game() -> cc.Game:
    """Imperium, 5 players (seed 3): Aiko is to move and plays her Diplomat; the others' piles differ."""
    sc = cc.Scenario("imperium", EXERCISE_PLAYERS, seed=3)
    for name, pile in EXERCISE_PILES.items():
        sc.player(name, discard=pile, hand=_hand_without(pile))
    sc.to_move("Aiko")
    game = sc.game()
    game.play("play DIPLOMAT")
    return game


def copy_targets(state: cc.GameState) -> list[str]:
    """Players the Diplomat may copy now, from the engine's legal actions."""
    return [a.player for a in cc.legal_actions(state) if isinstance(a, cc.Copy)]


def _why_not(state: cc.GameState, name: str) -> str:
    try:
        cc.apply(state, cc.Copy(name))
    except cc.IllegalAction as err:
        return f"{err.explanation} ({err.rule})"
    return ""


def check_targets(answer: Iterable[str]) -> Verdict:
    """Which players may Aiko's Diplomat copy in the exercise position? (R-DIPL-1, R-DIPL-2)"""
    state = exercise_game().state
    chosen = set(answer or ())
    allowed = set(copy_targets(state))
    for name in sorted(chosen - allowed):
        return wrong(f"Not {name}: {_why_not(state, name)}.")
    for name in sorted(allowed - chosen):
        top = cc.card(state.player(name).top_card)
        return wrong(f"You left out {name}: the top card of {name}'s discard pile is a {top}, which is neither a "
                     "Diplomat nor a Tribune, so it can be copied (R-DIPL-1, R-DIPL-2).")
    names = " and ".join(sorted(allowed))
    return right(f"Only {names}: Aiko's own pile is off limits, and a Diplomat or a Tribune cannot be copied "
                 "(R-DIPL-2).")


def copy_gain(state: cc.GameState, name: str) -> int:
    """Coins the Diplomat's player takes at once by copying `name` (a Mercator's coins), from the engine."""
    me = state.actor
    return cc.apply(state, cc.Copy(name)).player(me).coins - state.player(me).coins


COINS_TARGET = "Cara"


def check_copy_coins(answer: Any) -> Verdict:
    """How many coins does Aiko take at once by copying Cara's top card? (R-DIPL-1, R-MERC-1)"""
    state = exercise_game().state
    top = cc.card(state.player(COINS_TARGET).top_card)
    coins = copy_gain(state, COINS_TARGET)
    value = whole_number(answer, "coins")
    if isinstance(value, Verdict):
        return value
    if value == coins:
        return right(f"{COINS_TARGET}'s top card is a bought {top}: copying it is as if Aiko had played that very "
                     f"card, so she takes {coins} coins (R-DIPL-1, R-MERC-1), then may trade 2 kinds of goods.")
    if value == cc.card("MERCATOR").coins:
        return wrong(f"{cc.card('MERCATOR').coins} coins is what a starting Mercator gives. {COINS_TARGET}'s card "
                     "is a purchased Mercator, and the Diplomat acts as if Aiko played that card: a purchased "
                     "Mercator gives more (R-DIPL-1, R-MERC-1).")
    return wrong("The Diplomat carries out the copied card's action as if Aiko had played that card herself "
                 "(R-DIPL-1). What does a purchased Mercator give first (R-MERC-1)?")


def make_targets_exercise() -> Exercise:
    state = exercise_game().state
    tops = "; ".join(f"{p.name}: {cc.card(p.top_card)}" for p in state.players)
    choose = widgets.SelectMultiple(options=[p.name for p in state.players], description="Copy",
                                    rows=len(state.players))
    prompt = (f"Aiko has played her Diplomat. The top cards of the discard piles are: {tops}. "
              "Which players' cards may she copy? (Select all that apply: Ctrl/Cmd+click.)")
    return Exercise(prompt, choose, check_targets)


def make_coins_exercise() -> Exercise:
    box = widgets.IntText(value=0, description="Coins")
    prompt = (f"In the same position Aiko copies {COINS_TARGET}. How many coins does she take before "
              "trading?")
    return Exercise(prompt, box, check_copy_coins)
