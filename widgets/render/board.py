"""The board as SVG, in two layers: the map (provinces, routes, cities, names, keys), which changes only
with the city tiles and the players, and the pieces (houses, colonists, bonus tiles, the title and an
overlay's highlights), redrawn after every change.

One visual language, without collisions: a city's good is a coloured disc with a small picture of the
good (no letter); a house is a little house in the player's colour with the player's initial; a land
colonist a triangle with a brown rim, a sea colonist a disc with a blue rim; a bonus tile a diamond
beside its province's name (a gold coin with its value when turned to the coin side); colonists in
Rome wait in a tray beside Rome. Every element a learner can click or hover carries
`data-pick="kind:id"` (city:COSA, route:land:COSA-ROMA, province:ETRVRIA,
colonist:<player>:<kind>:<where>); tooltips come from `tips()`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from html import escape

import concordia_core as cc

from . import palette as pal
from .last_play import Changes
from .layout import CITY_R, NAME_FS, PROVINCE_FS, PX, ROME_R, Layout, city_slots, layout_for, text_width, tray_slots
from .words import progress_words

FONT = "DejaVu Sans, Noto Sans CJK JP, Noto Sans JP, sans-serif"
PIECE = 0.17 * PX           # side of a house
HIGHLIGHT, SELECTED, INK, CHANGED = pal.HIGHLIGHT, pal.SELECTED, pal.INK, pal.CHANGED


# --- overlays -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReachOverlay:
    """Routes the colonist of `kind` standing at `start` (city or route) may end on within `steps`."""

    start: str
    kind: str
    steps: int
    player: int
    selected: str | None = None      # the route chosen so far (drawn apart from the others)

    def items(self, state: cc.GameState) -> dict[str, int]:
        """Route id -> step cost, as the engine computes it (occupied routes excluded, R-ARCH-4)."""
        return cc.reachable_routes(state, self.kind, self.start, self.steps)

    def labels(self, state: cc.GameState) -> dict[str, str]:
        return {route: str(cost) for route, cost in self.items(state).items()}


@dataclass(frozen=True)
class BuildOverlay:
    """Cities where `player` could build (next to an own colonist, no own house yet), with full price."""

    player: int
    selected: str | None = None

    def items(self, state: cc.GameState) -> dict[str, tuple[cc.Goods, int]]:
        """City id -> (goods, coins) for a house there now."""
        return {city: cc.house_price(state, city) for city in cc.build_sites(state, self.player)}

    def labels(self, state: cc.GameState) -> dict[str, str]:
        return {city: cc.price_text(goods, coins) for city, (goods, coins) in self.items(state).items()}


@dataclass(frozen=True)
class ProduceOverlay:
    """The province a Prefect of `player` would make produce, and who receives what."""

    province: str
    player: int

    def items(self, state: cc.GameState) -> dict[str, cc.Goods]:
        """Player name -> goods received (the producing player's bonus included)."""
        return cc.production(state, self.province, self.player)

    def labels(self, state: cc.GameState) -> dict[str, str]:
        return {name: cc.goods_text(goods) for name, goods in self.items(state).items()}


Overlay = ReachOverlay | BuildOverlay | ProduceOverlay


# --- small pieces of SVG ------------------------------------------------------------------------------
def _f(v: float) -> str:
    return f"{v:.1f}"


def _path(points: Iterable[tuple[float, float]], closed: bool = False) -> str:
    d = "M" + " L".join(f"{_f(x)} {_f(y)}" for x, y in points)
    return d + (" Z" if closed else "")


def _text(x: float, y: float, text: str, size: float, *, anchor: str = "start", weight: str = "normal",
          style: str = "normal", fill: str = INK, halo: bool = True, cls: str = "") -> str:
    halo_attr = ' stroke="white" stroke-width="3" stroke-linejoin="round" paint-order="stroke"' if halo else ""
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{size:.1f}pt" text-anchor="{anchor}" font-weight="{weight}" '
            f'font-style="{style}" fill="{fill}"{halo_attr}{f" class={chr(34)}{cls}{chr(34)}" if cls else ""}>'
            f"{escape(text)}</text>")


