"""Small SVG pictures of a board, whole or one region of it, for the set-up guide and its printable sheet.

A picture is plain SVG text (no scripts, no external files), so it shows in a notebook, in a widget and
in a printed HTML sheet alike. Cities stand near their real positions (longitude and latitude, nudged
apart where crowded); a city shows the good of its tile when known, else its letter; provinces are
shaded; brown lines are land routes, dashed blue lines sea routes. `highlight` rings the cities a step
is about, and `focus` crops the picture to them. Names are the board's own (Latin, as printed on the cardboard),
each placed off every city's marker and the other names, and the picture grows until those it is about fit.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

import concordia_core as cc

from . import palette as pal
from .board import good_defs, good_icon
from .layout import PX, layout_for, text_width

HIGHLIGHT = pal.PICTURE_MARK


@dataclass(frozen=True)
class Piece:
    """A piece drawn at a city: a house ("house"), a land or a sea colonist, in a player's colour."""

    what: str
    colour: str
    letter: str


def positions(map_id: str) -> dict[str, tuple[float, float]]:
    """Drawing position of every city (x right, y down), crowded cities nudged apart: the board's own
    layout (widgets/render/layout.py), so a picture here matches the board the tutor shows."""
    return layout_for(map_id).xy


def _unit(map_id: str) -> float:
    """A length that reads as 'one city marker' on this map (degrees)."""
    xs, ys = zip(*positions(map_id).values(), strict=True)
    return max(max(xs) - min(xs), max(ys) - min(ys)) / 60


def _route_path(a: tuple[float, float], b: tuple[float, float], bend: float) -> str:
    if not bend:
        return f"M{a[0]:.3f},{a[1]:.3f} L{b[0]:.3f},{b[1]:.3f}"
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = -(b[1] - a[1]) * bend, (b[0] - a[0]) * bend
    return f"M{a[0]:.3f},{a[1]:.3f} Q{mx + 2 * nx:.3f},{my + 2 * ny:.3f} {b[0]:.3f},{b[1]:.3f}"


def map_picture(map_id: str, *, tiles: Mapping[str, str] | None = None, highlight: Iterable[str] = (),
              provinces: Iterable[str] = (), focus: Iterable[str] | None = None,
              pieces: Mapping[str, Sequence[Piece]] | None = None, labels: Mapping[str, str] | None = None,
              width: int = 420, caption: str | None = None) -> str:
    """A picture of the board of `map_id` as SVG text (see `_draw`), for the guide and the pad; the same
    picture is drawn once. (The game board of a state is `render.board.board_svg`.)"""
    return _map_picture(map_id, tuple(sorted((tiles or {}).items())), tuple(sorted(set(highlight))),
                      tuple(sorted(set(provinces))), None if focus is None else tuple(sorted(set(focus))),
                      tuple(sorted((c, tuple(p)) for c, p in (pieces or {}).items())),
                      tuple(sorted((labels or {}).items())), width, caption, cc.get_language())


@lru_cache(maxsize=256)
def _map_picture(map_id: str, tiles_items: tuple[tuple[str, str], ...], highlight: tuple[str, ...],
               provinces: tuple[str, ...], focus: tuple[str, ...] | None,
               pieces_items: tuple[tuple[str, tuple[Piece, ...]], ...], labels_items: tuple[tuple[str, str], ...],
               width: int, caption: str | None, language: str) -> str:
    return _draw(map_id, tiles=dict(tiles_items), highlight=highlight, provinces=provinces, focus=focus,
                 pieces=dict(pieces_items), labels=dict(labels_items), width=width, caption=caption)


