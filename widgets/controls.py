"""Action controls: one panel per card kind that builds an action from choices (DESIGN.md principle 5).

`ActionControls(game, on_change)` asks the engine which phase the play is in and shows that phase's
panel: the card picker at turn start, then the card's sub-steps one at a time, each with a preview
of its cost and effect (computed by the engine on a copy of the state) before Apply. Options the
engine would refuse stay selectable and are marked ✗: Apply then shows the engine's explanation and
the game is unchanged. Cancel undoes the whole card play; a notation box accepts typed actions.
"""
from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

import ipywidgets as widgets

import concordia_core as cc

from .board import Pick, colonist_pick
from .errors import ErrorLog, explanation_html, guarded
from .panels import card_label

CARD_HELP = {
    "TRIBUNE": "take your discard pile back (coins for every card beyond 3), then you may recruit a colonist",
    "ARCHITECT": "move colonists (one step per colonist on the map), then build houses next to them",
    "PREFECT": "make a province produce (bonus to you, goods to every house) or collect the coin tiles",
    "MERCATOR": "take coins, then buy and sell up to 2 kinds of goods",
    "DIPLOMAT": "carry out the top card of another player's discard pile",
    "SENATOR": "buy up to 2 cards from the display (card cost + slot cost)",
    "CONSUL": "buy 1 card from the display paying only the card's own cost",
    "COLONIST": "place new colonists in Rome or your cities, or take income",
    "SPECIALIST": "every house of yours in a city of this good produces 1 of it",
}
BAD = " ✗"


class OverlayRequest(NamedTuple):
    """What the map should highlight for the current choice (the app turns it into a map overlay)."""

    kind: str                      # "reach", "build" or "produce"
    player: int                    # index of the acting player
    start: str | None = None       # reach: where the colonist stands
    colonist_kind: str | None = None
    steps: int = 0
    province: str | None = None


def _esc(text: Any) -> str:
    return html.escape(str(text))


def describe_change(before: cc.GameState, after: cc.GameState) -> list[str]:
    """Plain lines saying what differs between two states (used for every preview)."""
    lines: list[str] = []
    for b, a in zip(before.players, after.players, strict=True):
        parts: list[str] = []
        if a.coins != b.coins:
            parts.append(f"coins {b.coins} → {a.coins}")
        parts += [f"{n:+d} {g}" for g, n in (a.goods - b.goods).items_nonzero()]
        parts += [f"house in {c}" for c in sorted(set(a.houses) - set(b.houses))]
        moved_to = sorted(Counter(a.colonists) - Counter(b.colonists))
        parts += [f"{c.kind} colonist to {c.where}" for c in moved_to]
        parts += [f"+{cc.card(c)} to hand" for c in sorted((Counter(a.hand) - Counter(b.hand)).elements())]
        if a.concordia and not b.concordia:
            parts.append("takes the Concordia card: the game ends soon")
        if parts:
            lines.append(f"{a.name}: " + ", ".join(parts))
    for choice in after.choices[len(before.choices):]:
        lines.append(f"{after.players[choice.player].name} must choose which of {choice.incoming} to keep")
    if after.praefectus != before.praefectus:
        lines.append(f"Praefectus Magnus passes to {after.praefectus_magnus}")
    if after.to_move != before.to_move and after.to_move is not None:
        lines.append(f"the turn ends; {after.to_move} is next")
    return lines


