"""The map view: a matplotlib drawing of a ConcordiaMap's graph with the pieces of a GameState.

Two layers keep redraws fast: the static layer (province shading, routes, cities and their goods,
names) depends only on the map and the city tiles, so it is rendered once to a pixel array and
blitted with `figimage`; each redraw only draws pieces (houses, colonists, bonus tiles) and an
optional overlay on a transparent axes over it. Every rule question (reachable routes, building
sites, prices, production) goes to the engine.
"""
from __future__ import annotations

import io
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import ipywidgets as ipw
import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Circle, Polygon, Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from PIL import Image

import concordia_core as cc

from . import palette as pal

FIGSIZE: dict[str, tuple[float, float]] = {"italia": (10.0, 9.0), "imperium": (11.0, 8.0)}
DEFAULT_FIGSIZE = (11.0, 8.0)
DPI = 100

# Sizes in inches (converted to data units per map); font sizes in points.
CITY_R = 0.12          # radius of a city marker
ROME_R = 0.15
SLOT = 0.20            # spacing of pieces stacked above a city
PIECE = 0.175          # side of a house square
NAME_FS = 8.0
PROVINCE_FS = 9.0
BLOB_R = 0.30          # province shading: radius around each city
MIN_GAP = 1.00         # cities closer than this (inches) are nudged apart
CURVE = 0.16           # parallel land + sea routes: bend of each, as a fraction of the route's length


# --- overlays -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReachOverlay:
    """Routes the colonist of `kind` standing at `start` (city or route) may end on within `steps`."""

    start: str
    kind: str
    steps: int
    player: int

    def items(self, state: cc.GameState) -> dict[str, int]:
        """Route id -> step cost, as the engine computes it (occupied routes excluded, R-ARCH-4)."""
        m = cc.load_map(state.map_id)
        return dict(sorted(m.reachable_routes(self.kind, self.start, self.steps, state.occupied_routes()).items()))

    def labels(self, state: cc.GameState) -> dict[str, str]:
        return {route: str(cost) for route, cost in self.items(state).items()}


@dataclass(frozen=True)
class BuildOverlay:
    """Cities where `player` could build (next to an own colonist, no own house yet), with full price."""

    player: int

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


# --- layout: positions, route shapes, label places (once per map) --------------------------------
@dataclass
class Layout:
    """Everything about drawing one map that does not depend on a game."""

    map: cc.ConcordiaMap
    figsize: tuple[float, float]
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    scale: float                                   # inches per data unit
    xy: dict[str, tuple[float, float]]
    route_path: dict[str, np.ndarray]              # route id -> (n, 2) polyline
    route_mid: dict[str, tuple[float, float]]      # where a colonist on the route stands
    name_pos: dict[str, tuple[float, float, str, str]] = field(default_factory=dict)  # x, y, ha, va
    alt_pos: dict[str, tuple[float, float, str, str]] = field(default_factory=dict)   # spare spot
    province_pos: dict[str, tuple[float, float]] = field(default_factory=dict)
    province_text: dict[str, str] = field(default_factory=dict)
    province_colour: dict[str, str] = field(default_factory=dict)
    blobs: dict[str, list[np.ndarray]] = field(default_factory=dict)
    hull: dict[str, np.ndarray] = field(default_factory=dict)

    def u(self, inches: float) -> float:
        """Inches -> data units."""
        return inches / self.scale