def _draw(map_id: str, *, tiles: Mapping[str, str] | None = None, highlight: Iterable[str] = (),
              provinces: Iterable[str] = (), focus: Iterable[str] | None = None,
              pieces: Mapping[str, Sequence[Piece]] | None = None, labels: Mapping[str, str] | None = None,
              width: int = 420, caption: str | None = None) -> str:
    """The board of `map_id` as SVG text.

    tiles       city -> good of its tile (others show their letter)
    highlight   cities (or Rome) ringed in orange
    provinces   provinces outlined in orange
    focus       cities the picture is cropped to (default: the whole board)
    pieces      city -> pieces drawn above it (houses, colonists)
    labels      city or province -> a short note: under a city, or after a province's name (a bonus tile)

    Every name, note, ring and piece of the cities shown (the focus, else all) lies inside the picture and off
    every city's marker and the other names (`_Placer`); a name beyond the focus that would be cut at the edge,
    or cover something, is left out.
    """
    board = cc.load_map(map_id)
    xy = positions(map_id)
    scene = _Scene(board, xy, frozenset(highlight) & set(xy), frozenset(provinces), pieces or {},
                   {k: v for k, v in (labels or {}).items() if k in xy or k in board.provinces},
                   [c for c in (focus or xy) if c in xy], focus is not None)
    frame, placed, scale, r, fs = _frame_and_labels(scene, width)
    x0, y0, x1, y1 = frame
    w, h = x1 - x0, y1 - y0
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}' width='{width}' "
           f"height='{round(width * h / w)}' role='img' style='background:{pal.BACKGROUND};border:1px solid {pal.PICTURE_FRAME};"
           f"border-radius:4px;max-width:100%;height:auto'>", good_defs()]
    out.append(f"<title>{escape(caption or board.display_name)}</title>")   # a picture always has a name
    out += _shading(board, xy, r, scale, set(scene.outlined))
    out += _route_lines(board, xy, scale)
    out += _city_marks(board, xy, tiles or {}, r, fs, scale)
    for cid in sorted(scene.ringed):
        x, y = xy[cid]
        out.append(f"<circle class='cc-ring' data-city='{cid}' cx='{x:.3f}' cy='{y:.3f}' r='{r * RING:.3f}' "
                   f"fill='none' stroke='{HIGHLIGHT}' stroke-width='{3 / scale:.4f}'/>")
    out += [_label_svg(label, scale) for label in placed]
    for cid, stack in scene.pieces.items():
        out += _pieces(xy[cid], stack, r, scale, fs)
    out.append("</svg>")
    return "".join(out)


# --- where the labels go -------------------------------------------------------------------------------
Box = tuple[float, float, float, float]
RING = 1.9              # a highlight ring's radius, in city radii
ROME = 1.3              # half the side of Rome's square, in city radii
MARKER, LABEL, PIECE = 100.0, 100.0, 10.0     # how much a label must not cover a marker, a label, a piece
LEFT_OUT = 1e6          # the cost of a place where a label beyond the crop would be cut or cover something


@dataclass(frozen=True)
class _Scene:
    """What a picture shows, before its frame and labels are worked out."""

    board: cc.ConcordiaMap
    xy: Mapping[str, tuple[float, float]]
    ringed: frozenset[str]
    outlined: frozenset[str]
    pieces: Mapping[str, Sequence[Piece]]
    notes: Mapping[str, str]            # city or province -> note
    crop: list[str]                     # the cities the picture is about
    focused: bool


@dataclass(frozen=True)
class _Placed:
    """A label as drawn: its text, baseline start (x, y), text-anchor, font size, box, and what it names."""

    kind: str           # "city", "province" or "note"
    owner: str          # the city or province
    text: str
    x: float
    y: float
    anchor: str
    size: float
    box: Box
    bold: bool = False


def _text_box(text: str, x: float, y: float, size: float, anchor: str, bold: bool = False) -> Box:
    """The box of an SVG text (baseline at y, font size `size` in the picture's units) as DejaVu Sans sets it."""
    w = text_width(text, size * 72 / PX, "bold" if bold else "regular")
    x0 = x - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
    return x0, y - 0.78 * size, x0 + w, y + 0.24 * size


def _overlap(a: Box, b: Box) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _inside(box: Box, frame: Box) -> bool:
    return box[0] >= frame[0] and box[1] >= frame[1] and box[2] <= frame[2] and box[3] <= frame[3]


def _union(boxes: Iterable[Box]) -> Box:
    bs = list(boxes)
    return min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs)


