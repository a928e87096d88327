"""Tribune: take the discard pile back, coins beyond 3 cards, maybe a colonist to Rome (R-TRIB-1..3)."""
from __future__ import annotations

from ..actions import Action, Done, Recruit
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..i18n import _
from ..state import GameState, Pending, Phase
from ..text import colonist_text
from .common import actor, board, finish, pay, place_colonist, shortfall, with_phase

COLONIST_COST = CONSTANTS.new_colonist_cost   # R-TRIB-3, R-COLO-1: 1 food + 1 tools


def income(returned: int) -> int:
    """Coins for taking back `returned` cards: 1 for each card beyond the free ones (R-TRIB-2)."""
    return max(0, returned - CONSTANTS.tribune_free_cards)


def start(state: GameState, pending: Pending) -> GameState:
    index = actor(state)
    p = state.players[index]
    returned = len(p.discard)  # the Tribune itself is already on the pile (R-TRIB-1)
    state = state.with_player(index, hand=p.hand + p.discard, discard=(), coins=p.coins + income(returned))
    state = with_phase(state, pending, Phase.TRIBUNE)
    if not legal(state)[:-1]:
        return finish(state)
    return state


def legal(state: GameState) -> list[Action]:
    p = state.players[actor(state)]
    result: list[Action] = []
    if p.goods.covers(COLONIST_COST):
        result.extend(Recruit(kind) for kind in ("land", "sea") if p.waiting[kind] > 0)
    return result + [Done()]


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Done):
        return finish(state)
    if not isinstance(action, Recruit):
        raise IllegalAction("R-TRIB-3", _("after the Tribune you may only recruit a colonist or be done; not "
                                          "'{action}'", action=action))
    index = actor(state)
    p = state.players[index]
    if p.waiting[action.kind] <= 0:
        raise IllegalAction("R-COLO-2", _("no {colonist} waits in your storehouse (at most {n} land and {n} sea "
                                          "colonists in all)", colonist=colonist_text(action.kind),
                                          n=CONSTANTS.colonists_per_kind))
    shortfall(state, index, COLONIST_COST, 0, _("a new colonist"), "R-TRIB-3")
    state = pay(state, index, COLONIST_COST)
    return finish(place_colonist(state, index, action.kind, board(state).rome))


complete = finish
