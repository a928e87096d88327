"""The card display: the 7 slots as a row of cards (`CardRow`) a Senator or Consul can click, and the deck
size, re-rendered from a GameState with `.show`."""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..parts.error_log import ErrorLog
from ..render.markup import esc
from .card_row import CardRow, display_items, display_tips


class CardDisplay(widgets.VBox):
    """The 7 display slots as cards (name, god, cost, the slot's extra; hover or tap for the card's text and
    the Senator's price), and the deck size. A Senator or Consul clicks a card here to choose it."""

    def __init__(self, log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("cc-card-display")
        self.header = widgets.HTML()
        self.row = CardRow(log=log, label=cc.term("term", "card display").capitalize())
        self.children = [self.header, self.row]

    def show(self, state: cc.GameState) -> None:
        """Render the display row from `state`."""
        self.header.value = (f"<b>{esc(cc.term('term', 'card display').capitalize())}</b> · "
                             f"{esc(cc.n_('deck: {n} card', 'deck: {n} cards', state.deck_size))}")
        self.row.show(display_items(state), self.row.pickable, self.row.selected, display_tips(state))

    @property
    def text(self) -> str:
        """The display as plain text (for tests)."""
        return f"{self.header.value}\n{self.row.text}"
