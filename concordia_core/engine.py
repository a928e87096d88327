"""The rules engine: which steps are legal now, and applying one (R-TURN, R-STORE, R-END, R-MID).

`apply(state, action)` returns a new state or raises a ConcordiaError; the old state is never
changed. A card play is a chain of sub-steps held in `state.pending`; forced steps (nothing left
to choose) are taken at once, so every listed action is a real decision. Each card kind's rules
are a module implementing the CardRule protocol (rules/base.py), looked up in `RULES`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from .actions import Action, Build, Copy, Keep, Move, Place, PlayCard, Produce, Purchase, Recruit, Trade, parse_action
from .cards import card
from .constants import CONSTANTS
from .errors import IllegalAction, InvalidAction
from .goods import Goods, check_good
from .i18n import _
from .rules import architect, colonist, diplomat, mercator, prefect, senator, specialist, tribune
from .rules.base import CardRule
from .rules.common import keep_options, only_done
from .scoring import competition_prizes, score
from .state import GameState, Pending, Phase, replace
from .text import goods_text, listing, possessive

RULES: dict[str, CardRule] = {
    "TRIBUNE": tribune, "ARCHITECT": architect, "PREFECT": prefect, "MERCATOR": mercator,
    "DIPLOMAT": diplomat, "SENATOR": senator, "CONSUL": senator, "COLONIST": colonist,
    "SPECIALIST": specialist,
}


def rule_of(pending: Pending) -> CardRule:
    """The rules the play in progress follows: the Diplomat's while it chooses, then the copied card's."""
    return RULES[card(pending.card if pending.phase == Phase.DIPLOMAT else pending.action).kind]


def legal_actions(state: GameState) -> list[Action]:
    """Every legal next step of the player who must act now (sub-steps and storehouse choices too)."""
    if state.over:
        return []
    if state.choices:
        choice = state.choices[0]
        free = state.players[choice.player].free_slots
        return [Keep(g) for g in keep_options(choice.incoming, free)]
    if state.pending is None:
        hand = state.players[state.turn].hand
        return [PlayCard(cid) for cid in dict.fromkeys(hand)]
    return rule_of(state.pending).legal(state)


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after `action`; IllegalAction (with its rule) or InvalidAction if it cannot be played."""
    if state.over:
        raise IllegalAction("R-END-1", _("the game is over: final scoring has been done and no more actions are taken"))
    action = parse_action(action, state) if isinstance(action, str) else action
    _check_fields(action)
    return apply_planned(state, action)


def apply_planned(state: GameState, action: Action) -> GameState:
    """`apply` for a look-ahead's own steps, the fast internal path of play-outs: the action is a value the
    engine or a planner made (never text, never a hand-made value), so its fields are not checked again; the
    rules still check the step itself, and the state after it is the same as `apply` gives."""
    if state.over:
        raise IllegalAction("R-END-1", _("the game is over: final scoring has been done and no more actions are taken"))
    if state.choices:
        state = _keep(state, action)
    elif state.pending is None:
        state = _play_card(state, action)
    else:
        state = _started(rule_of(state.pending).apply(state, action))
    return _settle(state)


def _started(state: GameState) -> GameState:
    """A play in Phase.START (a card just played, or a card a Diplomat copies) is started by its rule."""
    pending = state.pending
    if pending is not None and pending.phase == Phase.START:
        return RULES[card(pending.action).kind].start(state, pending)
    return state


_TEXT_FIELDS = {PlayCard: ("card",), Move: ("start", "route"), Build: ("city",), Produce: ("province",),
                Copy: ("player",), Place: ("kind", "city"), Recruit: ("kind",), Trade: ("good",)}


