"""The offer to go on with a game saved on its own (autosave.py): shown where the table will be, once the page
knows whose saves to look in (in the app mode a page made ahead of its visitor learns it when it is taken)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import button
from ..render.markup import esc
from ..render.palette import SUCCESS
from ..render.words import progress_words
from ..support import visitor
from .autosave import Autosave, InProgress


def offer_text(found: InProgress, name: str) -> str:
    """'Your game in progress is saved as “first game in progress”: Italia, round 4, Livia to move.'"""
    state = found.state
    return cc._("You have a game in progress, saved on its own as “{name}”: {map}, {progress}, {player} to move.",
                name=name, map=cc.load_map(state.map_id).display_name, progress=progress_words(state),
                player=state.actor or "—")


class ResumeOffer(widgets.VBox):
    """'You have a game in progress … [Go on with it] [Start afresh]': `go_on(text)` resumes the saved table."""

    def __init__(self, autosave: Autosave, go_on: Callable[[str], object], log: ErrorLog | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-resume-offer")
        self.autosave = autosave
        self._go_on = go_on
        self.found: InProgress | None = None
        self.text = widgets.HTML()
        self.go_on_button = button(cc._("Go on with it"), "success", icon="play")
        self.afresh_button = button(cc._("Start afresh"), icon="file-o")
        self.go_on_button.on_click(guarded(lambda _b: self.accept(), log))
        self.afresh_button.on_click(guarded(lambda _b: self.decline(), log))
        self.children = [self.text, widgets.HBox([self.go_on_button, self.afresh_button],
                                                  layout=widgets.Layout(flex_flow="row wrap"))]
        self.layout.display = "none"
        self.layout.border = f"2px solid {SUCCESS}"
        self.layout.padding = "6px"
        self.layout.margin = "4px 0"
        visitor.when_known(self.look)

    def look(self) -> None:
        """Show the offer if a game in progress is saved (hide it otherwise)."""
        self.found = self.autosave.in_progress()
        if self.found is None:
            self.layout.display = "none"
            return
        self.text.value = f"<div role='status'>{esc(offer_text(self.found, self.autosave.name))}</div>"
        self.layout.display = None

    def accept(self) -> None:
        """Go on with the saved game."""
        if self.found is not None:
            self._go_on(self.found.text)
        self.layout.display = "none"

    def decline(self) -> None:
        """Start afresh: the saved game stays until the new one's first move saves over it."""
        self.layout.display = "none"
