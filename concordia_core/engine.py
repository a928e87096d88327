"""The rules engine: which steps are legal now, and applying one (R-TURN, R-STORE, R-END, R-MID).

`apply(state, action)` returns a new state or raises a ConcordiaError; the old state is never
changed. A card play is a chain of sub-steps held in `state.pending`; forced steps (nothing left
to choose) are taken at once, so every listed action is a real decision.
"""
from __future__ import annotations

from dataclasses import replace
from types import ModuleType

from .actions import Action, Build, Copy, Keep, Move, Place, PlayCard, Produce, Purchase, Recruit, Trade, parse_action
from .cards import card
from .data import game_constants
from .errors import IllegalAction, InvalidAction
from .goods import Goods, check_good
from .rules import architect, colonist, diplomat, mercator, prefect, senator, specialist, tribune
from .rules.common import finish, keep_options, only_done
from .scoring import competition_prizes, score
from .state import GameState, Pending

_MODULES: dict[str, ModuleType] = {
    "TRIBUNE": tribune, "ARCHITECT": architect, "PREFECT": prefect, "MERCATOR": mercator,
    "DIPLOMAT": diplomat, "SENATOR": senator, "CONSUL": senator, "COLONIST": colonist,
    "SPECIALIST": specialist,
}


def _module(card_id: str) -> ModuleType:
    return _MODULES[card(card_id).kind]