def _check_fields(action: object) -> None:
    """Reject hand-made Action values with nonsense fields as InvalidAction, before any rule runs."""
    if not isinstance(action, Action):
        raise InvalidAction(_("expected an action or its notation, not {value!r}", value=action))
    for name in _TEXT_FIELDS.get(type(action), ()):
        if not isinstance(getattr(action, name), str):
            field = ".".join((type(action).__name__, name))
            raise InvalidAction(_("{field} must be text, not {value!r}", field=field, value=getattr(action, name)))
    if isinstance(action, PlayCard):
        card(action.card)
    if isinstance(action, (Place, Recruit)) and action.kind not in ("land", "sea"):
        raise InvalidAction(_("a colonist is 'land' or 'sea', not {value!r}", value=action.kind))
    if isinstance(action, Trade):
        check_good(action.good)
        if isinstance(action.amount, bool) or not isinstance(action.amount, int):
            raise InvalidAction(_("a trade amount is a whole number, not {value!r}", value=action.amount))
    if isinstance(action, Purchase):
        if isinstance(action.slot, bool) or not isinstance(action.slot, int):
            raise InvalidAction(_("a display slot is a number from 1 to 7, not {value!r}", value=action.slot))
        if action.wild is not None:
            check_good(action.wild)
    if isinstance(action, Keep) and not isinstance(action.goods, Goods):
        raise InvalidAction(_("keep needs Goods, not {value!r}", value=action.goods))


def _play_card(state: GameState, action: Action) -> GameState:
    p = state.players[state.turn]
    if not isinstance(action, PlayCard):
        raise IllegalAction("R-TURN-1", _("a turn starts by playing a card from hand ('play CARD'); '{action}' is "
                                          "not a card play", action=action))
    cid = action.card
    if cid not in p.hand:
        if cid in p.discard:
            raise IllegalAction("R-TURN-2", _("your {card} is on your discard pile; it returns to your hand only "
                                              "when you play the Tribune", card=card(cid)))
        raise IllegalAction("R-TURN-1", _("the {card} is not in your hand; your hand: {hand}", card=card(cid),
                                          hand=listing(str(card(c)) for c in p.hand)))
    hand = list(p.hand)
    hand.remove(cid)
    state = state.with_player(state.turn, hand=tuple(hand), discard=p.discard + (cid,))
    return _started(replace(state, pending=Pending(card=cid, action=cid, phase=Phase.START)))


def _keep(state: GameState, action: Action) -> GameState:
    choice = state.choices[0]
    p = state.players[choice.player]
    if not isinstance(action, Keep):
        raise IllegalAction("R-STORE-2", _("{whose} storehouse is full: first choose which incoming goods to keep "
                                           "('keep ...'); incoming: {incoming}", whose=possessive(p.name),
                                           incoming=goods_text(choice.incoming)))
    need = min(p.free_slots, choice.incoming.total())
    if not choice.incoming.covers(action.goods):
        raise IllegalAction("R-STORE-2", _("you can keep only goods that are coming in ({incoming}); goods already "
                                           "in the storehouse may not be swapped or thrown away",
                                           incoming=goods_text(choice.incoming)))
    if action.goods.total() != need:
        raise IllegalAction("R-STORE-2", _("there are {free} free slots and every one must be filled: keep exactly "
                                           "{need} of the incoming {incoming}", free=p.free_slots, need=need,
                                           incoming=goods_text(choice.incoming)))
    state = state.with_player(choice.player, goods=p.goods + action.goods)
    return replace(state, choices=state.choices[1:])


LAZY_STEPS: dict[CardRule, Callable[[GameState], Iterator[Action]]] = {
    architect: architect.moves_and_builds, mercator: mercator.trades, senator: senator.purchases}
"""The rules that yield their steps other than Done one at a time, so whether there is one is known from the
first (their `legal` lists many steps, and every step a look-ahead takes asks this)."""


def _has_choice(state: GameState) -> bool:
    """True when the play in progress has a legal step other than Done."""
    assert state.pending is not None
    rule = rule_of(state.pending)
    steps = LAZY_STEPS.get(rule)
    if steps is not None:
        return next(steps(state), None) is not None
    options = rule.legal(state)
    return bool(options) and not only_done(options)


def _settle(state: GameState) -> GameState:
    """Take forced steps: finish a play with nothing left to choose, then end the turn."""
    while not state.choices and state.pending is not None:
        if state.pending.finished:
            return _end_turn(state)
        if _has_choice(state):
            return state
        state = rule_of(state.pending).complete(state)
    return state


def _end_turn(state: GameState) -> GameState:
    index = state.turn
    assert state.pending is not None
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
    if state.mid_payout is None and all(r is not None for r in records):
        totals = [r for r in records if r is not None]
        prizes = competition_prizes(totals, CONSTANTS.intermediate_prizes)
        for i, coins in enumerate(prizes):
            state = state.with_player(i, coins=state.players[i].coins + coins)
        state = replace(state, mid_payout=tuple(prizes))
    return state