def _gap(box: Box, point: tuple[float, float]) -> float:
    return math.hypot(max(box[0] - point[0], 0.0, point[0] - box[2]), max(box[1] - point[1], 0.0, point[1] - box[3]))


def _frame_and_labels(scene: _Scene, width: int) -> tuple[Box, list[_Placed], float, float, float]:
    """The part of the map a picture shows (x0, y0, x1, y1), its labels, its pixels per unit, the city radius and
    the font size: the cities of the crop with a margin, grown until every label, ring and piece of theirs fits
    (the font keeps its size on screen, so the labels are placed again as the frame grows)."""
    xy = scene.xy
    u = _unit(scene.board.id)
    pad = u * (5 if scene.focused else 2.5)
    xs, ys = [xy[c][0] for c in scene.crop], [xy[c][1] for c in scene.crop]
    base: Box = (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)
    frame = base
    for _ in range(4):
        scale = width / (frame[2] - frame[0])
        r, fs = min(u, 7 / scale), 10.5 / scale
        placer = _Placer(scene, frame, r, fs, scale)
        grown = _union([base, *placer.needed])     # no wider than these labels need (a label may have moved in)
        if max(abs(a - b) for a, b in zip(grown, frame, strict=True)) * scale < 1:
            break           # within a pixel: the labels stay where they are
        frame = grown
    frame = _union([frame, *placer.needed])         # whatever the last round placed, whole
    return frame, [p for p in placer.placed if _inside(p.box, frame)], width / (frame[2] - frame[0]), r, fs


