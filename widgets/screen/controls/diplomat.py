"""The Diplomat: carry out the top card of another player's discard pile."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import menu
from ...render.card_text import card_action
from ...render.markup import esc
from .panel import Controls, Panel


class DiplomatPanel(Panel):
    """Choose another player; their top discard card is carried out."""

    title = cc.N_("Diplomat")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        options = []
        for p in self.state.players:
            if p.name != self.player.name:
                top = cc.card(p.top_card).display_name if p.top_card else cc._("no card")
                options.append((cc._("{player}: top card {card}", player=p.name, card=top) + self.ok(cc.Copy(p.name)),
                                p.name))
        self.target = menu(cc._("Copy"), options)
        self.apply.description = cc._("Copy")
        self.watch(self.target)

    def action(self) -> cc.Action | None:
        return None if self.target.value is None else cc.Copy(self.target.value)


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"copy": [self.target, self.apply]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        return [(self.target, action.player)] if isinstance(action, cc.Copy) else []

    def children(self) -> list[widgets.Widget]:
        return [self.target] + super().children()

    def update(self) -> None:
        head = ""
        self.apply.disabled = self.target.value is None
        if self.target.value is not None:
            top = self.state.player(self.target.value).top_card
            if top:
                head = esc(cc._("Carry out {card}: {what}", card=cc.card(top).display_name, what=card_action(top)))
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)
