"""The screen of a table for friends on one device: the table's code, its link and a QR code to share, the seats
(take a free one; the host frees one for a friend's new device), the game screen with this device's own hand only,
its own hints where the host allows them, the log, whose turn it is (and on the device whose turn it is a mark in
the page's title, and a tone if asked), and the final score. Moves made on other devices come from the store
(widgets/friends/shared.py, polled a few times a second on the kernel's own loop); the practice bots' moves are
made by whichever device gets there first."""
from __future__ import annotations

import time
from typing import Any

import ipywidgets as widgets
import segno
from tornado.ioloop import PeriodicCallback

import concordia_core as cc
from concordia_core import bots

from ..parts.error_log import ErrorLog, guarded
from ..parts.focus import FocusKeeper
from ..parts.inputs import button
from ..parts.save_box import problem_html
from ..render.markup import esc
from ..render.palette import MUTED
from ..render.words import capital, progress_words
from ..screen.game_screen import GameApp
from ..screen.hooks import ScreenHooks
from ..table.hints import TOP, HintBox
from ..table.model import think
from ..table.screens import final_html, final_words
from ..table.seats import kind_label
from ..table.table_screen import NEXT_TO_DO
from .notice import PageNotice
from .shared import HUMAN, SharedTable
from .store import TableRefusal

POLL_MS = 250          # how often a device asks the store for moves made elsewhere
BOT_WAIT = 0.4         # seconds each later device waits before making a practice bot's move itself


