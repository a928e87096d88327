"""Action controls: one panel per choice that builds an action (DESIGN.md principle 5), kept in step with the
board and the cards, which are controls too.

`ActionControls(game, on_change)` asks the engine which phase the play is in and shows that phase's
panel: the hand at turn start (click a card, or choose it in the menu), then the card's sub-steps one at
a time, each with a preview of its effect in words (computed by the engine on a copy of the state)
before it is applied. A click on the board (`picked`) chooses or plays what was clicked: a colonist, then
one of its highlighted routes; a city to build in or to place a colonist; a province to produce; a
display card to buy. The menus stay as the keyboard path and follow the clicks. Options the engine
would refuse are marked ✗: choosing one shows the engine's explanation and the game is unchanged. A
refusal box clears as soon as a legal choice is made. Cancel undoes the card play; a notation box
(folded away) accepts typed moves.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

import ipywidgets as widgets

import concordia_core as cc

from .board import Pick, colonist_pick
from .cards import CardRow, card_action, hand_items, slot_extra
from .errors import ErrorLog, explanation_html, guarded
from .html_text import esc

BAD = " ✗"
WIDE = {"description_width": "initial"}
CARD_PICKS = ("card", "slot")


class OverlayRequest(NamedTuple):
    """What the map should highlight for the current choice (the app turns it into a map overlay)."""

    kind: str                      # "reach", "build" or "produce"
    player: int                    # index of the acting player
    start: str | None = None       # reach: where the colonist stands
    colonist_kind: str | None = None
    steps: int = 0
    province: str | None = None
    selected: str | None = None    # the route or city chosen so far


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def button(label: str, style: str = "", tooltip: str = "") -> widgets.Button:
    """A button as wide as its label (never cut)."""
    return widgets.Button(description=label, button_style=style, tooltip=tooltip or label,
                          layout=widgets.Layout(width="auto", min_width="fit-content", align_self="flex-start"))


def choices(options: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A menu's options after a 'choose…' entry (value None): nothing is chosen for the learner."""
    return [(cc._("choose…"), None), *options]


def dropdown(label: str, options: list[tuple[str, Any]]) -> widgets.Dropdown:
    """A menu with its whole label shown, starting on 'choose…' (value None)."""
    return widgets.Dropdown(options=choices(options), index=0, description=label, style=WIDE,
                            layout=widgets.Layout(width="98%"))


def toggles(options: list[tuple[str, Any]], label: str = "") -> widgets.ToggleButtons:
    return widgets.ToggleButtons(options=options, description=label, style={**WIDE, "button_width": "auto"})


def describe_change(before: cc.GameState, after: cc.GameState) -> list[str]:
    """Plain sentences saying what differs between two states (used for every preview)."""
    lines: list[str] = []
    for b, a in zip(before.players, after.players, strict=True):
        parts: list[str] = []
        if a.coins != b.coins:
            parts.append(cc._("coins {before} → {after}", before=b.coins, after=a.coins))
        parts += [cc._("{change} {good}", change=f"{n:+d}", good=cc.good_name(g)) for g, n in
                  (a.goods - b.goods).items_nonzero()]
        parts += [cc._("a house in {city}", city=cc.city_name(c)) for c in sorted(set(a.houses) - set(b.houses))]
        parts += [cc._("{colonist} to {place}", colonist=cc.colonist_text(c.kind),
                       place=cc.place_name(c.where))
                  for c in sorted(Counter(a.colonists) - Counter(b.colonists))]
        parts += [cc._("the {card} into the hand", card=cc.card(c).display_name)
                  for c in sorted((Counter(a.hand) - Counter(b.hand)).elements())]
        if a.concordia and not b.concordia:
            parts.append(cc._("takes the Concordia card: the game ends soon"))
        if parts:
            lines.append(cc._("{player}: {changes}", player=a.name, changes=cc.listing(parts)))
    for choice in after.choices[len(before.choices):]:
        lines.append(cc._("{player} must choose which of {goods} to keep", player=after.players[choice.player].name,
                          goods=cc.goods_text(choice.incoming)))
    if after.praefectus != before.praefectus:
        lines.append(cc._("Praefectus Magnus passes to {player}", player=after.praefectus_magnus))
    if after.to_move != before.to_move and after.to_move is not None:
        lines.append(cc._("the turn ends; {player} is next", player=after.to_move))
    return lines


