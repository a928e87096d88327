"""Player boards and the card display as HTML widgets, re-rendered from a GameState with `.show`."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

GOOD_COLOURS = {"brick": "#c0604d", "food": "#e6c229", "tools": "#7f8c8d", "wine": "#7b3f8c",
                "cloth": "#2e86c1"}
GOD_COLOURS = {"vesta": "#b8860b", "jupiter": "#6a1b9a", "saturnus": "#1565c0", "mercurius": "#ef6c00",
               "mars": "#c62828", "minerva": "#2e7d32"}


def _esc(text: Any) -> str:
    return html.escape(str(text))


def _slot(label: str, colour: str, title: str) -> str:
    return (f"<span title='{_esc(title)}' style='display:inline-block;width:44px;height:22px;margin:1px;"
            f"border:1px solid #555;border-radius:3px;background:{colour};color:#fff;font-size:10px;"
            f"text-align:center;line-height:22px;overflow:hidden'>{_esc(label)}</span>")


def card_label(card_id: str) -> str:
    """'Architect (I) · jupiter · cost 1 tools' for a card id."""
    c = cc.card(card_id)
    cost = f" · cost {c.cost}" if c.cost.total() else ""
    return f"{c} · {c.god}{cost}"


def storehouse_html(player: cc.PlayerState) -> str:
    """The 12 storehouse slots: goods first, then waiting colonists, then empty slots (R-STORE-1)."""
    cells = [_slot(g, GOOD_COLOURS[g], g) for g in player.goods.as_list()]
    for kind in ("land", "sea"):
        cells += [_slot(f"{kind} col.", "#5d4037" if kind == "land" else "#1a237e", f"waiting {kind} colonist")
                  for _ in range(player.waiting[kind])]
    cells += [_slot("", "#f5f5f5", "free slot")] * max(0, cc.CONSTANTS.storehouse_slots - len(cells))
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
            marks.append("<b style='color:#2e7d32'>▶ to move</b>")
        if state.actor == self.name and state.actor != state.to_move:
            marks.append("<b style='color:#ef6c00'>▶ must choose</b>")
        if state.praefectus_magnus == self.name:
            marks.append("<span style='border:1px solid #b8860b;padding:0 4px'>Praefectus Magnus</span>")
        if p.concordia:
            points = cc.CONSTANTS.concordia_points
            marks.append(f"<span style='border:1px solid #555;padding:0 4px'>Concordia card ({points} points)</span>")
        if self.hand_visible(self.name):
            hand = ", ".join(_esc(cc.card(c)) for c in p.hand) or "—"
        else:
            hand = f"<i>{len(p.hand)} card{'s' * (len(p.hand) != 1)} (hidden)</i>"
        top = f"{_esc(card_label(p.top_card))} (top of {len(p.discard)})" if p.top_card else "empty"
        on_map = ", ".join(_esc(c) for c in p.colonists) or "none"
        self.value = (
            f"<div style='border:1px solid #999;border-radius:6px;padding:6px;margin:2px'>"
            f"<b>{_esc(p.name)}</b> {' · '.join(marks)}<br>"
            f"Coins: <b>{p.coins}</b> · Houses left: <b>{p.houses_left}</b> · "
            f"Storehouse: {p.storehouse_used}/{cc.CONSTANTS.storehouse_slots}<br>"
            f"{storehouse_html(p)}"
            f"Goods: {_esc(p.goods)}<br>"
            f"Hand: {hand}<br>Discard pile: {top}<br>"
            f"Colonists on the map: {on_map}</div>")


class CardDisplay(widgets.HTML):
    """The 7 display slots with each slot's extra cost and each card's name, god and cost; deck size."""

    def show(self, state: cc.GameState) -> None:
        """Render the display row from `state`."""
        cells = []
        for slot, cid in enumerate(state.display, start=1):
            extra = " + ".join(cc.CONSTANTS.display_slot_extra[slot - 1]) or "nothing"
            if cid is None:
                body = "<i>bought</i>"
                colour = "#eee"
            else:
                c = cc.card(cid)
                body = (f"<b>{_esc(c)}</b><br><span style='color:{GOD_COLOURS.get(c.god, '#333')}'>{_esc(c.god)}</span>"
                        f"<br>cost: {_esc(c.cost)}")
                colour = "#fff"
            cells.append(f"<div style='flex:0 0 auto;width:92px;border:1px solid #999;border-radius:4px;padding:3px;"
                         f"background:{colour};line-height:1.25;font-size:12px'>"
                         f"slot {slot}<br>{body}<br><small>slot extra: {_esc(extra)}</small></div>")
        # cards wrap onto more rows in a narrow column rather than being cut off
        self.value = (f"<div><b>Card display</b> · deck: {state.deck_size} cards"
                      f"<div style='display:flex;flex-wrap:wrap;gap:3px'>{''.join(cells)}</div></div>")
