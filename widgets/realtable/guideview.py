"""The box guide as a widget: choose the map and the players, tick off each step of the set-up beside its
picture, optionally tell the tutor the city tiles you drew (it then lists your bonus tiles and shows a
game that mirrors your table), print the steps, save the table by name for the scoring pad.
"""
from __future__ import annotations

import base64
import random
from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from ..parts.error_log import ErrorLog, guarded
from ..parts.save_box import SavesBox
from ..parts.style import page_style
from ..render.refusal import explanation_html
from . import tiles as tl
from .boxguide import Step, Table, setup_steps, sheet_html, step_html
from .inputs import TOOL, TileEntry, tool_style


def default_names(n: int) -> list[str]:
    return [cc._("Player {n}", n=i + 1) for i in range(n)]


def download_link(html_text: str, file_name: str, label: str) -> str:
    """An HTML link that downloads `html_text` as a file (the data travels inside the link)."""
    data = base64.b64encode(html_text.encode("utf-8")).decode("ascii")
    return (f"<a class='cc-download' download='{escape(file_name)}' href='data:text/html;charset=utf-8;base64,{data}' "
            f"target='_blank' style='font-weight:bold'>⬇ {escape(label)}</a>")


class StepRow(ipw.HBox):
    """One step: a tick box and the step (text and picture)."""

    def __init__(self, step: Step, number: int, ticked: bool) -> None:
        self.key = step.key
        self.tick = ipw.Checkbox(value=ticked, indent=False, description=cc._("done"),
                                 layout=ipw.Layout(width="auto", min_width="70px", flex="0 0 auto"))
        self.body = ipw.HTML(step_html(step, number), layout=ipw.Layout(flex="1 1 auto"))
        super().__init__([self.tick, self.body], layout=ipw.Layout(align_items="flex-start"))
        self.add_class("cc-step-row")

    def show(self, step: Step, number: int) -> None:
        html = step_html(step, number)
        if self.body.value != html:
            self.body.value = html


