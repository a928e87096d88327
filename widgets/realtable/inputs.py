"""Inputs shared by the scoring pad, the box guide and the chapter 14 explorer: quick to click, no
multi-select lists.

* `CityChecks`   one checkbox per city, grouped by province (the accessible way to pick houses; the map
                 is the quick one); `.value` is the tuple of ticked cities
* `Counter`      a number with - and + buttons (cards, goods, colonists)
* `TileEntry`    one row of good buttons per city, grouped by province (the city tiles a group drew)
* `connect_map`  the map view's city clicks (typed `Pick`s) sent to a callback; `show_board` redraws it with the
                 cities that may be clicked (`show(..., pickable=...)`)
* `tool_style`   the tools' own style: every label of their controls reads whole on a phone
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from typing import Any

import ipywidgets as ipw
import traitlets
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_button import ButtonStyle
from ipywidgets.widgets.widget_selection import ToggleButtonsStyle
from ipywidgets.widgets.widget_string import HTMLStyle

import concordia_core as cc

from ..parts.style import page_style
from ..render import palette as pal
from ..render.picks import Pick
from ..screen.map_view import MapView

TOOL = "cc-realtable"
"""Class of a real-table tool (the scoring pad, the box guide): the page stylesheet's rules for it apply inside it
(widgets/parts/page.css)."""


def tool_style() -> ipw.Widget:
    """The real-table tools' style (the page style, whose stylesheet holds their rules), as a widget taking no room:
    put it among the tool's children."""
    return page_style()


def small_button_layout() -> ipw.Layout:
    """A layout of its own for each counter's pair of small buttons, hidden or shown together (one Layout
    shared by every counter would hide or show them all)."""
    return ipw.Layout(width="30px", height="28px", padding="0")


def city_label(map_id: str, city: str, good: str | None) -> str:
    """'COSA · brick', or 'COSA · B' (its letter) while its tile is unknown."""
    board = cc.load_map(map_id)
    if good:
        return cc._("{city} · {good}", city=cc.city_name(city), good=cc.good_name(good))
    return cc._("{city} · {letter}", city=cc.city_name(city), letter=board.node(city).letter or "")