@cache
def layout_for(map_id: str) -> Layout:
    """The cached drawing layout of a map: projection, route curves, label and tile positions."""
    m = cc.load_map(map_id)
    pos = dict(m.graph.nodes(data="pos"))
    lat0 = sum(p[1] for p in pos.values()) / len(pos)
    k = math.cos(math.radians(lat0))
    xy = {n: (lon * k, lat) for n, (lon, lat) in pos.items()}
    figsize = FIGSIZE.get(map_id, DEFAULT_FIGSIZE)
    pad, top = 0.55, 0.45   # inches of margin around the cities, and a band for the title

    def fit(points: dict[str, tuple[float, float]]) -> float:
        xs_ = [p[0] for p in points.values()]
        ys_ = [p[1] for p in points.values()]
        w_, h_ = max(xs_) - min(xs_), max(ys_) - min(ys_)
        return min((figsize[0] - 2 * pad) / w_, (figsize[1] - 2 * pad - top) / h_)

    for _ in range(2):  # nudge crowded cities apart, then refit the scale
        xy = _spread(xy, pos, k, MIN_GAP / fit(xy))
    scale = fit(xy)
    xs = [p[0] for p in xy.values()]
    ys = [p[1] for p in xy.values()]
    cx = (max(xs) + min(xs)) / 2
    cy = (max(ys) + min(ys)) / 2 + top / 2 / scale
    half_w, half_h = figsize[0] / 2 / scale, figsize[1] / 2 / scale
    xlim, ylim = (cx - half_w, cx + half_w), (cy - half_h, cy + half_h)

    pairs: dict[frozenset[str], set[str]] = {}
    for r in m.routes.values():
        pairs.setdefault(frozenset(r.ends), set()).add(r.kind)
    paths, mids = {}, {}
    for rid, r in m.routes.items():
        a, b = sorted(r.ends)
        pa, pb = np.array(xy[a]), np.array(xy[b])
        bend = 0.0
        if len(pairs[frozenset(r.ends)]) > 1:
            bend = CURVE if r.kind == "sea" else -CURVE
        d = pb - pa
        normal = np.array([-d[1], d[0]])
        apex = (pa + pb) / 2 + normal * bend
        ctrl = 2 * apex - (pa + pb) / 2
        t = np.linspace(0, 1, 24 if bend else 2)[:, None]
        paths[rid] = (1 - t) ** 2 * pa + 2 * (1 - t) * t * ctrl + t ** 2 * pb
        mids[rid] = (float(apex[0]), float(apex[1]))
    lay = Layout(m, figsize, xlim, ylim, scale, xy, paths, mids)
    _province_shapes(lay)
    _place_labels(lay)
    return lay


def _spread(xy: dict[str, tuple[float, float]], pos: Mapping[str, tuple[float, float]], k: float,
            gap: float) -> dict[str, tuple[float, float]]:
    """Nudge cities closer than `gap` apart (keeping them near their real position) so labels fit."""
    names = list(xy)
    home = np.array([(pos[n][0] * k, pos[n][1]) for n in names])
    p = home.copy()
    for _ in range(120):
        d = p[:, None, :] - p[None, :, :]
        dist = np.hypot(d[..., 0], d[..., 1]) + np.eye(len(p))
        push = np.clip(gap - dist, 0, None) / 2
        np.fill_diagonal(push, 0)
        p += (d / dist[..., None] * push[..., None]).sum(axis=1) * 0.5 + (home - p) * 0.02
    return {n: (float(x), float(y)) for n, (x, y) in zip(names, p, strict=False)}


def _circle_points(x: float, y: float, r: float, n: int = 20) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([x + r * np.cos(a), y + r * np.sin(a)])


def _convex_hull(points: np.ndarray) -> np.ndarray:
    """Andrew's monotone chain (no scipy needed)."""
    pts = sorted(map(tuple, points))

    def cross(o: tuple, a: tuple, b: tuple) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return np.array(lower[:-1] + upper[:-1])


def _province_shapes(lay: Layout) -> None:
    """Province shading: a disc around each city joined by capsules along routes inside the province."""
    m = lay.map
    r = lay.u(BLOB_R)
    for i, (pid, prov) in enumerate(m.provinces.items()):
        lay.province_colour[pid] = pal.PROVINCE_COLOURS[i % len(pal.PROVINCE_COLOURS)]
        shapes = [_circle_points(*lay.xy[c], r) for c in prov.cities]
        pairs = {frozenset(r.ends) for r in m.routes.values() if set(r.ends) <= set(prov.cities)}
        for pair in sorted(pairs, key=sorted):
            a, b = sorted(pair)
            pts = np.vstack([_circle_points(*lay.xy[a], r * 0.8), _circle_points(*lay.xy[b], r * 0.8)])
            shapes.append(_convex_hull(pts))
        lay.blobs[pid] = shapes
        lay.hull[pid] = _convex_hull(np.vstack([_circle_points(*lay.xy[c], r * 1.15) for c in prov.cities]))


@cache
def _text_points(text: str, fs: float, bold: bool, italic: bool) -> tuple[float, float]:
    """Width and height of a text in points, measured on the real font outline."""
    prop = FontProperties(size=fs, weight="bold" if bold else "normal", style="italic" if italic else "normal")
    ext = TextPath((0, 0), text, prop=prop).get_extents()
    return ext.width, fs * 1.2


