"""Chapter 06, the storehouse and its limits (R-STORE-1, R-STORE-2): positions and checkers.

The exercise: during Ben's Prefect, Aiko receives more goods than she has free slots and must choose
which incoming goods to keep. The checker asks the engine and names the mistake (a slot left empty,
too many kept, a good kept that was not coming in).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from widgets.exercise import Exercise, Verdict, right, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7


def overflow_game() -> cc.Game:
    """The live example: Aiko (2 free slots) is about to play a Prefect in VMBRIA, where she has houses
    in Ancona (wine) and Hadria (tools) and Ben, with 1 free slot, has houses in Ancona and Spoletum (brick)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", houses=["ANCONA", "HADRIA"], hand=["PREFECT", "ARCHITECT", "TRIBUNE", "SENATOR"],
              discard=["MERCATOR", "PREFECT", "DIPLOMAT"])
    sc.player("Ben", houses=["ANCONA", "SPOLETVM"], goods={"brick": 2, "food": 2, "tools": 1, "wine": 1, "cloth": 1})
    sc.to_move("Aiko")
    return sc.game()


def keep_exercise_game() -> cc.Game:
    """The exercise position: Ben (Praefectus Magnus) has played his Prefect in SICILIA; Aiko, with houses
    in all three Sicilian cities and 2 free slots, must choose what to keep (state.actor is Aiko)."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", houses=["MESSANA", "PANORMVS", "SYRACVSAE"])
    sc.player("Ben", houses=["PANORMVS"], goods={"food": 1, "wine": 1})
    sc.praefectus_magnus("Ben").to_move("Ben")
    game = sc.game()
    game.play("play PREFECT")
    game.play("produce SICILIA")
    return game


def choice_facts(state: cc.GameState) -> tuple[str, cc.Goods, int, int]:
    """(who chooses, incoming goods, free slots, how many must be kept) for the first pending choice."""
    choice = state.choices[0]
    p = state.players[choice.player]
    return p.name, choice.incoming, p.free_slots, min(p.free_slots, choice.incoming.total())


def _counts(answer: Mapping[str, Any] | cc.Goods) -> dict[str, int]:
    return {g: int(answer.get(g, 0) or 0) for g in cc.GOODS}


def check_keep(answer: Mapping[str, Any] | cc.Goods) -> Verdict:
    """Judge a keep choice (good -> how many) for the exercise position (R-STORE-2)."""
    state = keep_exercise_game().state
    who, incoming, free, need = choice_facts(state)
    counts = _counts(answer)
    negative = [g for g, n in counts.items() if n < 0]
    if negative:
        return wrong(f"You cannot keep a negative number of {negative[0]}: choose how many of each incoming good "
                     "goes into the storehouse (0 or more).")
    for good, n in counts.items():
        if n > incoming[good]:
            if incoming[good] == 0:
                return wrong(f"You kept {n} {good}, but no {good} is coming in (incoming: {incoming}). R-STORE-2: "
                             f"{who} chooses only among the incoming goods; goods already in the storehouse stay, "
                             "and nothing is swapped or thrown away to make room.")
            return wrong(f"You kept {n} {good}, but only {incoming[good]} {good} is coming in (incoming: {incoming}). "
                         "R-STORE-2: you choose among the incoming goods only.")
    kept = sum(counts.values())
    if kept < need:
        empty = need - kept
        return wrong(f"You kept {kept}, so {empty} free slot{'s' if empty != 1 else ''} would stay empty. "
                     f"R-STORE-2: {who} has {free} free slots and must fill every one; a slot may not be left "
                     "empty on purpose.")
    if kept > need:
        return wrong(f"You kept {kept} goods, but {who} has only {free} free slots (R-STORE-1: 12 slots, each good "
                     "and each waiting colonist fills one). Keep exactly as many as fit.")
    try:
        after = cc.apply(state, cc.Keep(cc.Goods(counts)))
    except cc.IllegalAction as err:  # the engine has the last word
        return wrong(f"{err.explanation} ({err.rule})")
    p = after.player(who)
    value = cc.Goods(counts).value()
    best = max(g.value() for g in cc.keep_options(state, who, incoming))
    note = ("That is also the most valuable choice for Vesta (sale prices)." if value == best
            else f"Legal. (Worth {value} coins at sale prices; another legal choice is worth {best}.)")
    return right(f"{who} keeps {cc.Goods(counts)}: {p.free_slots} free slots left, every slot filled and nothing "
                 f"thrown away (R-STORE-2). {note}")


def make_keep_exercise() -> Exercise:
    """Five number boxes (one per good) and a Check button."""
    state = keep_exercise_game().state
    who, incoming, free, need = choice_facts(state)
    boxes = {g: widgets.IntText(value=0, description=g, layout=widgets.Layout(width="150px")) for g in cc.GOODS}
    prompt = (f"{state.to_move} plays his Prefect in SICILIA. {who} has houses there and receives "
              f"<b>{incoming}</b>, but her storehouse has only <b>{free} free slots</b>. "
              f"It is {who} who chooses (state.actor = {state.actor!r}). How many of each good does she keep?")
    exercise = Exercise(prompt, lambda: {g: box.value for g, box in boxes.items()}, check_keep,
                        controls=[widgets.HBox(list(boxes.values()))])
    exercise.boxes = boxes
    return exercise
