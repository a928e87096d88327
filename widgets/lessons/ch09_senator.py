"""Chapter 08, buying cards: Senator and Consul (R-SEN-1..4, R-CONS-1): positions and price checkers."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from widgets.exercise import Exercise, Verdict, right, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7
EXERCISE_SLOT = 6


def senator_game() -> cc.Game:
    """A new seeded game (Italia, seed 7, Aiko first): the display and the starting storehouse."""
    return cc.new_game("italia", PLAYERS, seed=SEED, first_player="Aiko")


def consul_game() -> cc.Game:
    """Aiko holds a Consul (bought earlier) and her starting goods; the display is that of seed 7."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["CONSUL-II", "TRIBUNE", "ARCHITECT", "PREFECT", "PREFECT", "MERCATOR", "DIPLOMAT",
                            "SENATOR"])
    sc.to_move("Aiko")
    return sc.game()


def slot_extra(slot: int) -> list[str]:
    """The goods printed under a display slot ('?' = any one good), R-SEN-2."""
    return list(cc.CONSTANTS.display_slot_extra[slot - 1])


def prices(state: cc.GameState, slot: int, consul: bool) -> list[cc.Goods]:
    """Every way to pay for the card in `slot` (one per choice of '?'), computed by the engine."""
    wilds: list[str | None] = list(cc.GOODS) if not consul and "?" in slot_extra(slot) else [None]
    return [cc.card_price(state, slot, wild, consul) for wild in wilds]


def _goods(answer: Mapping[str, Any] | cc.Goods) -> cc.Goods | None:
    try:
        counts = {g: int(answer.get(g, 0) or 0) for g in cc.GOODS}
    except (TypeError, ValueError):
        return None
    if any(n < 0 for n in counts.values()):
        return None
    return cc.Goods(counts)


def _check_price(answer: Mapping[str, Any] | cc.Goods, consul: bool) -> Verdict:
    state = senator_game().state
    slot = EXERCISE_SLOT
    cid = state.display[slot - 1]
    own = cc.card(cid).cost
    extra = slot_extra(slot)
    fixed_extra = cc.Goods.of(g for g in extra if g != "?")
    wilds = extra.count("?")
    buyer = "Consul" if consul else "Senator"
    paid = _goods(answer)
    if paid is None:
        return wrong("Give a whole number (0 or more) for each good.")
    if paid in prices(state, slot, consul):
        if consul:
            return right(f"The Consul pays only the card's own cost, {own}, and ignores the slot's extra "
                         f"({' + '.join(extra)}) (R-CONS-1).")
        wild = (paid - own - fixed_extra).items_nonzero()
        return right(f"{own} (the card) + {' + '.join(extra)} (slot {slot}); you paid the '?' with "
                     f"{wild[0][0] if wild else 'nothing'}, which is allowed: '?' is any one good (R-SEN-2).")
    if consul:
        if paid.covers(own) and paid != own:
            return wrong(f"Too much: a Consul ignores the extra cost printed under slot {slot} and pays only the "
                         "goods on the card itself (R-CONS-1).")
        return wrong(f"A Consul pays exactly the goods printed on the card (the cost box of the {cc.card(cid)}), nothing from "
                     "the slot (R-CONS-1). Look at the card's cost again.")
    if paid == own:
        return wrong(f"You paid only the card's own cost. A {buyer} also pays the goods printed under the card's "
                     f"display slot: slot {slot} adds {' + '.join(extra)} (R-SEN-2).")
    if paid.covers(own + fixed_extra) and (paid - own - fixed_extra).total() < wilds:
        return wrong(f"The '?' under slot {slot} is one more good of your choice; it must still be paid "
                     "(R-SEN-2: '?' means any one good).")
    if not paid.covers(own) and (paid.total() == len(extra)):
        return wrong(f"You paid the slot's extra but not the card's own cost ({cc.card(cid)} costs {own}). "
                     "R-SEN-2: price = the card's cost box + the slot's extra goods.")
    if paid.covers(own + fixed_extra) and (paid - own - fixed_extra).total() > wilds:
        return wrong(f"Too much: '?' is exactly one good (of your choice) for each '?' printed under slot {slot} "
                     "(R-SEN-2).")
    return wrong(f"The price is the goods in the card's own cost box plus the goods under its slot; a '?' is one "
                 f"good of your choice (R-SEN-2). Slot {slot} shows {' + '.join(extra)}.")


def check_senator_price(answer: Mapping[str, Any] | cc.Goods) -> Verdict:
    """What a Senator pays for the card in slot EXERCISE_SLOT (R-SEN-2)."""
    return _check_price(answer, consul=False)


def check_consul_price(answer: Mapping[str, Any] | cc.Goods) -> Verdict:
    """What a Consul pays for the card in slot EXERCISE_SLOT (R-CONS-1)."""
    return _check_price(answer, consul=True)


def make_price_exercise(consul: bool = False) -> Exercise:
    """Five number boxes (one per good): the goods paid for the card in slot EXERCISE_SLOT."""
    state = senator_game().state
    cid = state.display[EXERCISE_SLOT - 1]
    boxes = {g: widgets.IntText(value=0, description=g, layout=widgets.Layout(width="150px")) for g in cc.GOODS}
    buyer = "a Consul" if consul else "a Senator"
    prompt = (f"The {cc.card(cid)} lies in display slot {EXERCISE_SLOT}. Its own cost box shows "
              f"<b>{cc.card(cid).cost}</b>; under slot {EXERCISE_SLOT} is printed "
              f"<b>{' + '.join(slot_extra(EXERCISE_SLOT))}</b>. Which goods does a player pay to buy it with "
              f"{buyer}?")
    exercise = Exercise(prompt, lambda: {g: box.value for g, box in boxes.items()},
                        check_consul_price if consul else check_senator_price,
                        controls=[widgets.HBox(list(boxes.values()))])
    exercise.boxes = boxes
    return exercise