def _text_size(lay: Layout, text: str, fs: float, bold: bool = False, italic: bool = False) -> tuple[float, float]:
    """Width and height of a text in data units (with a little padding for its white box)."""
    w, h = _text_points(text, fs, bold, italic)
    return lay.u((w + 3) / 72), lay.u((h + 2) / 72)


def _box(x: float, y: float, w: float, h: float, ha: str, va: str) -> tuple[float, float, float, float]:
    x0 = x - (w if ha == "right" else w / 2 if ha == "center" else 0)
    y0 = y - (h if va == "top" else h / 2 if va == "center" else 0)
    return x0, y0, x0 + w, y0 + h


class _Obstacles:
    """Weighted boxes a label should not cover; overlap area is the cost."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float, float]] = []
        self._arr: np.ndarray | None = None

    def add(self, box: tuple[float, float, float, float], weight: float) -> None:
        self.boxes.append((*box, weight))
        self._arr = None

    def cost(self, box: tuple[float, float, float, float]) -> float:
        if self._arr is None:
            self._arr = np.array(self.boxes)
        a = self._arr
        w = np.clip(np.minimum(a[:, 2], box[2]) - np.maximum(a[:, 0], box[0]), 0, None)
        h = np.clip(np.minimum(a[:, 3], box[3]) - np.maximum(a[:, 1], box[1]), 0, None)
        return float((w * h * a[:, 4]).sum())


def _pieces_box(lay: Layout, city: str, rows: int = 1) -> tuple[float, float, float, float]:
    x, y = lay.xy[city]
    r = lay.u(ROME_R if city == lay.map.rome else CITY_R)
    half = lay.u(SLOT * (2.5 if rows > 1 else 1.5))
    return (x - half, y + r, x + half, y + r + lay.u(SLOT * rows + 0.02))


def _box_distance(box: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    """Distance from a point to the nearest point of a box (0 inside it)."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def _place_labels(lay: Layout) -> None:
    """Greedy label placement: each city name goes to the free-est of a few spots around it."""
    m = lay.map
    obs = _Obstacles()
    for node, (x, y) in lay.xy.items():
        r = lay.u(ROME_R if node == m.rome else CITY_R) * 1.1
        obs.add((x - r, y - r, x + r, y + r), 3.0)
        obs.add(_pieces_box(lay, node, 2 if node == m.rome else 1), 1.5)
    for rid, path in lay.route_path.items():
        q = lay.u(0.05)
        ends = set(m.routes[rid].ends)
        dense = _resample(path, lay.u(0.08))
        for px, py in dense:
            if min(math.dist((px, py), lay.xy[e]) for e in ends) > lay.u(CITY_R):
                obs.add((px - q, py - q, px + q, py + q), 0.6)
        mx, my = lay.route_mid[rid]
        p = lay.u(0.14)
        obs.add((mx - p, my - p, mx + p, my + p), 3.0)
    w_lim = (lay.xlim[0] + lay.u(0.05), lay.xlim[1] - lay.u(0.05))
    h_lim = (lay.ylim[0] + lay.u(0.05), lay.ylim[1] - lay.u(0.5))

    def out_of_bounds(box: tuple[float, float, float, float]) -> float:
        return 1e3 * (box[0] < w_lim[0] or box[2] > w_lim[1] or box[1] < h_lim[0] or box[3] > h_lim[1])

    # Busiest cities first: they have the fewest good spots.
    def crowd(node: str) -> int:
        x, y = lay.xy[node]
        return -sum(math.dist((x, y), other) < lay.u(1.0) for other in lay.xy.values())

    for node in sorted(lay.xy, key=crowd):
        x, y = lay.xy[node]
        text = m.node(node).printed
        bold = node == m.rome
        tw, th = _text_size(lay, text, NAME_FS + (1.5 if bold else 0), bold)
        r = lay.u(ROME_R if bold else CITY_R) + lay.u(0.04)
        d = r * 0.75
        candidates = [
            (x + r, y, "left", "center", 0.0), (x - r, y, "right", "center", 0.002),
            (x, y - r, "center", "top", 0.001), (x + d, y - d, "left", "top", 0.003),
            (x - d, y - d, "right", "top", 0.003), (x + d, y + d, "left", "bottom", 0.004),
            (x - d, y + d, "right", "bottom", 0.004),
            (x + r, y - lay.u(0.12), "left", "top", 0.005), (x - r, y - lay.u(0.12), "right", "top", 0.005),
            (x + r, y + lay.u(0.12), "left", "bottom", 0.006), (x - r, y + lay.u(0.12), "right", "bottom", 0.006),
            (x, y - r - lay.u(0.14), "center", "top", 0.008),
        ]
        others = [p for other, p in lay.xy.items() if other != node]
        scored = []
        for cxp, cyp, ha, va, pref in candidates:
            box = _box(cxp, cyp, tw, th, ha, va)
            # a name that sits nearer another city than its own reads as that city's name
            ambiguity = max(0.0, _box_distance(box, (x, y)) - min(_box_distance(box, p) for p in others))
            scored.append((obs.cost(box) / (tw * th) + pref + out_of_bounds(box) + 2.0 * ambiguity / lay.u(1.0),
                           (cxp, cyp, ha, va), box))
        scored.sort(key=lambda s: s[0])
        lay.name_pos[node] = scored[0][1]
        obs.add(scored[0][2], 4.0)
        lay.alt_pos[node] = scored[1][1]

    for pid, prov in m.provinces.items():
        text = f"{prov.numeral} {prov.printed}"
        lay.province_text[pid] = text
        tw, th = _text_size(lay, text, PROVINCE_FS, True, True)
        tw += lay.u(0.30)  # room for the bonus tile after the name
        pts = np.array([lay.xy[c] for c in prov.cities])
        cx, cy = pts.mean(axis=0)
        best = None
        step = lay.u(0.10)

        def inside(box: tuple[float, float, float, float], cities: tuple[str, ...] = prov.cities) -> bool:
            # the label's centre and both ends are closer to a city of the province than to any other city
            ym = (box[1] + box[3]) / 2
            for px_ in (box[0], (box[0] + box[2]) / 2, box[2]):
                dist = {c: math.dist((px_, ym), p) for c, p in lay.xy.items()}
                nearest = min(dist, key=dist.__getitem__)
                if nearest not in cities:
                    return False
            return True

        for i in range(-16, 17):
            for j in range(-12, 13):
                px, py = cx + i * step, cy + j * step
                box = _box(px, py, tw, th, "center", "center")
                if not inside(box):
                    continue
                near = min(math.dist((px, py), p) for p in pts)
                own = min(math.dist((px, py), lay.xy[c]) for c in prov.cities)
                others = min((math.dist((px, py), lay.xy[c]) for c in lay.xy if c not in prov.cities),
                             default=1e9)
                cost = (obs.cost(box) / (tw * th) + 0.25 * near / lay.u(1.0)
                        + 2.0 * max(0.0, own - others + lay.u(0.3)) / lay.u(1.0) + out_of_bounds(box))
                if best is None or cost < best[0]:
                    best = (cost, (px, py), box)
        if best is None:  # nowhere clearly inside the province: use the middle of its cities
            best = (0.0, (float(cx), float(cy)), _box(cx, cy, tw, th, "center", "center"))
        lay.province_pos[pid] = best[1]
        obs.add(best[2], 4.0)


