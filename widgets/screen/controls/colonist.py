"""The Colonist card: place waiting colonists in Rome or next to own houses, or take the income."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import menu, toggles
from ...render.changes import goods_line
from ...render.markup import esc
from ...render.picks import Pick
from .panel import Controls, Panel


class ColonistPanel(Panel):
    """Colonist card: place waiting colonists (click Rome or one of your cities on the map) or take income."""

    title = cc.N_("Colonist card")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        income = cc.colonist_income(self.state, self.index)
        self.mode = toggles([(cc._("Place colonist"), "place"),
                             (cc._("Income: {coins}", coins=cc.coins_text(income)), "income")])
        waiting = self.player.waiting
        self.kind = toggles([(cc._("{colonist} ({n} waiting)", colonist=cc.colonist_text(k), n=waiting[k]), k)
                             for k in ("land", "sea")])
        self.city = menu(cc._("City"), [(cc.city_name(c), c) for c in cc.colonist_places(self.state, self.index)])
        self.watch(self.mode, self.kind, self.city)

    def action(self) -> cc.Action | None:
        if self.mode.value == "income":
            return cc.Income()
        return None if self.city.value is None else cc.Place(self.kind.value, self.city.value)


    def offers(self) -> dict[str, list[widgets.Widget]]:
        return {"place": [self.mode, self.kind, self.city, self.apply], "done": [self.done]}

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        if not isinstance(action, cc.Place):
            return []
        return [(self.mode, "place"), (self.kind, action.kind), (self.city, action.city)]

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.mode, self.kind, self.city] + super().children()[1:]

    def update(self) -> None:
        placing = self.mode.value == "place"
        self.kind.layout.display = self.city.layout.display = None if placing else "none"
        self.apply.description = cc._("Place") if placing else cc._("Take the income")
        self.apply.disabled = self.action() is None
        how = cc._("Click {rome} or one of your cities on the map, or choose it here.", rome=cc.city_name("ROMA"))
        self.info.value = (esc(cc._("Placed so far: {n} · {have}", n=self.pending.placed,
                                     have=goods_line(self.player)))
                           + (f"<br><span class='cc-muted'>{esc(how)}</span>" if placing else ""))
        head = (esc(cc._("Each new colonist costs {cost}", cost=cc.goods_text(cc.CONSTANTS.new_colonist_cost)))
                if placing else "")
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)

    def picks(self) -> list[Pick]:
        if self.mode.value != "place":
            return []
        return [Pick("city", a.city) for a in self.legal if isinstance(a, cc.Place) and a.kind == self.kind.value]

    def tries(self) -> list[Pick]:
        """Every city while placing (a colonist refused there is explained)."""
        m = self.ctl.game.map
        return [Pick("city", c) for c in [*m.cities, m.rome]] if self.mode.value == "place" else []

    def picked(self, pick: Pick) -> None:
        if pick.kind == "city" and self.mode.value == "place":
            self.ctl.attempt(cc.Place(self.kind.value, pick.id))
