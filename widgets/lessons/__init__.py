"""One module per chapter: the positions it teaches on and its exercises' checkers."""

from __future__ import annotations

import concordia_core as cc


def replay(map_name: str, players: list[str], seed: int, actions: list[str], first_player: str = "Aiko", *,
           first_game: bool = False) -> cc.Game:
    """A seeded game with `actions` played: the fixed position a chapter teaches on."""
    game = cc.Game(cc.Setup(map_name, players, seed, first_game=first_game, first_player=first_player))
    for action in actions:
        game.play(action)
    return game
