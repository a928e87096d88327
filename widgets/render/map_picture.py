"""Small SVG pictures of a board, whole or one region of it, for the set-up guide and its printable sheet.

A picture is plain SVG text (no scripts, no external files), so it shows in a notebook, in a widget and
in a printed HTML sheet alike. Cities stand near their real positions (longitude and latitude, nudged
apart where crowded); a city shows the good of its tile when known, else its letter; provinces are
shaded; brown lines are land routes, dashed blue lines sea routes. `highlight` rings the cities a step
is about, and `focus` crops the picture to them.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape

import concordia_core as cc

from . import palette as pal
from .board import good_defs, good_icon
from .layout import layout_for

HIGHLIGHT = "#E66100"


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
    """
    board = cc.load_map(map_id)
    xy = positions(map_id)
    ringed = set(highlight)
    outlined = set(provinces)
    x0, y0, w, h, scale = _frame(map_id, [c for c in (focus or xy) if c in xy], bool(focus), width)
    r, fs = min(_unit(map_id), 7 / scale), 10.5 / scale
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='{x0:.3f} {y0:.3f} {w:.3f} {h:.3f}' width='{width}' "
           f"height='{int(width * h / w)}' role='img' style='background:{pal.BACKGROUND};border:1px solid #d8cfbf;"
           f"border-radius:4px;max-width:100%;height:auto'>", good_defs()]
    out.append(f"<title>{escape(caption or board.display_name)}</title>")   # a picture always has a name
    out += _shading(board, xy, r, scale, outlined)
    out += _route_lines(board, xy, scale)
    out += _city_marks(board, xy, tiles or {}, r, fs, scale)
    notes = {k: v for k, v in (labels or {}).items() if k in board.provinces}
    out += _labels(board, xy, r, fs, scale, outlined, pieces or {}, ringed, notes)
    for cid in sorted(ringed & set(xy)):
        x, y = xy[cid]
        out.append(f"<circle cx='{x:.3f}' cy='{y:.3f}' r='{r * 1.9:.3f}' fill='none' stroke='{HIGHLIGHT}' "
                   f"stroke-width='{3 / scale:.4f}'/>")
    for cid, text in (labels or {}).items():
        if cid not in xy:
            continue
        x, y = xy[cid]
        out.append(f"<text x='{x:.3f}' y='{y + r + fs * 1.1:.3f}' font-size='{fs * 0.9:.4f}' fill='#8A3B00' "
                   f"font-weight='bold' text-anchor='middle' font-family='sans-serif' paint-order='stroke' "
                   f"stroke='white' stroke-width='{2.5 / scale:.4f}'>{escape(text)}</text>")
    for cid, stack in (pieces or {}).items():
        out += _pieces(xy[cid], stack, r, scale, fs)
    out.append("</svg>")
    return "".join(out)




def _frame(map_id: str, crop: list[str], focused: bool, width: int) -> tuple[float, float, float, float, float]:
    """The part of the map a picture shows (x0, y0, width, height in degrees) and its pixels per degree:
    the cities of `crop` with a margin, widened until the names at the right edge fit."""
    xy = positions(map_id)
    u = _unit(map_id)
    xs = [xy[c][0] for c in crop]
    ys = [xy[c][1] for c in crop]
    pad = u * (5 if focused else 2.5)
    x0, y0, y1 = min(xs) - pad, min(ys) - pad * 1.3, max(ys) + pad
    x1 = max(xs) + pad
    for _ in range(3):  # widen until the names of the cities at the right edge fit
        scale = width / (x1 - x0)          # pixels per degree: text keeps its size on screen and on paper
        r, fs = min(u, 7 / scale), 10.5 / scale
        x1 = max(max(xy[c][0] + r * 1.4 + 0.62 * fs * len(cc.city_name(c)) for c in crop), max(xs) + pad)
    w, h = x1 - x0, y1 - y0
    scale = width / w
    return x0, y0, w, h, scale


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
    """Cities: the good of a known tile, else its letter; Rome a red square."""
    out: list[str] = []
    for cid, city in board.cities.items():
        x, y = xy[cid]
        good = tiles.get(cid)
        if good:  # the good's picture, as on the board; no letter that a player's initial could repeat
            out.append(good_icon(good, x, y, r, stroke=1 / scale))
        else:     # the tile's letter side (A-D), before the tiles are turned
            out.append(f"<circle cx='{x:.3f}' cy='{y:.3f}' r='{r:.3f}' fill='white' stroke='#222' "
                       f"stroke-width='{1 / scale:.4f}'/>")
            out.append(f"<text x='{x:.3f}' y='{y + fs * 0.33:.3f}' font-size='{fs * 0.85:.4f}' font-weight='bold' "
                       f"fill='#333333' text-anchor='middle' font-family='sans-serif'>{escape(city.letter or '')}</text>")
    rx, ry = xy[board.rome]
    rr = r * 1.3
    out.append(f"<rect x='{rx - rr:.3f}' y='{ry - rr:.3f}' width='{2 * rr:.3f}' height='{2 * rr:.3f}' "
               f"fill='{pal.ROME_COLOUR}' stroke='black' stroke-width='{1.2 / scale:.4f}'/>")
    out.append(f"<text x='{rx:.3f}' y='{ry + fs * 0.35:.3f}' font-size='{fs:.4f}' font-weight='bold' fill='white' "
               f"text-anchor='middle' font-family='sans-serif'>R</text>")
    return out


def _cost(box: tuple[float, float, float, float], taken: list[tuple[float, float, float, float]]) -> float:
    """Area of `box` covered by the boxes already taken."""
    return sum(max(0.0, min(t[2], box[2]) - max(t[0], box[0])) * max(0.0, min(t[3], box[3]) - max(t[1], box[1]))
               for t in taken)