def goods_line(player: cc.PlayerState) -> str:
    """'5 coins · 1 brick + 2 food · 2 free slots' for the panels' info line."""
    return cc._("{coins} · {goods} · {free}", coins=cc.coins_text(player.coins), goods=cc.goods_text(player.goods),
                free=cc.n_("{n} free storehouse slot", "{n} free storehouse slots", player.free_slots))


class _Panel:
    """Base of a phase panel: its widgets, the action they describe, a preview, and what the board offers."""

    title = ""

    def __init__(self, ctl: ActionControls) -> None:
        self.ctl = ctl
        self.state = ctl.game.state
        self.index = self.state.actor_index if self.state.actor_index is not None else self.state.turn
        self.player = self.state.players[self.index]
        self.map_id = self.state.map_id
        self.legal = set(ctl.game.legal_actions())
        self.preview = widgets.HTML()
        self.info = widgets.HTML()
        self.apply = button(cc._("Apply"), "primary")
        self.apply.on_click(ctl.guard(lambda _: ctl.attempt(self.action())))
        self.done = button(cc._("Done"), tooltip=cc._("finish this card play"))
        self.done.on_click(ctl.guard(lambda _: ctl.attempt(cc.Done())))
        self.done.layout.display = None if cc.Done() in self.legal else "none"

    @property
    def pending(self) -> cc.Pending:
        """The card play under way: a phase panel is only made while one is."""
        if self.state.pending is None:
            raise RuntimeError(f"{type(self).__name__} needs a card play under way")
        return self.state.pending

    def watch(self, *ws: widgets.Widget) -> None:
        for w in ws:
            w.observe(self.ctl.guard(lambda _change: self.changed()), names="value")

    def changed(self) -> None:
        """A choice changed: a legal one clears an old refusal; then the preview follows."""
        if self.action() in self.legal:
            self.ctl.clear_message()
        self.update()

    def ok(self, action: cc.Action | None) -> str:
        """'' if the engine lists `action` as legal now, else a ✗ mark."""
        return "" if action in self.legal else BAD

    def action(self) -> cc.Action | None:
        return None

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.preview, widgets.HBox([self.apply, self.done])]

    def overlay(self) -> OverlayRequest | None:
        return None

    def picks(self) -> list[Pick]:
        """What may be clicked for this choice: board elements, cards in hand (card:ID), display slots (slot:N)."""
        return []

    def selected(self) -> list[Pick]:
        """What is chosen so far, drawn apart."""
        return []

    def picked(self, pick: Pick) -> None:
        """A click on the board or a card: choose that option (or play it when the choice is complete)."""

    def effect(self, action: cc.Action | None, head: str = "") -> str:
        """Preview: `head`, then what the engine would do (on a copy), or why it refuses."""
        if action is None:
            return head
        try:
            after = cc.apply(self.state, action)
        except cc.ConcordiaError as err:
            return f"{head}<br><span style='color:#c62828'>✗ {esc(cc._('not allowed: {why}', why=err))}</span>"
        lines = describe_change(self.state, after) or [cc._("nothing changes yet")]
        step = cc.narrate.step_words(self.state, action)
        body = "<br>".join(f"&nbsp;&nbsp;{esc(x)}" for x in lines)
        return f"{head}<br>✓ <b>{esc(_capital(step))}</b><br>{body}"

    def update(self) -> None:
        self.preview.value = self.effect(self.action())
        self.ctl.request_overlay(self.overlay())


class WaitPanel(_Panel):
    """Someone else acts now (a practice bot, or a person who has not taken the device yet)."""

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.info.value = f"<i>{esc(ctl.waiting_text(self.state))}</i>"
        self.title = cc.N_("waiting")

    def children(self) -> list[widgets.Widget]:
        return [self.info]

    def update(self) -> None:
        self.ctl.request_overlay(None)


