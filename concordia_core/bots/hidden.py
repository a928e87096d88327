"""What a seat may know, and positions consistent with it (determinization).

In Concordia the only hidden thing is the order of the face-down deck. Every player's cards are public
(7 starting cards plus the cards they bought, in view of everyone) and so is every discard pile, so a
hand is known as a set: the cards a player holds minus their discard pile. Its order is not; the
deck's cards are known too (those for sale not yet in the display or bought), deck by deck (R-SETUP-5:
deck I on top, then II, ...), but not their order within a deck.

`seen_by(state, viewer)` is the viewer's information as a position: the deck in a canonical order
(deck by deck, then by card id) and every other hand sorted. Two positions that differ only in what
the viewer cannot see give the same `seen_by` value; a bot that looks only at that value cannot read
hidden information. `sample(view, rng)` is one position consistent with it: each deck's cards in a
random order drawn from the bot's own generator.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from ..cards import decks_for
from ..state import GameState
from .base import card_of


@cache
def _deck_rank(players: int) -> dict[str, int]:
    return {numeral: k for k, numeral in enumerate(decks_for(players))}


def _deck_key(players: int, cid: str) -> tuple[int, str]:
    return _deck_rank(players).get(card_of(cid).deck or "", 99), cid


def seen_by(state: GameState, viewer: int) -> GameState:
    """The position as the player `viewer` knows it: the deck in canonical order, other hands sorted."""
    n = len(state.players)
    deck = tuple(sorted(state.deck, key=lambda cid: _deck_key(n, cid)))
    players = tuple(p if i == viewer else replace(p, hand=tuple(sorted(p.hand))) for i, p in enumerate(state.players))
    if deck == state.deck and players == state.players:
        return state
    return replace(state, deck=deck, players=players)


def sample(view: GameState, rng: random.Random) -> GameState:
    """A position consistent with `view`: the cards of each deck shuffled among themselves."""
    if len(view.deck) < 2:
        return view
    n = len(view.players)
    groups: dict[int, list[str]] = {}
    for cid in view.deck:
        groups.setdefault(_deck_key(n, cid)[0], []).append(cid)
    deck: list[str] = []
    for rank in sorted(groups):
        pile = sorted(groups[rank])
        rng.shuffle(pile)
        deck.extend(pile)
    return replace(view, deck=tuple(deck))
