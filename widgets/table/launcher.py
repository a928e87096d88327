"""A table from nothing, without code: the set-up form (or a saved table, by name; or the game in progress the
table saved on its own), then the table itself. "Set up another table" brings the form back. This is what
chapter 15 and the app mode show."""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.access import ControlAccess
from ..parts.error_log import ErrorLog
from ..parts.focus import FocusKeeper
from ..parts.save_box import SavesBox
from ..render.words import progress_words
from .autosave import Autosave
from .form import TableForm, TableSetup
from .resume import ResumeOffer
from .table_screen import NEXT_TO_DO, TableApp


class TableLauncher(widgets.VBox):
    """The form and a 'resume a saved table' box; once started, the table (`table`) in their place."""

    def __init__(self, *, players: int = 3, auto: bool = True, autosave: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-table-launcher")
        self.problems = ErrorLog()
        self.auto = auto
        self.autosave = autosave        # the name its tables save themselves under after every move (autosave.py)
        self.form = TableForm(self.start, log=self.problems, players=players)
        self.resume = SavesBox(None, self._resume, log=self.problems)
        self.resume_box = widgets.Accordion(children=[self.resume], selected_index=None)
        self.resume_box.set_title(0, cc._("Or resume a saved table"))
        self.again = widgets.Button(description=cc._("Set up another table"), icon="refresh",
                                    layout=widgets.Layout(width="auto", min_width="fit-content", display="none",
                                                          align_self="flex-start"))
        self.again.on_click(lambda _b: self.back_to_form())
        self.holder = widgets.VBox()
        self.table: TableApp | None = None
        self.offer = ResumeOffer(Autosave(autosave), self._resume, self.problems) if autosave else None
        self.children = [*([self.offer] if self.offer else []), self.form, self.resume_box, self.again, self.holder,
                         self.problems, FocusKeeper(".cc-table-launcher", NEXT_TO_DO),   # Start: focus to the table
                         ControlAccess(".cc-table-launcher")]

    def _show(self, table: TableApp) -> None:
        if self.table is not None:
            self.table.close()
        self.table = table
        self.holder.children = [table]
        self.form.layout.display = self.resume_box.layout.display = "none"
        if self.offer is not None:
            self.offer.layout.display = "none"
        self.again.layout.display = None
        table.bring_into_view()       # the form is gone: the table comes up where the learner looks

    def start(self, setup: TableSetup) -> TableApp:
        """Start the table the form describes."""
        table = TableApp(list(setup.seats), setup.map_name, setup.seed, setup.first_game, auto=self.auto,
                         autosave=self.autosave, offer_saved=False)
        self._show(table)
        return table

    def _resume(self, text: str) -> str:
        table = TableApp.load(text, auto=self.auto, autosave=self.autosave)
        self._show(table)
        return cc._("Loaded: {progress}.", progress=progress_words(table.game.state))

    def back_to_form(self) -> None:
        """Put the form back (the table that was playing is closed; save it first to keep it)."""
        if self.table is not None:
            self.table.close()
            self.table = None
        self.holder.children = ()
        self.form.layout.display = self.resume_box.layout.display = None
        self.again.layout.display = "none"
        self.resume.refresh_names()
        if self.offer is not None:
            self.offer.look()
