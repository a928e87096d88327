"""Player boards and the card display, re-rendered from a GameState with `.show`.

A card anywhere on screen tells what it does when hovered (its name carries the card's text as a
tooltip); the display is a row of cards (`widgets.cards.CardRow`) a Senator or Consul can click.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from .cards import GOD_COLOURS, CardRow, card_tip, display_items, display_tips
from .errors import ErrorLog
from .html_text import esc

GOOD_COLOURS = {"brick": "#c0604d", "food": "#e6c229", "tools": "#7f8c8d", "wine": "#7b3f8c",
                "cloth": "#2e86c1"}
WAITING_SHORT = {"land": cc.N_("land col."), "sea": cc.N_("sea col.")}   # a waiting colonist in a storehouse slot
__all__ = ["GOD_COLOURS", "GOOD_COLOURS", "CardDisplay", "PlayerBoard", "card_span", "storehouse_html"]


def _slot(label: str, colour: str, title: str) -> str:
    return (f"<span title='{esc(title)}' style='display:inline-block;width:44px;height:22px;margin:1px;"
            f"border:1px solid #555;border-radius:3px;background:{colour};color:#fff;font-size:10px;"
            f"text-align:center;line-height:22px;overflow:hidden'>{esc(label)}</span>")


def card_span(card_id: str) -> str:
    """A card's name in its god's colour, with what it does as a tooltip."""
    c = cc.card(card_id)
    return (f"<span class='cc-cardname' title='{esc(card_tip(card_id))}' style='border-bottom:2px solid "
            f"{GOD_COLOURS[c.god]};cursor:help'>{esc(c.display_name)}</span>")


def storehouse_html(player: cc.PlayerState) -> str:
    """The 12 storehouse slots: goods first, then waiting colonists, then empty slots (R-STORE-1)."""
    cells = [_slot(cc.good_name(g), GOOD_COLOURS[g], cc.good_name(g)) for g in player.goods.as_list()]
    for kind in ("land", "sea"):
        label = cc._("waiting {colonist}", colonist=cc.colonist_text(kind))
        cells += [_slot(cc._(WAITING_SHORT[kind]), "#5d4037" if kind == "land" else "#1a237e", label)
                  for _ in range(player.waiting[kind])]
    cells += [_slot("", "#f5f5f5", cc._("free slot"))] * max(0, cc.CONSTANTS.storehouse_slots - len(cells))
    rows = [" ".join(cells[i:i + 6]) for i in range(0, len(cells), 6)]
    return "<div>" + "<br>".join(rows) + "</div>"


class PlayerBoard(widgets.HTML):
    """One player's board: storehouse, coins, houses left, hand, discard pile, turn and markers.
    `hand_visible(name)` decides whether the hand is shown (hot-seat tables hide other hands)."""

    def __init__(self, name: str, hand_visible: Callable[[str], bool] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.name = name
        self.hand_visible = hand_visible or (lambda _name: True)

    def show(self, state: cc.GameState) -> None:
        """Render this player's holdings from `state`."""
        p = state.player(self.name)
        marks = []
        if state.to_move == self.name:
            marks.append(f"<b style='color:#2e7d32'>▶ {esc(cc._('to move'))}</b>")
        if state.actor == self.name and state.actor != state.to_move:
            marks.append(f"<b style='color:#ef6c00'>▶ {esc(cc._('must choose'))}</b>")
        if state.praefectus_magnus == self.name:
            marks.append(f"<span style='border:1px solid #b8860b;padding:0 4px'>{esc(cc.term('term', 'Praefectus Magnus'))}"
                         "</span>")
        if p.concordia:
            label = cc._("Concordia card ({points})", points=cc.n_("{n} point", "{n} points",
                                                                     cc.CONSTANTS.concordia_points))
            marks.append(f"<span style='border:1px solid #555;padding:0 4px'>{esc(label)}</span>")
        if self.hand_visible(self.name):
            hand = ", ".join(card_span(c) for c in p.hand) or "—"
        else:
            hand = f"<i>{esc(cc.n_('{n} card (hidden)', '{n} cards (hidden)', len(p.hand)))}</i>"
        if p.top_card:
            top = card_span(p.top_card) + " " + esc(cc.n_("(top of {n} card)", "(top of {n} cards)", len(p.discard)))
        else:
            top = esc(cc._("empty"))
        on_map = esc(cc.listing(str(c) for c in p.colonists)
                      if p.colonists else cc._("none"))
        slots = cc.CONSTANTS.storehouse_slots
        self.value = (
            f"<div style='border:1px solid #999;border-radius:6px;padding:6px;margin:2px'>"
            f"<b>{esc(p.name)}</b> {' · '.join(marks)}<br>"
            f"{esc(cc._('Coins:'))} <b>{p.coins}</b> · {esc(cc._('Houses left:'))} <b>{p.houses_left}</b> · "
            f"{esc(cc._('Storehouse:'))} {p.storehouse_used}/{slots}<br>"
            f"{storehouse_html(p)}"
            f"{esc(cc._('Goods:'))} {esc(cc.goods_text(p.goods))}<br>"
            f"{esc(cc._('Hand:'))} {hand}<br>{esc(cc._('Discard pile:'))} {top}<br>"
            f"{esc(cc._('Colonists on the map:'))} {on_map}</div>")


class CardDisplay(widgets.VBox):
    """The 7 display slots as cards (name, god, cost, the slot's extra; hover or tap for the card's text and
    the Senator's price), and the deck size. A Senator or Consul clicks a card here to choose it."""

    def __init__(self, log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.header = widgets.HTML()
        self.row = CardRow(log=log)
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