GOOD_ICONS = {  # drawn in a -10..10 box, filled with the good's text colour
    "brick": '<rect x="-8" y="-6" width="7.5" height="5" rx="0.8"/><rect x="0.5" y="-6" width="7.5" height="5" rx="0.8"/>'
             '<rect x="-4" y="0.5" width="8" height="5" rx="0.8"/>',
    "food": '<rect x="-0.7" y="-8" width="1.4" height="16"/><ellipse cx="-3" cy="-4" rx="2.2" ry="3.4"/>'
            '<ellipse cx="3" cy="-4" rx="2.2" ry="3.4"/><ellipse cx="-3" cy="2" rx="2.2" ry="3.4"/>'
            '<ellipse cx="3" cy="2" rx="2.2" ry="3.4"/>',
    "tools": '<rect x="-7.5" y="-7" width="15" height="5.5" rx="1"/><rect x="-1.6" y="-2" width="3.2" height="10" rx="1"/>',
    "wine": '<circle cx="-4.2" cy="-4" r="2.8"/><circle cx="0" cy="-4" r="2.8"/><circle cx="4.2" cy="-4" r="2.8"/>'
            '<circle cx="-2.1" cy="0.6" r="2.8"/><circle cx="2.1" cy="0.6" r="2.8"/><circle cx="0" cy="5" r="2.8"/>',
    "cloth": '<path d="M-8 -6 H6 A2.5 6 0 0 1 6 6 H-8 Z"/><path d="M-8 -2 H4 M-8 2 H4" stroke-width="1.2" '
             'stroke="currentColor"/>',
}


def good_defs() -> str:
    """The pictures of the goods, to put once in any SVG document that shows `good_icon`s."""
    icons = "".join(f'<symbol id="cc-good-{g}" viewBox="-10 -10 20 20">{shape}</symbol>' for g, shape in GOOD_ICONS.items())
    return f"<defs>{icons}</defs>"


def good_icon(good: str, x: float, y: float, r: float, stroke: float = 1.0) -> str:
    """A disc of the good's colour with its picture (a city's good, a storehouse slot, a bonus tile); the
    document needs `good_defs()`."""
    col, ink = pal.good_colour(good), pal.GOOD_TEXT[good]
    s = r * 1.35
    return (f'<circle cx="{x:.4g}" cy="{y:.4g}" r="{r:.4g}" fill="{col}" stroke="{INK}" stroke-width="{stroke:.4g}"/>'
            f'<use href="#cc-good-{good}" x="{x - s / 2:.4g}" y="{y - s / 2:.4g}" width="{s:.4g}" height="{s:.4g}" '
            f'fill="{ink}" color="{ink}"/>')


def _house(x: float, y: float, colour: str, letter: str) -> str:
    h = PIECE
    pts = [(x - h / 2, y + h / 2), (x - h / 2, y - h / 6), (x, y - h / 1.6), (x + h / 2, y - h / 6), (x + h / 2, y + h / 2)]
    ink = pal.text_colour_on(colour)
    return (f'<path d="{_path(pts, True)}" fill="{colour}" stroke="black" stroke-width="1"/>'
            + _text(x, y + h * 0.36, letter, 6.5, anchor="middle", weight="bold", fill=ink, halo=False))


def _colonist(x: float, y: float, kind: str, colour: str, letter: str, pick: str | None) -> str:
    ink = pal.text_colour_on(colour)
    attr = f' data-pick="{escape(pick)}" class="cc-colonist"' if pick else ""
    if kind == "land":
        s = PIECE * 1.25
        pts = [(x, y - s * 0.62), (x + s * 0.58, y + s * 0.42), (x - s * 0.58, y + s * 0.42)]
        shape = (f'<path d="{_path(pts, True)}" fill="{colour}" stroke="{pal.LAND_COLOUR}" stroke-width="2.4" '
                 'stroke-linejoin="round"/>')
        ty = y + s * 0.28
    else:
        shape = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(PIECE * 0.6)}" fill="{colour}" stroke="{pal.SEA_COLOUR}" '
                 'stroke-width="2.4"/>')
        ty = y + 3.2
    return f"<g{attr}>{shape}{_text(x, ty, letter, 6.5, anchor='middle', weight='bold', fill=ink, halo=False)}</g>"


