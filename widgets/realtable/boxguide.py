"""Setting up the physical box, step by step, for a map and a number of players.

`Table` is what a group tells the tutor: the map, their names in seating order (clockwise), who starts,
and optionally the city tiles they drew. `setup_steps(table)` lists what to do, each step with the rule
it follows, its text and a picture of the part of the board concerned. Every number comes from the
engine: the decks from `cc.decks_for`, the cards from `cc.cards_for_sale`/`cc.starting_hand`, the limits
from `cc.CONSTANTS`, the cities from the map data, and each seat's coins, goods and colonists, and who
takes the Praefectus Magnus, from the engine's own set-up of that table (`cc.Scenario`). `sheet_html`
makes a printable HTML page of the steps with their pictures inline.
"""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from types import MappingProxyType

import concordia_core as cc

from ..render import map_picture as pictures
from ..render import palette as pal
from ..render.layout import PX, text_width
from . import tiles as tl

SHEET_STYLE = Path(__file__).with_name("sheet.css")
"""The printable sheet's stylesheet."""

FORMAT = "concordia-table"
VERSION = 1


@dataclass(frozen=True)
class Table:
    """A group's table: map, names in seating order (clockwise), who starts, the tiles they drew."""

    map: str
    seating: tuple[str, ...]
    first: str
    tiles: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    done: frozenset[str] = frozenset()          # the steps ticked off

    @classmethod
    def make(cls, map_name: str, seating: Sequence[str], first: str | None = None,
             tiles: Mapping[str, str] | None = None, done: Sequence[str] = ()) -> Table:
        """A checked table (a SetupError or a refusal naming the rule otherwise)."""
        names = tuple(seating)
        first = names[0] if first is None and names else first
        setup = cc.Scenario(map_name, list(names)).build()   # the map and the names (R-SETUP-1)
        if first not in names:
            raise cc.SetupError("R-SETUP-8", cc._("the first player must be one of {players}", players=cc.listing(names)))
        return cls(setup.map_id, names, str(first), MappingProxyType(tl.checked(setup.map_id, tiles or {})),
                   frozenset(done))

    def turn_order(self) -> list[str]:
        """Names in the order of play: the first player, then clockwise (R-SETUP-8)."""
        i = self.seating.index(self.first)
        return list(self.seating[i:] + self.seating[:i])

    @property
    def board_tiles(self) -> dict[str, str]:
        """The tiles entered, and the cities whose tile can only be one good."""
        return tl.forced(self.map, self.tiles)

    @property
    def tiles_complete(self) -> bool:
        return not tl.missing(self.map, self.board_tiles)

    def state(self) -> cc.GameState:
        """The engine's set-up of this table (random tiles where the group has not entered theirs)."""
        sc = cc.Scenario(self.map, self.turn_order())
        return sc.city_goods(**self.board_tiles).build() if self.tiles_complete else sc.build()

    def game(self) -> cc.Game:
        """A game that mirrors the group's table: their players, their city tiles, bonus tiles by R-SETUP-3."""
        return tl.mirror(self.map, self.turn_order(), self.board_tiles).game()

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "map": self.map, "seating": list(self.seating),
                           "first_player": self.first, "city_tiles": dict(self.tiles), "done": sorted(self.done)},
                          ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Table:
        """A table from `to_json` text; anything else is refused with a plain sentence (cc.RecordError)."""
        try:
            data = cc.parse_json(text)   # size, depth and numbers checked before parsing
        except cc.RecordError as exc:
            raise cc.RecordError(cc._("this is not a saved table: {problem}", problem=exc)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise cc.RecordError(cc._("this is not a saved table of the set-up guide"))
        seating, tiles, done = data.get("seating"), data.get("city_tiles", {}), data.get("done", [])
        if not isinstance(seating, list) or not all(isinstance(n, str) for n in seating):
            raise cc.RecordError(cc._("this is not a saved table: its seating must be a list of names"))
        if not isinstance(tiles, dict) or not all(isinstance(g, str) for g in tiles.values()):
            raise cc.RecordError(cc._("this is not a saved table: its city tiles must name a good for each city"))
        if not isinstance(done, list) or not all(isinstance(d, str) for d in done):
            raise cc.RecordError(cc._("this is not a saved table: its ticked steps must be a list"))
        if not isinstance(data.get("map"), str):
            raise cc.RecordError(cc._("this is not a saved table: it names no map"))
        try:
            return cls.make(data["map"], seating, data.get("first_player"), tiles, done)
        except cc.ConcordiaError as err:
            raise cc.RecordError(cc._("the saved table cannot be set up: {problem}", problem=str(err))) from None


@dataclass(frozen=True)
class Step:
    """One thing to do at the table: a key, a title, the rules it follows, its text (paragraphs or list
    items, plain text) and a picture (SVG text)."""

    key: str
    title: str
    rules: tuple[str, ...]
    text: tuple[str, ...]
    items: tuple[str, ...] = ()
    picture: str = ""


def _order_words(names: Sequence[str]) -> str:
    return cc._(" → ").join(names)


@dataclass(frozen=True)
class _Facts:
    """What every step of a table's set-up is worked out from."""

    table: Table
    board: cc.ConcordiaMap
    state: cc.GameState
    order: list[str]
    tiles: dict[str, str]
    width: int


def setup_steps(table: Table, width: int = 440) -> list[Step]:
    """The set-up of the box for this table, in order (R-SETUP-1..8)."""
    facts = _Facts(table, cc.load_map(table.map), table.state(), table.turn_order(),
                   table.board_tiles if table.tiles else {}, width)
    return [step for part in (_board_steps, _tile_steps, _bonus_steps, _card_steps, _piece_steps, _storehouse_steps, _seat_steps)
            for step in part(facts)]


def _board_steps(f: _Facts) -> list[Step]:
    """The board (R-SETUP-1)."""
    table, board, width, order = f.table, f.board, f.width, f.order
    n = len(order)
    steps: list[Step] = []
    others = [cc.load_map(m).display_name for m in cc.maps_for(n) if m != table.map]
    text = [cc.n_("Lay the board with the {map} side up: {map} is for {counts} players.",
                  "Lay the board with the {map} side up: {map} is for {counts} players.", n, map=board.display_name,
                  counts=cc.listing(str(k) for k in board.players))]
    if others:
        text.append(cc._("With {n} players you could also play on {others}.", n=n, others=cc.listing(others)))
    steps.append(Step("board", cc._("The board"), ("R-SETUP-1",), tuple(text),
                      picture=pictures.map_picture(table.map, width=width, caption=board.display_name)))
    return steps


def _tile_steps(f: _Facts) -> list[Step]:
    """The city tiles, one step per letter, then turned over (R-SETUP-2)."""
    table, board, tiles, width = f.table, f.board, f.tiles, f.width
    c = cc.CONSTANTS
    steps: list[Step] = []
    by_letter = tl.cities_by_letter(table.map)
    unused = sorted(set(c.city_tiles) - set(board.city_tile_letters))
    for letter, cities in by_letter.items():
        box = c.city_tiles[letter]
        text = [cc.n_("Take the {n} city tile with the letter {letter} ({goods}), shuffle it letter side up and put "
                      "one on each city marked {letter}.",
                      "Take the {n} city tiles with the letter {letter} ({goods}), shuffle them letter side up and "
                      "put one on each city marked {letter}.", box.total(), letter=letter, goods=cc.goods_text(box))]
        if box.total() != len(cities):
            text.append(cc.n_("The map has {n} city marked {letter}.", "The map has {n} cities marked {letter}.",
                              len(cities), letter=letter))
        items = tuple(cc._("{province}: {cities}", province=cc.province_name(p.id),
                           cities=cc.listing(cc.city_name(x) for x in p.cities if x in cities))
                      for p in board.provinces.values() if set(p.cities) & set(cities))
        steps.append(Step(f"tiles-{letter}", cc._("City tiles {letter}", letter=letter), ("R-SETUP-2",), tuple(text),
                          items, pictures.map_picture(table.map, highlight=cities, focus=cities, width=width)))
    text = [cc._("Turn every city tile over: each city now shows the good it produces.")]
    if unused:
        text.append(cc.n_("Put the {letters} tile back in the box: the {map} map has no city with that letter.",
                          "Put the {letters} tiles back in the box: the {map} map has no city with that letter.",
                          sum(c.city_tiles[x].total() for x in unused), letters=cc.listing(unused), map=board.display_name))
    steps.append(Step("reveal", cc._("Turn the city tiles over"), ("R-SETUP-2",), tuple(text),
                      picture=pictures.map_picture(table.map, tiles=tiles, width=width)))
    return steps


def _bonus_steps(f: _Facts) -> list[Step]:
    """The bonus tiles (R-SETUP-3)."""
    table, board, state, tiles, width = f.table, f.board, f.state, f.tiles, f.width
    c = cc.CONSTANTS
    steps: list[Step] = []
    prices = cc.listing(cc._("{good} {price}", good=cc.good_name(g), price=c.price[g]) for g in cc.GOODS)
    text = [cc._("On each province put the bonus tile of the most expensive good among its cities, goods side up. "
                 "Prices: {prices}.", prices=prices)]
    items: tuple[str, ...] = ()
    labels: dict[str, str] = {}
    if table.tiles_complete:
        bonus = state.bonus_goods
        items = tuple(cc._("{province}: {good} (its cities: {cities})", province=cc.province_name(pid),
                           good=cc.good_name(bonus[pid]),
                           cities=cc.listing(cc._("{city} {good}", city=cc.city_name(x),
                                                  good=cc.good_name(state.city_goods[x])) for x in prov.cities))
                      for pid, prov in board.provinces.items())
        labels = {pid: cc.good_name(bonus[pid]) for pid in board.provinces}
    else:
        text.append(cc._("A bonus tile shows a good on one side and coins on the other: lay each one goods side up "
                         "(a Prefect turns it to its coin side later, R-PREF-1)."))
        items = tuple(cc._("{province}: the tile of the dearest good among {cities}", province=cc.province_name(pid),
                           cities=cc.listing(cc.city_name(x) for x in prov.cities))
                      for pid, prov in board.provinces.items())
        text.append(cc._("Optional: tell the guide your city tiles (below) and it names the tile of every province."))
    steps.append(Step("bonus", cc._("Bonus tiles"), ("R-SETUP-3",), tuple(text), items,
                      pictures.map_picture(table.map, tiles=tiles, provinces=() if labels else board.provinces,
                                         labels=labels, width=width)))
    return steps


def _card_steps(f: _Facts) -> list[Step]:
    """The decks, the display and the Concordia card (R-SETUP-5)."""
    width = f.width
    n = len(f.order)
    c = cc.CONSTANTS
    steps: list[Step] = []
    kept = cc.decks_for(n)
    per_deck = Counter(card.deck for card in cc.cards_for_sale() if card.deck)
    left_out = [d for d in per_deck if d not in kept]      # the cards for sale come deck by deck, I first
    text = [cc.n_("Sort the cards for sale by the numeral on their back. Keep deck {decks}: {n} card.",
                  "Sort the cards for sale by the numeral on their back. Keep decks {decks}: {n} cards.",
                  sum(per_deck[d] for d in kept), decks=cc.listing(kept))]
    if left_out:
        text.append(cc.n_("Put deck {decks} back in the box.", "Put decks {decks} back in the box.", len(left_out),
                          decks=cc.listing(left_out)))
    text.append(cc._("Shuffle each deck on its own, then stack them face down: deck {top} on top, then {rest}.",
                     top=kept[0], rest=cc.listing(kept[1:])) if len(kept) > 1 else
                cc._("Shuffle the deck and put it face down."))
    items = tuple(cc.n_("deck {deck}: {n} card", "deck {deck}: {n} cards", per_deck[d], deck=d) for d in kept)
    steps.append(Step("decks", cc._("The cards for sale"), ("R-SETUP-5",), tuple(text), items,
                      decks_svg(kept, per_deck, width=width)))
    slots = len(c.display_slot_extra)
    text = [cc.n_("Turn the top {n} card face up into the display, slot 1 first, from left to right.",
                  "Turn the top {n} cards face up into the display, slot 1 first, from left to right.", slots),
            cc._("Under each slot the board shows the extra goods a buyer pays there (R-SEN-2)."),
            cc._("Put the Concordia card ({points} points) beside the board: the player who ends the game takes it.",
                 points=c.concordia_points)]
    steps.append(Step("display", cc._("The display and the Concordia card"), ("R-SETUP-5", "R-SEN-2", "R-END-1"),
                      tuple(text), picture=pictures.display_svg(width=width)))
    return steps


def _piece_steps(f: _Facts) -> list[Step]:
    """Each player's pieces and starting cards (R-SETUP-6)."""
    order, width = f.order, f.width
    c = cc.CONSTANTS
    steps: list[Step] = []
    hand = Counter(cc.starting_hand())
    cards = cc.listing(cc.card(cid).display_name if k == 1 else
                       cc._("{card} ×{n}", card=cc.card(cid).display_name, n=k) for cid, k in hand.items())
    text = [cc._("Each player takes a colour: {houses} houses, {land} land and {sea} sea colonists, a storehouse "
                 "and a score marker (at 0).", houses=c.houses_per_player, land=c.colonists_per_kind,
                 sea=c.colonists_per_kind),
            cc.n_("Each player takes {n} starting card: {cards}.", "Each player takes {n} starting cards: {cards}.",
                  sum(hand.values()), cards=cards),
            cc._("The other goods and coins are the bank, which never runs out (R-SETUP-4).")]
    steps.append(Step("pieces", cc._("Each player's pieces"), ("R-SETUP-6", "R-SETUP-4"), tuple(text),
                      picture=pieces_svg(order, width=width)))
    return steps


def _storehouse_steps(f: _Facts) -> list[Step]:
    """The storehouse and the colonists in Rome (R-SETUP-7)."""
    table, board, state, order, tiles, width = f.table, f.board, f.state, f.order, f.tiles, f.width
    c = cc.CONSTANTS
    steps: list[Step] = []
    first = state.players[0]
    in_rome = {kind: len(first.colonists_of(kind)) for kind in ("land", "sea")}
    text = [cc._("Into each storehouse: {goods}, and the colonists not placed in Rome ({land} land, {sea} sea).",
                 goods=cc.goods_text(first.goods), land=first.waiting["land"], sea=first.waiting["sea"]),
            cc._("That fills {used} of the {slots} slots; {free} stay free.", used=first.storehouse_used,
                 slots=c.storehouse_slots, free=first.free_slots)]
    steps.append(Step("storehouse", cc._("The storehouse"), ("R-SETUP-7", "R-STORE-1"), tuple(text),
                      picture=pictures.storehouse_svg(first.goods, first.waiting, width=min(width, 300))))
    letters = pal.player_letters(order)
    pieces = {board.rome: [pictures.Piece(col.kind, pal.player_colour(i), letters[i])
                           for i, p in enumerate(state.players) for col in p.colonists]}
    text = [cc._("Each player puts {land} land colonist and {sea} sea colonist in {rome}.", land=in_rome["land"],
                 sea=in_rome["sea"], rome=cc.city_name(board.rome))]
    near = [board.rome, *board.neighbours(board.rome, "land")]
    steps.append(Step("rome", cc._("Colonists in Rome"), ("R-SETUP-7",), tuple(text),
                      picture=pictures.map_picture(table.map, tiles=tiles, highlight=[board.rome], focus=near,
                                                 pieces=pieces, width=width)))
    return steps


def _seat_steps(f: _Facts) -> list[Step]:
    """The first player, the coins and the Praefectus Magnus (R-SETUP-8)."""
    table, state, order, width = f.table, f.state, f.order, f.width
    steps: list[Step] = []
    text = [cc._("{first} starts; play goes clockwise: {order}.", first=table.first, order=_order_words(order)),
            cc._("Coins by seat, in the order of play:")]
    items = tuple(cc._("{player}: {coins}", player=p.name, coins=cc.coins_text(p.coins)) for p in state.players)
    steps.append(Step("coins", cc._("First player and coins"), ("R-SETUP-8",), tuple(text), items,
                      seats_svg(table, state, width=min(width, 320))))
    holder = state.praefectus_magnus
    text = [cc._("{holder} takes the Praefectus Magnus card: the first player's right-hand neighbour, who plays "
                 "last.", holder=holder)]
    steps.append(Step("praefectus", cc._("The Praefectus Magnus"), ("R-SETUP-8", "R-PREF-3"), tuple(text),
                      picture=seats_svg(table, state, width=min(width, 320), praefectus=True)))
    return steps


def decks_svg(kept: Sequence[str], per_deck: Mapping[str, int], width: int = 380) -> str:
    """The kept decks as face-down piles, stacked with deck I on top (drawn left to right)."""
    w, h = 60 + 70 * len(kept), 120
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}' width='{min(width, w * 2)}' "
           f"height='{int(min(width, w * 2) * h / w)}' role='img' style='background:{pal.BACKGROUND};"
           f"border:1px solid {pal.PICTURE_FRAME};border-radius:4px;max-width:100%;height:auto'>"]
    for i, deck in enumerate(kept):
        x = 20 + i * 70
        for k in range(min(per_deck[deck], 6)):
            out.append(f"<rect x='{x + k * 1.5}' y='{20 - k * 1.5}' width='44' height='64' rx='4' fill='{pal.CARD_BACK}' "
                       f"stroke='{pal.CARD_BACK_EDGE}'/>")
        out.append(f"<text x='{x + 25}' y='{58}' font-size='16' font-weight='bold' fill='white' text-anchor='middle' "
                   f"font-family='serif'>{escape(deck)}</text>")
        out.append(f"<text x='{x + 25}' y='{104}' font-size='11' text-anchor='middle' font-family='sans-serif'>"
                   f"{escape(cc.n_('{n} card', '{n} cards', per_deck[deck]))}</text>")
    out.append("</svg>")
    return "".join(out)