class _Placer:
    """Every label of a picture where it covers no city's marker or ring, and as few labels and pieces as can be:
    city names (the crop's first, the most crowded first) and notes, then province names. `needed` are the boxes
    the frame must hold: the crop's labels, rings and pieces, with a margin. A label of a city beyond the crop that
    would be cut at the frame's edge is left out."""

    def __init__(self, scene: _Scene, frame: Box, r: float, fs: float, scale: float) -> None:
        self.scene, self.frame, self.r, self.fs = scene, frame, r, fs
        self.margin = 4 / scale
        m = self.margin      # a label beyond the crop keeps this far inside the frame (its edge would cut it), or goes
        self.inner: Box = (frame[0] + m, frame[1] + m, frame[2] - m, frame[3] - m)
        self.taken: list[tuple[Box, float, str]] = []      # box, weight, the city it belongs to ("" for none)
        self.needed: list[Box] = []
        self.placed: list[_Placed] = []
        crop = set(scene.crop)
        for cid, (x, y) in scene.xy.items():
            self.taken.append((_around((x, y), r * (ROME if cid == scene.board.rome else 1.0) + self.margin / 2),
                               MARKER, cid))
            if cid in scene.ringed:
                ring = _around((x, y), r * RING + 1.5 / scale + self.margin / 2)
                self.taken.append((ring, MARKER, cid))
                if cid in crop:
                    self.need(ring)
        for cid, stack in scene.pieces.items():
            x, y = scene.xy[cid]
            half = (len(stack) - 1) * r * 1.1 + r * 1.2
            box = (x - half, y - r * 3.7, x + half, y - r * 1.2)
            self.taken.append((box, PIECE, ""))
            if cid in crop:
                self.need(box)
        crowd = {c: sum(math.dist(p, q) < r * 8 for q in scene.xy.values()) for c, p in scene.xy.items()}
        for city in sorted(scene.xy, key=lambda c: (c not in crop, -crowd[c], c)):
            self.city(city, city in crop)
        for pid in scene.board.provinces:
            self.province(pid)

    def need(self, box: Box) -> None:
        m = self.margin
        self.needed.append((box[0] - m, box[1] - m, box[2] + m, box[3] + m))

    def best(self, options: list[_Placed], core: bool, extra: Callable[[int, _Placed], float]) -> None:
        """Keep the option that covers least (weighted, as a share of its own area), plus `extra`. A label of the
        crop may grow the frame; another is shown only whole and covering nothing, else left out."""
        region = _union(p.box for p in options)
        near = [t for t in self.taken if _overlap(region, t[0]) > 0]
        found, least = options[0], math.inf
        for i, p in enumerate(options):
            cost = extra(i, p) + (0.0 if _inside(p.box, self.inner) else 0.5 if core else LEFT_OUT)
            if cost >= least:
                continue        # it cannot win, whatever it covers
            area = max((p.box[2] - p.box[0]) * (p.box[3] - p.box[1]), 1e-9)
            mine = p.owner if p.kind != "province" else ""    # a city's options keep clear of its own marker
            covered = sum(_overlap(p.box, box) * weight for box, weight, of in near if not mine or of != mine) / area
            cost += covered + (LEFT_OUT if covered and not core else 0.0)
            if cost < least:
                found, least = p, cost
        if core or least < LEFT_OUT:
            self.placed.append(found)
            self.taken.append((found.box, LABEL, ""))
            if core:
                self.need(found.box)

    def city(self, city: str, core: bool) -> None:
        """A city's name (its board name, as printed on the board) and its note, beside it."""
        xy, r = self.scene.xy, self.r
        if not core and not _inside(_around(xy[city], r * 3), self.inner):
            return            # at or beyond the picture's edge: its name would be cut
        here = xy[city]
        others = [q for c, q in xy.items() if c != city]

        def ambiguity(i: int, p: _Placed) -> float:
            """A name nearer another city than its own reads as that city's name; the first options first."""
            nearest = min(_gap(p.box, q) for q in others)
            return max(0.0, _gap(p.box, here) - nearest + r * 0.3) / r + i * 0.01
        for kind, text in (("city", self.scene.board.node(city).label), ("note", self.scene.notes.get(city, ""))):
            if text:
                self.best(_city_options(kind, city, text, here, r, self.fs, city == self.scene.board.rome,
                                        city in self.scene.ringed), core, ambiguity)

    def province(self, pid: str) -> None:
        """A province's name (and its note, the bonus tile) near the middle of its cities, nearer them than any
        other province's."""
        scene, r = self.scene, self.r
        prov = scene.board.provinces[pid]
        own = [scene.xy[c] for c in prov.cities]
        strangers = [q for c, q in scene.xy.items() if c not in prov.cities]
        cx, cy = sum(x for x, _ in own) / len(own), sum(y for _, y in own) / len(own)
        text = prov.label
        if pid in scene.notes:
            text = cc._("{province}: {note}", province=text, note=scene.notes[pid])
        bold = pid in scene.outlined or pid in scene.notes
        size = self.fs * 0.9
        spots = [(cx + d * r * math.cos(a), cy + d * r * math.sin(a) + size * 0.3) for d in (0, 1.5, 3, 4.5, 6, 7.5, 9)
                 for a in [k * math.pi / 8 for k in range(16)]]
        options = [_Placed("province", pid, text, x, y, "middle", size, _text_box(text, x, y, size, "middle", bold), bold)
                   for x, y in spots]

        def distance(i: int, p: _Placed) -> float:
            mid = ((p.box[0] + p.box[2]) / 2, (p.box[1] + p.box[3]) / 2)
            astray = min(math.dist(mid, q) for q in own) > min(math.dist(mid, q) for q in strangers)
            return math.dist(mid, (cx, cy)) / r * 0.05 + astray * 0.5
        self.best(options, not scene.focused or bool(set(prov.cities) & set(scene.crop)), distance)


def _around(at: tuple[float, float], d: float) -> Box:
    return at[0] - d, at[1] - d, at[0] + d, at[1] + d


