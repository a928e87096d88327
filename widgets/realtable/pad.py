"""The scoring pad: enter the end of a game played on cardboard, read every player's score.

One player at a time ("Entering for"): their cards counted by name under each god (hand and discard
pile together; the starting cards are always there), their houses (click the cities on the map, choose them
in the menu above it, or tick them in the lists grouped by province), their colonists on the map, goods and
coins; then who took the Concordia card and who holds the Praefectus Magnus. The board's city tiles come first
(or from a table saved in chapter 17); their section folds away once they are in. The scores say what a finished
game has and the entries lack. What the pad shows is worked out in `pad_sheet.py`. Every number shown is the
engine's: the entries become a position with
`cc.Scenario`, scored by `cc.score`, ranked by `cc.final_ranking`, ties told by `cc.tiebreak_sentences`.
An impossible entry is refused with the rule, and nothing changes; the refusal opens right under the input
that was used (a tap on a phone is answered where the finger is), as an alert a screen reader reads out.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any, TypeAlias

import ipywidgets as ipw

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.inputs import menu
from ..parts.save_box import SavesBox
from ..parts.style import page_style
from ..render.palette import CAPTION_INK
from ..render.refusal import explanation_html
from ..screen.map_view import MapView
from .inputs import TOOL, CityChecks, Counter, TileEntry, connect_map, show_board, tool_style
from .pad_model import KINDS, PadEntries, PlayerEntry
from .pad_sheet import board_picture, house_options, results_html, tile_words

ViewFactory = Callable[[cc.GameState], MapView]
Near: TypeAlias = ipw.Widget | Callable[..., ipw.Widget] | None
"""The input a callback answers for (or a function of the callback's arguments giving it): its refusal opens there."""


# --- the widget ------------------------------------------------------------------------------------
class ScoringPad(ipw.VBox):
    """The pad. `entries` is the current PadEntries; every input calls one of the methods below, which
    tests and lessons call too (`toggle_house`, `add_card`, `set_good`, ...). `view_factory(state)` makes the
    map view (default: widgets.MapView); clicks on its cities toggle the chosen player's houses.
    `allow_new_table` shows the form for another table; `extras` the first-game scoring and saving."""

    def __init__(self, entries: PadEntries | None = None, *, view_factory: ViewFactory | None = None,
                 allow_new_table: bool = True, extras: bool = True, **kwargs: Any) -> None:
        self.entries = entries or PadEntries.new("italia", ["Aiko", "Ben"])
        self.current = self.entries.names[0]
        self.view_factory: ViewFactory = view_factory or MapView
        self.allow_new_table = allow_new_table
        self.extras = extras              # the first-game scoring and saving (a worked example does without)
        self.error_log = ErrorLog()
        self.message = ipw.HTML(layout=ipw.Layout(width="100%", margin="2px 0", display="none"))
        self.message.add_class("cc-pad-message")
        self._near: ipw.Widget | None = None     # the input being answered: a refusal opens under it
        self.results = ipw.HTML()
        self.prizes = ipw.HTML()
        self.view: MapView | None = None
        self._view_map: str | None = None
        self.map_connected = False
        self._syncing = False
        self.savebox = SavesBox(lambda: self.entries.to_json(), self.load_text, self.error_log, menu=cc._("Saved"),
                                layout=ipw.Layout(margin="4px 0"))
        self._table_form()
        self._build()
        kwargs.setdefault("layout", ipw.Layout(width="100%"))
        super().__init__(children=self._children(), **kwargs)
        self.add_class("cc-scoring-pad")
        self.add_class(TOOL)
        self._sync()

    # --- building the inputs ---------------------------------------------------------------------------
    def _guard(self, callback: Callable[..., Any], near: Near = None) -> Callable[..., Any]:
        """The callback of an input: errors shown, never lost; deaf while the pad itself sets the inputs. A
        refusal it brings opens under `near` (the input, or a function of the callback's arguments giving it)."""
        def heard(*args: Any) -> Any:
            if self._syncing:
                return None
            self._near = near(*args) if callable(near) else near
            try:
                return callback(*args)
            finally:
                self._near = None
        return guarded(heard, self.error_log)

    def _table_form(self) -> None:
        """Map, number of players and their names (turn order), to start a new pad."""
        n = len(self.entries.players)
        self.count_choice = ipw.Dropdown(options=list(cc.player_counts()), value=n, description=cc._("Players"),
                                         layout=ipw.Layout(width="170px"))
        self.map_choice = ipw.Dropdown(description=cc._("Map"), layout=ipw.Layout(width="220px"))
        self.name_boxes = [ipw.Text(value=self.entries.names[i] if i < n else cc._("Player {n}", n=i + 1),
                                    layout=ipw.Layout(width="120px")) for i in range(max(cc.player_counts()))]
        self.new_button = ipw.Button(description=cc._("Start a new pad"), icon="file",
                                     layout=ipw.Layout(width="170px"))
        self.count_choice.observe(self._guard(lambda _c: self._show_form()), names="value")
        self.new_button.on_click(self._guard(lambda _b: self.new_table(
            self.map_choice.value, [b.value.strip() for b in self.name_boxes[:self.count_choice.value]]),
            self.new_button))
        self._show_form()

    def _show_form(self) -> None:
        n = self.count_choice.value
        maps = cc.maps_for(n)
        self.map_choice.options = [(cc.load_map(m).display_name, m) for m in maps]
        self.map_choice.value = self.entries.map if self.entries.map in maps else maps[0]
        for i, box in enumerate(self.name_boxes):
            box.layout.display = "" if i < n else "none"

    def _build(self) -> None:
        """The inputs that depend on the map and the players (rebuilt for a new table)."""
        e = self.entries
        self.who = ipw.ToggleButtons(options=e.names, value=self.current, description=cc._("Entering for"),
                                     style={"description_width": "initial"})
        self.who.add_class("cc-who")
        self.who.observe(self._guard(lambda c: self.select(c["new"])), names="value")
        self.tile_entry = TileEntry(e.map)
        self.tile_entry.on_choose(self._guard(lambda city, good: self.set_tile(city, good),
                                              lambda city, _good: self.tile_entry.buttons[city]))
        self.card_counters: dict[str, Counter] = {}
        card_rows: list[ipw.Widget] = []
        for god in cc.GODS:
            kinds = [k for k in e.kinds if k.god == god]
            card_rows.append(ipw.HTML(f"<b>{escape(cc.god_name(god))}</b>"))
            for kind in kinds:
                label = kind.label if kind.good is None else cc._(
                    "{card} ({points} per {good} house)", card=kind.label, points=kind.points_per_house,
                    good=cc.good_name(kind.good))
                # the buttons stay live at the limits: a click past them is refused with the rule that says why
                counter = Counter(escape(label), kind.starting, max(kind.starting - 1, 0), 99, label_width="190px")
                counter.add_class("cc-card-counter")
                counter.add_class(f"cc-card-{kind.key.replace('/', '-').lower()}")
                if not kind.ids:  # a starting card nobody can buy more of: no buttons
                    counter.minus.layout.visibility = "hidden"   # the layout of both buttons
                counter.on_step(self._guard(lambda step, key=kind.key: self.add_card(key, step), counter))
                self.card_counters[kind.key] = counter
                card_rows.append(counter)
        self.cards_box = ipw.VBox(card_rows, layout=ipw.Layout(min_width="300px", margin="0 12px 0 0"))
        self.city_checks = CityChecks(e.map)
        self.city_checks.on_toggle(self._guard(lambda city, _ticked: self.toggle_house(city),
                                               lambda city, _ticked: self.city_checks.boxes[city]))
        self.house_menu = menu(cc._("House in"), house_options(e, self.current), prompt=cc._("choose a city…"),
                               width="360px")
        self.house_menu.add_class("cc-house-menu")
        self.house_menu.observe(self._guard(lambda c: c["new"] and self.toggle_house(c["new"]), self.house_menu),
                                names="value")
        self.tiles_status = ipw.HTML()
        self.tiles_status.add_class("cc-tiles-status")
        self._tiles_done: bool | None = None     # shown so far: the tile section folds when they come in
        self.map_box = ipw.Box(layout=ipw.Layout(width="100%"))
        self.picture = ipw.HTML()
        self.goods: dict[str, Counter] = {}
        for good in cc.GOODS:
            counter = Counter(escape(cc.good_name(good)), 0, 0, 99, label_width="80px")
            counter.add_class(f"cc-good-{good}")
            counter.on_step(self._guard(lambda step, g=good: self.set_good(g, self.player.goods[g] + step), counter))
            self.goods[good] = counter
        self.slots = ipw.HTML()
        self.coins = ipw.BoundedIntText(value=0, min=0, max=9999, description=cc._("Coins"),
                                        layout=ipw.Layout(width="170px"))
        self.coins.add_class("cc-coins")
        self.coins.observe(self._guard(lambda c: self.set_coins(c["new"]), self.coins), names="value")
        self.colonists: dict[str, Counter] = {}
        for colonist_kind in KINDS:
            counter = Counter(escape(_colonist_label(colonist_kind)), 1, 0, 99, label_width="160px")
            counter.add_class(f"cc-colonists-{colonist_kind}")
            counter.on_step(self._guard(lambda step, k=colonist_kind: self.set_colonists(k, self.player.colonists(k) + step),
                                        counter))
            self.colonists[colonist_kind] = counter
        self.concordia = ipw.Dropdown(options=[(cc._("nobody yet"), "")] + [(n, n) for n in e.names],
                                      value=e.concordia or "", description=cc._("Concordia card"),
                                      style={"description_width": "initial"})
        self.concordia.add_class("cc-concordia")
        self.concordia.observe(self._guard(lambda c: self.set_concordia(c["new"] or None), self.concordia),
                               names="value")
        self.praefectus = ipw.Dropdown(options=e.names, value=e.praefectus, description=cc._("Praefectus Magnus"),
                                       style={"description_width": "initial"})
        self.praefectus.add_class("cc-praefectus")
        self.praefectus.observe(self._guard(lambda c: self.set_praefectus(c["new"]), self.praefectus), names="value")
        self.records = {name: ipw.Text(value="", placeholder="—", description=name, style={"description_width": "initial"},
                                       layout=ipw.Layout(width="200px")) for name in e.names}
        for name, box in self.records.items():
            box.observe(self._guard(lambda c, n=name: self.set_record(n, c["new"]), box), names="value")

    def _children(self) -> list[ipw.Widget]:
        def section(title: str, *body: ipw.Widget) -> ipw.VBox:
            head = ipw.HTML(f"<h4 style='margin:10px 0 4px;line-height:1.3'>{escape(title)}</h4>")
            return ipw.VBox([head, *body])

        def note(text: str) -> ipw.HTML:
            return ipw.HTML(f"<div style='color:{CAPTION_INK};margin:2px 0 4px'>{escape(text)}</div>")

        form: list[ipw.Widget] = [
            ipw.HBox([self.count_choice, self.map_choice], layout=ipw.Layout(flex_flow="row wrap")),
            ipw.HBox([ipw.HTML(escape(cc._("Names, in the order of play (the first player first):"))),
                      *self.name_boxes], layout=ipw.Layout(flex_flow="row wrap")),
            self.new_button, section(cc._("Save or load (a pad, or the table saved in chapter 17)"), self.savebox),
        ] if self.allow_new_table else []
        tiles = ipw.VBox([note(cc._("Click the good each city shows on your board. When only one good is left for the "
                                   "cities of a letter, the pad fills them in.")), self.tile_entry])
        self.tiles_section = ipw.Accordion(children=[tiles])
        self.tiles_section.set_title(0, cc._("The board's city tiles"))
        cards = ipw.VBox([ipw.HTML(f"<b>{escape(cc._('Cards, hand and discard pile together'))}</b>"),
                          self.cards_box])
        wealth = ipw.VBox([ipw.HTML(f"<b>{escape(cc._('Colonists on the map'))}</b>"), *self.colonists.values(),
                           ipw.HTML(f"<b>{escape(cc.term('term', 'storehouse').capitalize())}</b>"),
                           *self.goods.values(), self.slots, self.coins], layout=ipw.Layout(min_width="260px"))
        houses = ipw.VBox([ipw.HTML(f"<b>{escape(cc._('Houses'))}</b>"),
                           note(cc._("Click a city on the board, or choose it in the menu, to put a house of the player "
                                     "chosen above there; the same again takes it away. Or tick the cities in the lists "
                                     "below the board.")),
                           self.house_menu, ipw.Box([self.map_box], layout=ipw.Layout(max_width="780px")),
                           self.city_checks])
        player = ipw.HBox([cards, wealth], layout=ipw.Layout(flex_flow="row wrap"))
        extras: list[ipw.Widget] = [section(cc._("First game: the intermediate scoring"), note(cc._(
            "Write each player's recorded score after their first Tribune; the pad says the prizes (R-MID-3).")),
            ipw.HBox(list(self.records.values()), layout=ipw.Layout(flex_flow="row wrap")), self.prizes),
        ] if self.extras else []
        if self.extras and not self.allow_new_table:
            extras.append(section(cc._("Save or load"), self.savebox))
        each = ipw.HTML(f"<h4 style='margin:10px 0 4px;line-height:1.3'>{escape(cc._('Each player'))}</h4>")
        return [page_style(), tool_style(), *form, self.tiles_section, self.tiles_status, each, self.who, self.message,
                player, houses,
                section(cc._("End of the game"), ipw.HBox([self.concordia, self.praefectus],
                                                          layout=ipw.Layout(flex_flow="row wrap"))),
                section(cc._("Scores"), self.results), *extras, self.error_log]

    def say(self, html: str) -> None:
        """Show a refusal (the box of `explanation_html`, an alert) under the input being answered, or under the
        players' buttons when none is; an empty `html` hides it."""
        self.message.value = html
        self.message.layout.display = "" if html else "none"
        if html:
            put_after(self, self.message, self._near or self.who)

    # --- the current player -----------------------------------------------------------------------------
    @property
    def player(self) -> PlayerEntry:
        return self.entries.player(self.current)

    def select(self, name: str) -> None:
        """Enter for another player (the 'Entering for' buttons)."""
        self.entries.player(name)
        self.current = name
        self._sync()

    # --- changes: each goes through the model, refused changes leave everything as it was -------------
    def apply(self, change: Callable[[PadEntries], PadEntries]) -> bool:
        """Apply a change to the entries; a refusal is shown (with its rule) and nothing changes."""
        try:
            new = change(self.entries)
        except cc.ConcordiaError as err:
            self.say(explanation_html(err))
            self._sync()
            return False
        self.entries = new
        self.say("")
        self._sync()
        return True

    def set_tile(self, city: str, good: str | None) -> bool:
        return self.apply(lambda e: e.set_tile(city, good))

    def toggle_house(self, city: str, player: str | None = None) -> bool:
        return self.apply(lambda e: e.toggle_house(player or self.current, city))

    def add_card(self, key: str, step: int = 1, player: str | None = None) -> bool:
        return self.apply(lambda e: e.add_card(player or self.current, key, step))

    def set_good(self, good: str, n: int, player: str | None = None) -> bool:
        return self.apply(lambda e: e.set_good(player or self.current, good, n))

    def set_coins(self, coins: int, player: str | None = None) -> bool:
        return self.apply(lambda e: e.set_coins(player or self.current, coins))

    def set_colonists(self, kind: str, n: int, player: str | None = None) -> bool:
        return self.apply(lambda e: e.set_colonists(player or self.current, kind, n))

    def set_concordia(self, name: str | None) -> bool:
        return self.apply(lambda e: e.set_concordia(name))

    def set_praefectus(self, name: str) -> bool:
        return self.apply(lambda e: e.set_praefectus(name))

    def set_record(self, name: str, text: str | int | None) -> bool:
        value: int | None
        if text is None or str(text).strip() == "":
            value = None
        else:
            try:
                value = int(str(text).strip())
            except ValueError:
                self.say(explanation_html(cc.InvalidAction(cc._(
                    "a recorded score is a whole number, not {text!r}", text=text))))
                self._sync()
                return False
        return self.apply(lambda e: e.set_record(name, value))

    def new_table(self, map_name: str, names: list[str], tiles: dict[str, str] | None = None) -> bool:
        """A fresh pad for another table (a refusal, e.g. a player count the map does not allow, changes nothing)."""
        try:
            entries = PadEntries.new(map_name, names, tiles)
        except cc.ConcordiaError as err:
            self.say(explanation_html(err))
            return False
        self.load_entries(entries)
        return True

    def load_entries(self, entries: PadEntries) -> None:
        self.entries = entries
        self.current = entries.names[0]
        self.say("")
        self.count_choice.value = len(entries.players)
        self._show_form()
        for box, name in zip(self.name_boxes, entries.names, strict=False):
            box.value = name
        self._build()
        self.children = self._children()
        self._sync()

    def load_text(self, text: str) -> None:
        """Entries from a saved pad, or the table of a saved box guide (map, players, city tiles);
        a bad file raises cc.RecordError (a plain sentence) and nothing changes."""
        try:
            data = cc.parse_json(text)   # size, depth and numbers checked before parsing
        except cc.RecordError:
            data = None                  # PadEntries.from_json says what is wrong, as a pad's problem
        if isinstance(data, dict) and data.get("format") == "concordia-table":
            from .boxguide import Table
            table = Table.from_json(text)
            self.load_entries(PadEntries.new(table.map, table.turn_order(), table.tiles))
            return
        self.load_entries(PadEntries.from_json(text))

    # --- showing the entries -----------------------------------------------------------------------------
    def totals(self) -> dict[str, int]:
        """Each player's total (the engine's), once the tiles are entered."""
        return {b.player: b.total for b in self.entries.breakdowns()}

    def _sync(self) -> None:
        """Show the entries in every input (without hearing the inputs change)."""
        if self._syncing:
            return
        self._syncing = True
        try:
            self._sync_inputs()
        finally:
            self._syncing = False

    def _sync_inputs(self) -> None:
        e, p = self.entries, self.player
        index = e.names.index(self.current)
        self.who.value = self.current
        self.tile_entry.show(e.tiles, e.board_tiles)
        self._sync_tiles_section()
        options = house_options(e, self.current)
        if list(self.house_menu.options)[1:] != options:
            self.house_menu.options = [(self.house_menu.options[0][0], None), *options]
        self.house_menu.index = 0          # back on "choose a city…"
        for key, counter in self.card_counters.items():
            counter.value = p.held(e.kind(key))
        notes = {}
        for city in cc.load_map(e.map).cities:
            others = [q.name for q in e.players if city in q.houses and q.name != self.current]
            if others:
                notes[city] = cc.listing(others)
        self.city_checks.set_tiles(e.board_tiles, notes)
        self.city_checks.value = tuple(p.houses)
        for good, counter in self.goods.items():
            counter.value = p.goods[good]
        self.slots.value = escape(cc._(
            "{used} of {slots} slots used: {goods} and {waiting} waiting colonists", used=p.slots_used(),
            slots=cc.CONSTANTS.storehouse_slots, goods=cc.goods_text(p.goods), waiting=p.waiting()))
        self.coins.value = p.coins
        for kind, counter in self.colonists.items():
            counter.value = p.colonists(kind)
        self.concordia.value = e.concordia or ""
        self.praefectus.value = e.praefectus
        for name, box in self.records.items():
            record = e.player(name).record
            box.value = "" if record is None else str(record)
        prizes = e.prizes()
        self.prizes.value = "" if prizes is None else escape(cc._("Prizes: {prizes} (R-MID-3).", prizes=cc.listing(
            cc.n_("{player} {n} coin", "{player} {n} coins", coins, player=name)
            for name, coins in zip(e.names, prizes, strict=True))))
        self.results.value = results_html(e)
        self._show_board(index)

    def _sync_tiles_section(self) -> None:
        """The tile section says how far the tiles are, and folds away when they come in (opens when they go out)."""
        e = self.entries
        done = e.tiles_done
        if done != self._tiles_done:
            self.tiles_section.selected_index = None if done else 0
            self._tiles_done = done
        title, text = tile_words(e)
        if self.tiles_section.get_title(0) != title:
            self.tiles_section.set_title(0, title)
        self.tiles_status.value = f"<div style='color:{CAPTION_INK};margin:2px 0'>{escape(text)}</div>"

    def _show_board(self, index: int) -> None:
        e = self.entries
        if not e.tiles_complete:
            self.picture.value = board_picture(e)
            self.map_box.children = (self.picture,)
            return
        state = replace(e.state(), over=True)   # drawn as a finished game: nobody is to act
        if self.view is None or self._view_map != e.map:
            self.view = self.view_factory(state)
            self._view_map = e.map
            self.map_connected = connect_map(self.view, self._guard(lambda city: self.toggle_house(city), self.map_box))
        show_board(self.view, state, cc.load_map(e.map).cities, self.player.houses)
        self.map_box.children = (self.view,)


def path_to(root: ipw.Widget, target: ipw.Widget) -> list[ipw.Widget]:
    """The widgets from `root` down to `target` (empty if `target` is not shown inside `root`)."""
    if root is target:
        return [root]
    for child in getattr(root, "children", ()):
        found = path_to(child, target)
        if found:
            return [root, *found]
    return []


def _stacks(box: ipw.Widget) -> bool:
    """Does `box` put its children under each other, or wrap them onto lines (so a full-width box put after one
    of them opens right under it)? Not a plain row, nor a widget with no children."""
    flow = getattr(getattr(box, "layout", None), "flex_flow", None) or ""
    return isinstance(box, ipw.Box) and ("wrap" in flow or (isinstance(box, ipw.VBox) and "row" not in flow))


def put_after(root: ipw.Box, widget: ipw.Widget, anchor: ipw.Widget) -> None:
    """Move `widget` (full width) to open right under `anchor`, inside `root`: after the anchor, or after the
    anchor's row, in the nearest box that stacks or wraps its children."""
    old = path_to(root, widget)
    if len(old) > 1:
        holder = old[-2]
        holder.children = tuple(c for c in holder.children if c is not widget)
    path = path_to(root, anchor)
    for parent, child in zip(reversed(path[:-1]), reversed(path[1:]), strict=True):
        if _stacks(parent):
            children = list(parent.children)
            children.insert(children.index(child) + 1, widget)
            parent.children = tuple(children)
            return
    root.children = (*root.children, widget)


def _colonist_label(kind: str) -> str:
    return cc._("land colonists") if kind == "land" else cc._("sea colonists")