def _resample(path: np.ndarray, step: float) -> np.ndarray:
    seg = np.diff(path, axis=0)
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    total = lengths.sum()
    n = max(2, int(total / step))
    cum = np.concatenate([[0], np.cumsum(lengths)])
    t = np.linspace(0, total, n)
    return np.column_stack([np.interp(t, cum, path[:, 0]), np.interp(t, cum, path[:, 1])])


# --- drawing --------------------------------------------------------------------------------------
def _setup_axes(ax: Axes, lay: Layout, own_figure: bool) -> None:
    ax.set_xlim(*lay.xlim)
    ax.set_ylim(*lay.ylim)
    ax.set_aspect("auto" if own_figure else "equal", adjustable="datalim")
    ax.set_axis_off()


def _draw_static(ax: Axes, lay: Layout, city_goods: Mapping[str, str], players: tuple[str, ...] = ()) -> None:
    """Province shading and names, routes, cities with their goods, Rome, and the keys (goods, routes,
    players, pieces): nothing here changes during a game."""
    m = lay.map
    for pid, shapes in lay.blobs.items():
        for shape in shapes:
            ax.add_patch(Polygon(shape, closed=True, facecolor=lay.province_colour[pid], edgecolor="none",
                                 zorder=0.5))
    for rid, path in lay.route_path.items():
        if m.routes[rid].kind == "land":
            ax.plot(path[:, 0], path[:, 1], color=pal.LAND_COLOUR, lw=2.0, solid_capstyle="round", zorder=1)
        else:
            ax.plot(path[:, 0], path[:, 1], color=pal.SEA_COLOUR, lw=1.6, ls=(0, (4, 2.5)), zorder=1)
    for city in m.cities:
        x, y = lay.xy[city]
        good = city_goods.get(city)
        fill = pal.good_colour(good) if good else "white"
        ax.add_patch(Circle((x, y), lay.u(CITY_R), facecolor=fill, edgecolor="#222222", lw=1.0, zorder=3))
        if good:
            ax.text(x, y, good[0].upper(), ha="center", va="center_baseline", fontsize=7.5, fontweight="bold",
                    color=pal.GOOD_TEXT[good], zorder=4)
        nx_, ny, ha, va = lay.name_pos[city]
        ax.text(nx_, ny, m.cities[city].printed, ha=ha, va=va, fontsize=NAME_FS, color="#1A1A1A", zorder=4,
                bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none", "alpha": 0.7})
    rx, ry = lay.xy[m.rome]
    rr = lay.u(ROME_R)
    ax.add_patch(Rectangle((rx - rr, ry - rr), 2 * rr, 2 * rr, facecolor=pal.ROME_COLOUR, edgecolor="black",
                           lw=1.2, zorder=3))
    ax.text(rx, ry, "R", ha="center", va="center_baseline", color="white", fontsize=9, fontweight="bold", zorder=4)
    nx_, ny, ha, va = lay.name_pos[m.rome]
    ax.text(nx_, ny, m.capital.printed, ha=ha, va=va, fontsize=NAME_FS + 1.5, fontweight="bold",
            color=pal.ROME_COLOUR, zorder=4, bbox={"boxstyle": "round,pad=0.12", "fc": "white", "ec": "none",
                                                   "alpha": 0.75})
    for pid, (px, py) in lay.province_pos.items():
        ax.text(px - lay.u(0.15), py, lay.province_text[pid], ha="center", va="center", fontsize=PROVINCE_FS,
                fontweight="bold", fontstyle="italic", color="#4A4036", zorder=2,
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85})
    # key: goods and route kinds (bottom left)
    handles = [Line2D([], [], ls="", marker="o", ms=10, mfc=pal.good_colour(g), mec="#222222", label=g)
               for g in cc.GOODS]
    handles += [Line2D([], [], color=pal.LAND_COLOUR, lw=2, label="land route"),
                Line2D([], [], color=pal.SEA_COLOUR, lw=1.6, ls=(0, (4, 2.5)), label="sea route")]
    ax.legend(handles=handles, loc="lower left", fontsize=8, frameon=True, framealpha=0.85, title="City goods",
              title_fontsize=8, borderpad=0.5, labelspacing=0.4)
    ax.add_artist(ax.legend_)
    letters = pal.player_letters(list(players))
    keys = [Line2D([], [], ls="", marker="s", ms=11, mfc=pal.player_colour(i), mec="black",
                   label=f"{letters[i]}  {name}") for i, name in enumerate(players)]
    keys += [Line2D([], [], ls="", marker="s", ms=9, mfc="white", mec="black", label="house"),
             Line2D([], [], ls="", marker="^", ms=11, mfc="white", mec=pal.LAND_COLOUR, mew=1.8,
                    label="land colonist"),
             Line2D([], [], ls="", marker="o", ms=10, mfc="white", mec=pal.SEA_COLOUR, mew=1.8,
                    label="sea colonist"),
             Line2D([], [], ls="", marker="s", ms=9, mfc="#cccccc", mec="black", label="bonus tile: goods side"),
             Line2D([], [], ls="", marker="o", ms=9, mfc=pal.COIN_COLOUR, mec="#6B5200",
                    label="bonus tile: coin side")]
    ax.legend(handles=keys, loc="upper right", fontsize=8, framealpha=0.88, borderpad=0.5, labelspacing=0.35,
              bbox_to_anchor=(0.995, 0.955))


