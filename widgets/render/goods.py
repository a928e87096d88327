"""Goods and the storehouse in HTML, one look everywhere (the game screen's boards, the lessons, the notebook
summary of a state): a good is a chip in its palette colour with its name from the catalog, and a storehouse
is its 12 slots, goods first, then waiting colonists in their route colours, then free slots (R-STORE-1)."""
from __future__ import annotations

import concordia_core as cc

from . import palette as pal
from .markup import esc

SLOTS_PER_ROW = 6


def goods_chips(goods: cc.Goods) -> str:
    """Goods as coloured chips ('2 brick' on brick red), or 'nothing'."""
    chips = [f"<span style='background:{pal.good_colour(g)};color:{pal.GOOD_TEXT[g]};padding:0 5px;"
             f"border-radius:3px;margin:1px 3px 1px 0;display:inline-block;white-space:nowrap'>"
             f"{esc(cc.goods_count(g, n))}</span>" for g, n in goods.items_nonzero()]
    return "".join(chips) or esc(cc._("nothing"))


def _slot(label: str, colour: str, ink: str, title: str) -> str:
    return (f"<span title='{esc(title)}' style='display:inline-block;min-width:46px;height:22px;margin:1px;"
            f"padding:0 2px;border:1px solid {pal.MUTED};border-radius:3px;background:{colour};color:{ink};"
            f"font-size:10px;text-align:center;line-height:22px;overflow:hidden'>{esc(label)}</span>")


def storehouse_html(player: cc.PlayerState) -> str:
    """The storehouse slots in rows of six: goods, then waiting colonists, then free slots (R-STORE-1)."""
    cells = [_slot(cc.good_name(g), pal.good_colour(g), pal.GOOD_TEXT[g], cc.good_name(g))
             for g in player.goods.as_list()]
    for kind, colour in (("land", pal.LAND_COLOUR), ("sea", pal.SEA_COLOUR)):
        waiting = cc._("waiting {colonist}", colonist=cc.colonist_text(kind))
        cells += [_slot(cc.colonist_text(kind), colour, "white", waiting)] * player.waiting[kind]
    free = max(0, cc.CONSTANTS.storehouse_slots - len(cells))
    cells += [_slot(cc._("free"), pal.FREE_SLOT, pal.QUIET_INK, cc._("free slot"))] * free
    rows = ["".join(cells[i:i + SLOTS_PER_ROW]) for i in range(0, len(cells), SLOTS_PER_ROW)]
    return "<div class='cc-storehouse'>" + "<br>".join(rows) + "</div>"
