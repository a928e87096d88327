"""A full storehouse: which incoming goods to keep, every free slot filled (R-STORE-2)."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import WIDE
from ...render.markup import esc
from .panel import Controls, Panel


class KeepPanel(Panel):
    """Storehouse overflow: pick which incoming goods to keep; every free slot must be filled."""

    title = cc.N_("Storehouse full")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        self.choice = self.state.choices[0]
        self.counts = {g: widgets.IntSlider(value=0, min=0, max=n, description=cc.good_name(g), style=WIDE)
                       for g, n in self.choice.incoming.items_nonzero()}
        self.apply.description = cc._("Keep")
        self.watch(*self.counts.values())

    def action(self) -> cc.Action | None:
        return cc.Keep(cc.Goods({g: w.value for g, w in self.counts.items()}))

    def children(self) -> list[widgets.Widget]:
        return [self.info, *self.counts.values()] + super().children()[1:]

    def update(self) -> None:
        need = cc.keep_count(self.state, self.index, self.choice.incoming)
        chosen = sum(w.value for w in self.counts.values())
        self.info.value = esc(cc._("{player} receives {goods} but has {free}: keep exactly {need} (chosen {chosen})",
                                    player=self.player.name, goods=cc.goods_text(self.choice.incoming),
                                    free=cc.n_("{n} free slot", "{n} free slots", self.player.free_slots),
                                    need=need, chosen=chosen))
        self.preview.value = self.effect(self.action())
        self.ctl.request_overlay(None)
