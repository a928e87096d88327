"""The Prefect: make a province produce, or collect the coins of the coin-side bonus tiles."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import menu, toggles
from ...render.markup import esc
from ...render.picks import Pick
from .panel import Controls, Panel
from .request import OverlayRequest


class PrefectPanel(Panel):
    """Produce in a province (click it on the map; its tooltip says who receives what) or collect the coin tiles."""

    title = cc.N_("Prefect")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        coins = cc.collect_value(self.state)
        self.mode = toggles([(cc._("Produce"), "produce"), (cc._("Collect {coins}", coins=cc.coins_text(coins)),
                                                            "collect")])
        options = []
        for prov in sorted(self.state.bonus_goods):
            side = cc._(" (coin side up)") if prov in self.state.coin_side else ""
            label = cc._("{province}: bonus {good}{side}", province=cc.province_name(prov),
                         good=cc.good_name(self.state.bonus_goods[prov]), side=side)
            options.append((label + self.ok(cc.Produce(prov)), prov))
        self.province = menu(cc._("Province"), options)
        self.watch(self.mode, self.province)

    def action(self) -> cc.Action | None:
        if self.mode.value == "collect":
            return cc.Collect()
        return None if self.province.value is None else cc.Produce(self.province.value)


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"province": [self.province, self.apply], "collect": [self.mode, self.apply]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        if isinstance(action, cc.Produce):
            return [(self.mode, "produce"), (self.province, action.province)]
        return [(self.mode, "collect")] if isinstance(action, cc.Collect) else []

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.mode, self.province] + super().children()[1:]

    def update(self) -> None:
        collect = self.mode.value == "collect"
        self.province.layout.display = "none" if collect else None
        self.apply.description = cc._("Collect") if collect else cc._("Produce")
        self.apply.disabled = self.action() is None
        self.info.value = esc(cc._("Click a province on the map (hover it to see who would receive what), or "
                                    "choose it here.") if not collect else "")
        if collect:
            head = esc(cc._("Collect {coins} from the coin-side tiles", coins=cc.coins_text(cc.collect_value(self.state))))
        elif self.province.value is not None:
            gains = cc.production(self.state, self.province.value, self.index)
            head = esc(cc._("Receives: {gains}", gains=cc.listing(
                cc._("{player} {goods}", player=name, goods=cc.goods_text(g)) for name, g in gains.items())))
        else:
            head = ""
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(self.overlay())

    def overlay(self) -> OverlayRequest | None:
        if self.mode.value == "produce" and self.province.value is not None:
            return OverlayRequest("produce", self.index, province=self.province.value)
        return None

    def picks(self) -> list[Pick]:
        return [Pick("province", a.province) for a in self.legal if isinstance(a, cc.Produce)]

    def selected(self) -> list[Pick]:
        return [Pick("province", self.province.value)] if self.province.value else []

    def tries(self) -> list[Pick]:
        """Every province (one that may not produce now is refused with its rule)."""
        return [Pick("province", p) for p in self.ctl.game.map.provinces]

    def picked(self, pick: Pick) -> None:
        if pick.kind == "province":
            self.ctl.attempt(cc.Produce(pick.id))