def pieces_svg(order: Sequence[str], width: int = 380) -> str:
    """One player's pieces: houses, land and sea colonists (drawn in the first player's colour)."""
    c = cc.CONSTANTS
    colour = pal.player_colour(0)
    w, h = 20 + 22 * c.houses_per_player, 90
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}' width='{width}' "
           f"height='{int(width * h / w)}' role='img' style='background:{pal.BACKGROUND};border:1px solid {pal.PICTURE_FRAME};"
           f"border-radius:4px;max-width:100%;height:auto'>"]
    for i in range(c.houses_per_player):
        out.append(f"<rect x='{12 + i * 22}' y='12' width='16' height='16' fill='{colour}' stroke='black'/>")
    for i in range(c.colonists_per_kind):
        x = 20 + i * 30
        out.append(f"<path d='M{x},{44} L{x + 11},{64} L{x - 11},{64} Z' fill='{colour}' stroke='{pal.LAND_COLOUR}' "
                   f"stroke-width='2.5'/>")
        out.append(f"<circle cx='{120 + i * 30}' cy='55' r='10' fill='{colour}' stroke='{pal.SEA_COLOUR}' "
                   f"stroke-width='2.5'/>")
    out.append(f"<text x='12' y='84' font-size='10' font-family='sans-serif'>"
               f"{escape(cc._('houses, land colonists, sea colonists'))}</text></svg>")
    return "".join(out)