def legal_actions(state: GameState) -> list[Action]:
    """Every legal next step of the player who must act now (sub-steps and storehouse choices too)."""
    if state.over:
        return []
    if state.choices:
        choice = state.choices[0]
        free = state.players[choice.player].free_slots
        return [Keep(g) for g in keep_options(choice.incoming, free)]
    pending = state.pending
    if pending is None:
        hand = state.players[state.turn].hand
        return [PlayCard(cid) for cid in dict.fromkeys(hand)]
    if pending.phase == "diplomat":
        return diplomat.legal(state)
    return _module(pending.action).legal(state)


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after `action`; IllegalAction (with its rule) or InvalidAction if it cannot be played."""
    if state.over:
        raise IllegalAction("R-END-1", "the game is over: final scoring has been done and no more actions are taken")
    action = parse_action(action, state) if isinstance(action, str) else action
    _check_fields(action)
    if state.choices:
        state = _keep(state, action)
    elif state.pending is None:
        state = _play_card(state, action)
    elif state.pending.phase == "diplomat":
        copied = diplomat.check(state, action)
        pending = replace(state.pending, action=copied)
        state = _module(copied).start(replace(state, pending=pending), pending)
    else:
        state = _module(state.pending.action).apply(state, action)
    return _settle(state)


_TEXT_FIELDS = {PlayCard: ("card",), Move: ("start", "route"), Build: ("city",), Produce: ("province",),
                Copy: ("player",), Place: ("kind", "city"), Recruit: ("kind",), Trade: ("good",)}


def _check_fields(action: object) -> None:
    """Reject hand-made Action values with nonsense fields as InvalidAction, before any rule runs."""
    if not isinstance(action, Action):
        raise InvalidAction(f"expected an action or its notation, not {action!r}")
    for name in _TEXT_FIELDS.get(type(action), ()):
        if not isinstance(getattr(action, name), str):
            raise InvalidAction(f"{type(action).__name__}.{name} must be text, not {getattr(action, name)!r}")
    if isinstance(action, PlayCard):
        card(action.card)
    if isinstance(action, (Place, Recruit)) and action.kind not in ("land", "sea"):
        raise InvalidAction(f"a colonist is 'land' or 'sea', not {action.kind!r}")
    if isinstance(action, Trade):
        check_good(action.good)
        if isinstance(action.amount, bool) or not isinstance(action.amount, int):
            raise InvalidAction(f"a trade amount is a whole number, not {action.amount!r}")
    if isinstance(action, Purchase):
        if isinstance(action.slot, bool) or not isinstance(action.slot, int):
            raise InvalidAction(f"a display slot is a number from 1 to 7, not {action.slot!r}")
        if action.wild is not None:
            check_good(action.wild)
    if isinstance(action, Keep) and not isinstance(action.goods, Goods):
        raise InvalidAction(f"keep needs Goods, not {action.goods!r}")


def _play_card(state: GameState, action: Action) -> GameState:
    p = state.players[state.turn]
    if not isinstance(action, PlayCard):
        raise IllegalAction("R-TURN-1", f"{p.name} starts the turn by playing a card from hand ('play CARD'); "
                                        f"'{action}' is not a card play")
    cid = action.card
    if cid not in p.hand:
        if cid in p.discard:
            raise IllegalAction("R-TURN-2", f"your {card(cid)} is on your discard pile; it returns to your hand "
                                            "only when you play the Tribune")
        raise IllegalAction("R-TURN-1", f"the {card(cid)} is not in your hand; your hand: "
                                        f"{', '.join(str(card(c)) for c in p.hand)}")
    hand = list(p.hand)
    hand.remove(cid)
    state = state.with_player(state.turn, hand=tuple(hand), discard=p.discard + (cid,))
    pending = Pending(card=cid, action=cid, phase="start")
    return _module(cid).start(replace(state, pending=pending), pending)


def _keep(state: GameState, action: Action) -> GameState:
    choice = state.choices[0]
    p = state.players[choice.player]
    if not isinstance(action, Keep):
        raise IllegalAction("R-STORE-2", f"{p.name}'s storehouse is full: first choose which incoming goods to keep "
                                         f"('keep ...'); incoming: {choice.incoming}")
    need = min(p.free_slots, choice.incoming.total())
    if not choice.incoming.covers(action.goods):
        raise IllegalAction("R-STORE-2", f"you can keep only goods that are coming in ({choice.incoming}); "
                                         "goods already in the storehouse may not be swapped or thrown away")
    if action.goods.total() != need:
        raise IllegalAction("R-STORE-2", f"{p.name} has {p.free_slots} free slots and must fill every one: keep "
                                         f"exactly {need} of the incoming {choice.incoming}")
    state = state.with_player(choice.player, goods=p.goods + action.goods)
    return replace(state, choices=state.choices[1:])


def _settle(state: GameState) -> GameState:
    """Take forced steps: finish a play with nothing left to choose, then end the turn."""
    while not state.choices and state.pending is not None:
        if state.pending.finished:
            return _end_turn(state)
        options = legal_actions(state)
        if not options or only_done(options):
            state = _complete(state)
        else:
            return state
    return state


def _complete(state: GameState) -> GameState:
    module = _module(state.pending.action) if state.pending.phase != "diplomat" else None
    if module is senator:
        return senator.complete(state)
    return finish(state)


def _end_turn(state: GameState) -> GameState:
    index = state.turn
    played = state.pending.card
    state = replace(state, pending=None, turns_played=state.turns_played + 1)
    if card(played).kind == "TRIBUNE" and state.first_game and state.mid_scores[index] is None:
        state = _intermediate_scoring(state, index)
    following = (index + 1) % len(state.players)
    if state.end_trigger is not None and following == state.end_trigger:  # R-END-1: one more turn each
        return replace(state, over=True)
    return replace(state, turn=following)


def _intermediate_scoring(state: GameState, index: int) -> GameState:
    """R-MID-2/3: record the player's score after their first Tribune; pay 2 and 1 coins once all have one."""
    records = list(state.mid_scores)
    records[index] = score(state, state.players[index].name).total
    state = replace(state, mid_scores=tuple(records))
    if all(r is not None for r in records) and state.mid_payout is None:
        prizes = competition_prizes(records, list(game_constants()["intermediate_prizes"]))
        for i, coins in enumerate(prizes):
            state = state.with_player(i, coins=state.players[i].coins + coins)
        state = replace(state, mid_payout=tuple(prizes))
    return state