class CardPicker(_Panel):
    """Turn start: the hand as cards (hover for what each does; click to choose), the same as a menu, then
    Play. Nothing is chosen at first; cards on the discard pile are shown but refused."""

    title = cc.N_("play a card")

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        options = []
        for cid in dict.fromkeys(self.player.hand):
            options.append((f"{cc.card(cid).display_name}{self.ok(cc.PlayCard(cid))}", cid))
        for cid in dict.fromkeys(self.player.discard):
            if cid not in self.player.hand:
                options.append((cc._("{card} (on your discard pile)", card=cc.card(cid).display_name) + BAD, cid))
        self.card = dropdown(cc._("Card"), options)
        self.apply.description = cc._("Play the card")
        self.watch(self.card)
        ctl.hand_row.show(hand_items(self.state, self.index, lambda c: cc.PlayCard(c) not in self.legal),
                          title=cc._("{whose} hand: click a card to choose it, again to play it",
                                     whose=_capital(cc.possessive(self.player.name))))

    def action(self) -> cc.Action | None:
        return None if self.card.value is None else cc.PlayCard(self.card.value)

    def children(self) -> list[widgets.Widget]:
        return [self.ctl.hand_row, self.card, self.preview, widgets.HBox([self.apply])]

    def update(self) -> None:
        cid = self.card.value
        self.apply.disabled = cid is None
        if cid is None:
            self.apply.description = cc._("Play the card")
            self.preview.value = esc(cc._("Choose a card: click it in your hand (hover for what it does) or pick "
                                           "it in the menu; click it again, or press Play, to play it."))
        else:
            name = cc.card(cid).display_name
            self.apply.description = cc._("Play the {card}", card=name)
            self.preview.value = self.effect(self.action(), f"<b>{esc(name)}</b>: {esc(card_action(cid))}")
        self.ctl.hand_row.mark([p.key for p in self.picks()], [p.key for p in self.selected()])
        self.ctl.request_overlay(None)

    def picks(self) -> list[Pick]:
        return [Pick("card", a.card) for a in self.legal if isinstance(a, cc.PlayCard)]

    def selected(self) -> list[Pick]:
        return [Pick("card", self.card.value)] if self.card.value else []

    def picked(self, pick: Pick) -> None:
        if pick.kind == "card":
            if self.card.value == pick.id:      # a second click on the chosen card plays it
                self.ctl.attempt(cc.PlayCard(pick.id))
            else:
                self.card.value = pick.id


class ArchitectPanel(_Panel):
    """Moves (click one of your colonists, then one of its highlighted routes, cost on each), then builds
    (click a city; its price is shown on the map)."""

    title = cc.N_("Architect")

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.moving = self.pending.phase == "move"
        movable = [c for c in dict.fromkeys(self.player.colonists)
                   if any(isinstance(a, cc.Move) and a.start == c.where for a in self.legal)]
        colonists = [(str(c), (c.kind, c.where)) for c in movable]
        self.colonist = dropdown(cc._("Which colonist"), colonists)
        self.route = dropdown(cc._("To"), [])
        self.move = button(cc._("Move"), "primary")
        self.move.on_click(ctl.guard(lambda _: ctl.attempt(self.move_action())))
        self.move_preview = widgets.HTML()
        self.city = dropdown(cc._("Build in"), self._city_options())
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
                             steps=cc.n_("{n} step", "{n} steps", cost))
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
                               f"<br><span style='color:#555'>{esc(how)}</span>")
        else:
            self.info.value = (f"{esc(cc._('Building (no more moves this turn)'))} · {esc(have)}<br>"
                               f"<span style='color:#555'>{esc(cc._('Click a city with a price on the map.'))}</span>")
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

    def selected(self) -> list[Pick]:
        if self.moving and self.colonist.value is not None:
            kind, where = self.colonist.value
            return [Pick("colonist", where, self.index, kind)]
        return []

    def picked(self, pick: Pick) -> None:
        if pick.kind == "colonist" and pick.colonist is not None:
            self.colonist.value = (pick.colonist, pick.id)
        elif pick.kind == "route" and self.colonist.value is not None:
            self.ctl.attempt(cc.Move(self.colonist.value[1], pick.id))
        elif pick.kind == "city":
            self.ctl.attempt(cc.Build(pick.id))