def _labels(board: cc.ConcordiaMap, xy: Mapping[str, tuple[float, float]], r: float, fs: float, scale: float,
            outlined: set[str], pieces: Mapping[str, Sequence[Piece]], ringed: set[str],
            notes: Mapping[str, str]) -> list[str]:
    """City and province names, each put where it covers the fewest cities and names already placed."""
    taken = [(x - r * 1.2, y - r * 1.2, x + r * 1.2, y + r * 1.2) for x, y in xy.values()]
    for city, stack in pieces.items():
        x, y = xy[city]
        half = len(stack) * r * 1.1 + r
        taken.append((x - half, y - r * 3.6, x + half, y - r * 1.2))
    crowd = {c: sum(math.dist(p, q) < r * 8 for q in xy.values()) for c, p in xy.items()}
    halo = f"paint-order='stroke' stroke='white' stroke-width='{2.5 / scale:.4f}' font-family='sans-serif'"
    out = []
    for city in sorted(xy, key=lambda c: -crowd[c]):
        x, y = xy[city]
        rome = city == board.rome
        size = fs * (1.1 if rome else 1.0)
        text = cc.city_name(city)
        tw, th = 0.6 * size * len(text), size
        gap = r * (2.1 if city in ringed else 1.7 if rome else 1.35)
        options = [(x + gap, y + th * 0.35, "start", (x + gap, y - th * 0.6, x + gap + tw, y + th * 0.4)),
                   (x - gap, y + th * 0.35, "end", (x - gap - tw, y - th * 0.6, x - gap, y + th * 0.4)),
                   (x, y + gap + th * 0.8, "middle", (x - tw / 2, y + gap, x + tw / 2, y + gap + th)),
                   (x, y - gap - th * 0.25, "middle", (x - tw / 2, y - gap - th, x + tw / 2, y - gap))]
        best = min(range(len(options)), key=lambda i: _cost(options[i][3], taken) + i * 1e-9)
        tx, ty, anchor, box = options[best]
        taken.append(box)
        colour, weight = (pal.ROME_COLOUR, "bold") if rome else ("#1A1A1A", "normal")
        out.append(f"<text x='{tx:.3f}' y='{ty:.3f}' font-size='{size:.4f}' fill='{colour}' font-weight='{weight}' "
                   f"text-anchor='{anchor}' {halo}>{escape(text)}</text>")
    for pid, prov in board.provinces.items():
        cx = sum(xy[c][0] for c in prov.cities) / len(prov.cities)
        cy = sum(xy[c][1] for c in prov.cities) / len(prov.cities)
        text = cc.province_name(pid)
        if pid in notes:
            text = cc._("{province}: {note}", province=text, note=notes[pid])
        size = fs * 0.9
        tw, th = 0.58 * size * len(text), size
        spots = [(cx + d * math.cos(a), cy + d * math.sin(a)) for d in (0, r * 2, r * 4, r * 6)
                 for a in [k * math.pi / 4 for k in range(8)]]
        boxes = [(px - tw / 2, py - th * 0.7, px + tw / 2, py + th * 0.3) for px, py in spots]
        best = min(range(len(spots)), key=lambda i: _cost(boxes[i], taken) + math.dist(spots[i], (cx, cy)) * th * 0.05)
        taken.append(boxes[best])
        weight = "bold" if pid in outlined or pid in notes else "normal"
        colour = "#8A3B00" if pid in outlined or pid in notes else "#6A5C4A"
        out.append(f"<text x='{spots[best][0]:.3f}' y='{spots[best][1]:.3f}' font-size='{size:.4f}' "
                   f"font-style='italic' font-weight='{weight}' fill='{colour}' text-anchor='middle' {halo}>"
                   f"{escape(text)}</text>")
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
           f"height='{int(width * h / w)}' role='img' style='background:{pal.BACKGROUND};border:1px solid #d8cfbf;"
           f"border-radius:4px;max-width:100%;height:auto'>", good_defs()]
    for i, extra in enumerate(slots):
        x = gap + i * (cw + gap)
        label = cards[i] if cards and i < len(cards) else ""
        out.append(f"<rect x='{x}' y='{gap}' width='{cw}' height='{ch}' rx='4' fill='white' stroke='#555' "
                   f"stroke-dasharray='{'' if label else '4 3'}'/>")
        out.append(f"<text x='{x + cw / 2}' y='{gap + 18}' font-size='13' text-anchor='middle' font-weight='bold' "
                   f"font-family='sans-serif' fill='#444'>{i + 1}</text>")
        if label:
            out.append(f"<text x='{x + cw / 2}' y='{gap + ch / 2 + 8}' font-size='9' text-anchor='middle' "
                       f"font-family='sans-serif'>{escape(label)}</text>")
        for j, good in enumerate(extra):
            gx = x + cw / 2 + (j - (len(extra) - 1) / 2) * 18
            gy = gap + ch + 18
            if good == "?":
                out.append(f"<circle cx='{gx}' cy='{gy}' r='8' fill='white' stroke='#222'/>"
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
           f"height='{int(width * h / w)}' role='img' style='background:#EFE6D2;border:1px solid #bda;"
           f"border-radius:4px;max-width:100%;height:auto'>", good_defs()]
    for i in range(slots):
        row, col = divmod(i, per_row)
        x, y = gap + col * (size + gap), gap + row * (size + gap)
        out.append(f"<rect x='{x}' y='{y}' width='{size}' height='{size}' rx='3' fill='white' stroke='#a98'/>")
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
