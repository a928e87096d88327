"""The Tribune: cards back to the hand, then optionally a new colonist recruited to Rome."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import toggles
from ...render.changes import goods_line
from ...render.markup import esc
from .panel import Controls, Panel


class TribunePanel(Panel):
    """Tribune: optionally recruit one waiting colonist to Rome."""

    title = cc.N_("Tribune")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        waiting = self.player.waiting
        self.kind = toggles([(cc._("{colonist} ({n} waiting)", colonist=cc.colonist_text(k), n=waiting[k]), k)
                             for k in ("land", "sea")], cc._("Recruit"))
        self.apply.description = cc._("Recruit")
        self.done.description = cc._("No new colonist")
        self.watch(self.kind)

    def action(self) -> cc.Action | None:
        return cc.Recruit(self.kind.value)


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"recruit": [self.kind, self.apply], "done": [self.done]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        return [(self.kind, action.kind)] if isinstance(action, cc.Recruit) else []

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.kind] + super().children()[1:]

    def update(self) -> None:
        self.info.value = esc(cc._("Cards back in hand: {n} · {have}", n=len(self.player.hand),
                                    have=goods_line(self.player)))
        cost = cc.goods_text(cc.CONSTANTS.new_colonist_cost)
        self.preview.value = self.effect(self.action(), esc(cc._("A new colonist costs {cost}", cost=cost)))
        self.ctl.request_overlay(None)