class CityChecks(ipw.VBox):
    """A checkbox per city, grouped by province. `.value` (observable) is the sorted tuple of ticked cities;
    `on_toggle(callback)` hears the clicks (callback(city, ticked)), not changes made by code."""

    value = traitlets.Tuple()

    def __init__(self, map_id: str, tiles: Mapping[str, str] | None = None, value: Iterable[str] = (),
                 **kwargs: Any) -> None:
        self.map_id = map_id
        self._tiles = dict(tiles or {})
        self._listeners: list[Callable[[str, bool], None]] = []
        self._quiet = False
        board = cc.load_map(map_id)
        self.boxes: dict[str, ipw.Checkbox] = {}
        groups = []
        # the boxes share one layout and one style (never changed box by box): fewer models for a page to load
        box_layout, box_style, title_style = ipw.Layout(width="auto", margin="0"), CheckboxStyle(), HTMLStyle()
        group_layout = ipw.Layout(border=f"1px solid {pal.LIGHT_GREY}", padding="2px 6px", margin="2px", min_width="150px")
        for pid, prov in board.provinces.items():
            items = []
            for city in prov.cities:
                box = ipw.Checkbox(value=False, indent=False, description=city_label(map_id, city, self._tiles.get(city)),
                                   layout=box_layout, style=box_style)
                box.observe(self._clicked(city), names="value")
                box.add_class("cc-city-check")
                self.boxes[city] = box
                items.append(box)
            title = ipw.HTML(f"<b style='font-size:90%'>{escape(cc.province_name(pid))}</b>", style=title_style)
            groups.append(ipw.VBox([title, *items], layout=group_layout))
        kwargs.setdefault("layout", ipw.Layout(display="flex", flex_flow="row wrap"))
        super().__init__(children=groups, **kwargs)
        self.value = tuple(sorted(value))

    def _clicked(self, city: str) -> Callable[[dict[str, Any]], None]:
        def handler(change: dict[str, Any]) -> None:
            if self._quiet:
                return
            ticked = {c for c, b in self.boxes.items() if b.value}
            self._quiet = True
            try:
                self.value = tuple(sorted(ticked))
            finally:
                self._quiet = False
            for listener in self._listeners:
                listener(city, bool(change["new"]))
        return handler

    @traitlets.observe("value")
    def _show_value(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        wanted = set(change["new"])
        self._quiet = True
        try:
            for city, box in self.boxes.items():
                box.value = city in wanted
        finally:
            self._quiet = False

    def on_toggle(self, callback: Callable[[str, bool], None]) -> None:
        self._listeners.append(callback)

    def set_tiles(self, tiles: Mapping[str, str], notes: Mapping[str, str] | None = None) -> None:
        """Relabel the cities with their goods (and a note each, e.g. whose houses stand there)."""
        notes = notes or {}
        for city, box in self.boxes.items():
            label = city_label(self.map_id, city, tiles.get(city))
            box.description = cc._("{label} ({note})", label=label, note=notes[city]) if notes.get(city) else label

    def click(self, city: str) -> None:
        """What a click on the city's box does (tests)."""
        self.boxes[city].value = not self.boxes[city].value


_SHARED: dict[str, ipw.Widget] = {}


def _shared(kind: str) -> Any:
    """One style or layout model that every Counter uses and none changes on its own (a page with many
    counters loads fewer models)."""
    if kind not in _SHARED or _SHARED[kind].comm is None:
        _SHARED[kind] = {"html": HTMLStyle, "button": ButtonStyle,
                         "shown": lambda: ipw.Layout(width="28px")}[kind]()
    return _SHARED[kind]


class Counter(ipw.HBox):
    """A whole number with - and + buttons between `low` and `high`; `.value` is observable.
    `on_step(callback)` hears the buttons (callback(+1 or -1)) so an owner may refuse a step."""

    value = traitlets.Int()

    def __init__(self, label: str, value: int = 0, low: int = 0, high: int = 99, *, label_width: str = "120px",
                 **kwargs: Any) -> None:
        self.low, self.high = low, high
        self._listeners: list[Callable[[int], None]] = []
        self.label = ipw.HTML(label, layout=ipw.Layout(width=label_width), style=_shared("html"))
        buttons = small_button_layout()
        self.minus = ipw.Button(description="−", layout=buttons, tooltip=cc._("one fewer"), style=_shared("button"))
        self.plus = ipw.Button(description="+", layout=buttons, tooltip=cc._("one more"), style=_shared("button"))
        self.shown = ipw.HTML(layout=_shared("shown"), style=_shared("html"))
        self.minus.add_class("cc-minus")
        self.plus.add_class("cc-plus")
        self.minus.on_click(lambda _b: self._step(-1))
        self.plus.on_click(lambda _b: self._step(+1))
        kwargs.setdefault("layout", ipw.Layout(align_items="center", margin="0"))
        super().__init__(children=[self.label, self.minus, self.shown, self.plus], **kwargs)
        self.value = value
        self._show({"new": value})

    def _step(self, step: int) -> None:
        if self._listeners:
            for listener in self._listeners:
                listener(step)
        elif self.low <= self.value + step <= self.high:
            self.value += step

    @traitlets.observe("value")
    def _show(self, change: dict[str, Any]) -> None:
        n = change["new"]
        self.shown.value = f"<b style='display:inline-block;width:24px;text-align:center'>{n}</b>"
        self.minus.disabled = n <= self.low
        self.plus.disabled = n >= self.high

    def on_step(self, callback: Callable[[int], None]) -> None:
        self._listeners.append(callback)


class TileEntry(ipw.VBox):
    """The city tiles of a table: per city a row of buttons, one per good and '?' (not known yet), grouped
    by province. `on_choose(callback)` hears a click (callback(city, good or None))."""

    def __init__(self, map_id: str, **kwargs: Any) -> None:
        self.map_id = map_id
        self._listeners: list[Callable[[str, str | None], object]] = []
        self._quiet = False
        board = cc.load_map(map_id)
        self.buttons: dict[str, ipw.ToggleButtons] = {}
        options = [("?", "")] + [(cc.good_name(g), g) for g in cc.GOODS]
        groups = []
        # the rows share their layouts and styles (never changed row by row): fewer models for a page to load
        buttons_layout, buttons_style = ipw.Layout(margin="0"), ToggleButtonsStyle(button_width="64px")
        name_layout, text_style = ipw.Layout(width="120px"), HTMLStyle()
        row_layout = ipw.Layout(align_items="center", flex_flow="row wrap")
        group_layout = ipw.Layout(border=f"1px solid {pal.LIGHT_GREY}", padding="2px 6px", margin="2px")
        for pid, prov in board.provinces.items():
            rows = [ipw.HTML(f"<b style='font-size:90%'>{escape(cc.province_name(pid))}</b>", style=text_style)]
            for city in prov.cities:
                buttons = ipw.ToggleButtons(options=options, value="", style=buttons_style, layout=buttons_layout)
                buttons.add_class("cc-tile-buttons")
                buttons.observe(self._chosen(city), names="value")
                self.buttons[city] = buttons
                letter = board.node(city).letter or ""
                name = ipw.HTML(f"<span style='font-size:90%'>{escape(cc.city_name(city))} <b>{letter}</b></span>",
                                layout=name_layout, style=text_style)
                rows.append(ipw.HBox([name, buttons], layout=row_layout))
            groups.append(ipw.VBox(rows, layout=group_layout))
        kwargs.setdefault("layout", ipw.Layout(display="flex", flex_flow="row wrap"))
        super().__init__(children=groups, **kwargs)

    def _chosen(self, city: str) -> Callable[[dict[str, Any]], None]:
        def handler(change: dict[str, Any]) -> None:
            if self._quiet:
                return
            for listener in self._listeners:
                listener(city, change["new"] or None)
        return handler

    def on_choose(self, callback: Callable[[str, str | None], object]) -> None:
        self._listeners.append(callback)

    def show(self, entered: Mapping[str, str], board_tiles: Mapping[str, str]) -> None:
        """Show the tiles: those entered pressed, those filled in by the tutor pressed and marked."""
        self._quiet = True
        try:
            for city, buttons in self.buttons.items():
                buttons.value = board_tiles.get(city, "")
                tips = [cc._("filled in: the only tile of its letter left") if city in board_tiles and
                        city not in entered else ""] * len(buttons.options)
                buttons.tooltips = tips
        finally:
            self._quiet = False

    def choose(self, city: str, good: str | None) -> None:
        """What a click on one of the city's buttons does (tests)."""
        self.buttons[city].value = good or ""


def connect_map(view: MapView, on_city: Callable[[str], None]) -> bool:
    """Send clicks on the map view's cities to `on_city(city)`; True (connected). Which cities answer is said
    at each redraw (`show_board`)."""
    def picked(pick: Pick) -> None:
        if pick.kind == "city":
            on_city(pick.id)

    view.on_pick(picked)
    return True


def show_board(view: MapView, state: cc.GameState, cities: Iterable[str], chosen: Iterable[str] = ()) -> None:
    """Redraw the map view with `cities` clickable (others ignore clicks and are not highlighted) and the
    `chosen` cities drawn apart."""
    view.show(state, pickable={"city": set(cities)}, selected=[Pick("city", c) for c in chosen])


def player_chip(index: int, name: str) -> str:
    """A player's name on their colour (and letter), for headings."""
    colour = pal.player_colour(index)
    return (f"<span style='background:{colour};color:{pal.text_colour_on(colour)};padding:1px 6px;"
            f"border-radius:3px'>{escape(name)}</span>")