class PrefectPanel(_Panel):
    """Produce in a province (click it on the map; its tooltip says who receives what) or collect the coin tiles."""

    title = cc.N_("Prefect")

    def __init__(self, ctl: ActionControls) -> None:
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
        self.province = dropdown(cc._("Province"), options)
        self.watch(self.mode, self.province)

    def action(self) -> cc.Action | None:
        if self.mode.value == "collect":
            return cc.Collect()
        return None if self.province.value is None else cc.Produce(self.province.value)

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

    def picked(self, pick: Pick) -> None:
        if pick.kind == "province":
            self.ctl.attempt(cc.Produce(pick.id))


class MercatorPanel(_Panel):
    """Buy or sell one kind at a time (good, direction, amount), at most 2 kinds per play."""

    title = cc.N_("Mercator")

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.good = dropdown(cc._("Good"), [
            (cc._("{good} ({price} each, you have {n})", good=cc.good_name(g), price=cc.coins_text(cc.PRICE[g]),
                  n=self.player.goods[g]), g) for g in cc.GOODS])
        self.direction = toggles([(cc._("Buy"), "buy"), (cc._("Sell"), "sell")])
        self.amount = widgets.IntSlider(value=1, min=1, max=cc.CONSTANTS.storehouse_slots,
                                        description=cc._("Amount"), style=WIDE)
        self.watch(self.good, self.direction, self.amount)

    def action(self) -> cc.Action | None:
        if self.good.value is None:
            return None
        n = self.amount.value
        return cc.Trade(self.good.value, n if self.direction.value == "buy" else -n)

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
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)


class DiplomatPanel(_Panel):
    """Choose another player; their top discard card is carried out."""

    title = cc.N_("Diplomat")

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        options = []
        for p in self.state.players:
            if p.name != self.player.name:
                top = cc.card(p.top_card).display_name if p.top_card else cc._("no card")
                options.append((cc._("{player}: top card {card}", player=p.name, card=top) + self.ok(cc.Copy(p.name)),
                                p.name))
        self.target = dropdown(cc._("Copy"), options)
        self.apply.description = cc._("Copy")
        self.watch(self.target)

    def action(self) -> cc.Action | None:
        return None if self.target.value is None else cc.Copy(self.target.value)

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


class SenatorPanel(_Panel):
    """Senator (up to 2 cards, slot extra included) or Consul (1 card, card cost only): click a card in the
    display (or choose its slot here), then Buy."""

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.consul = self.pending.phase == "consul"
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
        self.slot = dropdown(cc._("Slot"), options)
        self.wild = toggles([(cc.good_name(g), g) for g in cc.GOODS], cc._("'?' paid with"))
        self.apply.description = cc._("Buy")
        self.watch(self.slot, self.wild)

    def _wild_needed(self) -> bool:
        return (self.slot.value is not None and not self.consul
                and "?" in cc.CONSTANTS.display_slot_extra[self.slot.value - 1])

    def action(self) -> cc.Action | None:
        if self.slot.value is None:
            return None
        return cc.Purchase(self.slot.value, self.wild.value if self._wild_needed() else None)

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.slot, self.wild] + super().children()[1:]

    def update(self) -> None:
        bought = self.pending.bought
        most = "" if self.consul else cc._(" (at most {n})", n=cc.CONSTANTS.senator_cards)
        self.info.value = (esc(cc._("Cards bought so far: {n}{most} · {have}", n=bought, most=most,
                                     have=goods_line(self.player)))
                           + "<br><span style='color:#555'>"
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


class ColonistPanel(_Panel):
    """Colonist card: place waiting colonists (click Rome or one of your cities on the map) or take income."""

    title = cc.N_("Colonist card")

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        income = cc.colonist_income(self.state, self.index)
        self.mode = toggles([(cc._("Place colonist"), "place"),
                             (cc._("Income: {coins}", coins=cc.coins_text(income)), "income")])
        waiting = self.player.waiting
        self.kind = toggles([(cc._("{colonist} ({n} waiting)", colonist=cc.colonist_text(k), n=waiting[k]), k)
                             for k in ("land", "sea")])
        self.city = dropdown(cc._("City"), [(cc.city_name(c), c) for c in cc.colonist_places(self.state, self.index)])
        self.watch(self.mode, self.kind, self.city)

    def action(self) -> cc.Action | None:
        if self.mode.value == "income":
            return cc.Income()
        return None if self.city.value is None else cc.Place(self.kind.value, self.city.value)

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
                           + (f"<br><span style='color:#555'>{esc(how)}</span>" if placing else ""))
        head = (esc(cc._("Each new colonist costs {cost}", cost=cc.goods_text(cc.CONSTANTS.new_colonist_cost)))
                if placing else "")
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)

    def picks(self) -> list[Pick]:
        if self.mode.value != "place":
            return []
        return [Pick("city", a.city) for a in self.legal if isinstance(a, cc.Place) and a.kind == self.kind.value]

    def picked(self, pick: Pick) -> None:
        if pick.kind == "city" and self.mode.value == "place":
            self.ctl.attempt(cc.Place(self.kind.value, pick.id))