# --- the map layer --------------------------------------------------------------------------------
def map_layer(map_id: str, city_goods: Mapping[str, str], players: tuple[str, ...]) -> str:
    """The static layer: depends only on the map, its city tiles, the players and the language."""
    lay = layout_for(map_id)
    m = lay.map
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(lay.width)} {_f(lay.height)}" '
           f'class="cc-map" font-family="{FONT}">', good_defs(),
           f'<rect width="{_f(lay.width)}" height="{_f(lay.height)}" fill="{pal.BACKGROUND}"/>']
    for pid, shapes in lay.blobs.items():
        body = "".join(f'<path d="{_path(s, True)}"/>' for s in shapes)
        out.append(f'<g data-pick="province:{pid}" class="cc-province" fill="{lay.province_colour[pid]}">{body}</g>')
    for rid, path in lay.route_path.items():
        kind = m.routes[rid].kind
        style = (f'stroke="{pal.LAND_COLOUR}" stroke-width="2.2"' if kind == "land"
                 else f'stroke="{pal.SEA_COLOUR}" stroke-width="1.8" stroke-dasharray="5 3"')
        d = _path(path)
        out.append(f'<g data-pick="route:{rid}" class="cc-route"><path d="{d}" class="cc-hit" stroke="transparent" '
                   f'stroke-width="12" fill="none"/><path d="{d}" fill="none" {style} stroke-linecap="round"/></g>')
    x0, y0, x1, y1 = lay.tray
    out.append(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" rx="6" fill="white" '
               f'fill-opacity="0.85" stroke="{pal.ROME_COLOUR}" stroke-width="1.2" stroke-dasharray="3 2"/>')
    out.append(_text(x0 + 5, y0 + 14, cc._("waiting in {rome}", rome=m.rome), 7, fill=pal.ROME_COLOUR, halo=False))
    for city in m.cities:
        x, y = lay.xy[city]
        good = city_goods.get(city)
        disc = good_icon(good, x, y, CITY_R * PX) if good else (
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(CITY_R * PX)}" fill="white" stroke="{INK}"/>')
        out.append(f'<g data-pick="city:{city}" class="cc-city">{disc}</g>')
    rx, ry = lay.xy[m.rome]
    r = ROME_R * PX
    out.append(f'<g data-pick="city:{m.rome}" class="cc-city cc-rome"><rect x="{_f(rx - r)}" y="{_f(ry - r)}" '
               f'width="{_f(2 * r)}" height="{_f(2 * r)}" fill="{pal.ROME_COLOUR}" stroke="black" stroke-width="1.2"/>'
               f'<path d="M{_f(rx)} {_f(ry - r * 0.6)} L{_f(rx + r * 0.18)} {_f(ry - r * 0.05)} L{_f(rx + r * 0.6)} '
               f'{_f(ry)} L{_f(rx + r * 0.18)} {_f(ry + r * 0.05)} L{_f(rx)} {_f(ry + r * 0.6)} L{_f(rx - r * 0.18)} '
               f'{_f(ry + r * 0.05)} L{_f(rx - r * 0.6)} {_f(ry)} L{_f(rx - r * 0.18)} {_f(ry - r * 0.05)} Z" '
               'fill="white"/></g>')
    for node, (nx_, ny, anchor) in lay.name_pos.items():
        rome = node == m.rome
        out.append(_text(nx_, ny, m.node(node).label, NAME_FS + (1.5 if rome else 0), anchor=anchor,
                         weight="bold" if rome else "normal", fill=pal.ROME_COLOUR if rome else pal.NAME_INK))
    for pid, (px_, py_) in lay.province_pos.items():
        left = px_ - lay.province_width[pid] / 2
        out.append(_text(left, py_ + 4, lay.province_text[pid], PROVINCE_FS, weight="bold", style="italic",
                         fill=pal.PROVINCE_INK))
    out.append(_legend(lay, players))
    out.append("</svg>")
    return "".join(out)


