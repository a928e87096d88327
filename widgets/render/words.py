"""Small pieces of wording shared by every view: a sentence's first letter in capitals, an Architect's
steps, a list of cards by name, how far a game is. Every text goes through the message catalog."""
from __future__ import annotations

from collections.abc import Iterable

import concordia_core as cc


def capital(text: str) -> str:
    """`text` with its first letter in capitals ('move your colonist…' starts a sentence)."""
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    """'+2', '−4', '0': a change with its sign, the minus a true minus sign (U+2212) in every language, as the hints
    write it."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def value_text(value: float) -> str:
    """'+3.5 points', '−1.0 points': a measured value or gap in points, to a tenth, the true minus sign."""
    sign = "+" if value >= 0 else "−"
    return cc._("{sign}{n} points", sign=sign, n=round(abs(value), 1))


def steps_text(n: int) -> str:
    """'1 step', '2 steps': an Architect's steps (R-ARCH-1, R-ARCH-3)."""
    return cc.n_("{n} step", "{n} steps", n)


def card_names(card_ids: Iterable[str]) -> str:
    """'Tribune, Architect and Prefect': cards by name, in the current language."""
    return cc.listing([cc.card(c).display_name for c in card_ids])


def progress_words(state: cc.GameState) -> str:
    """How far a game is, as a learner counts it: 'round 4, turn 2 of 3' (every player plays one card a round,
    in turn order); the one counter of a game's progress every screen shows."""
    players = len(state.players)
    return cc._("round {round}, turn {turn} of {players}", round=state.turns_played // players + 1,
                turn=state.turns_played % players + 1, players=players)
