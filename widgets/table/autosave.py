"""No game is ever lost: a table whose game a person has joined is saved on its own after every move, under one
name the learner sees in their saves (in the app mode, the visitor's own saves; in JupyterLab, the saves folder),
and a table opened again offers to go on with it. No widgets: the table's screen shows what this says.

A table saves on its own only once a person has played a step of its game: until then the game is the one its
seed deals, and nothing can be lost (a page made ahead of its visitor in the app mode does not know the visitor's
saves yet either).
"""
from __future__ import annotations

from dataclasses import dataclass

import concordia_core as cc

from ..support import saves
from . import saved
from .model import TableModel


@dataclass(frozen=True)
class InProgress:
    """A game saved on its own and not over: its saved text and what to say of it."""

    text: str
    steps: int
    state: cc.GameState


class Autosave:
    """The save slot `name` of one kind of table (e.g. chapter 15's own table)."""

    def __init__(self, name: str) -> None:
        self.name = saves.check_name(name)
        self._kept: tuple[int, int] | None = None     # (steps, id of the game) last written

    def keep(self, model: TableModel) -> bool:
        """Save the table if its game has moved since the last save and a person has played in it; True when it
        wrote. A save that cannot be made raises (saves.SaveNameError or OSError): the screen says why."""
        game = model.game
        mark = (len(game.history), id(game))
        if mark == self._kept or not self.joined(model):
            return False
        saves.write(self.name, model.save())
        self._kept = mark
        return True

    @staticmethod
    def joined(model: TableModel) -> bool:
        """True once a person has played a step of the table's game (the game is theirs to lose)."""
        game = model.game
        return any(model.is_person(game.state_at(k).actor) for k in range(len(game.history)))

    def in_progress(self) -> InProgress | None:
        """The game saved on its own, if there is one and it is not over (a save that cannot be read is none: it
        is left where it is, and the next move saves over it)."""
        try:
            if not saves.exists(self.name):
                return None
            text = saves.read(self.name)
            game, _seats, _viewer = saved.read(text)
        except (saves.SaveNameError, OSError, UnicodeDecodeError, cc.ConcordiaError):
            return None
        if game.state.over:
            return None
        return InProgress(text, len(game.history), game.state)

    def forget(self) -> None:
        """The next move saves again, even of the same game (after the learner chose to start afresh)."""
        self._kept = None