def _city_options(kind: str, city: str, text: str, at: tuple[float, float], r: float, fs: float, rome: bool,
                  ringed: bool) -> list[_Placed]:
    """Where a city's name (or note) may go, best first: right, left, below, above, the four corners, then a
    little farther out (a note: below first)."""
    x, y = at
    size = fs * (1.1 if rome and kind == "city" else 0.9 if kind == "note" else 1.0)
    bold = rome or kind == "note"
    g = r * (RING + 0.3 if ringed else ROME + 0.4 if rome else 1.35)
    d = g * 0.8
    spots = [(x + g, y + size * 0.35, "start"), (x - g, y + size * 0.35, "end"), (x, y + g + size * 0.8, "middle"),
             (x, y - g - size * 0.25, "middle"), (x + d, y + d + size * 0.75, "start"), (x - d, y + d + size * 0.75, "end"),
             (x + d, y - d, "start"), (x - d, y - d, "end"),
             (x + g, y + size * 1.1, "start"), (x - g, y + size * 1.1, "end"),
             (x + g, y - size * 0.4, "start"), (x - g, y - size * 0.4, "end"),
             (x, y + g + size * 1.8, "middle"), (x, y - g - size * 1.25, "middle")]
    if kind == "note":
        spots = spots[2:3] + spots[:2] + spots[3:]
    return [_Placed(kind, city, text, sx, sy, anchor, size, _text_box(text, sx, sy, size, anchor, bold), bold)
            for sx, sy, anchor in spots]


def _label_svg(p: _Placed, scale: float) -> str:
    """A placed label as SVG text, on a white halo so it reads over the routes."""
    halo = f"paint-order='stroke' stroke='white' stroke-width='{2.5 / scale:.4f}' font-family='sans-serif'"
    if p.kind == "province":
        colour = pal.EMPHASIS_INK if p.bold else pal.PICTURE_PROVINCE_INK
        look = f"font-style='italic' font-weight='{'bold' if p.bold else 'normal'}' fill='{colour}'"
    elif p.kind == "note":
        look = f"font-weight='bold' fill='{pal.EMPHASIS_INK}'"
    else:
        look = f"font-weight='bold' fill='{pal.ROME_COLOUR}'" if p.bold else f"font-weight='normal' fill='{pal.NAME_INK}'"
    return (f"<text class='cc-{p.kind}-label' data-for='{escape(p.owner)}' x='{p.x:.3f}' y='{p.y:.3f}' "
            f"font-size='{p.size:.4f}' text-anchor='{p.anchor}' {look} {halo}>{escape(p.text)}</text>")


def _shading(board: cc.ConcordiaMap, xy: Mapping[str, tuple[float, float]], r: float, scale: float,
             outlined: set[str]) -> list[str]:
    """Provinces: a soft blob around each city and along its inner routes (outlined ones ringed)."""
    out: list[str] = []
    for i, (pid, prov) in enumerate(board.provinces.items()):
        colour = pal.PROVINCE_COLOURS[i % len(pal.PROVINCE_COLOURS)]
        stroke = f" stroke='{HIGHLIGHT}' stroke-width='{2.5 / scale:.4f}' stroke-dasharray='{5 / scale:.3f}'" \
            if pid in outlined else ""
        for c in prov.cities:
            out.append(f"<circle cx='{xy[c][0]:.3f}' cy='{xy[c][1]:.3f}' r='{r * 2.6:.3f}' fill='{colour}'{stroke}/>")
        for route in board.routes.values():
            a, b = route.ends
            if a in prov.cities and b in prov.cities:
                out.append(f"<line x1='{xy[a][0]:.3f}' y1='{xy[a][1]:.3f}' x2='{xy[b][0]:.3f}' y2='{xy[b][1]:.3f}' "
                           f"stroke='{colour}' stroke-width='{r * 4.2:.3f}' stroke-linecap='round'/>")
    return out


def _route_lines(board: cc.ConcordiaMap, xy: Mapping[str, tuple[float, float]], scale: float) -> list[str]:
    """Routes: brown land lines, dashed blue sea lines (bent apart where both join two cities)."""
    out: list[str] = []
    kinds_between: dict[frozenset[str], set[str]] = {}
    for route in board.routes.values():
        kinds_between.setdefault(frozenset(route.ends), set()).add(route.kind)
    for route in board.routes.values():
        a, b = sorted(route.ends)
        bend = 0.0 if len(kinds_between[frozenset(route.ends)]) == 1 else (0.12 if route.kind == "sea" else -0.12)
        style = (f"stroke='{pal.LAND_COLOUR}' stroke-width='{2 / scale:.4f}'" if route.kind == "land" else
                 f"stroke='{pal.SEA_COLOUR}' stroke-width='{1.6 / scale:.4f}' stroke-dasharray='{4 / scale:.3f} "
                 f"{2.5 / scale:.3f}'")
        out.append(f"<path d='{_route_path(xy[a], xy[b], bend)}' fill='none' {style}/>")
    return out


