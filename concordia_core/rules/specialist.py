"""Specialists: every own house in a city of the card's good produces 1 of it (R-SPEC-1)."""
from __future__ import annotations

from ..actions import Action
from ..cards import card
from ..errors import IllegalAction
from ..goods import Goods
from ..i18n import _
from ..state import GameState, Pending, replace
from .common import actor, finish, gain_goods


def output(state: GameState, index: int, good: str) -> Goods:
    """What the player's specialist of `good` produces: 1 per own house in a city of that good."""
    return Goods({good: sum(state.city_goods[c] == good for c in state.players[index].houses)})


def start(state: GameState, pending: Pending) -> GameState:
    index = actor(state)
    state = replace(state, pending=pending)
    good = card(pending.action).good
    assert good is not None
    state = gain_goods(state, [(index, output(state, index, good))])
    return finish(state)


def legal(state: GameState) -> list[Action]:
    return []


def apply(state: GameState, action: Action) -> GameState:
    raise IllegalAction("R-SPEC-1", _("a specialist produces at once; there is nothing more to choose"))


complete = finish