class _Panel:
    """Base of a phase panel: its widgets, the action they describe, and a preview line."""

    title = ""

    def __init__(self, ctl: ActionControls) -> None:
        self.ctl = ctl
        self.state = ctl.game.state
        self.index = self.state.actor_index if self.state.actor_index is not None else self.state.turn
        self.player = self.state.players[self.index]
        self.legal = set(ctl.game.legal_actions())
        self.preview = widgets.HTML()
        self.info = widgets.HTML()
        self.apply = widgets.Button(description="Apply", button_style="primary")
        self.apply.on_click(ctl.guard(lambda _: ctl.attempt(self.action())))
        self.done = widgets.Button(description="Done", tooltip="finish this card play")
        self.done.on_click(ctl.guard(lambda _: ctl.attempt(cc.Done())))
        self.done.layout.display = None if cc.Done() in self.legal else "none"

    def watch(self, *ws: widgets.Widget) -> None:
        for w in ws:
            w.observe(self.ctl.guard(lambda _change: self.update()), names="value")

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
        """What may be clicked on the map for this choice (the dropdowns stay the keyboard path)."""
        return []

    def selected(self) -> list[Pick]:
        """What is chosen so far, drawn apart on the map."""
        return []

    def picked(self, pick: Pick) -> None:
        """A click on the map: choose that option (or play it when the choice is complete)."""

    def effect(self, action: cc.Action | None, head: str = "") -> str:
        """Preview: `head`, then what the engine would do (on a copy), or why it refuses."""
        if action is None:
            return head
        try:
            after = cc.apply(self.state, action)
        except cc.ConcordiaError as err:
            return f"{head}<br><span style='color:#c62828'>✗ not allowed: {_esc(err)}</span>"
        lines = describe_change(self.state, after) or ["nothing changes yet"]
        return f"{head}<br>✓ <code>{_esc(action)}</code> → " + "; ".join(_esc(x) for x in lines)

    def update(self) -> None:
        self.preview.value = self.effect(self.action())
        self.ctl.request_overlay(self.overlay())


class CardPicker(_Panel):
    """Turn start: the hand (each card explained); cards on the discard pile are shown but refused."""

    title = "play a card"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        options = []
        for cid in dict.fromkeys(self.player.hand):
            options.append((f"{card_label(cid)}{self.ok(cc.PlayCard(cid))}", cid))
        for cid in dict.fromkeys(self.player.discard):
            if cid not in self.player.hand:
                options.append((f"{card_label(cid)} (discard pile){BAD}", cid))
        self.card = widgets.Dropdown(options=options, description="Card")
        self.apply.description = "Play card"
        self.watch(self.card)

    def action(self) -> cc.Action | None:
        return None if self.card.value is None else cc.PlayCard(self.card.value)

    def children(self) -> list[widgets.Widget]:
        return [self.card] + super().children()

    def update(self) -> None:
        cid = self.card.value
        head = "" if cid is None else f"<b>{_esc(cc.card(cid))}</b>: {CARD_HELP[cc.card(cid).kind]}"
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)