def _city_marks(board: cc.ConcordiaMap, xy: Mapping[str, tuple[float, float]], tiles: Mapping[str, str], r: float,
                fs: float, scale: float) -> list[str]:
    """Cities: the good of a known tile, else its letter; Rome a red square (each a group naming its city)."""
    out: list[str] = []
    for cid, city in board.cities.items():
        x, y = xy[cid]
        good = tiles.get(cid)
        out.append(f"<g class='cc-city' data-city='{cid}'>")
        if good:  # the good's picture, as on the board; no letter that a player's initial could repeat
            out.append(good_icon(good, x, y, r, stroke=1 / scale))
        else:     # the tile's letter side (A-D), before the tiles are turned
            out.append(f"<circle cx='{x:.3f}' cy='{y:.3f}' r='{r:.3f}' fill='white' stroke='{pal.TILE_EDGE}' "
                       f"stroke-width='{1 / scale:.4f}'/>")
            out.append(f"<text x='{x:.3f}' y='{y + fs * 0.33:.3f}' font-size='{fs * 0.85:.4f}' font-weight='bold' "
                       f"fill='{pal.DARK_GREY}' text-anchor='middle' font-family='sans-serif'>{escape(city.letter or '')}</text>")
        out.append("</g>")
    rx, ry = xy[board.rome]
    rr = r * ROME
    out.append(f"<g class='cc-city' data-city='{board.rome}'><rect x='{rx - rr:.3f}' y='{ry - rr:.3f}' "
               f"width='{2 * rr:.3f}' height='{2 * rr:.3f}' fill='{pal.ROME_COLOUR}' stroke='black' "
               f"stroke-width='{1.2 / scale:.4f}'/><text x='{rx:.3f}' y='{ry + fs * 0.35:.3f}' font-size='{fs:.4f}' "
               f"font-weight='bold' fill='white' text-anchor='middle' font-family='sans-serif'>R</text></g>")
    return out


def _pieces(at: tuple[float, float], stack: Sequence[Piece], r: float, scale: float, fs: float) -> list[str]:
    """Pieces in a row above a city: houses as squares, land colonists as triangles, sea colonists as discs."""
    x0, y = at[0] - (len(stack) - 1) * r * 1.1, at[1] - r * 2.4
    out = []
    for i, piece in enumerate(stack):
        x = x0 + i * r * 2.2
        ink = pal.text_colour_on(piece.colour)
        edge = {"house": "black", "land": pal.LAND_COLOUR, "sea": pal.SEA_COLOUR}[piece.what]
        sw = (1 if piece.what == "house" else 1.8) / scale
        if piece.what == "house":
            out.append(f"<rect x='{x - r:.3f}' y='{y - r:.3f}' width='{2 * r:.3f}' height='{2 * r:.3f}' "
                       f"fill='{piece.colour}' stroke='{edge}' stroke-width='{sw:.4f}'/>")
        elif piece.what == "land":
            out.append(f"<path d='M{x:.3f},{y - r * 1.2:.3f} L{x + r * 1.1:.3f},{y + r * 0.9:.3f} "
                       f"L{x - r * 1.1:.3f},{y + r * 0.9:.3f} Z' fill='{piece.colour}' stroke='{edge}' "
                       f"stroke-width='{sw:.4f}'/>")
        else:
            out.append(f"<circle cx='{x:.3f}' cy='{y:.3f}' r='{r:.3f}' fill='{piece.colour}' stroke='{edge}' "
                       f"stroke-width='{sw:.4f}'/>")
        out.append(f"<text x='{x:.3f}' y='{y + fs * 0.3:.3f}' font-size='{fs * 0.75:.4f}' font-weight='bold' "
                   f"fill='{ink}' text-anchor='middle' font-family='sans-serif'>{escape(piece.letter)}</text>")
    return out


