"""Diplomat: carry out the top card of another player's discard pile as if played (R-DIPL-1..3)."""
from __future__ import annotations

from ..actions import Action, Copy
from ..cards import card
from ..errors import IllegalAction
from ..i18n import _
from ..state import GameState, Pending, Phase, replace
from ..text import possessive
from .common import actor, finish, in_play, with_phase

NOT_COPYABLE = ("DIPLOMAT", "TRIBUNE")


def start(state: GameState, pending: Pending) -> GameState:
    return with_phase(state, pending, Phase.DIPLOMAT)


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
        raise IllegalAction("R-DIPL-1", _("a Diplomat copies another player's top discard card ('copy NAME'); not "
                                          "'{action}'", action=action))
    index = state.index_of(action.player)
    if index == actor(state):
        raise IllegalAction("R-DIPL-2", _("a Diplomat cannot copy your own discard pile"))
    top = state.players[index].top_card
    if top is None:
        raise IllegalAction("R-DIPL-1", _("{player} has no card on their discard pile", player=action.player))
    if card(top).kind in NOT_COPYABLE:
        raise IllegalAction("R-DIPL-2", _("{whose} top card is a {card}; a Diplomat or Tribune cannot be copied",
                                          whose=possessive(action.player), card=card(top)))
    return top


def apply(state: GameState, action: Action) -> GameState:
    """Choose whom to copy: the play now carries out the copied card, from its start (the engine
    starts every play in Phase.START with the rule of the card it carries out)."""
    copied = check(state, action)
    return replace(state, pending=replace(in_play(state), action=copied, phase=Phase.START))


complete = finish