class TribunePanel(_Panel):
    """Tribune: optionally recruit one waiting colonist to Rome."""

    title = cc.N_("Tribune")

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        waiting = self.player.waiting
        self.kind = toggles([(cc._("{colonist} ({n} waiting)", colonist=cc.colonist_text(k), n=waiting[k]), k)
                             for k in ("land", "sea")], cc._("Recruit"))
        self.apply.description = cc._("Recruit")
        self.done.description = cc._("No new colonist")
        self.watch(self.kind)

    def action(self) -> cc.Action | None:
        return cc.Recruit(self.kind.value)

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.kind] + super().children()[1:]

    def update(self) -> None:
        self.info.value = esc(cc._("Cards back in hand: {n} · {have}", n=len(self.player.hand),
                                    have=goods_line(self.player)))
        cost = cc.goods_text(cc.CONSTANTS.new_colonist_cost)
        self.preview.value = self.effect(self.action(), esc(cc._("A new colonist costs {cost}", cost=cost)))
        self.ctl.request_overlay(None)


class KeepPanel(_Panel):
    """Storehouse overflow: pick which incoming goods to keep; every free slot must be filled."""

    title = cc.N_("Storehouse full")

    def __init__(self, ctl: ActionControls) -> None:
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


class GameOverPanel(_Panel):
    """The game is over: the final ranking."""

    title = cc.N_("Game over")

    def children(self) -> list[widgets.Widget]:
        ranking = cc.final_ranking(self.state)
        self.info.value = esc(cc._("Final ranking: {ranking}", ranking=cc.listing(
            cc._("{place}. {player}", place=i, player=n) for i, n in enumerate(ranking, 1))))
        return [self.info]

    def update(self) -> None:
        self.ctl.request_overlay(None)


PHASE_PANELS: dict[str, type[_Panel]] = {
    "move": ArchitectPanel, "build": ArchitectPanel, "prefect": PrefectPanel, "mercator": MercatorPanel,
    "diplomat": DiplomatPanel, "senator": SenatorPanel, "consul": SenatorPanel, "colonist": ColonistPanel,
    "tribune": TribunePanel,
}


def panel_class(state: cc.GameState) -> type[_Panel]:
    """Which panel the state asks for: game over, a storehouse choice, the card picker or a phase."""
    if state.over:
        return GameOverPanel
    if state.choices:
        return KeepPanel
    if state.pending is None:
        return CardPicker
    return PHASE_PANELS[state.pending.phase]


def _close_all(ws: Iterable[Any], keep: set[int]) -> None:
    """Close widgets no longer shown (and the boxes' children), so a long game does not pile them up."""
    for w in ws:
        if not isinstance(w, widgets.Widget) or id(w) in keep:
            continue
        if isinstance(w, widgets.Box):
            _close_all(w.children, keep)
        w.close()


