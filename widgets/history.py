"""History panel: the played actions in notation (numbered, grouped by turn), Undo and jump back."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from .errors import ErrorLog, guarded


def turns(game: cc.Game) -> list[list[tuple[int, str, str]]]:
    """The steps grouped by turn: each a list of (step number, acting player, notation).

    A new group starts at every card play; storehouse choices stay with the play that caused them."""
    groups: list[list[tuple[int, str, str]]] = []
    before = game.initial
    for n, step in enumerate(game.history, start=1):
        actor = before.actor or ""
        if isinstance(step.action, cc.PlayCard) or not groups:
            groups.append([])
        groups[-1].append((n, actor, str(step.action)))
        before = step.state
    return groups


class HistoryView(widgets.VBox):
    """The game's steps with an Undo button and a 'jump back to step N' control."""

    def __init__(self, game: cc.Game, on_change: Callable[[], None] | None = None,
                 log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.on_change = on_change or (lambda: None)
        self.error_log = log if log is not None else ErrorLog()
        self.listing = widgets.HTML()
        self.undo_button = widgets.Button(description="Undo", tooltip="take back the last step")
        self.undo_button.on_click(guarded(lambda _: self.undo(), self.error_log))
        self.step = widgets.Dropdown(description="Back to")
        self.jump = widgets.Button(description="Jump back")
        self.jump.on_click(guarded(lambda _: self.jump_to(self.step.value), self.error_log))
        self.children = [self.listing, widgets.HBox([self.undo_button, self.step, self.jump])]
        self.show()

    def show(self, state: cc.GameState | None = None) -> None:
        """Re-render from the game's history (`state` is accepted for a uniform view API)."""
        rows = []
        for k, group in enumerate(turns(self.game), start=1):
            steps = "; ".join(f"<small>{n}.</small> <code>{html.escape(text)}</code>" for n, _, text in group)
            rows.append(f"<li>Turn {k} ({html.escape(group[0][1])}): {steps}</li>")
        self.listing.value = ("<b>History</b><ol style='max-height:240px;overflow:auto'>"
                              + ("".join(rows) or "<i>no steps yet</i>") + "</ol>")
        count = len(self.game.history)
        options = [("0: setup", 0)] + [(f"{n}: {step.action}", n) for n, step in enumerate(self.game.history, 1)]
        self.step.options = options
        self.step.value = count
        self.undo_button.disabled = self.jump.disabled = count == 0

    def undo(self) -> None:
        """Take back the last step."""
        if self.game.history:
            self.game.undo()
        self._changed()

    def jump_to(self, step: int) -> None:
        """Undo until exactly `step` steps remain (0 = the position after setup)."""
        self.game.undo(len(self.game.history) - step)
        self._changed()

    def _changed(self) -> None:
        self.show()
        self.on_change()
