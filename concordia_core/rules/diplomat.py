"""Diplomat: carry out the top card of another player's discard pile as if played (R-DIPL-1..3)."""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Copy
from ..cards import card
from ..errors import IllegalAction
from ..state import GameState, Pending
from .common import actor

NOT_COPYABLE = ("DIPLOMAT", "TRIBUNE")


def start(state: GameState, pending: Pending) -> GameState:
    return replace(state, pending=replace(pending, phase="diplomat"))


def targets(state: GameState) -> list[str]:
    """Players whose top discard card may be copied now."""
    me = actor(state)
    return [p.name for i, p in enumerate(state.players)
            if i != me and p.top_card is not None and card(p.top_card).kind not in NOT_COPYABLE]


def legal(state: GameState) -> list[Action]:
    return [Copy(name) for name in targets(state)]


def check(state: GameState, action: Action) -> str:
    """The card id the Diplomat will carry out, or IllegalAction explaining why not."""
    if not isinstance(action, Copy):
        raise IllegalAction("R-DIPL-1", f"a Diplomat copies another player's top discard card ('copy NAME'); not '{action}'")
    index = state.index_of(action.player)
    if index == actor(state):
        raise IllegalAction("R-DIPL-2", "a Diplomat cannot copy your own discard pile")
    top = state.players[index].top_card
    if top is None:
        raise IllegalAction("R-DIPL-1", f"{action.player} has no card on their discard pile")
    if card(top).kind in NOT_COPYABLE:
        raise IllegalAction("R-DIPL-2", f"{action.player}'s top card is a {card(top).name}; a Diplomat or "
                                        "Tribune cannot be copied")
    return top