class ArchitectPanel(_Panel):
    """Moves (pick a colonist, then a route with its step cost), then builds (city with its price)."""

    title = "Architect"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.moving = self.state.pending.phase == "move"
        colonists = [(f"{c}", (c.kind, c.where)) for c in dict.fromkeys(self.player.colonists)]
        self.colonist = widgets.Dropdown(options=colonists, description="Colonist")
        self.route = widgets.Dropdown(options=[], description="To route")
        self.move = widgets.Button(description="Move", button_style="primary")
        self.move.on_click(ctl.guard(lambda _: ctl.attempt(self.move_action())))
        self.move_preview = widgets.HTML()
        self.city = widgets.Dropdown(options=self._city_options(), value=None, description="Build in")
        self.build = widgets.Button(description="Build", button_style="primary")
        self.build.on_click(ctl.guard(lambda _: ctl.attempt(self.build_action())))
        self.focus = "reach" if self.moving and colonists else "build"
        self.colonist.observe(ctl.guard(lambda _c: self._colonist_changed()), names="value")
        self.route.observe(ctl.guard(lambda _c: self._show("reach")), names="value")
        self.city.observe(ctl.guard(lambda _c: self._show("build")), names="value")
        self._fill_routes()

    def _city_options(self) -> list[tuple[str, str]]:
        options = []
        for city in cc.build_sites(self.state, self.index):
            goods, coins = cc.house_price(self.state, city)
            label = f"{city} ({self.state.city_goods[city]}): {cc.price_text(goods, coins)}"
            options.append((label + self.ok(cc.Build(city)), city))
        return options

    def _fill_routes(self) -> None:
        if self.colonist.value is None:
            self.route.options = []
            return
        kind, start = self.colonist.value
        costs = self.ctl.game.map.step_costs(kind, start)
        options = []
        for route, cost in sorted(costs.items(), key=lambda rc: (rc[1], rc[0])):
            if route != start:
                label = f"{route}: {cost} step{'s' if cost != 1 else ''}"
                options.append((label + self.ok(cc.Move(start, route)), route))
        self.route.options = options
        legal = [route for label, route in options if not label.endswith(BAD)]
        self.route.value = legal[0] if legal else None

    def _colonist_changed(self) -> None:
        self._fill_routes()
        self._show("reach")

    def _show(self, focus: str) -> None:
        self.focus = focus
        self.update()

    def move_action(self) -> cc.Action | None:
        if self.colonist.value is None or self.route.value is None:
            return None
        return cc.Move(self.colonist.value[1], self.route.value)

    def build_action(self) -> cc.Action | None:
        return None if self.city.value is None else cc.Build(self.city.value)

    def action(self) -> cc.Action | None:
        return self.move_action() if self.focus == "reach" else self.build_action()

    def children(self) -> list[widgets.Widget]:
        moves = [widgets.HTML("<b>1. Move</b> (all moves come before building)"), self.colonist, self.route,
                 self.move_preview, self.move] if self.moving else []
        return [self.info] + moves + [widgets.HTML("<b>2. Build</b>"), self.city, self.preview,
                                      widgets.HBox([self.build, self.done])]

    def update(self) -> None:
        steps = self.state.pending.steps_left
        self.info.value = (f"Steps left: <b>{steps}</b> · coins {self.player.coins} · goods {_esc(self.player.goods)}"
                           if self.moving else "Building (no more moves this turn)")
        self.move_preview.value = self.effect(self.move_action()) if self.moving else ""
        city = self.city.value
        head = ""
        if city is not None:
            goods, coins = cc.house_price(self.state, city)
            head = f"A house in {city} costs {_esc(cc.price_text(goods, coins))}"
        sites = len(self.city.options)
        self.preview.value = (self.effect(self.build_action(), head) if city
                              else f"Choose a city to build in ({sites} next to your colonists)." if sites
                              else "No city next to your colonists yet.")
        self.ctl.request_overlay(self.overlay())

    def overlay(self) -> OverlayRequest | None:
        if self.focus == "reach" and self.colonist.value is not None:
            kind, start = self.colonist.value
            return OverlayRequest("reach", self.index, start, kind, self.state.pending.steps_left)
        return OverlayRequest("build", self.index)

    def picks(self) -> list[Pick]:
        """Own colonists (while moving), the routes the chosen one may reach, the cities to build in."""
        result = [Pick("city", a.city) for a in self.legal if isinstance(a, cc.Build)]
        if self.moving:
            result += [colonist_pick(self.state, self.index, c) for c in dict.fromkeys(self.player.colonists)
                       if any(isinstance(a, cc.Move) and a.start == c.where for a in self.legal)]
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
    """Produce in a province (who receives what) or collect the coin tiles (how many coins)."""

    title = "Prefect"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        coins = cc.collect_value(self.state)
        self.mode = widgets.ToggleButtons(options=[("Produce", "produce"), (f"Collect {coins} coins", "collect")])
        options = []
        for prov in sorted(self.state.bonus_goods):
            side = " (coin side up)" if prov in self.state.coin_side else ""
            label = f"{prov}: bonus {self.state.bonus_goods[prov]}{side}"
            options.append((label + self.ok(cc.Produce(prov)), prov))
        self.province = widgets.Dropdown(options=options, description="Province")
        self.watch(self.mode, self.province)

    def action(self) -> cc.Action | None:
        if self.mode.value == "collect":
            return cc.Collect()
        return None if self.province.value is None else cc.Produce(self.province.value)

    def children(self) -> list[widgets.Widget]:
        return [self.mode, self.province] + super().children()

    def update(self) -> None:
        self.province.layout.display = "none" if self.mode.value == "collect" else None
        if self.mode.value == "collect":
            head = f"Collect {cc.collect_value(self.state)} coins from the coin-side tiles"
        elif self.province.value is not None:
            gains = cc.production(self.state, self.province.value, self.index)
            head = "Receives: " + "; ".join(f"{_esc(name)} {_esc(cc.goods_text(g))}" for name, g in gains.items())
        else:
            head = ""
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(self.overlay())

    def overlay(self) -> OverlayRequest | None:
        if self.mode.value == "produce" and self.province.value is not None:
            return OverlayRequest("produce", self.index, province=self.province.value)
        return None

    def picks(self) -> list[Pick]:
        """The provinces that may produce (their tooltip says who would receive what)."""
        return [Pick("province", a.province) for a in self.legal if isinstance(a, cc.Produce)]

    def picked(self, pick: Pick) -> None:
        if pick.kind == "province":
            self.ctl.attempt(cc.Produce(pick.id))