def seats_svg(table: Table, state: cc.GameState, width: int = 320, praefectus: bool = False) -> str:
    """The players around the table (clockwise, seating order), each with their starting coins; the first
    player marked, and with `praefectus` the holder of the Praefectus Magnus."""
    import math
    n = len(table.seating)
    size = 240
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {size} {size}' width='{width}' height='{width}' "
           f"role='img' style='background:{pal.BACKGROUND};border:1px solid {pal.PICTURE_FRAME};border-radius:4px;max-width:100%;"
           f"height:auto'><circle cx='120' cy='120' r='58' fill='{pal.TABLE_FILL}' stroke='{pal.TABLE_EDGE}'/>"]
    order = table.turn_order()
    for i, name in enumerate(table.seating):
        angle = math.pi / 2 + 2 * math.pi * i / n      # clockwise from the bottom, as seen from above
        x, y = 120 + 88 * math.cos(angle), 120 + 88 * math.sin(angle)
        turn = order.index(name)
        colour = pal.player_colour(turn)
        coins = state.player(name).coins
        first = (praefectus and name == state.praefectus_magnus) or (not praefectus and turn == 0)
        ring = pal.PICTURE_MARK if first else pal.DARK_GREY
        ink = pal.text_colour_on(colour)
        out.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='24' fill='{colour}' stroke='{ring}' stroke-width='"
                   f"{4 if first else 1}'/>")
        out.append(_whole_label(x, y - 2, name, 10, size, f"font-weight='bold' fill='{ink}'", fit=46))
        if not praefectus:
            out.append(_whole_label(x, y + 11, cc.coins_text(coins), 9, size, f"fill='{ink}'", fit=46))
        elif name == state.praefectus_magnus:
            out.append(_whole_label(x, y + 36 if y < 200 else y - 30, cc._("Praefectus Magnus"), 9, size,
                                    f"font-weight='bold' fill='{pal.EMPHASIS_INK}'"))
    arrow = escape(cc._("clockwise"))
    out.append(f"<text x='120' y='124' font-size='11' text-anchor='middle' font-family='sans-serif'>↻ {arrow}</text>")
    out.append("</svg>")
    return "".join(out)