def _piece_slots(lay: Layout, city: str, n: int) -> list[tuple[float, float]]:
    """Where the n pieces standing at a city go: rows of up to 5 stacked above its marker."""
    x, y = lay.xy[city]
    r = lay.u(ROME_R if city == lay.map.rome else CITY_R)
    out = []
    for i in range(n):
        row, col = divmod(i, 5)
        in_row = min(5, n - row * 5)
        out.append((x + lay.u(SLOT) * (col - (in_row - 1) / 2), y + r + lay.u(0.11 + row * SLOT)))
    return out


class _Marks:
    """Pieces collected by style and drawn as one scatter per style: far faster than one artist each."""

    def __init__(self) -> None:
        self.groups: dict[tuple[Any, ...], list[tuple[float, float]]] = {}

    def add(self, x: float, y: float, marker: Any, size: float, face: str, edge: str = "none", lw: float = 0.0,
            z: float = 8) -> None:
        self.groups.setdefault((marker, size, face, edge, lw, z), []).append((x, y))

    def letter(self, x: float, y: float, text: str, fs: float, colour: str, z: float = 9) -> None:
        self.add(x, y, _glyph(text), (fs * 1.45) ** 2, colour, z=z)

    def draw(self, ax: Axes) -> None:
        for (marker, size, face, edge, lw, z), pts in self.groups.items():
            xy = np.array(pts)
            ax.scatter(xy[:, 0], xy[:, 1], s=size, marker=marker, facecolors=face, edgecolors=edge, linewidths=lw,
                       zorder=z)