class MercatorPanel(_Panel):
    """Buy or sell one kind at a time (good, direction, amount), at most 2 kinds per play."""

    title = "Mercator"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.good = widgets.Dropdown(
            options=[(f"{g} ({cc.PRICE[g]} coins each, you have {self.player.goods[g]})", g) for g in cc.GOODS],
            description="Good")
        self.direction = widgets.ToggleButtons(options=[("Buy", "buy"), ("Sell", "sell")])
        self.amount = widgets.IntSlider(value=1, min=1, max=cc.CONSTANTS.storehouse_slots, description="Amount")
        self.watch(self.good, self.direction, self.amount)

    def action(self) -> cc.Action | None:
        n = self.amount.value
        return cc.Trade(self.good.value, n if self.direction.value == "buy" else -n)

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.good, self.direction, self.amount, self.preview,
                widgets.HBox([self.apply, self.done])]

    def update(self) -> None:
        kinds = self.state.pending.kinds
        limit = cc.CONSTANTS.mercator_kinds
        self.info.value = (f"Kinds traded: <b>{', '.join(kinds) or 'none'}</b> ({len(kinds)} of {limit}) · "
                           f"coins {self.player.coins} · free slots {self.player.free_slots}")
        good, n = self.good.value, self.amount.value
        verb = "pay" if self.direction.value == "buy" else "receive"
        head = f"{self.direction.value} {n} {good}: {verb} {n * cc.PRICE[good]} coins"
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)


class DiplomatPanel(_Panel):
    """Choose another player; their top discard card is carried out."""

    title = "Diplomat"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        options = []
        for p in self.state.players:
            if p.name != self.player.name:
                top = card_label(p.top_card) if p.top_card else "no card"
                options.append((f"{p.name}: top card {top}{self.ok(cc.Copy(p.name))}", p.name))
        self.target = widgets.Dropdown(options=options, description="Copy")
        self.apply.description = "Copy"
        self.watch(self.target)

    def action(self) -> cc.Action | None:
        return None if self.target.value is None else cc.Copy(self.target.value)

    def children(self) -> list[widgets.Widget]:
        return [self.target] + super().children()

    def update(self) -> None:
        head = ""
        if self.target.value is not None:
            top = self.state.player(self.target.value).top_card
            if top:
                head = f"Carry out {_esc(cc.card(top))}: {CARD_HELP[cc.card(top).kind]}"
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)


