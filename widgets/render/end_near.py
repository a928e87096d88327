"""How near the end of the game is (R-END-1), in sentences for a table's status: the cards left to buy when
few are left, a player's houses left when few are left, and who set the end off. The counts and the rule id
come from the engine (`cc.end_counts`)."""
from __future__ import annotations

import concordia_core as cc

NEAR_CARDS = 3       # warn when this many cards (display and deck) or fewer are left to buy
NEAR_HOUSES = 2      # warn when a player has this many houses or fewer left to build


def end_warnings(state: cc.GameState) -> list[str]:
    """The sentences that warn of the end (none while it is far, or once the game is over)."""
    if state.over:
        return []
    counts = cc.end_counts(state)
    if state.concordia_holder == cc.learner_name():
        return [cc._("You have set off the end of the game: every other player has one last turn ({rule}).",
                     rule=counts.rule)]
    if state.concordia_holder is not None:
        return [cc._("{player} has set off the end of the game: every other player has one last turn ({rule}).",
                     player=state.concordia_holder, rule=counts.rule)]
    found = []
    if counts.cards_left <= NEAR_CARDS:
        found.append(cc.n_("The end is near: {n} card is left to buy ({display} in the display, {deck} in the "
                           "deck); whoever buys the last one ends the game ({rule}).",
                           "The end is near: {n} cards are left to buy ({display} in the display, {deck} in the "
                           "deck); whoever buys the last one ends the game ({rule}).", counts.cards_left,
                           display=counts.display, deck=counts.deck, rule=counts.rule))
    for name, left in counts.houses_left.items():
        if left <= NEAR_HOUSES and name == cc.learner_name():
            found.append(cc.n_("The end is near: you have {n} house left to build; building it ends the game ({rule}).",
                               "The end is near: you have {n} houses left to build; the last one ends the game "
                               "({rule}).", left, rule=counts.rule))
        elif left <= NEAR_HOUSES:
            found.append(cc.n_("The end is near: {player} has {n} house left to build; building it ends the game "
                               "({rule}).",
                               "The end is near: {player} has {n} houses left to build; the last one ends the game "
                               "({rule}).", left, player=name, rule=counts.rule))
    return found
