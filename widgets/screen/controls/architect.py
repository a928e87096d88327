"""The Architect: moves (a colonist, then one of its routes), then builds (a city next to a colonist)."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...parts.inputs import button, choices, menu
from ...render.changes import goods_line
from ...render.markup import esc
from ...render.picks import Pick, colonist_pick
from ...render.words import steps_text
from .panel import Controls, Panel
from .request import OverlayRequest


class ArchitectPanel(Panel):
    """Moves (click one of your colonists, then one of its highlighted routes, cost on each), then builds
    (click a city; its price is shown on the map)."""

    title = cc.N_("Architect")

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        self.moving = self.pending.phase is cc.Phase.MOVE
        movable = [c for c in dict.fromkeys(self.player.colonists)
                   if any(isinstance(a, cc.Move) and a.start == c.where for a in self.legal)]
        colonists = [(str(c), (c.kind, c.where)) for c in movable]
        self.colonist = menu(cc._("Which colonist"), colonists)
        self.route = menu(cc._("To"), [])
        self.move = button(cc._("Move"), "primary")
        self.move.on_click(ctl.guard(lambda _: ctl.attempt(self.move_action())))
        self.move_preview = widgets.HTML()
        self.city = menu(cc._("Build in"), self._city_options())
        self.build = button(cc._("Build"), "primary")
        self.build.on_click(ctl.guard(lambda _: ctl.attempt(self.build_action())))
        self.focus = "build"
        self.colonist.observe(ctl.guard(lambda _c: self._colonist_changed()), names="value")
        self.route.observe(ctl.guard(lambda _c: self._show("reach")), names="value")
        self.city.observe(ctl.guard(lambda _c: self._show("build")), names="value")

    def _city_options(self) -> list[tuple[str, str]]:
        options = []
        for city in cc.build_sites(self.state, self.index):
            goods, coins = cc.house_price(self.state, city)
            label = cc._("{city} ({good}): {price}", city=cc.city_name(city),
                         good=cc.good_name(self.state.city_goods[city]), price=cc.price_text(goods, coins))
            options.append((label + self.ok(cc.Build(city)), city))
        return options

    def _fill_routes(self) -> None:
        if self.colonist.value is None:
            self.route.options = choices([])
            return
        kind, start = self.colonist.value
        costs = self.ctl.game.map.step_costs(kind, start)
        options = []
        for route, cost in sorted(costs.items(), key=lambda rc: (rc[1], rc[0])):
            if route != start:
                label = cc._("{route}: {steps}", route=cc.route_name(route),
                             steps=steps_text(cost))
                options.append((label + self.ok(cc.Move(start, route)), route))
        self.route.options = choices(options)
        self.route.value = None

    def _colonist_changed(self) -> None:
        self._fill_routes()
        self._show("reach")

    def _show(self, focus: str) -> None:
        self.focus = focus
        self.changed()

    def move_action(self) -> cc.Action | None:
        if self.colonist.value is None or self.route.value is None:
            return None
        return cc.Move(self.colonist.value[1], self.route.value)

    def build_action(self) -> cc.Action | None:
        return None if self.city.value is None else cc.Build(self.city.value)

    def action(self) -> cc.Action | None:
        return self.move_action() if self.focus == "reach" else self.build_action()


    def offers(self) -> dict[str, list[widgets.Widget]]:
        build: dict[str, list[widgets.Widget]] = {"build": [self.city, self.build]}
        return {"move": [self.colonist, self.route, self.move], **build} if self.moving else build

    def settings(self, action: cc.Action) -> list[tuple[widgets.Widget, object]]:
        if isinstance(action, cc.Move):
            kind = self.ctl.game.map.routes[action.route].kind
            return [(self.colonist, (kind, action.start)), (self.route, action.route)]
        return [(self.city, action.city)] if isinstance(action, cc.Build) else []

    def children(self) -> list[widgets.Widget]:
        moves = [widgets.HTML(f"<b>{esc(cc._('1. Move'))}</b> "
                              f"{esc(cc._('(all moves come before building)'))}"),
                 self.colonist, self.route, self.move_preview, self.move] if self.moving else []
        return [self.info] + moves + [widgets.HTML(f"<b>{esc(cc._('2. Build'))}</b>"), self.city, self.preview,
                                      widgets.HBox([self.build, self.done])]

    def update(self) -> None:
        steps = self.pending.steps_left
        have = goods_line(self.player)
        if self.moving:
            how = (cc._("Click one of your glowing colonists on the map, then one of its highlighted routes (the "
                        "number is its cost in steps); or click a city with a price to build.")
                   if self.colonist.value is None else
                   cc._("Click a highlighted route (the number is its cost in steps), another colonist, or a city "
                        "with a price to build."))
            self.info.value = (f"{esc(cc.n_('{n} step left', '{n} steps left', steps))} · {esc(have)}"
                               f"<br><span class='cc-muted'>{esc(how)}</span>")
        else:
            self.info.value = (f"{esc(cc._('Building (no more moves this turn)'))} · {esc(have)}<br>"
                               f"<span class='cc-muted'>{esc(cc._('Click a city with a price on the map.'))}</span>")
        self.move.disabled = self.move_action() is None
        self.build.disabled = self.build_action() is None
        self.move_preview.value = self.effect(self.move_action()) if self.moving else ""
        city = self.city.value
        sites = len(self.city.options) - 1
        if city is not None:
            goods, coins = cc.house_price(self.state, city)
            head = esc(cc._("A house in {city} costs {price}", city=cc.city_name(city),
                             price=cc.price_text(goods, coins)))
            self.preview.value = self.effect(self.build_action(), head)
        else:
            self.preview.value = esc(cc.n_("Choose a city to build in ({n} next to your colonists).",
                                            "Choose a city to build in ({n} next to your colonists).", sites)
                                      if sites else cc._("No city next to your colonists yet."))
        self.ctl.request_overlay(self.overlay())

    def overlay(self) -> OverlayRequest | None:
        if self.moving and self.focus == "reach" and self.colonist.value is not None:
            kind, start = self.colonist.value
            return OverlayRequest("reach", self.index, start, kind, self.pending.steps_left,
                                  selected=self.route.value)
        return OverlayRequest("build", self.index, selected=self.city.value)

    def picks(self) -> list[Pick]:
        """Own colonists that may move, the routes the chosen one may reach, the cities to build in."""
        result = [Pick("city", a.city) for a in self.legal if isinstance(a, cc.Build)]
        if self.moving:
            result += [colonist_pick(self.state, self.index, cc.Colonist(*value))
                       for _label, value in self.colonist.options if value is not None]
            if self.colonist.value is not None:
                kind, start = self.colonist.value
                routes = self.ctl.game.map.routes
                result += [Pick("route", a.route) for a in self.legal
                           if isinstance(a, cc.Move) and a.start == start and routes[a.route].kind == kind]
        return result

    def tries(self) -> list[Pick]:
        """Every city (a house there is refused with its rule) and every route (a colonist that may not stop there,
        or any move once building has begun, is refused with its rule)."""
        m = self.ctl.game.map
        return [Pick("city", c) for c in [*m.cities, m.rome]] + [Pick("route", r) for r in m.routes]

    def selected(self) -> list[Pick]:
        if self.moving and self.colonist.value is not None:
            kind, where = self.colonist.value
            return [Pick("colonist", where, self.index, kind)]
        return []

    def picked(self, pick: Pick) -> None:
        if pick.kind == "colonist" and pick.colonist is not None:
            self.colonist.value = (pick.colonist, pick.id)
        elif pick.kind == "route":
            self._route_clicked(pick.id)
        elif pick.kind == "city":
            self.ctl.attempt(cc.Build(pick.id))

    def _route_clicked(self, route: str) -> None:
        """A click on a route moves the chosen colonist there. With none chosen: the one colonist that may stop there
        moves (as if chosen first); if several may, the learner is asked to click one; if none may, the move of the
        nearest colonist of the route's kind is tried, so the engine's refusal says why, with its rule (a route
        already taken, too far, all moving done), as the menu's ✗ does."""
        if self.colonist.value is not None:
            self.ctl.attempt(cc.Move(self.colonist.value[1], route))
            return
        m = self.ctl.game.map
        mine = sorted(set(self.player.colonists))
        able = sorted({cc.Move(c.where, route) for c in mine} & self.legal, key=str)   # a move names its start only
        if len(able) == 1:
            self.ctl.attempt(able[0])
        elif able:
            self.ctl.clear_message()
            self.ctl.add_note(cc._("Several of your colonists may stop on the {route}: click the one to move first, "
                                   "then the route.", route=cc.route_name(route)))
        elif mine:
            kind = m.routes[route].kind
            same = [c for c in mine if c.kind == kind] or mine
            nearest = min(same, key=lambda c: m.step_costs(c.kind, c.where).get(route, len(m.routes)))
            self.ctl.attempt(cc.Move(nearest.where, route))