class SenatorPanel(_Panel):
    """Senator (up to 2 cards, slot extra included) or Consul (1 card, card cost only)."""

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.consul = self.state.pending.phase == "consul"
        self.title = "Consul" if self.consul else "Senator"
        options = []
        for slot, cid in enumerate(self.state.display, start=1):
            if cid is None:
                continue
            extra = "" if self.consul else " + slot " + (" + ".join(cc.CONSTANTS.display_slot_extra[slot - 1]) or "nothing")
            mark = "" if any(isinstance(a, cc.Purchase) and a.slot == slot for a in self.legal) else BAD
            options.append((f"{slot}: {cc.card(cid)} ({cc.card(cid).god}), card {cc.card(cid).cost}{extra}{mark}",
                            slot))
        self.slot = widgets.Dropdown(options=options, description="Slot")
        self.wild = widgets.ToggleButtons(options=list(cc.GOODS), description="'?' paid with")
        self.apply.description = "Purchase"
        self.watch(self.slot, self.wild)

    def _wild_needed(self) -> bool:
        return self.slot.value is not None and not self.consul and "?" in cc.CONSTANTS.display_slot_extra[self.slot.value - 1]

    def action(self) -> cc.Action | None:
        if self.slot.value is None:
            return None
        return cc.Purchase(self.slot.value, self.wild.value if self._wild_needed() else None)

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.slot, self.wild] + super().children()[1:]

    def update(self) -> None:
        self.info.value = (f"Cards bought so far: {self.state.pending.bought}"
                           f"{'' if self.consul else ' (at most 2)'} · goods {_esc(self.player.goods)}")
        self.wild.layout.display = None if self._wild_needed() else "none"
        head = ""
        action = self.action()
        if isinstance(action, cc.Purchase):
            price = cc.card_price(self.state, action.slot, action.wild, self.consul)
            head = f"Price: {_esc(price)}"
        self.preview.value = self.effect(action, head)
        self.ctl.request_overlay(None)


class ColonistPanel(_Panel):
    """Colonist card: place waiting colonists (Rome or an own city) or take income."""

    title = "Colonist"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        income = cc.colonist_income(self.state, self.index)
        self.mode = widgets.ToggleButtons(options=[("Place colonist", "place"), (f"Income: {income} coins", "income")])
        waiting = self.player.waiting
        self.kind = widgets.ToggleButtons(options=[(f"{k} ({waiting[k]} waiting)", k) for k in ("land", "sea")])
        self.city = widgets.Dropdown(options=cc.colonist_places(self.state, self.index), description="City")
        self.watch(self.mode, self.kind, self.city)

    def action(self) -> cc.Action | None:
        if self.mode.value == "income":
            return cc.Income()
        return cc.Place(self.kind.value, self.city.value)

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.mode, self.kind, self.city] + super().children()[1:]

    def update(self) -> None:
        placing = self.mode.value == "place"
        self.kind.layout.display = self.city.layout.display = None if placing else "none"
        self.info.value = f"Placed so far: {self.state.pending.placed} · goods {_esc(self.player.goods)}"
        head = f"Each new colonist costs {_esc(cc.goods_text(cc.CONSTANTS.new_colonist_cost))}" if placing else ""
        self.preview.value = self.effect(self.action(), head)
        self.ctl.request_overlay(None)


class TribunePanel(_Panel):
    """Tribune: optionally recruit one waiting colonist to Rome."""

    title = "Tribune"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        waiting = self.player.waiting
        self.kind = widgets.ToggleButtons(options=[(f"{k} ({waiting[k]} waiting)", k) for k in ("land", "sea")],
                                          description="Recruit")
        self.apply.description = "Recruit"
        self.watch(self.kind)

    def action(self) -> cc.Action | None:
        return cc.Recruit(self.kind.value)

    def children(self) -> list[widgets.Widget]:
        return [self.info, self.kind] + super().children()[1:]

    def update(self) -> None:
        self.info.value = f"Cards back in hand: {len(self.player.hand)} · coins {self.player.coins}"
        cost = cc.goods_text(cc.CONSTANTS.new_colonist_cost)
        self.preview.value = self.effect(self.action(), f"A new colonist costs {_esc(cost)}")
        self.ctl.request_overlay(None)