class BoxGuide(ipw.VBox):
    """Set-up steps for a table. `table` is the current Table; `choose(...)`, `set_tile(...)`, `tick(...)`,
    `draw_lots()`, `printable()` are what the inputs call (tests call them too). Without a table the guide
    starts with three players on Italia and draws lots for the first player (R-SETUP-8), with `seed` the
    same draw every time; the draw is shown, and the group may draw again or choose their own."""

    def __init__(self, table: Table | None = None, seed: int | None = None, **kwargs: Any) -> None:
        self.rng = random.Random(seed)
        self.error_log = ErrorLog()
        self.message = ipw.HTML()
        self.lots = ipw.HTML()
        self.drawn_seat: int | None = None      # the seat the lots chose, while that seat starts
        if table is None:
            names = default_names(3)
            self.drawn_seat = self.rng.randrange(len(names))
            table = Table.make("italia", names, names[self.drawn_seat])
        self.table = table
        self._syncing = False
        n = len(self.table.seating)
        self.count_choice = ipw.Dropdown(options=list(cc.player_counts()), value=n, description=cc._("Players"),
                                         layout=ipw.Layout(width="170px"))
        self.map_choice = ipw.Dropdown(description=cc._("Map"), layout=ipw.Layout(width="220px"))
        names = list(self.table.seating) + default_names(max(cc.player_counts()))[n:]
        self.name_boxes = [ipw.Text(value=names[i], layout=ipw.Layout(width="120px"))
                           for i in range(max(cc.player_counts()))]
        self.first_choice = ipw.Dropdown(description=cc._("First player"), style={"description_width": "initial"},
                                         layout=ipw.Layout(width="240px"))
        for w in (self.count_choice, self.map_choice, self.first_choice, *self.name_boxes):
            w.observe(guarded(lambda _c: self._form_changed(), self.error_log), names="value")
        self.lots_button = ipw.Button(description=cc._("Draw lots"), icon="random", layout=ipw.Layout(width="150px"),
                                      tooltip=cc._("Draw the first player by lot (R-SETUP-8)"))
        self.lots_button.on_click(guarded(lambda _b: self.draw_lots(), self.error_log))
        self.progress = ipw.HTML()
        self.rows: list[StepRow] = []
        self.steps_box = ipw.VBox()
        self.tile_entry = TileEntry(self.table.map)
        self.tile_entry.on_choose(guarded(lambda city, good: self.set_tile(city, good), self.error_log))
        self.tiles_status = ipw.HTML()
        self.mirror_box = ipw.VBox()
        self.print_button = ipw.Button(description=cc._("Printable sheet"), icon="print",
                                       layout=ipw.Layout(width="180px"))
        self.print_button.on_click(guarded(lambda _b: self.printable(), self.error_log))
        self.link = ipw.HTML()
        self.savebox = SavesBox(lambda: self.table.to_json(), self.load_text, self.error_log, menu=cc._("Saved"),
                                layout=ipw.Layout(margin="4px 0"))
        self.tiles_section = ipw.Accordion(children=[ipw.VBox([self.tiles_status, self.tile_entry, self.mirror_box])])
        self.tiles_section.set_title(0, cc._("Optional: tell the tutor the city tiles you drew"))
        self.tiles_section.selected_index = None
        form = ipw.VBox([
            ipw.HBox([self.count_choice, self.map_choice, self.first_choice, self.lots_button],
                     layout=ipw.Layout(flex_flow="row wrap", align_items="center")),
            self.lots,
            ipw.HBox([ipw.HTML(escape(cc._("Names, in seating order (clockwise):"))), *self.name_boxes],
                     layout=ipw.Layout(flex_flow="row wrap"))])
        kwargs.setdefault("layout", ipw.Layout(width="100%"))
        super().__init__(children=[page_style(), tool_style(), form, self.message, self.progress, self.steps_box,
                                   self.tiles_section,
                                   ipw.HBox([self.print_button, self.link], layout=ipw.Layout(align_items="center")),
                                   self.savebox, self.error_log], **kwargs)
        self.add_class("cc-box-guide")
        self.add_class(TOOL)
        self._sync(rebuild=True)

    # --- changes ---------------------------------------------------------------------------------------
    def _form_changed(self) -> None:
        if self._syncing:
            return
        n = self.count_choice.value
        maps = cc.maps_for(n)
        map_name = self.map_choice.value if self.map_choice.value in maps else maps[0]
        names = [b.value.strip() for b in self.name_boxes[:n]]
        seat = self.table.seating.index(self.table.first)
        if self.first_choice.value in names:
            first = self.first_choice.value
        elif seat < len(names):     # the first player renamed: the same seat starts
            first = names[seat]
        else:                       # their seat taken away: lots again
            first = self.rng.choice(names)
            self.drawn_seat = names.index(first)
        self.choose(map_name, names, first)

    def _apply(self, make: Callable[[], Table]) -> bool:
        """Change to the table `make()` returns; a refusal is shown (with its rule) and nothing changes."""
        try:
            table = make()
        except cc.ConcordiaError as err:
            self.message.value = explanation_html(err)
            self._sync()
            return False
        rebuild = table.map != self.table.map or len(table.seating) != len(self.table.seating)
        self.table = table
        self.message.value = ""
        self._sync(rebuild=rebuild)
        return True

    def choose(self, map_name: str, seating: list[str], first: str | None = None) -> bool:
        """Another map, players or first player: the steps follow (tiles kept while the map stays)."""
        tiles = self.table.tiles if map_name == self.table.map else {}
        return self._apply(lambda: Table.make(map_name, seating, first, tiles, sorted(self.table.done)))

    def draw_lots(self) -> str:
        """Draw the first player by lot among the players at the table (R-SETUP-8); the draw is shown."""
        t = self.table
        seat = self.rng.randrange(len(t.seating))
        self.drawn_seat = seat
        self._apply(lambda: Table.make(t.map, t.seating, t.seating[seat], t.tiles, sorted(t.done)))
        return self.table.first

    def set_tile(self, city: str, good: str | None) -> bool:
        """The tile the group drew for a city (None: not known); refused if the box holds no such tile."""
        tiles = {c: g for c, g in self.table.tiles.items() if c != city}
        if good:
            tiles[city] = good
        t = self.table
        return self._apply(lambda: Table.make(t.map, t.seating, t.first, tiles, sorted(t.done)))

    def tick(self, key: str, done: bool = True) -> None:
        """Tick a step off (or not)."""
        done_keys = set(self.table.done) | {key} if done else set(self.table.done) - {key}
        self.table = replace(self.table, done=frozenset(done_keys))
        self._sync()

    def printable(self) -> str:
        """The printable HTML sheet of the steps; also offered as a download link."""
        text = sheet_html(self.table)
        name = f"concordia-setup-{self.table.map}-{len(self.table.seating)}.html"
        self.link.value = download_link(text, name, cc._("Download the sheet ({name})", name=name))
        return text

    def load_text(self, text: str) -> None:
        table = Table.from_json(text)
        self.table = table
        self.message.value = ""
        self.drawn_seat = None
        self._sync(rebuild=True)

    def game(self) -> cc.Game:
        """A game mirroring the group's table (every city tile entered)."""
        return self.table.game()

    # --- showing -------------------------------------------------------------------------------------------
    def _sync(self, rebuild: bool = False) -> None:
        self._syncing = True
        try:
            self._sync_form()
            self._sync_steps(rebuild)
            self._sync_tiles(rebuild)
        finally:
            self._syncing = False

    def _sync_form(self) -> None:
        t = self.table
        n = len(t.seating)
        self.count_choice.value = n
        self.map_choice.options = [(cc.load_map(m).display_name, m) for m in cc.maps_for(n)]
        self.map_choice.value = t.map
        for i, box in enumerate(self.name_boxes):
            box.layout.display = "" if i < n else "none"
            if i < n:
                box.value = t.seating[i]
        self.first_choice.options = list(t.seating)
        self.first_choice.value = t.first
        drawn = self.drawn_seat is not None and self.drawn_seat < n and t.seating[self.drawn_seat] == t.first
        if not drawn:
            self.drawn_seat = None
        self.lots.value = escape(cc._(
            "Drawn by lot: {first} starts (R-SETUP-8). Drew lots at the table instead? Choose that player as the "
            "first player.", first=t.first) if drawn else cc._("{first} starts, as you chose.", first=t.first))

    def _sync_steps(self, rebuild: bool) -> None:
        steps = setup_steps(self.table)
        if rebuild or [r.key for r in self.rows] != [s.key for s in steps]:
            self.rows = [StepRow(s, i, s.key in self.table.done) for i, s in enumerate(steps, 1)]
            for row in self.rows:
                row.tick.observe(guarded(lambda c, k=row.key: self._ticked(k, c["new"]), self.error_log), names="value")
            self.steps_box.children = tuple(self.rows)
        for i, (row, step) in enumerate(zip(self.rows, steps, strict=True), 1):
            row.show(step, i)
            row.tick.value = step.key in self.table.done
        done = sum(s.key in self.table.done for s in steps)
        self.progress.value = escape(cc._("{done} of {n} steps done", done=done, n=len(steps)))

    def _ticked(self, key: str, value: bool) -> None:
        if not self._syncing:
            self.tick(key, value)

    def _sync_tiles(self, rebuild: bool) -> None:
        t = self.table
        if rebuild or self.tile_entry.map_id != t.map:
            self.tile_entry = TileEntry(t.map)
            self.tile_entry.on_choose(guarded(lambda city, good: self.set_tile(city, good), self.error_log))
            self.tiles_section.children = (ipw.VBox([self.tiles_status, self.tile_entry, self.mirror_box]),)
        self.tile_entry.show(t.tiles, t.board_tiles)
        missing = tl.missing(t.map, t.board_tiles)
        if missing:
            self.tiles_status.value = escape(cc.n_(
                "Click each city's good as your table shows it; the last tile of a letter is filled in for you. "
                "{n} city to go.", "Click each city's good as your table shows it; the last tile of a letter is "
                "filled in for you. {n} cities to go.", len(missing)))
            self.mirror_box.children = ()
            return
        self.tiles_status.value = escape(cc._(
            "Every city has its tile. The bonus tiles are listed in their step above, and below is your table "
            "in the tutor: save it by name to load it in the scoring pad (chapter 18)."))
        from ..screen.map_view import MapView
        state = t.game().state
        view = self.mirror_box.children[0] if self.mirror_box.children else None
        if isinstance(view, MapView):
            view.show(state)
        else:
            self.mirror_box.children = (MapView(state),)
