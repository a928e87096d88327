"""The Senator and the Consul: buy cards from the display (a Consul one card, at the card's cost only)."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import menu, toggles
from ...render.card_text import slot_extra
from ...render.changes import goods_line
from ...render.markup import esc
from ...render.picks import Pick
from .panel import BAD, Controls, Panel


class SenatorPanel(Panel):
    """Senator (up to 2 cards, slot extra included) or Consul (1 card, card cost only): click a card in the
    display (or choose its slot here), then Buy."""

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        self.consul = self.pending.phase is cc.Phase.CONSUL
        self.title = cc.N_("Consul") if self.consul else cc.N_("Senator")
        options = []
        for slot, cid in enumerate(self.state.display, start=1):
            if cid is None:
                continue
            c = cc.card(cid)
            extra = "" if self.consul else cc._(" + slot {extra}", extra=slot_extra(slot))
            mark = "" if any(isinstance(a, cc.Purchase) and a.slot == slot for a in self.legal) else BAD
            options.append((cc._("{slot}: {card} ({god}), card {cost}{extra}", slot=slot, card=c.display_name,
                                 god=cc.god_name(c.god), cost=cc.goods_text(c.cost), extra=extra) + mark, slot))
        self.slot = menu(cc._("Slot"), options)
        self.wild = toggles([(cc.good_name(g), g) for g in cc.GOODS], cc._("Pay “?” with"))
        self.apply.description = cc._("Buy")
        self._fitting = False
        self.slot.observe(ctl.guard(lambda _change: self._fit_wild()), names="value")
        self.wild.observe(ctl.guard(lambda _change: None if self._fitting else self.changed()), names="value")
        self.watch(self.slot)

    def _wild_needed(self) -> bool:
        return (self.slot.value is not None and not self.consul
                and "?" in cc.CONSTANTS.display_slot_extra[self.slot.value - 1])

    def _fit_wild(self) -> None:
        """The goods the engine accepts for the chosen slot's "?" (the others marked ✗), one of them chosen: the one
        chosen already if it pays, else the first that does (R-SEN-2), so a card the player can pay for never
        reads "not allowed" because of a good they do not have."""
        slot = self.slot.value
        if not self._wild_needed():
            return
        payable = [g for g in cc.GOODS if cc.Purchase(slot, g) in self.legal]
        chosen = self.wild.value if self.wild.value in payable or not payable else payable[0]
        self._fitting = True
        try:
            self.wild.options = [(cc.good_name(g) + ("" if g in payable else BAD), g) for g in cc.GOODS]
            self.wild.value = chosen
        finally:
            self._fitting = False

    def action(self) -> cc.Action | None:
        if self.slot.value is None:
            return None
        return cc.Purchase(self.slot.value, self.wild.value if self._wild_needed() else None)


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"buy": [self.slot, self.wild, self.apply], "done": [self.done]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        if not isinstance(action, cc.Purchase):
            return []
        return [(self.slot, action.slot)] + ([(self.wild, action.wild)] if action.wild else [])

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.slot, self.wild] + super().children()[1:]

    def update(self) -> None:
        bought = self.pending.bought
        most = "" if self.consul else cc._(" (at most {n})", n=cc.CONSTANTS.senator_cards)
        self.info.value = (esc(cc._("Cards bought so far: {n}{most} · {have}", n=bought, most=most,
                                     have=goods_line(self.player)))
                           + "<br><span class='cc-muted'>"
                           + esc(cc._("Click a card in the display (hover it for what it does) to choose it, again "
                                       "to buy it; or choose its slot here.")) + "</span>")
        self.wild.layout.display = None if self._wild_needed() else "none"
        self.apply.disabled = self.slot.value is None
        head = ""
        action = self.action()
        if isinstance(action, cc.Purchase):
            price = cc.card_price(self.state, action.slot, action.wild, self.consul)
            head = esc(cc._("Price: {price}", price=cc.goods_text(price)))
        self.preview.value = self.effect(action, head)
        self.ctl.request_overlay(None)

    def picks(self) -> list[Pick]:
        return [Pick("slot", str(slot)) for slot, cid in enumerate(self.state.display, start=1) if cid]

    def selected(self) -> list[Pick]:
        return [Pick("slot", str(self.slot.value))] if self.slot.value else []

    def picked(self, pick: Pick) -> None:
        if pick.kind == "slot":
            if self.slot.value == int(pick.id):     # a second click on the chosen card buys it
                self.ctl.attempt(self.action())
            else:
                self.slot.value = int(pick.id)