class KeepPanel(_Panel):
    """Storehouse overflow: pick which incoming goods to keep; every free slot must be filled."""

    title = "Storehouse full"

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.choice = self.state.choices[0]
        self.counts = {g: widgets.IntSlider(value=0, min=0, max=n, description=g)
                       for g, n in self.choice.incoming.items_nonzero()}
        self.apply.description = "Keep"
        self.watch(*self.counts.values())

    def action(self) -> cc.Action | None:
        return cc.Keep(cc.Goods({g: w.value for g, w in self.counts.items()}))

    def children(self) -> list[widgets.Widget]:
        return [self.info, *self.counts.values()] + super().children()[1:]

    def update(self) -> None:
        need = cc.keep_count(self.state, self.index, self.choice.incoming)
        chosen = sum(w.value for w in self.counts.values())
        self.info.value = (f"<b>{_esc(self.player.name)}</b> receives {_esc(self.choice.incoming)} but has "
                           f"{self.player.free_slots} free slots: keep exactly {need} (chosen {chosen})")
        self.preview.value = self.effect(self.action())
        self.ctl.request_overlay(None)


class GameOverPanel(_Panel):
    """The game is over: the final ranking."""

    title = "Game over"

    def children(self) -> list[widgets.Widget]:
        ranking = cc.final_ranking(self.state)
        self.info.value = "Final ranking: " + ", ".join(f"{i}. {_esc(n)}" for i, n in enumerate(ranking, 1))
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


class ActionControls(widgets.VBox):
    """Builds the next action by choices for whoever must act in `game`; calls `on_change` after each."""

    def __init__(self, game: cc.Game, on_change: Callable[[], None] | None = None,
                 log: ErrorLog | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game = game
        self.on_change = on_change or (lambda: None)
        self.on_overlay: Callable[[OverlayRequest | None], None] = lambda request: None
        self.overlay_request: OverlayRequest | None = None
        self.error_log = log if log is not None else ErrorLog()
        self.last_refusal: cc.ConcordiaError | None = None
        self.header = widgets.HTML()
        self.body = widgets.VBox()
        self.message = widgets.HTML()
        self.cancel = widgets.Button(description="Cancel card play", button_style="warning",
                                     tooltip="undo everything since the card was played")
        self.cancel.on_click(self.guard(lambda _: self.cancel_play()))
        self.notation = widgets.Text(placeholder="or type an action, e.g. buy 2 brick", description="Notation")
        self.notation_go = widgets.Button(description="Play typed")
        self.notation_go.on_click(self.guard(lambda _: self.play_notation()))
        self.children = [self.header, self.body, self.message, self.cancel,
                         widgets.HBox([self.notation, self.notation_go])]
        self.panel: _Panel
        self.refresh()

    def guard(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        """`callback` wrapped so any exception reaches the error log."""
        return guarded(callback, self.error_log)

    def refresh(self) -> None:
        """Rebuild the panel for the phase the engine is in now."""
        state = self.game.state
        self.panel = panel_class(state)(self)
        who = state.actor or "nobody"
        played = f" · playing {cc.card(state.pending.card)}" if state.pending else ""
        self.header.value = f"<b>{html.escape(who)}</b>: {self.panel.title}{html.escape(played)}"
        self.body.children = self.panel.children()
        self.cancel.layout.display = None if state.pending is not None and not state.over else "none"
        self.panel.update()

    def picked(self, pick: Pick) -> None:
        """A click on the map, handed to the panel of the current choice."""
        self.panel.picked(pick)

    def request_overlay(self, request: OverlayRequest | None) -> None:
        """Tell the app what the map should highlight for the current choice."""
        self.overlay_request = request
        self.on_overlay(request)

    def attempt(self, action: cc.Action | str | None) -> bool:
        """Play `action` through the engine; on refusal show its explanation and change nothing."""
        if action is None:
            self.message.value = "Choose something first."
            return False
        try:
            self.game.play(action)
        except cc.ConcordiaError as err:
            self.last_refusal = err
            self.message.value = explanation_html(err)
            return False
        self.last_refusal = None
        self.message.value = ""
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
        self.message.value = ""
        self.refresh()
        self.on_change()

    def play_notation(self) -> None:
        """Play the typed notation; malformed or illegal text is explained, the box kept for editing."""
        if self.attempt(self.notation.value):
            self.notation.value = ""