@cache
def _glyph(text: str) -> MarkerStyle:
    """A bold text as a marker path, centred, in a fixed frame so every glyph gets the same scale."""
    tp = TextPath((0, 0), text, size=1, prop=FontProperties(weight="bold"))
    ext = tp.get_extents()
    verts = tp.vertices - [(ext.x0 + ext.x1) / 2, (ext.y0 + ext.y1) / 2]
    half = 0.725 * max(1, len(text))
    verts = np.vstack([verts, [[-half, -half], [half, half]]])
    codes = np.concatenate([tp.codes, [Path.MOVETO, Path.MOVETO]])
    return MarkerStyle(Path(verts, codes))


def _draw_pieces(ax: Axes, lay: Layout, state: cc.GameState) -> None:
    """Houses, colonists, bonus tiles and the title line."""
    m = lay.map
    letters = pal.player_letters([p.name for p in state.players])
    marks = _Marks()
    at_city: dict[str, list[tuple[str, int]]] = {}
    for i, p in enumerate(state.players):
        for city in p.houses:
            at_city.setdefault(city, []).append(("house", i))
    for i, p in enumerate(state.players):
        for c in p.colonists:
            if not c.on_route:
                at_city.setdefault(c.where, []).append((c.kind, i))
    for city, pieces in at_city.items():
        for (what, i), (x, y) in zip(pieces, _piece_slots(lay, city, len(pieces)), strict=True):
            _piece(marks, lay, what, i, letters[i], x, y)
    for i, p in enumerate(state.players):
        for c in p.colonists:
            if c.on_route:
                x, y = lay.route_mid[c.where]
                _piece(marks, lay, c.kind, i, letters[i], x, y)
    # bonus tiles, after each province name
    tiles = state.bonus_tiles
    for pid, (px, py) in lay.province_pos.items():
        tile = tiles.get(pid)
        if tile is None:
            continue
        tw, _ = _text_size(lay, lay.province_text[pid], PROVINCE_FS, True, True)
        tx = px - lay.u(0.15) + tw / 2 + lay.u(0.16)
        if tile.side == "goods":
            marks.add(tx, py, "s", 15 ** 2, pal.good_colour(tile.good), "#222222", 1.0, z=6)
            marks.letter(tx, py, tile.good[0].upper(), 7, pal.GOOD_TEXT[tile.good], z=7)
        else:
            marks.add(tx, py, "o", 16 ** 2, pal.COIN_COLOUR, "#6B5200", 1.2, z=6)
            marks.letter(tx, py, str(tile.coins), 7.5, "black", z=7)
    marks.draw(ax)
    who = "game over" if state.over else f"{state.actor} to act"
    title = (f"{m.name} · {who} · Praefectus Magnus: {state.praefectus_magnus} · "
             f"turn {state.turns_played + 1} · deck {state.deck_size}")
    ax.text(0.01, 0.99, title, transform=ax.transAxes, ha="left", va="top", fontsize=11, fontweight="bold",
            color="#222222", zorder=10)