def _whole_label(x: float, y: float, text: str, font: float, size: float, attrs: str, fit: float = 0.0) -> str:
    """A label centred on x, whole: smaller type when wider than `fit` (down to 7), then moved inside the
    picture (0..size) rather than cut at its edge."""
    def wide(f: float) -> float:
        return text_width(text, f * 72 / PX, "bold" if "bold" in attrs else "regular")
    while fit and font > 7 and wide(font) > fit:
        font -= 0.5
    half = wide(font) / 2 + 3
    x = min(max(x, half), size - half)
    return (f"<text x='{x:.1f}' y='{y:.1f}' font-size='{font:g}' text-anchor='middle' font-family='sans-serif' "
            f"{attrs}>{escape(text)}</text>")


# --- the printable sheet ---------------------------------------------------------------------------------
def step_html(step: Step, number: int, *, ticked: bool = False, printable: bool = False) -> str:
    """One step as HTML: number and title, its text and list, the rules, the picture beside."""
    paras = "".join(f"<p style='margin:3px 0'>{escape(t)}</p>" for t in step.text)
    items = "".join(f"<li>{escape(t)}</li>" for t in step.items)
    items = f"<ul style='margin:3px 0 3px 18px;padding:0'>{items}</ul>" if items else ""
    rules = escape(cc._("Rules: {rules}", rules=cc._(", ").join(step.rules)))
    heading = escape(cc._("{number}. {title}", number=number, title=step.title))
    box = ("☑" if ticked else "☐") if printable else ""
    return (f"<div class='cc-step' data-step='{escape(step.key)}' style='display:flex;flex-wrap:wrap;gap:12px;"
            f"border-top:1px solid {pal.LIGHT_GREY};padding:8px 0;page-break-inside:avoid;break-inside:avoid'>"
            f"<div style='flex:1 1 300px;min-width:260px'><h3 style='margin:0 0 4px;font-size:110%'>{box} {heading}"
            f"</h3>{paras}{items}<div style='color:{pal.MUTED};font-size:85%'>{rules}</div></div>"
            f"<div style='flex:0 1 auto;min-width:0;max-width:100%'>{named_picture(step.picture, step.title)}</div></div>")


def named_picture(svg: str, name: str) -> str:
    """The picture (SVG text) with an accessible name: its own <title>, else `name` (the step's title)."""
    if not svg.startswith("<svg") or "<title>" in svg:
        return svg
    return svg.replace("<svg ", f"<svg aria-label='{escape(name)}' ", 1)


def sheet_html(table: Table) -> str:
    """A whole HTML page with every step and its picture inline: print it, or keep it beside the box."""
    board = cc.load_map(table.map)
    steps = setup_steps(table)
    title = cc.n_("Concordia: setting up {map} for {n} player", "Concordia: setting up {map} for {n} players",
                  len(table.seating), map=board.display_name)
    order = escape(cc._("Order of play: {order}", order=_order_words(table.turn_order())))
    body = "".join(step_html(s, i, printable=True) for i, s in enumerate(steps, 1))   # printed blank, to tick by hand
    return (f"<!DOCTYPE html><html lang='{escape(cc.get_language())}'><head><meta charset='utf-8'>"
            f"<title>{escape(title)}</title><style>{pal.stylesheet(SHEET_STYLE)}</style>"
            f"</head><body><h1 style='font-size:140%'>{escape(title)}</h1><p>{order}</p>{body}</body></html>")
