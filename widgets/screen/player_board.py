"""One player's board, re-rendered from a GameState with `.show`: storehouse, coins, houses left, hand,
discard pile and markers. A card's name carries its text as a tooltip."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..render import palette as pal
from ..render.card_text import card_span
from ..render.goods import storehouse_html
from ..render.markup import esc


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
            marks.append(f"<b style='color:{pal.SUCCESS}'>▶ {esc(cc._('to move'))}</b>")
        if state.actor == self.name and state.actor != state.to_move:
            marks.append(f"<b style='color:{pal.WARNING}'>▶ {esc(cc._('must choose'))}</b>")
        if state.praefectus_magnus == self.name:
            marks.append(f"<span style='border:1px solid {pal.GOLD_EDGE};padding:0 4px'>"
                         f"{esc(cc.term('term', 'Praefectus Magnus'))}</span>")
        if p.concordia:
            label = cc._("Concordia card ({points})", points=cc.n_("{n} point", "{n} points",
                                                                     cc.CONSTANTS.concordia_points))
            marks.append(f"<span style='border:1px solid {pal.MUTED};padding:0 4px'>{esc(label)}</span>")
        if self.hand_visible(self.name):
            hand = cc.listing(card_span(c) for c in p.hand) if p.hand else "—"
        else:
            hand = f"<i>{esc(cc.n_('{n} card (hidden)', '{n} cards (hidden)', len(p.hand)))}</i>"
        if p.top_card:
            top = cc.n_("{card} (top of {n} card)", "{card} (top of {n} cards)", len(p.discard),
                        card=card_span(p.top_card))
        else:
            top = esc(cc._("empty"))
        on_map = esc(cc.listing(str(c) for c in p.colonists)
                      if p.colonists else cc._("none"))
        slots = cc.CONSTANTS.storehouse_slots
        # each line one message, its punctuation the catalog's; the placeholders hold markup or numbers
        facts = " · ".join((cc._("Coins: {coins}", coins=f"<b>{p.coins}</b>"),
                            cc._("Houses left: {houses}", houses=f"<b>{p.houses_left}</b>"),
                            cc._("Storehouse: {used}/{slots}", used=p.storehouse_used, slots=slots)))
        self.value = (
            f"<div style='border:1px solid {pal.GREY};border-radius:6px;padding:6px;margin:2px'>"
            f"<b>{esc(p.name)}</b> {' · '.join(marks)}<br>{facts}<br>"
            f"{storehouse_html(p)}"
            f"{cc._('Goods: {goods}', goods=esc(cc.goods_text(p.goods)))}<br>"
            f"{cc._('Hand: {cards}', cards=hand)}<br>{cc._('Discard pile: {top}', top=top)}<br>"
            f"{cc._('Colonists on the map: {colonists}', colonists=on_map)}</div>")