def _legend(lay: Layout, players: tuple[str, ...]) -> str:
    """Keys: goods and route kinds bottom left; players and pieces top right."""
    rows: list[str] = []
    x, y = 12.0, lay.height - 14.0 - 17 * 7
    rows.append(f'<rect x="{_f(x - 6)}" y="{_f(y - 16)}" width="128" height="{17 * 7 + 20}" rx="5" fill="white" '
                f'fill-opacity="0.88" stroke="{pal.SILVER}"/>')
    rows.append(_text(x, y - 2, cc._("City goods"), 7.5, weight="bold", halo=False))
    for i, good in enumerate(cc.GOODS):
        yy = y + 12 + 17 * i
        rows.append(good_icon(good, x + 7, yy - 4, 7) + _text(x + 20, yy, cc.good_name(good), 7.5, halo=False))
    yy = y + 12 + 17 * 5
    rows.append(f'<path d="M{_f(x)} {_f(yy - 4)} h16" stroke="{pal.LAND_COLOUR}" stroke-width="2.2"/>'
                + _text(x + 20, yy, cc.route_text("land"), 7.5, halo=False))
    yy += 17
    rows.append(f'<path d="M{_f(x)} {_f(yy - 4)} h16" stroke="{pal.SEA_COLOUR}" stroke-width="1.8" '
                'stroke-dasharray="5 3"/>' + _text(x + 20, yy, cc.route_text("sea"), 7.5, halo=False))
    letters = pal.player_letters(list(players))
    keys = [(_house(0, 0, pal.player_colour(i), letters[i]), name) for i, name in enumerate(players)]
    grey = pal.LIGHT_GREY
    keys += [(_house(0, 0, grey, ""), cc.term("term", "house")),
             (_colonist(0, 0, "land", grey, "", None), cc.colonist_text("land")),
             (_colonist(0, 0, "sea", grey, "", None), cc.colonist_text("sea")),
             (_tile_goods(0, 0, "food"), cc._("bonus tile, goods side")),
             (_tile_coins(0, 0, 2), cc._("bonus tile, coin side")),
             (_changed_ring(0, 0, 7), cc._("changed since the last turn"))]
    width = 30 + max(text_width(label, 7.5) for _, label in keys)
    x = lay.width - width - 10
    y = 44.0
    rows.append(f'<rect x="{_f(x - 6)}" y="{_f(y - 12)}" width="{_f(width + 8)}" height="{16 * len(keys) + 8}" rx="5" '
                f'fill="white" fill-opacity="0.88" stroke="{pal.SILVER}"/>')
    for i, (piece, label) in enumerate(keys):
        yy = y + 16 * i
        rows.append(f'<g transform="translate({_f(x + 8)} {_f(yy)})">{piece}</g>'
                    + _text(x + 22, yy + 4, label, 7.5, halo=False))
    return "<g class='cc-legend'>" + "".join(rows) + "</g>"


def _tile_goods(x: float, y: float, good: str) -> str:
    s = 0.13 * PX
    pts = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
    col, ink = pal.good_colour(good), pal.GOOD_TEXT[good]
    return (f'<path d="{_path(pts, True)}" fill="{col}" stroke="{INK}" stroke-width="1"/>'
            f'<use href="#cc-good-{good}" x="{_f(x - s * 0.6)}" y="{_f(y - s * 0.6)}" width="{_f(s * 1.2)}" '
            f'height="{_f(s * 1.2)}" fill="{ink}" color="{ink}"/>')


def _tile_coins(x: float, y: float, coins: int) -> str:
    return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(0.115 * PX)}" fill="{pal.COIN_COLOUR}" stroke="{pal.COIN_EDGE}" '
            f'stroke-width="1.2"/>' + _text(x, y + 3.5, str(coins), 7.5, anchor="middle", weight="bold", halo=False))


