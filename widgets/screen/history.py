"""The game log: every move of every player in sentences (concordia_core.narrate), latest first, with Undo and
"jump back to before a turn". The log is made from the game's history each time it is shown, so it always
follows an undo or a jump (only the last card play is told again; earlier entries are kept).
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..render import palette as pal
from .hooks import ScreenHooks

SHOWN = 80          # entries listed on screen (all are kept)


class GameLog:
    """The log entries of a game, told again only from the card play where the history changed."""

    def __init__(self, game: cc.Game) -> None:
        self.game = game
        self._steps: list[cc.Step] = []
        self._entries: list[cc.narrate.Entry] = []

    def entries(self) -> list[cc.narrate.Entry]:
        history = self.game.history
        same = 0
        for old, new in zip(self._steps, history, strict=False):
            if old is not new:
                break
            same += 1
        if same == len(self._steps) == len(history):
            return self._entries
        plays = [e.first for e in self._entries if e.turn and e.first <= same]
        restart = plays[-1] if plays else 1
        kept = [e for e in self._entries if e.first < restart]
        start = self.game.state_at(restart - 1)
        self._entries = kept + cc.narrate.entries(start, history[restart - 1:], first=restart)
        self._steps = list(history)
        return self._entries


def entry_html(entry: cc.narrate.Entry, state: cc.GameState, number: int | None = None, note: str | None = None) -> str:
    """One entry as a list item: a dot in the player's colour, the sentence (and a note under it, in grey)."""
    names = [p.name for p in state.players]
    colour = pal.player_colour(names.index(entry.player)) if entry.player in names else pal.GREY
    mark = f"<small style='color:{pal.QUIET_INK}'>{number}.</small> " if number is not None else ""
    return (f"<li style='margin:2px 0;list-style:none'>{mark}<span style='display:inline-block;width:9px;height:9px;"
            f"border-radius:50%;background:{colour};border:1px solid {pal.DARK_GREY};margin-right:4px'></span>"
            f"{html.escape(entry.text)}"
            + (f"<br><span style='color:{pal.FAINT_INK};font-size:92%'>{html.escape(note)}</span>" if note else "") + "</li>")


class HistoryView(widgets.VBox):
    """The log with Undo and 'jump back to before turn N'.

    From `hooks`: `undo_point()` (if set) says how many steps Undo keeps (a table goes back to the last
    decision of a person) and `undo_label` names the button; `on_rewind()` is called after an undo or a
    jump, before `on_change()`; `note_for(entry)` is a note under an entry (a bot's reason)."""

    def __init__(self, game: cc.Game, on_change: Callable[[], None] | None = None,
                 log: ErrorLog | None = None, *, hooks: ScreenHooks | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.game_log = GameLog(game)
        self.on_change = on_change or (lambda: None)
        self.hooks = hooks or ScreenHooks()
        self.error_log = log if log is not None else ErrorLog()
        self.listing = widgets.HTML()
        self.undo_button = widgets.Button(description=self.hooks.undo_label or cc._("Undo"), icon="undo",
                                          tooltip=cc._("take back the last step"),
                                          layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(guarded(lambda _: self.undo(), self.error_log))
        self.step = widgets.Dropdown(description=cc._("Back to"), style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto", max_width="100%"))
        self.jump = widgets.Button(description=cc._("Jump back"), layout=widgets.Layout(width="auto"))
        self.jump.on_click(guarded(lambda _: self.jump_to(self.step.value), self.error_log))
        rewinding = widgets.HBox([self.undo_button, self.step, self.jump], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [self.listing, *([rewinding] if self.hooks.rewind else [])]
        self.show()

    @property
    def entries(self) -> list[cc.narrate.Entry]:
        return self.game_log.entries()

    def show(self, state: cc.GameState | None = None) -> None:
        """Re-render from the game's history (`state` is accepted for a uniform view API)."""
        entries = self.entries
        state = self.game.state
        numbered = list(enumerate(entries, start=1))[-SHOWN:]
        rows = "".join(entry_html(e, state, n, self.hooks.note_for(e)) for n, e in reversed(numbered))
        title = cc._("Game log (latest first)")
        empty = f"<li style='list-style:none'><i>{html.escape(cc._('no moves yet'))}</i></li>"
        # the log scrolls in a region of its own, reachable by keyboard (Tab, then the arrow keys) and named for
        # screen readers
        self.listing.value = (f"<div role='region' tabindex='0' aria-label='{html.escape(title, quote=True)}' "
                              f"style='max-height:260px;overflow:auto'><b>{html.escape(title)}</b>"
                              f"<ul style='padding-left:4px;margin:2px 0'>{rows or empty}</ul></div>")
        count = len(self.game.history)
        options = []
        for n, e in enumerate(entries, start=1):
            if e.turn:
                options.append((cc._("before move {n}: {player}, {card}", n=n, player=e.player,
                                     card=cc.card(e.card).display_name if e.card else ""), e.first - 1))
        options.append((cc._("now"), count))
        self.step.options = options
        self.step.value = count
        self.undo_button.disabled = self.jump.disabled = count == 0

    def undo(self) -> None:
        """Take back the last step (or, with `undo_point`, back to the last decision of a person)."""
        if self.game.history:
            keep = self.hooks.undo_point() if self.hooks.undo_point is not None else len(self.game.history) - 1
            self.game.undo(len(self.game.history) - max(0, min(keep, len(self.game.history) - 1)))
        self._changed()

    def jump_to(self, step: int) -> None:
        """Undo until exactly `step` steps remain (0 = the position after setup)."""
        self.game.undo(len(self.game.history) - step)
        self._changed()

    def _changed(self) -> None:
        self.hooks.on_rewind()
        self.show()
        self.on_change()