class ActionControls(widgets.VBox):
    """Builds the next action by choices for whoever must act in `game`; calls `on_change` after each.

    `may_act(state)` says whether the person at the screen may act now (a table answers no on a bot's turn;
    then a waiting line replaces the panel, saying `waiting_text(state)`); `on_refusal(err)` hears every
    refusal (the game screen opens the rules at the cited rule)."""

    def __init__(self, game: cc.Game, on_change: Callable[[], None] | None = None,
                 log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.on_change = on_change or (lambda: None)
        self.on_overlay: Callable[[OverlayRequest | None], None] = lambda request: None
        self.on_refusal: Callable[[cc.ConcordiaError], None] = lambda err: None
        self.may_act: Callable[[cc.GameState], bool] = lambda state: True
        self.waiting_text: Callable[[cc.GameState], str] = (
            lambda state: cc._("{player} is choosing…", player=state.actor or ""))
        self.overlay_request: OverlayRequest | None = None
        self.error_log = log if log is not None else ErrorLog()
        self.last_refusal: cc.ConcordiaError | None = None
        self.header = widgets.HTML()
        self.body = widgets.VBox()
        self.message = widgets.HTML()
        self.hand_row = CardRow(log=self.error_log)
        self.hand_row.on_pick(lambda key: self.picked(Pick("card", key.partition(":")[2])))
        self.cancel = button(cc._("Cancel card play"), "warning", cc._("undo everything since the card was played"))
        self.cancel.on_click(self.guard(lambda _: self.cancel_play()))
        self.notation = widgets.Text(placeholder=cc._("e.g. {example}", example="buy 2 brick"),
                                     description=cc._("Type a move"),
                                     style=WIDE)
        self.notation_go = button(cc._("Play typed"))
        self.notation_go.on_click(self.guard(lambda _: self.play_notation()))
        self.typed = widgets.Accordion(children=[widgets.HBox([self.notation, self.notation_go])], selected_index=None)
        self.typed.set_title(0, cc._("Type a move (notation, for keyboards)"))
        self.children = [self.header, self.body, self.message, self.cancel, self.typed]
        self.panel: _Panel | None = None
        self.refresh()

    def guard(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """`callback` wrapped so any exception reaches the error log."""
        return guarded(callback, self.error_log)

    def refresh(self) -> None:
        """Rebuild the panel for the phase the engine is in now."""
        state = self.game.state
        old, old_children = self.panel, self.body.children
        acting = state.over or self.may_act(state)
        self.panel = panel_class(state)(self) if acting else WaitPanel(self)
        who = state.actor or cc._("nobody")
        played = cc._(" · playing the {card}", card=cc.card(state.pending.card).display_name) if state.pending else ""
        title = cc._(self.panel.title) if self.panel.title else ""
        self.header.value = f"<b>{esc(who)}</b>: {esc(title)}{esc(played)}"
        self.body.children = self.panel.children()
        self.cancel.layout.display = None if acting and state.pending is not None and not state.over else "none"
        self.typed.layout.display = None if acting and not state.over else "none"
        self.panel.update()
        if old is not None:
            keep = {id(self), id(self.hand_row)} | {id(w) for w in self.body.children}
            _close_all([*old_children, *vars(old).values()], keep)

    def picked(self, pick: Pick) -> None:
        """A click on the board or a card, handed to the panel of the current choice."""
        if self.panel is not None:
            self.panel.picked(pick)

    def request_overlay(self, request: OverlayRequest | None) -> None:
        """Tell the app what the map should highlight for the current choice."""
        self.overlay_request = request
        self.on_overlay(request)

    def clear_message(self) -> None:
        """Take an old refusal off the screen (a legal choice was made)."""
        if self.message.value:
            self.message.value = ""
        self.last_refusal = None

    def attempt(self, action: cc.Action | str | None) -> bool:
        """Play `action` through the engine; on refusal show its explanation and change nothing."""
        if action is None:
            self.message.value = esc(cc._("Choose something first."))
            return False
        try:
            self.game.play(action)
        except cc.ConcordiaError as err:
            self.last_refusal = err
            self.message.value = explanation_html(err)
            self.on_refusal(err)
            return False
        self.clear_message()
        self.refresh()
        self.on_change()
        return True

    def cancel_play(self) -> None:
        """Undo back to the state before the current card was played."""
        history = self.game.history
        for i in range(len(history) - 1, -1, -1):
            if isinstance(history[i].action, cc.PlayCard):
                self.game.undo(len(history) - i)
                break
        self.clear_message()
        self.refresh()
        self.on_change()

    def play_notation(self) -> None:
        """Play the typed notation; malformed or illegal text is explained, the box kept for editing."""
        if self.attempt(self.notation.value):
            self.notation.value = ""