def display_svg(width: int = 420, cards: Sequence[str] | None = None) -> str:
    """The card display: its slots left to right with the extra goods printed under each (R-SEN-2),
    and optionally the cards laid out in them."""
    slots = cc.CONSTANTS.display_slot_extra
    n = len(slots)
    cw, ch, gap = 52, 74, 8
    w = n * cw + (n + 1) * gap
    h = ch + 60
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}' width='{width}' "
           f"height='{int(width * h / w)}' role='img' style='background:{pal.BACKGROUND};border:1px solid {pal.PICTURE_FRAME};"
           f"border-radius:4px;max-width:100%;height:auto'>", good_defs()]
    for i, extra in enumerate(slots):
        x = gap + i * (cw + gap)
        label = cards[i] if cards and i < len(cards) else ""
        out.append(f"<rect x='{x}' y='{gap}' width='{cw}' height='{ch}' rx='4' fill='white' stroke='{pal.MUTED}' "
                   f"stroke-dasharray='{'' if label else '4 3'}'/>")
        out.append(f"<text x='{x + cw / 2}' y='{gap + 18}' font-size='13' text-anchor='middle' font-weight='bold' "
                   f"font-family='sans-serif' fill='{pal.CAPTION_INK}'>{i + 1}</text>")
        if label:
            out.append(f"<text x='{x + cw / 2}' y='{gap + ch / 2 + 8}' font-size='9' text-anchor='middle' "
                       f"font-family='sans-serif'>{escape(label)}</text>")
        for j, good in enumerate(extra):
            gx = x + cw / 2 + (j - (len(extra) - 1) / 2) * 18
            gy = gap + ch + 18
            if good == "?":
                out.append(f"<circle cx='{gx}' cy='{gy}' r='8' fill='white' stroke='{pal.INK}'/>"
                           f"<text x='{gx}' y='{gy + 4}' font-size='11' text-anchor='middle' font-weight='bold' "
                           f"font-family='sans-serif'>?</text>")
            else:
                out.append(good_icon(good, gx, gy, 8))
    out.append("</svg>")
    return "".join(out)


def storehouse_svg(goods: cc.Goods, waiting: Mapping[str, int], width: int = 300) -> str:
    """A storehouse: its slots, filled with goods and waiting colonists (R-STORE-1, R-SETUP-7)."""
    slots = cc.CONSTANTS.storehouse_slots
    items = [("good", g) for g in goods.as_list()] + [(k, k) for k in ("land", "sea") for _ in range(waiting.get(k, 0))]
    per_row = 6
    size, gap = 34, 6
    rows = math.ceil(slots / per_row)
    w = per_row * size + (per_row + 1) * gap
    h = rows * size + (rows + 1) * gap
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}' width='{width}' "
           f"height='{int(width * h / w)}' role='img' style='background:{pal.STOREHOUSE_FILL};"
           f"border:1px solid {pal.STOREHOUSE_EDGE};border-radius:4px;max-width:100%;height:auto'>", good_defs()]
    for i in range(slots):
        row, col = divmod(i, per_row)
        x, y = gap + col * (size + gap), gap + row * (size + gap)
        out.append(f"<rect x='{x}' y='{y}' width='{size}' height='{size}' rx='3' fill='white' stroke='{pal.SLOT_EDGE}'/>")
        if i < len(items):
            what, name = items[i]
            cx, cy = x + size / 2, y + size / 2
            if what == "good":
                out.append(good_icon(name, cx, cy, 12))
            elif what == "land":
                out.append(f"<path d='M{cx},{cy - 12} L{cx + 11},{cy + 9} L{cx - 11},{cy + 9} Z' fill='white' "
                           f"stroke='{pal.LAND_COLOUR}' stroke-width='2.5'/>")
            else:
                out.append(f"<circle cx='{cx}' cy='{cy}' r='11' fill='white' stroke='{pal.SEA_COLOUR}' "
                           f"stroke-width='2.5'/>")
    out.append("</svg>")
    return "".join(out)
