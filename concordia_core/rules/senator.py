"""Senator (up to 2 cards, card cost + slot cost) and Consul (1 card, card cost only):
R-SEN-1..4, R-CONS-1, and the game end on the last display card (R-END-1)."""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..actions import Action, Done, Purchase
from ..cards import card
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..goods import GOODS, Goods
from ..i18n import _
from ..state import GameState, Pending, Phase, replace
from ..text import good_name
from .common import actor, finish, in_play, pay, shortfall, with_phase


def start(state: GameState, pending: Pending) -> GameState:
    return with_phase(state, pending, Phase.CONSUL if card(pending.action).kind == "CONSUL" else Phase.SENATOR)


def is_consul(state: GameState) -> bool:
    """True if the card in play is a Consul (R-CONS-1); IllegalAction if no card is being played."""
    return card(in_play(state).action).kind == "CONSUL"


def price(state: GameState, slot: int, wild: str | None, consul: bool) -> Goods:
    """Goods to pay for the card in `slot` (1-based): its own cost, plus the slot's extra unless a
    Consul buys; '?' is paid with `wild` (R-SEN-2, R-CONS-1)."""
    card_id = state.display[slot - 1]
    if card_id is None:
        raise IllegalAction("R-SEN-1", _("display slot {slot} is empty", slot=slot))
    return _price(card_id, slot, wild, consul)


@cache
def _price(card_id: str, slot: int, wild: str | None, consul: bool) -> Goods:
    """The price of a card in a slot: the card's cost, and the slot's extra unless a Consul buys (R-SEN-2)."""
    cost = card(card_id).cost
    if consul:
        return cost
    extra = [wild if g == "?" else g for g in CONSTANTS.display_slot_extra[slot - 1]]
    return cost + Goods.of(g for g in extra if g is not None)


def wild_choices(slot: int, consul: bool) -> list[str | None]:
    if not consul and "?" in CONSTANTS.display_slot_extra[slot - 1]:
        return list(GOODS)
    return [None]


def purchases(state: GameState) -> Iterator[Purchase]:
    """Every purchase the play may make next, lazily (legal lists them; the engine's check for a choice needs
    only the first)."""
    p = state.players[actor(state)]
    consul = is_consul(state)
    for slot, cid in enumerate(state.display, start=1):
        if cid is None:
            continue
        for wild in wild_choices(slot, consul):
            if p.goods.covers(price(state, slot, wild, consul)):
                yield Purchase(slot, wild)


def legal(state: GameState) -> list[Action]:
    return [*purchases(state), Done()]


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Done):
        return complete(state)
    consul = is_consul(state)
    rule = "R-CONS-1" if consul else "R-SEN-1"
    if not isinstance(action, Purchase):
        raise IllegalAction(rule, _("a Consul buys a card from the display; not '{action}'", action=action) if consul
                            else _("a Senator buys cards from the display; not '{action}'", action=action))
    slot = action.slot
    slots = len(CONSTANTS.display_slot_extra)
    if not 1 <= slot <= slots:
        raise IllegalAction(rule, _("the display has slots 1 to {last}, not {slot}", last=slots, slot=slot))
    if slot > len(state.display) or state.display[slot - 1] is None:
        raise IllegalAction(rule, _("display slot {slot} is empty", slot=slot))
    has_wild = "?" in CONSTANTS.display_slot_extra[slot - 1] and not consul
    if has_wild and action.wild is None:
        raise IllegalAction("R-SEN-2", _("slot {slot} asks for one good of your choice ('?'): say which, e.g. "
                                         "'purchase {slot} paying brick'", slot=slot))
    if not has_wild and action.wild is not None:
        if consul:
            raise IllegalAction("R-CONS-1", _("nothing to pay with {good}: a Consul ignores the slot's extra cost",
                                              good=good_name(action.wild)))
        raise IllegalAction("R-SEN-2", _("nothing to pay with {good}: slot {slot} has no '?' in its cost",
                                         good=good_name(action.wild), slot=slot))
    cid = state.display[slot - 1]
    assert cid is not None
    goods = price(state, slot, action.wild, consul)
    index = actor(state)
    shortfall(state, index, goods, 0, _("the {card} in slot {slot}", card=card(cid), slot=slot),
              "R-CONS-1" if consul else "R-SEN-2")
    state = pay(state, index, goods)
    p = state.players[index]
    display = list(state.display)
    display[slot - 1] = None  # R-SEN-3: the second card is still priced at its own slot
    state = state.with_player(index, hand=p.hand + (cid,))
    pending = in_play(state)
    bought = pending.bought + 1
    state = replace(state, display=tuple(display), pending=replace(pending, bought=bought))
    if consul or bought >= CONSTANTS.senator_cards or not any(state.display):
        return complete(state)
    return state


def complete(state: GameState) -> GameState:
    """Shift the display left, refill from the deck (R-SEN-4); the last card ends the game (R-END-1)."""
    cards = [c for c in state.display if c is not None]
    deck = list(state.deck)
    while len(cards) < len(CONSTANTS.display_slot_extra) and deck:
        cards.append(deck.pop(0))
    state = replace(state, display=tuple(cards), deck=tuple(deck))
    if in_play(state).bought and not cards and state.end_trigger is None:
        index = actor(state)
        state = replace(state.with_player(index, concordia=True), end_trigger=index)
    return finish(state)
