"""Chapter 09, buying cards: Senator and Consul (R-SEN-1..4, R-CONS-1): the chapter's widgets and checkers.

Italia, Aiko and Ben, seed 7, Aiko first. The worked example: Aiko's Senator buys the Smith in slot 1
and then the Mercator, still in slot 3 (R-SEN-3). The exercise prices the Farmer in slot 6, which the
live examples leave out, so no example shows the answer.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import concordia_core as cc

from ..render.card_text import slot_extra
from ..render.goods import goods_chips
from ..render.markup import esc
from ..render.words import card_names
from .kit import Outcome, Stepper, TryIt, beat, goods_counts, goods_exercise, html_table
from .kit.exercise import Exercise, Verdict, right, wrong

PLAYERS = ["Aiko", "Ben"]
SEED = 7
EXERCISE_SLOT = 6


def senator_game() -> cc.Game:
    """A new game (Italia, seed 7, Aiko first): the display and the starting storehouse."""
    return cc.new_game("italia", PLAYERS, seed=SEED, first_player="Aiko")


def consul_game() -> cc.Game:
    """Aiko holds a Consul (bought earlier) and her starting goods; the display is that of seed 7."""
    sc = cc.Scenario("italia", PLAYERS, seed=SEED)
    sc.player("Aiko", hand=["CONSUL-II", *cc.starting_hand()])
    sc.to_move("Aiko")
    return sc.game()


def slot_extra_goods(slot: int) -> list[str]:
    """The goods printed under a display slot ('?' = any one good), R-SEN-2."""
    return list(cc.CONSTANTS.display_slot_extra[slot - 1])


def wild_choices(slot: int, consul: bool) -> list[str | None]:
    """The goods that may pay the slot's '?' (any good): every good for a Senator when the slot has one, else
    just None (nothing to choose)."""
    return list(cc.GOODS) if not consul and "?" in slot_extra_goods(slot) else [None]


def aiko_paid(before: cc.GameState, after: cc.GameState) -> str:
    """The goods Aiko paid between two positions."""
    return cc.goods_text(before.player("Aiko").goods - after.player("Aiko").goods)


def display_html(state: cc.GameState, name: str = "Aiko") -> str:
    """The display (slot, card, its own cost, the slot's extra cost) and the buyer's goods and hand."""
    rows = []
    for slot, cid in enumerate(state.display, start=1):
        if cid is None:
            rows.append([str(slot), cc._("(bought)"), "", slot_extra(slot)])
        else:
            rows.append([str(slot), cc.card(cid).display_name, cc.goods_text(cc.card(cid).cost), slot_extra(slot)])
    p = state.player(name)
    line = cc._("{name}'s hand: {hand}. Cards left in the deck: {deck}.", name=name, hand=card_names(p.hand),
                deck=state.deck_size)
    return (html_table([cc._("Slot"), cc._("Card"), cc._("Cost on the card"), cc._("Extra cost of the slot")], rows)
            + f"<div>{cc._('Goods of {name}: {goods}', name=esc(name), goods=goods_chips(p.goods))}</div>"
            + f"<div>{esc(line)}</div>")


# --- the worked example: a Senator buys two cards (R-SEN-1..4) -------------------------------------
def worked_example() -> Stepper:
    beats = [
        beat("play SENATOR", cc._("Aiko plays her Senator: she may buy up to 2 cards (R-SEN-1).")),
        beat("purchase 7", cc._("The Mason in slot 7 would cost 1 food (its own cost) + 2 cloth (the slot's extra "
                                "cost); she has only 1 cloth (R-SEN-2)."), refused=True),
        beat("purchase 1", lambda b, a: cc._(
            "She buys the Smith in slot 1 for {paid}: its own cost, and slot 1 adds nothing. The Smith goes to her "
            "hand, to be played on a later turn. Slot 1 stays empty while she may buy a second card.", paid=aiko_paid(b, a))),
        beat("purchase 3 paying food", lambda b, a: cc._(
            "Her second card is the Mercator, still priced at slot 3 (R-SEN-3): 1 wine (its own cost) + any good "
            "for the slot; she pays {paid}. Then the cards slide left and the deck refills the empty slots on the "
            "right (R-SEN-4).", paid=aiko_paid(b, a))),
    ]
    intro = cc._("A new game; Aiko plays first. Under each display slot an extra cost is printed; every card has "
                 "its own cost. Press Next step.")
    return Stepper(senator_game(), beats, intro=intro, facts=display_html)


# --- the live examples: pick a card to buy ------------------------------------------------------------
def _buy(state: cc.GameState, slot: int, consul: bool) -> tuple[cc.GameState, str]:
    """Buy the card in `slot` (a Senator paying '?' with the first good the engine accepts); the position
    after and what was paid. A refusal is the engine's."""
    first_error: cc.ConcordiaError | None = None
    for wild in wild_choices(slot, consul):
        action = f"purchase {slot}" + (f" paying {wild}" if wild else "")
        try:
            after = cc.apply(state, action)
        except cc.ConcordiaError as err:
            first_error = first_error or err
            continue
        return after, aiko_paid(state, after)
    assert first_error is not None
    raise first_error


def buy_picker(consul: bool = False) -> TryIt:
    game = consul_game() if consul else senator_game()
    game.play("play CONSUL-II" if consul else "play SENATOR")
    state = game.state

    def attempt(slot: int) -> Outcome:
        after, paid = _buy(state, slot, consul)
        card = cc.card(state.display[slot - 1]).display_name
        if consul:
            text = cc._("Allowed: the Consul buys the {card} for {paid}, the cost on the card only (R-CONS-1).",
                        card=card, paid=paid)
        else:
            text = cc._("Allowed: the Senator buys the {card} for {paid}: the cost on the card and the extra cost of "
                        "slot {slot} (R-SEN-2).", card=card, paid=paid, slot=slot)
        return Outcome(text)
    slots = [s for s in range(1, 8) if s != EXERCISE_SLOT]
    options = [(cc._("slot {slot}: {card}", slot=s, card=cc.card(state.display[s - 1]).display_name), s) for s in slots]
    who = cc._("Aiko has played a Consul she bought earlier.") if consul else cc._("Aiko has played her Senator.")
    return TryIt(cc._("Card to buy"), options, attempt, button=cc._("Buy"), intro=who)


# --- the exercise: price a purchase ------------------------------------------------------------------
def prices(state: cc.GameState, slot: int, consul: bool) -> list[cc.Goods]:
    """Every way to pay for the card in `slot` (one per choice of '?'), computed by the engine."""
    return [cc.card_price(state, slot, wild, consul) for wild in wild_choices(slot, consul)]


def _goods(answer: Mapping[str, Any] | cc.Goods) -> cc.Goods | None:
    try:
        counts = goods_counts(answer)
    except (TypeError, ValueError):
        return None
    if any(n < 0 for n in counts.values()):
        return None
    return cc.Goods(counts)


def _check_price(answer: Mapping[str, Any] | cc.Goods, consul: bool) -> Verdict:
    state = senator_game().state
    slot = EXERCISE_SLOT
    cid = state.display[slot - 1]
    card = cc.card(cid).display_name
    own = cc.card(cid).cost
    extra = slot_extra_goods(slot)
    fixed_extra = cc.Goods.of(g for g in extra if g != "?")
    wilds = extra.count("?")
    paid = _goods(answer)
    fields = {"card": card, "own": cc.goods_text(own), "slot": slot, "extra": slot_extra(slot)}
    if paid is None:
        return wrong(cc._("Give a whole number (0 or more) for each good."))
    if paid in prices(state, slot, consul):
        if consul:
            return right(cc._("The Consul pays only the cost on the card, {own}, and ignores the extra cost of the "
                              "slot ({extra}) (R-CONS-1).", **fields))
        wild = (paid - own - fixed_extra).items_nonzero()
        return right(cc._("{own} (the card) + {extra} (slot {slot}); you paid the 'any good' with {wild}, which is "
                          "allowed (R-SEN-2).", wild=cc.good_name(wild[0][0]) if wild else cc._("nothing"), **fields))
    if consul:
        if paid.covers(own) and paid != own:
            return wrong(cc._("Too much: a Consul ignores the extra cost of slot {slot} and pays only the goods on the "
                              "card itself (R-CONS-1).", **fields))
        return wrong(cc._("A Consul pays exactly the goods printed on the card ({card}: {own}), nothing for the slot "
                          "(R-CONS-1).", **fields))
    if paid == own:
        return wrong(cc._("You paid only the cost on the card. A Senator also pays the extra cost printed under the "
                          "card's slot: slot {slot} adds {extra} (R-SEN-2).", **fields))
    if paid.covers(own + fixed_extra) and (paid - own - fixed_extra).total() < wilds:
        return wrong(cc._("The 'any good' under slot {slot} is one more good of your choice; it must be paid too "
                          "(R-SEN-2).", **fields))
    if not paid.covers(own) and paid.total() == len(extra):
        return wrong(cc._("You paid the slot's extra cost but not the card's own cost ({card} costs {own}). The price "
                          "is the cost on the card + the extra cost of the slot (R-SEN-2).", **fields))
    if paid.covers(own + fixed_extra) and (paid - own - fixed_extra).total() > wilds:
        return wrong(cc._("Too much: 'any good' is exactly one good of your choice (R-SEN-2).", **fields))
    return wrong(cc._("The price is the goods on the card plus the extra cost under its slot, where 'any good' is one "
                      "good of your choice (R-SEN-2). Slot {slot} adds {extra}.", **fields))


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
    fields = {"card": cc.card(cid).display_name, "slot": EXERCISE_SLOT, "own": cc.goods_text(cc.card(cid).cost),
              "extra": slot_extra(EXERCISE_SLOT)}
    if consul:
        prompt = cc._("The {card} lies in slot {slot}: its own cost is {own}, and slot {slot} adds {extra}. Which "
                      "goods does a player pay to buy it with a Consul?", **fields)
    else:
        prompt = cc._("The {card} lies in slot {slot}: its own cost is {own}, and slot {slot} adds {extra}. Which "
                      "goods does a player pay to buy it with a Senator? Pay each '?' (any good) with the good you like.",
                      **fields)
    check = check_consul_price if consul else check_senator_price
    answer = prices(state, EXERCISE_SLOT, consul)[0]
    return goods_exercise(prompt, check, lambda: check(answer).message)
