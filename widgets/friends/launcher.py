"""Start a table for friends, or join one by its code (the app mode): the set-up form as at the one-screen table,
whether hints are allowed, then the table with its code, link and QR code; a friend's device opened from the link
(…/20_friends.ipynb?table=CODE) goes straight to the table's seats. Outside the app mode (JupyterLab, one
person's machine) it says where tables for friends are played."""
from __future__ import annotations

import os
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import button
from ..parts.save_box import problem_html
from ..render.markup import esc
from ..render.palette import LABEL_EDGE
from ..support import visitor
from ..table.form import TableForm, TableSetup
from .shared import SharedTable, clean_code, start_table
from .store import TableRefusal, TableStore, open_store
from .view import FriendsTable

QUERY = "table"


def code_in_address() -> str | None:
    """The table's code the page was opened with (?table=CODE), as the server handed it to the kernel."""
    found = parse_qs(os.environ.get("QUERY_STRING", "")).get(QUERY)
    return found[0] if found else None


def link_for(code: str) -> str | None:
    """The address friends open to join table `code`: this page's own address with ?table=CODE."""
    page = os.environ.get("VOILA_REQUEST_URL", "")
    if not page:
        return None
    parts = urlsplit(page)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, f"{QUERY}={code}", ""))


class FriendsLauncher(widgets.VBox):
    """The set-up form for a table for friends and a box to join one by its code; once started or joined, the
    table's screen (`table`) in their place."""

    def __init__(self, store: TableStore | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-friends-launcher")
        self.problems = ErrorLog()
        self.message = widgets.HTML()
        self.table: FriendsTable | None = None
        self._store = store
        self.form = TableForm(self.start, log=self.problems, players=3, person=cc._("a friend, on their own device"),
                              intro=cc._("Choose who plays: each person plays from their own phone or computer (you "
                                         "take the first person's seat); practice bots play by themselves."))
        self.hints = widgets.Checkbox(value=True, description=cc._("Players may ask for hints"), indent=False,
                                      layout=widgets.Layout(width="auto"))
        self.code = widgets.Text(description=cc._("Code"), placeholder="K7MR3X", style={"description_width": "initial"},
                                 layout=widgets.Layout(width="auto"))
        self.join_button = button(cc._("Join the table"), "success")
        self.join_button.on_click(guarded(lambda _b: self.join(self.code.value), self.problems))
        join = widgets.VBox([widgets.HTML(f"<b>{esc(cc._('Or join a friend’s table by its code'))}</b>"),
                             widgets.HBox([self.code, self.join_button], layout=widgets.Layout(flex_flow="row wrap"))])
        self.mine = widgets.VBox()              # the tables this visitor holds a seat at: back to them
        self.setup_part = widgets.VBox([self.mine, self.form, self.hints, join])
        self.holder = widgets.VBox()
        self.children = [self.message, self.setup_part, self.holder, self.problems]
        self._list_mine()

    def _list_mine(self) -> None:
        """'Your tables: K7MR3X [Go back to it]', for the tables not over where this visitor holds a seat."""
        who = visitor.current()
        try:
            codes = self.store.seated(who)[:3] if who else []
        except TableRefusal as err:
            self.message.value = problem_html(str(err))
            return
        rows: list[widgets.Widget] = []
        for code in codes:
            back = button(cc._("Go back to table {code}", code=code), "success", icon="play")
            back.on_click(guarded(lambda _b, c=code: self.join(c), self.problems))
            rows.append(back)
        head = [widgets.HTML(f"<b>{esc(cc._('Your tables in progress'))}</b>")] if rows else []
        self.mine.children = [*head, *rows]

    @property
    def store(self) -> TableStore:
        if self._store is None:
            self._store = open_store()
        return self._store

    def start(self, setup: TableSetup) -> FriendsTable | None:
        """Start the table the form describes; the host takes the first person's seat."""
        try:
            kinds = [s.kind for s in setup.seats]
            host_seat = kinds.index("human") if "human" in kinds else None
            code = start_table(self.store, self._visitor(), cc.Setup(setup.map_name, [s.name for s in setup.seats],
                                                                      setup.seed, setup.first_game),
                               kinds, self.hints.value, host_seat)
            return self._show(SharedTable(self.store, code, self._visitor()))
        except TableRefusal as err:
            self.message.value = problem_html(str(err))
            return None

    def join(self, text: str) -> FriendsTable | None:
        """Open the table of a code (as typed, or from the page's address); a plain sentence if there is none."""
        try:
            code = clean_code(text)
            return self._show(SharedTable(self.store, code, visitor.current()))
        except TableRefusal as err:
            self.message.value = problem_html(str(err))
            return None

    def _visitor(self) -> str:
        who = visitor.current()
        if who is None:
            raise TableRefusal(cc._("this page has no visitor id yet, so it cannot start a table: reload it, with "
                                    "cookies allowed for this site"))
        return who

    def _show(self, model: SharedTable) -> FriendsTable:
        if self.table is not None:
            self.table.close()
        self.table = FriendsTable(model, link_for(model.code))
        self.holder.children = [self.table]
        self.setup_part.layout.display = "none"
        self.message.value = ""
        return self.table


def friends_table(store: TableStore | None = None) -> widgets.Widget:
    """The page's table for friends: joined from the address's code, else the form to start one (app mode only)."""
    if not visitor.in_app():
        where = cc._("Tables for friends on their own devices are played in the app mode ({command}), where every "
                     "browser has a visitor id of its own. On one screen, friends play together at chapter 15’s table.",
                     command="<code>make app</code>")
        return widgets.HTML(f"<div class='cc-note' style='border:1px solid {LABEL_EDGE};padding:6px;border-radius:6px'>"
                            f"{where}</div>")
    launcher = FriendsLauncher(store)
    code = code_in_address()
    if code:
        launcher.join(code)
    return launcher


__all__ = ["FriendsLauncher", "friends_table", "link_for"]