# --- the pieces layer -----------------------------------------------------------------------------
def pieces_layer(state: cc.GameState, overlay: Overlay | None = None, *, note: str | None = None,
                 changed: Changes | None = None) -> str:
    """Houses, colonists, bonus tiles, the title line and an overlay, for one state; what `changed` names
    (the last card play) ringed."""
    lay = layout_for(state.map_id)
    m = lay.map
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(lay.width)} {_f(lay.height)}" '
           f'class="cc-pieces" font-family="{FONT}">', good_defs()]
    if overlay is not None:
        out.append(_overlay_under(lay, state, overlay))
    letters = pal.player_letters([p.name for p in state.players])
    at_city: dict[str, list[str]] = {}
    for i, p in enumerate(state.players):
        for city in p.houses:
            at_city.setdefault(city, []).append(_house(0, 0, pal.player_colour(i), letters[i]))
    in_rome: list[str] = []
    for i, p in enumerate(state.players):
        for c in p.colonists:
            pick = f"colonist:{i}:{c.kind}:{c.where}"      # every colonist is marked: named, and picked if offered
            piece = _colonist(0, 0, c.kind, pal.player_colour(i), letters[i], pick)
            if changed is not None and pick in changed.colonists:
                piece = _changed_ring(0, 0, 0.17 * PX) + piece
            if c.on_route:
                x, y = lay.route_mid[c.where]
                out.append(f'<g transform="translate({_f(x)} {_f(y)})">{piece}</g>')
            elif c.where == m.rome:
                in_rome.append(piece)
            else:
                at_city.setdefault(c.where, []).append(piece)
    for city, pieces in at_city.items():
        for piece, (x, y) in zip(pieces, city_slots(lay, city, len(pieces)), strict=True):
            out.append(f'<g transform="translate({_f(x)} {_f(y)})">{piece}</g>')
    for piece, (x, y) in zip(in_rome, tray_slots(lay, len(in_rome)), strict=True):
        out.append(f'<g transform="translate({_f(x)} {_f(y)})">{piece}</g>')
    for pid, tile in state.bonus_tiles.items():
        px_, py_ = lay.province_pos[pid]
        tx = px_ + lay.province_width[pid] / 2 - 0.14 * PX
        out.append(_tile_goods(tx, py_, tile.good) if tile.side == "goods" else _tile_coins(tx, py_, tile.coins))
        if changed is not None and pid in changed.provinces:
            out.append(_changed_ring(tx, py_, 0.2 * PX))
    for city in changed.cities if changed is not None else ():
        x, y = lay.xy[city]
        out.append(_changed_ring(x, y, 23))
    if overlay is not None:
        out.append(_overlay_over(lay, state, overlay))
    out.append(_title(lay, state))
    text = note if note is not None else (overlay_note(state, overlay) if overlay is not None else None)
    if text:
        out.append(_note(text, lay.width * 0.6))
    out.append("</svg>")
    return "".join(out)


def _changed_ring(x: float, y: float, r: float) -> str:
    """The mark of what the last card play changed: a dashed purple ring on a white one (not a highlight)."""
    return (f'<g class="cc-changed" pointer-events="none"><circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" '
            f'stroke="white" stroke-width="4"/><circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="none" '
            f'stroke="{CHANGED}" stroke-width="2.2" stroke-dasharray="4 2.5"/></g>')


def _note(text: str, width: float) -> str:
    """A sentence in a light box under the title, wrapped to `width` pixels (plain SVG text, so it shows
    wherever the picture does)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", 8.5) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    height = 14 * len(lines) + 8
    body = "".join(_text(14, 46 + 14 * i, line, 8.5, halo=False) for i, line in enumerate(lines))
    return (f'<g class="cc-note" pointer-events="none"><rect x="8" y="32" width="{_f(width + 12)}" height="{height}" '
            f'rx="5" fill="{pal.LABEL_FILL}" stroke="{pal.LABEL_EDGE}"/>{body}</g>')


def title_text(state: cc.GameState) -> str:
    """The board's title line (the map, who acts, the Praefectus Magnus, the turn, the deck): also its name
    for a screen reader."""
    who = cc._("game over") if state.over else cc._("{player} to act", player=state.actor)
    return cc._("{map} · {who} · Praefectus Magnus: {holder} · {progress} · deck {deck}",
                map=cc.load_map(state.map_id).display_name, who=who, holder=state.praefectus_magnus,
                progress=progress_words(state), deck=state.deck_size)


def _title(lay: Layout, state: cc.GameState) -> str:
    return _text(10, 22, title_text(state), 11, weight="bold")


def overlay_note(state: cc.GameState, overlay: Overlay) -> str:
    """The sentence above the map saying what the highlights mean."""
    name = state.players[overlay.player].name
    if isinstance(overlay, ReachOverlay):
        return cc.n_("{whose} {colonist} at {start}: routes within {n} step (cost on each)",
                     "{whose} {colonist} at {start}: routes within {n} steps (cost on each)", overlay.steps,
                     whose=cc.possessive(name), colonist=cc.colonist_text(overlay.kind), start=overlay.start)
    if isinstance(overlay, BuildOverlay):
        n = len(overlay.items(state))
        if not n:
            return cc._("no city next to {whose} colonists yet: move one next to a city first",
                        whose=cc.possessive(name))
        return cc.n_("{player} may build in {n} city (full price shown)", "{player} may build in {n} cities "
                     "(full price shown)", n, player=name)
    gains = cc.listing(cc._("{player} {goods}", player=who, goods=what) for who, what in overlay.labels(state).items())
    return cc._("If {province} produces: {gains}", province=cc.province_name(overlay.province), gains=gains)


def _overlay_under(lay: Layout, state: cc.GameState, overlay: Overlay) -> str:
    """Highlights drawn under the pieces: reachable routes, a province's outline."""
    out = []
    if isinstance(overlay, ReachOverlay):
        for route in overlay.items(state):
            selected = route == overlay.selected
            out.append(f'<path d="{_path(lay.route_path[route])}" fill="none" stroke="{SELECTED if selected else HIGHLIGHT}" '
                       f'stroke-width="{11 if selected else 8}" stroke-opacity="{0.9 if selected else 0.5}" '
                       'stroke-linecap="round" pointer-events="none"/>')
    elif isinstance(overlay, ProduceOverlay):
        hull = lay.hull[overlay.province]
        out.append(f'<path d="{_path(hull, True)}" fill="{HIGHLIGHT}" fill-opacity="0.15" stroke="{pal.LABEL_EDGE}" '
                   'stroke-width="2.5" stroke-dasharray="6 4" pointer-events="none"/>')
    return "".join(out)


