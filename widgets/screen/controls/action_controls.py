"""ActionControls: the decision of whoever must act, built by choices, one phase panel at a time."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ...parts.error_log import ErrorLog, guarded
from ...parts.inputs import WIDE, button
from ...render.markup import esc, note_html
from ...render.picks import Pick
from ...render.refusal import explanation_html
from ...render.words import capital
from ..card_row import CardRow, card_items
from ..hooks import ScreenHooks
from .dispatch import panel_class
from .hand import CardPicker
from .panel import Panel
from .request import OverlayRequest
from .waiting import WaitPanel


def _close_all(ws: Iterable[Any], keep: set[int]) -> None:
    """Close widgets no longer shown (and the boxes' children), so a long game does not pile them up."""
    for w in ws:
        if not isinstance(w, widgets.Widget) or id(w) in keep:
            continue
        if isinstance(w, widgets.Box):
            _close_all(w.children, keep)
        w.close()


class ActionControls(widgets.VBox):
    """Builds the next action by choices for whoever must act in `game`; calls `on_change` after each.

    `hooks.may_act(state)` says whether the person at the screen may act now (a table answers no on a bot's
    turn; then a waiting line replaces the panel, saying `hooks.waiting_text(state)`); `on_refusal(err)` hears
    every refusal (the game screen opens the rules at the cited rule); `on_overlay(request)` hears what the
    map should highlight, from the first change on (the first panel's request is `overlay_request`).
    `hooks.vet(action)`, if given, is asked about every legal action before it is played: a sentence back means
    "not this one" (a guided lesson's note, shown in place of a refusal) and nothing is played."""

    def __init__(self, game: cc.Game, on_change: Callable[[], None] | None = None,
                 log: ErrorLog | None = None, *, hooks: ScreenHooks | None = None,
                 on_overlay: Callable[[OverlayRequest | None], None] | None = None,
                 on_refusal: Callable[[cc.ConcordiaError], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.on_change = on_change or (lambda: None)
        self.hooks = hooks or ScreenHooks()
        self._on_overlay: Callable[[OverlayRequest | None], None] = lambda request: None
        self._on_refusal = on_refusal or (lambda err: None)
        self.overlay_request: OverlayRequest | None = None
        self.error_log = log if log is not None else ErrorLog()
        self.last_refusal: cc.ConcordiaError | None = None
        self.header = widgets.HTML()
        self.body = widgets.VBox()
        self.message = widgets.HTML()
        self.hand_row = CardRow(log=self.error_log)
        self.hand_row.on_pick(self.picked)
        self.hand_view = CardRow(log=self.error_log, compact=True)     # the hand kept in sight during a card play
        self.cancel = button(cc._("Cancel card play"), "warning", tooltip=cc._("undo everything since the card was played"))
        self.cancel.on_click(self.guard(lambda _: self.cancel_play()))
        self.notation = widgets.Text(placeholder=cc._("e.g. {example}", example="buy 2 brick"),
                                     description=cc._("Type a move"),
                                     style=WIDE)
        self.notation_go = button(cc._("Play typed"))
        self.notation_go.on_click(self.guard(lambda _: self.play_notation()))
        self.typed = widgets.Accordion(children=[widgets.HBox([self.notation, self.notation_go])], selected_index=None)
        self.typed.set_title(0, cc._("Type a move (notation, for keyboards)"))
        # the typed notation is not part of a step's controls: the game screen puts it at the end of its column
        self.children = [self.header, self.body, self.message, self.cancel, self.hand_view]
        self.panel: Panel | None = None
        self.refresh()
        if on_overlay is not None:
            self._on_overlay = on_overlay

    def guard(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """`callback` wrapped so any exception reaches the error log."""
        return guarded(callback, self.error_log)

    def refresh(self) -> None:
        """Rebuild the panel for the phase the engine is in now."""
        state = self.game.state
        old, old_children = self.panel, self.body.children
        acting = state.over or self.hooks.may_act(state)
        self.panel = panel_class(state)(self) if acting else WaitPanel(self)
        title = cc._(self.panel.title) if self.panel.title else ""
        card = cc.card(state.pending.card) if state.pending else None
        named = card is not None and title in (card.display_name, cc.term("card", card.name.upper()))   # named once
        played = cc._(" · playing the {card}", card=card.display_name) if card is not None and not named else ""
        what = f"{esc(title)}{esc(played)}"
        self.header.value = (cc._("{player}: {action}", player=f"<b>{esc(state.actor)}</b>", action=what)
                             if state.actor else what)                               # nobody acts once it is over
        self.body.children = self.panel.children()
        self.cancel.layout.display = None if (acting and state.pending is not None and not state.over
                                              and self.hooks.rewind) else "none"
        self.typed.layout.display = None if acting and not state.over else "none"
        self._show_hand(acting and not state.over and not isinstance(self.panel, CardPicker))
        self.panel.update()
        if old is not None:
            keep = {id(self), id(self.hand_row)} | {id(w) for w in self.body.children}
            _close_all([*old_children, *vars(old).values()], keep)

    def _show_hand(self, shown: bool) -> None:
        """The acting player's hand, small, under the controls of a card play (the hand picker shows it at the
        turn's start)."""
        if shown and self.panel is not None:
            player = self.panel.player
            self.hand_view.show(card_items(player.hand),
                                title=cc._("{whose} hand", whose=capital(cc.possessive(player.name))))
        self.hand_view.layout.display = None if shown else "none"

    def picked(self, pick: Pick) -> None:
        """A click on the board or a card, handed to the panel of the current choice."""
        if self.panel is not None:
            self.panel.picked(pick)

    def request_overlay(self, request: OverlayRequest | None) -> None:
        """Tell the app what the map should highlight for the current choice."""
        self.overlay_request = request
        self._on_overlay(request)

    def clear_message(self) -> None:
        """Take an old refusal off the screen (a legal choice was made)."""
        if self.message.value:
            self.message.value = ""
        self.last_refusal = None

    def add_note(self, text: str) -> None:
        """A tutor's note under the message of the moment (a refusal, or nothing)."""
        self.message.value += note_html(text)

    def attempt(self, action: cc.Action | str | None) -> bool:
        """Play `action` through the engine; on refusal show its explanation and change nothing."""
        if action is None:
            self.message.value = esc(cc._("Choose something first."))
            return False
        try:
            if self.hooks.vet is not None and self._vetoed(action):
                return False
            if self.hooks.play is not None:
                self.hooks.play(action)         # the table's model makes every move, whoever asks
            else:
                self.game.play(action)
        except cc.ConcordiaError as err:
            self.last_refusal = err
            self.message.value = explanation_html(err)
            self._on_refusal(err)
            return False
        self.clear_message()
        self.refresh()
        self.on_change()
        return True

    def _vetoed(self, action: cc.Action | str) -> bool:
        """True (the note shown) if `vet` turns down a legal action; the engine's refusal comes first."""
        assert self.hooks.vet is not None
        chosen = cc.parse_action(action) if isinstance(action, str) else action
        cc.apply(self.game.state, chosen)        # an illegal action is refused by the engine, as ever
        note = self.hooks.vet(chosen)
        if note:
            self.message.value = note_html(note)
        return bool(note)

    def cancel_play(self) -> None:
        """Undo back to the state before the current card was played."""
        history = self.game.history
        for i in range(len(history) - 1, -1, -1):
            if isinstance(history[i].action, cc.PlayCard):
                self.game.undo(len(history) - i)
                break
        self.clear_message()
        self.refresh()
        self.on_change()

    def play_notation(self) -> None:
        """Play the typed notation; malformed or illegal text is explained, the box kept for editing."""
        if self.attempt(self.notation.value):
            self.notation.value = ""
