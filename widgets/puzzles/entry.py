"""From a game to its puzzles: review it (every core of the machine), make a puzzle of every decision of its people
the review charged, keep the set with the learner's saves and open it on the puzzle screen. Chapter 19 opens it after
its review (`review_puzzles`); a table whose game is over shows `after_game(table)`: a button "Review this game and
make puzzles" beside the board (`.entry`), the puzzles under it."""
from __future__ import annotations

import time
from typing import Any

import ipywidgets as widgets

import concordia_core as cc
from concordia_core import bots

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import button
from ..parts.save_box import problem_html
from ..render.markup import esc
from ..support import saves
from ..support.background import review_game
from ..table import saved as saved_table
from ..table.seats import Seat
from ..table.table_screen import TableApp
from .model import keep, own_set
from .screen import PuzzleScreen


def puzzles_of_review(game: cc.Game, review: bots.Review, source: str, seats: list[Seat] | None = None,
                      step: int | None = None) -> PuzzleScreen:
    """The puzzle screen for a reviewed game's charged decisions (kept with the learner's saves as `source`'s),
    open at the decision of `step` if it is one of them."""
    found = own_set(game, review, source, seats)
    problem = keep(found) if found.puzzles else ""
    index = next((i for i, p in enumerate(found.puzzles) if p.step == step), 0)
    screen = PuzzleScreen(found, index) if found.puzzles else PuzzleScreen()
    if not found.puzzles:
        screen.note.value = esc(cc._("The review charged none of your decisions: here is the tutor's own set."))
    elif problem:
        screen.note.value = problem_html(cc._("Your puzzles could not be kept: {reason}", reason=problem))
    return screen


def table_seats(name: str) -> list[Seat] | None:
    """The seats of the table saved as `name` (None for no name, or a save that is not a table)."""
    if not name:
        return None
    try:
        return saved_table.read(saves.read(name))[1]
    except (cc.ConcordiaError, OSError):
        return None


def review_puzzles(game: cc.Game, review: bots.Review, save_name: str, step: int | None = None) -> PuzzleScreen:
    """Chapter 19's entry: the puzzles of the game reviewed, the table saved as `save_name` ('': chapter 19's sample,
    where the tutor's "you" is the learner), open at `step`."""
    return puzzles_of_review(game, review, save_name or cc._("sample game"), table_seats(save_name), step)


class ReviewAndPuzzles(widgets.VBox):
    """The puzzles of a finished game, under the board, and `entry`: the button that reviews the game and makes them
    (with what the review is doing), for the column beside the board (a table's end of the game)."""

    def __init__(self, game: cc.Game, seats: list[Seat] | None = None, source: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game, self.seats = game, seats
        self.source = source or cc._("game {when}", when=time.strftime("%Y-%m-%d %H%M"))
        self.error_log = ErrorLog()
        self.go = button(cc._("Review this game and make puzzles"), "primary", icon="puzzle-piece")
        self.go.on_click(guarded(lambda _b: self.run(), self.error_log))
        self.status = widgets.HTML()
        self.entry = widgets.VBox([self.go, self.status])
        self.entry.add_class("cc-review-puzzles")
        self.screen: PuzzleScreen | None = None
        self.children = [self.error_log]

    def run(self) -> PuzzleScreen:
        """Review the game (saying how far it is), then show its puzzles."""
        self.go.disabled = True
        self.status.value = esc(cc._("Reviewing every decision…"))

        def progress(done: int, total: int, _so_far: bots.Review) -> None:
            self.status.value = esc(cc._("Reviewing every decision… {done} of {total} steps judged so far.",
                                         done=done, total=total))
        try:
            result = review_game(self.game, progress)
        finally:
            self.go.disabled = False
        self.screen = puzzles_of_review(self.game, result, self.source, self.seats)
        self.status.value = esc(cc.n_("{n} decision judged.", "{n} decisions judged.", len(result.decisions)))
        self.children = [self.screen, self.error_log]
        self.screen.bring_into_view()
        return self.screen


def after_game(table: TableApp) -> tuple[widgets.Widget, widgets.Widget]:
    """For a table whose game is over (TableApp's `after_game`): the button "Review this game and make puzzles" for the
    column beside the board, under the final score, and the puzzles' place under the board. The table's seats say who
    is who: its people's decisions become puzzles, its bots stay the bots they were."""
    name = table.autosave.name if table.autosave is not None else ""
    found = ReviewAndPuzzles(table.game, list(table.model.seats), name)
    return found.entry, found


__all__ = ["ReviewAndPuzzles", "after_game", "puzzles_of_review", "review_puzzles", "table_seats"]