def _piece(marks: _Marks, lay: Layout, what: str, index: int, letter: str, x: float, y: float) -> None:
    """One house (square), land colonist (triangle, brown rim) or sea colonist (disc, blue rim)."""
    col = pal.player_colour(index)
    txt = pal.text_colour_on(col)
    side = PIECE * 72  # points
    if what == "house":
        marks.add(x, y, "s", side ** 2, col, "black", 0.9)
        marks.letter(x, y, letter, 7, txt)
    elif what == "land":
        size = side * 1.45
        marks.add(x, y, "^", size ** 2, col, pal.LAND_COLOUR, 1.8)
        marks.letter(x, y - lay.u(size / 6 / 72), letter, 6.5, txt)
    else:
        marks.add(x, y, "o", (side * 1.2) ** 2, col, pal.SEA_COLOUR, 1.8)
        marks.letter(x, y, letter, 7, txt)



HIGHLIGHT = "#FFB000"


def _draw_overlay(ax: Axes, lay: Layout, state: cc.GameState, overlay: Overlay) -> None:
    """Highlights for one overlay, with their labels (costs, prices, production)."""
    box = {"boxstyle": "round,pad=0.25", "fc": "#FFF8DC", "ec": "#8A6D00", "lw": 1.0}
    if isinstance(overlay, ReachOverlay):
        for route, cost in overlay.items(state).items():
            path = _resample(lay.route_path[route], lay.u(0.02))
            ends = [lay.route_path[route][0], lay.route_path[route][-1]]
            keep = np.min([np.hypot(*(path - e).T) for e in ends], axis=0) > lay.u(CITY_R + 0.03)
            path = path[keep]  # stop at the city markers so their goods stay visible
            ax.plot(path[:, 0], path[:, 1], color=HIGHLIGHT, lw=7, alpha=0.55, solid_capstyle="butt", zorder=5)
            mx, my = lay.route_mid[route]
            ax.text(mx, my, str(cost), ha="center", va="center", fontsize=8, fontweight="bold", zorder=11,
                    bbox={"boxstyle": "circle,pad=0.2", "fc": "white", "ec": "#8A6D00", "lw": 1.2})
        sx, sy = lay.route_mid[overlay.start] if overlay.start in lay.route_mid else lay.xy[overlay.start]
        ax.add_patch(Circle((sx, sy), lay.u(0.17), facecolor="none", edgecolor=pal.player_colour(overlay.player),
                            lw=2.5, ls="--", zorder=10))
        note = f"{state.players[overlay.player].name}'s {overlay.kind} colonist at {overlay.start}: " \
               f"routes within {overlay.steps} step{'s' if overlay.steps != 1 else ''} (cost on each)"
    elif isinstance(overlay, BuildOverlay):
        items = overlay.labels(state)
        for city, text in items.items():
            x, y = lay.xy[city]
            ax.add_patch(Circle((x, y), lay.u(0.19), facecolor="none", edgecolor=HIGHLIGHT, lw=3, zorder=10))
            ax_, ay, ha, va = lay.alt_pos[city]
            ax.text(ax_, ay, text, ha=ha, va=va, fontsize=7.5, zorder=11, bbox=box)
        note = f"{state.players[overlay.player].name} may build in {len(items)} cit{'y' if len(items) == 1 else 'ies'}" \
               " (full price shown)"
    else:
        prov = lay.map.provinces[overlay.province]
        hull = lay.hull[overlay.province]
        ax.add_patch(Polygon(hull, closed=True, facecolor=HIGHLIGHT, alpha=0.12, edgecolor="none", zorder=5))
        ax.add_patch(Polygon(hull, closed=True, facecolor="none", edgecolor="#8A6D00", lw=2.5, ls="--", zorder=10))
        lines = [f"{name}: {what}" for name, what in overlay.labels(state).items()]
        note = (f"Prefect of {state.players[overlay.player].name} in {prov.numeral} {prov.printed} — "
                + "; ".join(lines))
    ax.text(0.01, 0.955, note, transform=ax.transAxes, ha="left", va="top", fontsize=9, zorder=12, bbox=box)


_BACKGROUNDS: dict[tuple[Any, ...], np.ndarray] = {}