class FriendsTable(widgets.VBox):
    """One device's screen of the table `model`; `link` is the address to share (None: none to show)."""

    def __init__(self, model: SharedTable, link: str | None = None, *, poll: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-table")
        self.add_class("cc-friends")
        self.model = model
        self.link = link
        self.problems = ErrorLog()
        self.head = widgets.HTML()
        self.seats = widgets.VBox()
        self.seats.add_class("cc-seats")
        self.message = widgets.HTML()
        self.status = widgets.HTML()
        self.final = widgets.HTML()
        self.final.add_class("cc-final-box")
        self.notice = PageNotice(title=cc._("Concordia · table {code}", code=model.code), query=f"table={model.code}")
        self.sound = widgets.Checkbox(value=False, description=cc._("A tone when it is my turn"), indent=False,
                                      layout=widgets.Layout(width="auto"))
        self.sound.observe(lambda change: setattr(self.notice, "sound", bool(change["new"])), names="value")
        self.hints = HintBox(self.play_hint, log=self.problems)
        self.hint_button = button(cc._("Hint"), "info", icon="lightbulb-o",
                                  tooltip=cc._("the best card plays for you now"))
        self.hint_button.on_click(guarded(lambda _b: self.show_hints(), self.problems))
        self.last_hints: list[bots.Hint] = []
        self._hints_for: cc.GameState | None = None
        self._told_over = False
        self._bot_since: float | None = None
        hooks = ScreenHooks(hand_visible=model.may_see_hand, may_act=model.may_act, waiting_text=self._waiting,
                            play=model.play, rewind=False, on_refresh=self._after_change)
        self.view = GameApp(model.game, hooks=hooks)
        self.view.add_to_side(self.final, 0)
        if model.row.hints:
            self.view.add_to_side(widgets.VBox([self.hint_button, self.hints]), 1)
        self.focus = FocusKeeper(".cc-friends", NEXT_TO_DO)
        self.children = [self.head, self.seats, self.message, self.status, self.sound, self.view, self.notice,
                         self.focus, self.problems]
        model.listeners.append(self._heard)
        self._after_change()
        self._poller: PeriodicCallback | None = PeriodicCallback(guarded(self.poll, self.problems), POLL_MS) \
            if poll else None
        if self._poller is not None:
            self._poller.start()

    def close(self) -> None:
        if self._poller is not None:
            self._poller.stop()
        super().close()

    # --- the table and its seats --------------------------------------------------------------------
    def _head_html(self) -> str:
        model = self.model
        title = cc._("Table {code}", code=model.code)
        parts = [f"<h3 style='margin:4px 0'>{esc(title)}</h3>"]
        if self.link:
            share = cc._("Friends join from their own phone or computer: they open this link, or scan the code, and "
                         "take a free seat.")
            qr = segno.make(self.link, error="m").svg_inline(scale=3, border=2)
            parts.append(f"<div style='display:flex;gap:12px;align-items:center;flex-wrap:wrap'>"
                         f"<div role='img' aria-label='{esc(cc._('QR code of the link'))}'>{qr}</div>"
                         f"<div>{esc(share)}<br><a href='{esc(self.link)}' target='_blank' rel='noopener'>"
                         f"{esc(self.link)}</a><br>{esc(cc._('Code: {code}', code=model.code))}</div></div>")
        rule = cc._("Hints are allowed at this table.") if model.row.hints else cc._("Hints are off at this table.")
        parts.append(f"<div style='color:{MUTED}'>{esc(rule)}</div>")
        return "".join(parts)

    def _seat_rows(self) -> list[widgets.Widget]:
        model = self.model
        mine = model.my_seat
        rows: list[widgets.Widget] = []
        for seat in model.seats:
            if seat.kind != HUMAN:
                who = kind_label(seat.kind)
            elif seat.index == mine:
                who = cc._("you, on this device")
            elif seat.visitor:
                who = cc._("a friend's device")
            else:
                who = cc._("free")
            line = widgets.HTML(cc._("{seat}: {who}", seat=f"<b>{esc(seat.name)}</b>", who=esc(who)))
            row: list[widgets.Widget] = [line]
            if seat.kind == HUMAN and not seat.visitor and mine is None:
                take = button(cc._("Take this seat"), "success")
                take.on_click(guarded(lambda _b, i=seat.index: self._seat(lambda: model.take_seat(i)), self.problems))
                row.append(take)
            if model.is_host and seat.kind == HUMAN and seat.visitor and seat.index != mine:
                free = button(cc._("Free this seat"), tooltip=cc._("for a friend who comes back on another device"))
                free.on_click(guarded(lambda _b, i=seat.index: self._seat(lambda: model.free_seat(i)), self.problems))
                row.append(free)
            rows.append(widgets.HBox(row, layout=widgets.Layout(align_items="center", flex_flow="row wrap")))
        return rows

    def _seat(self, change: Any) -> None:
        try:
            change()
        except TableRefusal as err:
            self.message.value = problem_html(str(err))
            return
        self.message.value = ""
        self.view.refresh()

    def _waiting(self, state: cc.GameState) -> str:
        if self.model.my_seat is None:
            return cc._("You are watching this table: take a free seat to play.")
        seat = self.model.seat_of(state.actor)
        if seat is not None and seat.kind != HUMAN:
            return cc._("{player} (practice bot) is choosing…", player=state.actor)
        return cc._("Waiting for {player} to play on their own device.", player=state.actor or "")

    # --- following the game ---------------------------------------------------------------------------
    def poll(self) -> None:
        """Moves made on other devices; a practice bot's move, if it is due and no device has made it."""
        try:
            if self.model.sync():
                return
            if not self.model.bot_to_act():
                self._bot_since = None
                return
            now = time.monotonic()
            self._bot_since = self._bot_since or now
            if now - self._bot_since >= BOT_WAIT * self._rank():
                self.model.bot_step()
                self._bot_since = None
        except TableRefusal as err:
            self.message.value = problem_html(str(err))

    def _rank(self) -> int:
        """This device's place among the table's devices (the first seat's device makes the bots' moves first)."""
        held = [s.index for s in self.model.seats if s.kind == HUMAN and s.visitor]
        mine = self.model.my_seat
        return held.index(mine) if mine in held else len(held)

    def _heard(self) -> None:
        self.view.refresh()

    def _after_change(self) -> None:
        """Everything around the game screen, up to date with the game and the seats."""
        model = self.model
        state = model.game.state
        self.head.value = self._head_html()
        self.seats.children = self._seat_rows()
        if self._hints_for is not None and self._hints_for is not state:
            self.last_hints, self._hints_for = [], None
            self.hints.clear()
        mine = model.may_act(state)
        self.hint_button.disabled = not mine
        self.notice.turn = mine
        if state.over:
            now = cc._("the game is over")
        elif mine:
            now = cc._("your turn")
        else:
            now = cc._("{player} to move", player=state.actor or "")
        self.status.value = (f"<div class='cc-status'><span class='cc-progress' data-steps='{len(model.game.history)}'>"
                             f"{esc(capital(progress_words(state)))}</span> · <b>{esc(now)}</b></div>")
        self.final.value = final_html(state) if state.over else ""
        if state.over and not self._told_over:
            self._told_over = True
            self.view.live.say([final_words(state)])
        if mine:
            self.focus.follow()

    # --- hints (this device's own seat, where allowed) ------------------------------------------------
    def show_hints(self, top: int = TOP) -> list[bots.Hint]:
        state = self.model.game.state
        if not self.model.row.hints or not self.model.may_act(state):
            self.hints.clear(cc._("Hints are for your own turn, where the table allows them."))
            return []
        self.last_hints, self._hints_for = bots.hints(state, top, budget=bots.FIRST), state
        self.hints.show(state, self.last_hints, [list(h.line) for h in self.last_hints], thinking=True)
        think(state, top, lambda final: self._final(state, final), self.problems.report)
        return self.last_hints

    def _final(self, state: cc.GameState, final: list[bots.Hint]) -> None:
        if self._hints_for is state:
            self.last_hints = list(final)
            self.hints.show(state, self.last_hints, [list(h.line) for h in self.last_hints], thinking=False)

    def play_hint(self, k: int = 0) -> bool:
        """Play hint `k`'s whole card play, through the controls (the one path of a move)."""
        if self._hints_for is not self.model.game.state or not 0 <= k < len(self.last_hints):
            self.hints.clear(cc._("Press Hint first: the hints were for another position."))
            return False
        me = self.model.game.state.actor
        for action in self.last_hints[k].line:
            state = self.model.game.state
            if state.over or state.actor != me or not self.view.controls.attempt(action):
                break
        return True


__all__ = ["FriendsTable"]
