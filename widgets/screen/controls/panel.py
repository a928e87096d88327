"""The base of every phase panel: its widgets, the action they describe, a preview of its effect in words
(computed by the engine on a copy of the state) and what the board offers to click."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import button
from ...render.changes import describe_change
from ...render.markup import esc
from ...render.palette import DANGER
from ...render.picks import Pick
from ...render.words import capital
from ..card_row import CardRow
from ..hooks import ScreenHooks
from .request import OverlayRequest

BAD = " ✗"
"""The mark of an option the engine would refuse (choosing it shows why)."""


class Controls(Protocol):
    """What a panel asks of the controls that hold it (`ActionControls`): the game, the hand's card row, the
    screen's hooks, a guarded callback, an attempt at an action, a cleared message, a map highlight."""

    game: cc.Game
    hand_row: CardRow
    hooks: ScreenHooks

    def guard(self, callback: Callable[..., Any]) -> Callable[..., Any]: ...

    def attempt(self, action: cc.Action | str | None) -> bool: ...

    def clear_message(self) -> None: ...

    def add_note(self, text: str) -> None: ...

    def request_overlay(self, request: OverlayRequest | None) -> None: ...


class Panel:
    """Base of a phase panel: its widgets, the action they describe, a preview, and what the board offers."""

    title = ""

    def __init__(self, ctl: Controls) -> None:
        self.ctl = ctl
        self.state = ctl.game.state
        self.index = self.state.actor_index if self.state.actor_index is not None else self.state.turn
        self.player = self.state.players[self.index]
        self.map_id = self.state.map_id
        self.legal = set(ctl.game.legal_actions())
        self.preview = widgets.HTML()
        self.info = widgets.HTML()
        self.apply = button(cc._("Apply"), "primary")
        self.apply.on_click(ctl.guard(lambda _: ctl.attempt(self.action())))
        self.done = button(cc._("Done"), tooltip=cc._("finish this card play"))
        self.done.on_click(ctl.guard(lambda _: self.finish()))
        self.done.layout.display = None if cc.Done() in self.legal else "none"

    @property
    def pending(self) -> cc.Pending:
        """The card play under way: a phase panel is only made while one is."""
        if self.state.pending is None:
            raise RuntimeError(f"{type(self).__name__} needs a card play under way")
        return self.state.pending

    def watch(self, *ws: widgets.Widget) -> None:
        for w in ws:
            w.observe(self.ctl.guard(lambda _change: self.changed()), names="value")

    def changed(self) -> None:
        """A choice changed: an old refusal goes (it was about another choice; the preview says whether this
        one may be played), then the preview follows."""
        self.ctl.clear_message()
        self.update()

    def ok(self, action: cc.Action | None) -> str:
        """'' if the engine lists `action` as legal now, else a ✗ mark."""
        return "" if action in self.legal else BAD

    def action(self) -> cc.Action | None:
        return None

    def finish(self) -> None:
        """Done: end the card play."""
        self.ctl.attempt(cc.Done())

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.preview, widgets.HBox([self.apply, self.done])]

    def overlay(self) -> OverlayRequest | None:
        return None

    def offers(self) -> dict[str, list[widgets.Widget]]:
        """The panel's controls by what they do ("card", "trade", "done", "move", "build", "province", "collect",
        "copy", "buy", "recruit", "place"), the one to use first leading: what a lesson may point a learner to."""
        return {}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        """The controls `action` is made with here, each with the value it must read, in the order a learner sets
        them (empty when this panel does not make such an action)."""
        return []

    def picks(self) -> list[Pick]:
        """What may be clicked for this choice: board elements, cards in hand (card:ID), display slots (slot:N)."""
        return []

    def selected(self) -> list[Pick]:
        """What is chosen so far, drawn apart."""
        return []

    def tries(self) -> list[Pick]:
        """What the board does not offer but answers all the same when clicked: `picked` tries it and the
        engine's refusal is shown with its rule, as the menu's marked options are (a city where no house may
        be built)."""
        return []

    def picked(self, pick: Pick) -> None:
        """A click on the board or a card: choose that option (or play it when the choice is complete)."""

    def effect(self, action: cc.Action | None, head: str = "") -> str:
        """Preview: `head`, then what the engine would do (on a copy), or why it refuses."""
        if action is None:
            return head
        try:
            after = cc.apply(self.state, action)
        except cc.ConcordiaError as err:
            return f"{head}<br><span style='color:{DANGER}'>✗ {esc(cc._('not allowed: {why}', why=err))}</span>"
        lines = describe_change(self.state, after) or [cc._("nothing changes yet")]
        step = cc.narrate.step_words(self.state, action)
        body = "<br>".join(f"&nbsp;&nbsp;{esc(x)}" for x in lines)
        return f"{head}<br>✓ <b>{esc(capital(step))}</b><br>{body}"

    def update(self) -> None:
        self.preview.value = self.effect(self.action())
        self.ctl.request_overlay(self.overlay())
