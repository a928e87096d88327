"""The Mercator: buy or sell one kind of good at a time, at most two kinds per play."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import WIDE, menu, toggles
from ...render.changes import goods_line
from ...render.markup import esc
from .panel import Controls, Panel


class MercatorPanel(Panel):
    """Buy or sell one kind at a time (good, direction, amount), at most 2 kinds per play."""

    title = cc.N_("Mercator")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        self.good = menu(cc._("Good"), [
            (cc._("{good} ({price} each, you have {n})", good=cc.good_name(g), price=cc.coins_text(cc.PRICE[g]),
                  n=self.player.goods[g]), g) for g in cc.GOODS])
        self.direction = toggles([(cc._("Buy"), "buy"), (cc._("Sell"), "sell")])
        self.amount = widgets.IntSlider(value=1, min=1, max=cc.CONSTANTS.storehouse_slots,
                                        description=cc._("Amount"), style=WIDE)
        self.done.tooltip = cc._("make the trade set up above, if the rules allow it, then finish this card play")
        self.watch(self.good, self.direction, self.amount)

    def action(self) -> cc.Action | None:
        if self.good.value is None:
            return None
        n = self.amount.value
        return cc.Trade(self.good.value, n if self.direction.value == "buy" else -n)

    def finish(self) -> None:
        """Done makes the trade the preview shows, then ends the Mercator, as the preview promised. A trade set up
        that the rules refuse is not made: the Mercator ends and a note says so, with the refusal and its rule.
        A trade a lesson turns down (its note shown) is cleared, so the next Done ends the play."""
        trade = self.action()
        if trade is None or trade not in self.legal:
            why = self._refusal(trade)
            if self.ctl.attempt(cc.Done()) and why:
                self.ctl.add_note(cc._("The Mercator ended without the trade set up, which the rules do not allow: "
                                       "{why}", why=why))
            return
        self.good.value = None          # made now, or turned down by a lesson with a note (kept): not offered again
        if self.ctl.attempt(trade):
            self.ctl.attempt(cc.Done())

    def _refusal(self, action: cc.Action | None) -> str:
        """The engine's refusal of `action` with its rule, or '' if there is none to refuse."""
        if action is None:
            return ""
        try:
            cc.apply(self.state, action)
        except cc.ConcordiaError as err:
            return str(err)
        return ""


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"trade": [self.good, self.direction, self.amount, self.apply], "done": [self.done]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        if not isinstance(action, cc.Trade):
            return []
        return [(self.good, action.good), (self.direction, "buy" if action.amount > 0 else "sell"),
                (self.amount, abs(action.amount))]

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.good, self.direction, self.amount, self.preview, widgets.HBox([self.apply, self.done])]

    def update(self) -> None:
        kinds = self.pending.kinds
        limit = cc.CONSTANTS.mercator_kinds
        self.info.value = esc(cc._("Kinds traded: {kinds} ({n} of {limit}) · {have}",
                                    kinds=cc.listing(cc.good_name(k) for k in kinds) if kinds else cc._("none"),
                                    n=len(kinds), limit=limit, have=goods_line(self.player)))
        self.apply.description = cc._("Buy") if self.direction.value == "buy" else cc._("Sell")
        self.apply.disabled = self.action() is None
        good, n = self.good.value, self.amount.value
        head = ""
        if good is not None:
            coins = cc.coins_text(n * cc.PRICE[good])
            head = esc(cc._("pay {coins}", coins=coins) if self.direction.value == "buy"
                        else cc._("receive {coins}", coins=coins))
        action = self.action()
        done = (f"<br><span class='cc-muted'>{esc(cc._('Done makes this trade too, then ends the Mercator.'))}"
                "</span>" if action in self.legal else "")
        self.preview.value = self.effect(action, head) + done
        self.ctl.request_overlay(None)