def _overlay_over(lay: Layout, state: cc.GameState, overlay: Overlay) -> str:
    """Labels and rings drawn over the pieces: step costs, build prices, the moving colonist."""
    out = []
    badge = f'fill="white" stroke="{pal.LABEL_EDGE}" stroke-width="1.2"'
    if isinstance(overlay, ReachOverlay):
        for route, cost in overlay.items(state).items():
            x, y = lay.route_mid[route]
            out.append(f'<g data-pick="route:{route}" class="cc-badge"><circle cx="{_f(x)}" cy="{_f(y)}" r="9" {badge}/>'
                       f'{_text(x, y + 3.5, str(cost), 8, anchor="middle", weight="bold", halo=False)}</g>')
        if overlay.start in lay.route_mid:
            sx, sy = lay.route_mid[overlay.start]
        elif overlay.start == lay.map.rome:
            sx, sy = (lay.tray[0] + lay.tray[2]) / 2, (lay.tray[1] + lay.tray[3]) / 2
        else:
            sx, sy = lay.xy[overlay.start]
        out.append(f'<circle cx="{_f(sx)}" cy="{_f(sy)}" r="17" fill="none" stroke="{pal.player_colour(overlay.player)}" '
                   'stroke-width="2.5" stroke-dasharray="4 3" pointer-events="none"/>')
    elif isinstance(overlay, BuildOverlay):
        for city, text in overlay.labels(state).items():
            x, y = lay.xy[city]
            colour = SELECTED if city == overlay.selected else HIGHLIGHT
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="19" fill="none" stroke="{colour}" stroke-width="3" '
                       'pointer-events="none"/>')
            ax, ay, anchor = lay.alt_pos[city]
            out.append(_price_label(ax, ay, text, anchor))
    return "".join(out)


def _price_label(x: float, y: float, text: str, anchor: str) -> str:
    box = (text_width(text, 7.5) + 8, 14.0)
    x0 = x - (box[0] if anchor == "end" else box[0] / 2 if anchor == "middle" else 0)
    return (f'<g pointer-events="none"><rect x="{_f(x0)}" y="{_f(y - 10.5)}" width="{_f(box[0])}" height="{_f(box[1])}" '
            f'rx="4" fill="{pal.LABEL_FILL}" stroke="{pal.LABEL_EDGE}"/>{_text(x0 + 4, y, text, 7.5, halo=False)}</g>')


def board_svg(state: cc.GameState, overlay: Overlay | None = None, changed: Changes | None = None) -> str:
    """The whole board as one SVG document (map and pieces): a static picture of a state (what `changed`
    names ringed)."""
    base = map_layer(state.map_id, state.city_goods, tuple(p.name for p in state.players))
    pieces = pieces_layer(state, overlay, changed=changed)
    inner = pieces[pieces.index("</defs>") + len("</defs>"): pieces.rindex("</svg>")]
    return base[: base.rindex("</svg>")] + inner + "</svg>"