def _background(lay: Layout, state: cc.GameState, dpi: float) -> np.ndarray:
    """The static layer as an RGBA pixel array, rendered once per map, city tiles, players and dpi."""
    names = tuple(p.name for p in state.players)
    key = (lay.map.id, tuple(sorted(state.city_goods.items())), names, lay.figsize, dpi)
    if key not in _BACKGROUNDS:
        fig = Figure(figsize=lay.figsize, dpi=dpi, facecolor=pal.BACKGROUND)
        canvas = FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_facecolor(pal.BACKGROUND)
        _setup_axes(ax, lay, True)
        _draw_static(ax, lay, state.city_goods, names)
        canvas.draw()
        if len(_BACKGROUNDS) > 16:
            _BACKGROUNDS.clear()
        _BACKGROUNDS[key] = np.asarray(canvas.buffer_rgba()).copy()
    return _BACKGROUNDS[key]


def _pieces_figure(state: cc.GameState, overlay: Overlay | None, dpi: float) -> tuple[Figure, Axes]:
    """A figure holding only the changing layer (pieces, title, overlay) on a transparent axes."""
    lay = layout_for(state.map_id)
    fig = Figure(figsize=lay.figsize, dpi=dpi, facecolor=pal.BACKGROUND)
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1), zorder=1)
    ax.patch.set_visible(False)
    _setup_axes(ax, lay, True)
    _draw_pieces(ax, lay, state)
    if overlay is not None:
        _draw_overlay(ax, lay, state, overlay)
    return fig, ax


def draw_map(state: cc.GameState, ax: Axes | None = None, overlay: Overlay | None = None,
             dpi: float = DPI) -> Figure:
    """Draw the map of `state` with its pieces (and an overlay) and return the Figure.

    Without `ax`, a new Figure is made with the cached static layer as a figure image under the
    pieces; with `ax`, everything is drawn into that axes.
    """
    lay = layout_for(state.map_id)
    if ax is None:
        fig, _ = _pieces_figure(state, overlay, dpi)
        fig.figimage(_background(lay, state, dpi), xo=0, yo=0, origin="upper", zorder=0)
        return fig
    _setup_axes(ax, lay, False)
    _draw_static(ax, lay, state.city_goods, tuple(p.name for p in state.players))
    _draw_pieces(ax, lay, state)
    if overlay is not None:
        _draw_overlay(ax, lay, state, overlay)
    return ax.figure


def figure_png(fig: Figure) -> bytes:
    """PNG bytes of a figure at its own dpi (light compression: redraw speed matters more than size)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi="figure", facecolor=fig.get_facecolor(), pil_kwargs={"compress_level": 2})
    return buf.getvalue()


def map_png(state: cc.GameState, overlay: Overlay | None = None, dpi: float = DPI) -> bytes:
    """The map of `state` as PNG bytes.

    Fast path: the cached static layer is copied into the Agg buffer, the pieces are drawn over it,
    and the pixels go straight to Pillow (no second full render as savefig would do).
    """
    lay = layout_for(state.map_id)
    background = _background(lay, state, dpi)
    fig, _ = _pieces_figure(state, overlay, dpi)
    fig.patch.set_visible(False)
    renderer = fig.canvas.get_renderer()
    pixels = np.asarray(renderer.buffer_rgba())
    if pixels.shape != background.shape:  # rounding of odd sizes: fall back to the plain route
        return figure_png(draw_map(state, overlay=overlay, dpi=dpi))
    pixels[...] = background
    fig.draw(renderer)
    image = Image.fromarray(np.asarray(renderer.buffer_rgba())[..., :3])
    buf = io.BytesIO()
    image.save(buf, format="png", compress_level=1)
    return buf.getvalue()


class MapView(ipw.Image):
    """An Image widget showing the map; `.show(state, overlay)` re-renders its PNG `.value`."""

    def __init__(self, state: cc.GameState | None = None, overlay: Overlay | None = None, dpi: float = DPI,
                 **kwargs: Any) -> None:
        kwargs.setdefault("format", "png")
        kwargs.setdefault("layout", ipw.Layout(max_width="100%", height="auto"))
        super().__init__(**kwargs)
        self.dpi = dpi
        self.state: cc.GameState | None = None
        self.overlay: Overlay | None = None
        if state is not None:
            self.show(state, overlay)

    def show(self, state: cc.GameState, overlay: Overlay | None = None) -> None:
        """Draw `state` (with an optional overlay) into the image."""
        self.state, self.overlay = state, overlay
        self.value = map_png(state, overlay, self.dpi)
