"""Write widgets/render/board_geometry.json: everything about drawing each shipped map that no game changes,
computed here once (with numpy) so the tutor draws a board in pure Python (docs/architecture.md, principle 11).

Per map: the drawing's size, city positions (real longitude/latitude, nudged apart where crowded), route curves
and where a colonist on a route stands, Rome's tray, province shading (a disc around each city joined by capsules
along its inner routes, and an outline for the Prefect's highlight), and the places of every city and province
name (a label goes where it covers least of the cities, pieces, routes and other labels). The parameters are
`widgets/render/layout.py`'s; text is measured with its `text_width`.

Run again after a change of a map (concordia_core/data/maps/), of those parameters or of the text widths;
tests/views/test_board_geometry.py fails until then:

    .venv/bin/python scripts/board_geometry.py           # write the file
    .venv/bin/python scripts/board_geometry.py --check   # exit 1 if the shipped file is not what this makes now
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import concordia_core as cc
from widgets.render.layout import (
    BLOB_R,
    CITY_R,
    CURVE,
    DEFAULT_SIZE,
    GEOMETRY,
    MIN_GAP,
    MIN_REACH,
    NAME_FS,
    PROVINCE_FS,
    PX,
    ROME_R,
    SIZE,
    SLOT,
    TRAY_COLS,
    province_label,
    text_width,
)

COMMAND = ".venv/bin/python scripts/board_geometry.py"
TOLERANCE = 1e-6        # pixels: what another machine's floating point may change


@dataclass
class Geometry:
    """One map's geometry while it is computed (pixels, y down)."""

    map: cc.ConcordiaMap
    width: float
    height: float
    xy: dict[str, tuple[float, float]]
    route_path: dict[str, np.ndarray]                  # route id -> (n, 2) polyline
    route_mid: dict[str, tuple[float, float]]          # where a colonist on the route stands
    tray: tuple[float, float, float, float] = (0, 0, 0, 0)
    name_pos: dict[str, tuple[float, float, str]] = field(default_factory=dict)
    alt_pos: dict[str, tuple[float, float, str]] = field(default_factory=dict)
    province_pos: dict[str, tuple[float, float]] = field(default_factory=dict)
    blobs: dict[str, list[np.ndarray]] = field(default_factory=dict)
    hull: dict[str, np.ndarray] = field(default_factory=dict)


# --- text --------------------------------------------------------------------------------------------
def text_box(x: float, y: float, text: str, size_pt: float, anchor: str, style: str = "regular",
             pad: float = 2.0) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of a label whose baseline starts at (x, y) with SVG text-anchor `anchor`."""
    w = text_width(text, size_pt, style) + 2 * pad
    h = size_pt * PX / 72 * 1.15 + pad
    x0 = x - (w if anchor == "end" else w / 2 if anchor == "middle" else 0) - (pad if anchor == "start" else 0)
    return x0, y - h * 0.8, x0 + w, y + h * 0.2


# --- geometry -----------------------------------------------------------------------------------------
def _spread(xy: dict[str, tuple[float, float]], gap: float) -> dict[str, tuple[float, float]]:
    """Nudge cities closer than `gap` apart (keeping them near their real position) so labels fit."""
    names = list(xy)
    home = np.array([xy[n] for n in names])
    p = home.copy()
    for _ in range(120):
        d = p[:, None, :] - p[None, :, :]
        dist = np.hypot(d[..., 0], d[..., 1]) + np.eye(len(p))
        push = np.clip(gap - dist, 0, None) / 2
        np.fill_diagonal(push, 0)
        p += (d / dist[..., None] * push[..., None]).sum(axis=1) * 0.5 + (home - p) * 0.02
    return {n: (float(x), float(y)) for n, (x, y) in zip(names, p, strict=True)}


def _circle(x: float, y: float, r: float, n: int = 16) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([x + r * np.cos(a), y + r * np.sin(a)])


def convex_hull(points: np.ndarray) -> np.ndarray:
    """Andrew's monotone chain."""
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


def _resample(path: np.ndarray, step: float) -> np.ndarray:
    seg = np.diff(path, axis=0)
    lengths = np.hypot(seg[:, 0], seg[:, 1])
    total = lengths.sum()
    n = max(2, int(total / step))
    cum = np.concatenate([[0], np.cumsum(lengths)])
    t = np.linspace(0, total, n)
    return np.column_stack([np.interp(t, cum, path[:, 0]), np.interp(t, cum, path[:, 1])])


def _routes(m: cc.ConcordiaMap, xy: Mapping[str, tuple[float, float]]) -> tuple[dict[str, np.ndarray],
                                                                               dict[str, tuple[float, float]]]:
    """Route curves and colonist spots. Parallel land and sea routes bend apart; a short route bends out
    far enough that a colonist on it stands clearly off both cities (MIN_REACH)."""
    kinds: dict[frozenset[str], set[str]] = {}
    for r in m.routes.values():
        kinds.setdefault(frozenset(r.ends), set()).add(r.kind)
    points = np.array(list(xy.values()))
    paths, mids = {}, {}
    for rid, r in m.routes.items():
        a, b = sorted(r.ends)
        pa, pb = np.array(xy[a]), np.array(xy[b])
        d = pb - pa
        length = float(np.hypot(*d)) or 1.0
        normal = np.array([d[1], -d[0]]) / length          # unit normal
        half = length / 2
        need = math.sqrt(max(0.0, (MIN_REACH * PX) ** 2 - half ** 2))  # offset that puts the mid MIN_REACH away
        if len(kinds[frozenset(r.ends)]) > 1:
            offset = max(CURVE * length, need) * (1 if r.kind == "sea" else -1)
        elif need:
            mid = (pa + pb) / 2  # bend towards the emptier side
            sides = [min(float(np.hypot(*(p - (mid + s * need * normal)))) for p in points) for s in (1, -1)]
            offset = need if sides[0] >= sides[1] else -need
        else:
            offset = 0.0
        apex = (pa + pb) / 2 + normal * offset
        ctrl = 2 * apex - (pa + pb) / 2
        t = np.linspace(0, 1, 24 if offset else 2)[:, None]
        paths[rid] = (1 - t) ** 2 * pa + 2 * (1 - t) * t * ctrl + t ** 2 * pb
        mids[rid] = (float(apex[0]), float(apex[1]))
    return paths, mids


def compute(map_id: str) -> Geometry:
    """A map's geometry: projection, route curves, province shading, then Rome's tray and the labels."""
    m = cc.load_map(map_id)
    pos = dict(m.graph.nodes(data="pos"))
    lat0 = sum(p[1] for p in pos.values()) / len(pos)
    k = math.cos(math.radians(lat0))
    geo = {n: (lon * k, -lat) for n, (lon, lat) in pos.items()}   # y down
    width_in, height_in = SIZE.get(map_id, DEFAULT_SIZE)
    pad, top, bottom = 0.55, 0.75, 0.35   # inches: margins, a band for the title and notes

    def scale_of(points: Mapping[str, tuple[float, float]]) -> float:
        xs = [p[0] for p in points.values()]
        ys = [p[1] for p in points.values()]
        return min((width_in - 2 * pad) / (max(xs) - min(xs)), (height_in - top - bottom - pad) / (max(ys) - min(ys)))

    for _ in range(2):  # nudge crowded cities apart, then refit the scale
        geo = _spread(geo, MIN_GAP / scale_of(geo))
    s = scale_of(geo) * PX
    xs = [p[0] for p in geo.values()]
    ys = [p[1] for p in geo.values()]
    ox = (width_in * PX - (max(xs) - min(xs)) * s) / 2 - min(xs) * s
    oy = top * PX + ((height_in - top - bottom) * PX - (max(ys) - min(ys)) * s) / 2 - min(ys) * s
    xy = {n: (x * s + ox, y * s + oy) for n, (x, y) in geo.items()}
    paths, mids = _routes(m, xy)
    lay = Geometry(m, width_in * PX, height_in * PX, xy, paths, mids)
    _province_shapes(lay)
    _place_tray_and_labels(lay)
    return lay


def _province_shapes(lay: Geometry) -> None:
    """Province shading: a disc around each city joined by capsules along routes inside the province."""
    m = lay.map
    r = BLOB_R * PX
    for pid, prov in m.provinces.items():
        shapes = [_circle(*lay.xy[c], r) for c in prov.cities]
        pairs = {frozenset(route.ends) for route in m.routes.values() if set(route.ends) <= set(prov.cities)}
        for pair in sorted(pairs, key=sorted):
            a, b = sorted(pair)
            shapes.append(convex_hull(np.vstack([_circle(*lay.xy[a], r * 0.8), _circle(*lay.xy[b], r * 0.8)])))
        lay.blobs[pid] = shapes
        lay.hull[pid] = convex_hull(np.vstack([_circle(*lay.xy[c], r * 1.15) for c in prov.cities]))


class _Obstacles:
    """Weighted boxes a label should not cover; overlap area is the cost."""

    def __init__(self) -> None:
        self.boxes: list[tuple[float, float, float, float, float]] = []
        self._arr: np.ndarray | None = None

    def add(self, box: tuple[float, float, float, float], weight: float) -> None:
        self.boxes.append((*box, weight))
        self._arr = None

    def costs(self, boxes: np.ndarray) -> np.ndarray:
        """Weighted overlap area of each of the (n, 4) boxes with all obstacles."""
        if self._arr is None:
            self._arr = np.array(self.boxes)
        a = self._arr
        lo, hi = boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)   # only obstacles near the boxes matter
        a = a[(a[:, 2] > lo[0]) & (a[:, 0] < hi[0]) & (a[:, 3] > lo[1]) & (a[:, 1] < hi[1])]
        w = np.clip(np.minimum(a[None, :, 2], boxes[:, None, 2]) - np.maximum(a[None, :, 0], boxes[:, None, 0]), 0, None)
        h = np.clip(np.minimum(a[None, :, 3], boxes[:, None, 3]) - np.maximum(a[None, :, 1], boxes[:, None, 1]), 0, None)
        return np.asarray((w * h * a[None, :, 4]).sum(axis=1))

    def cost(self, box: tuple[float, float, float, float]) -> float:
        return float(self.costs(np.array([box]))[0])


def pieces_box(lay: Geometry, city: str, rows: int = 1) -> tuple[float, float, float, float]:
    """Where the pieces standing at a city go: rows stacked above its disc."""
    x, y = lay.xy[city]
    r = (ROME_R if city == lay.map.rome else CITY_R) * PX
    half = SLOT * PX * (2.5 if rows > 1 else 1.5)
    return x - half, y - r - SLOT * PX * rows - 2, x + half, y - r


def _box_distance(box: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


Bounds = tuple[float, float, float, float]


def _bounds(lay: Geometry) -> Bounds:
    """Where labels may go: inside the drawing, below the title line."""
    return (0.05 * PX, 0.75 * PX, lay.width - 0.05 * PX, lay.height - 0.05 * PX)


def _out_of_bounds(box: Bounds, lim: Bounds) -> float:
    return 1e3 * (box[0] < lim[0] or box[2] > lim[2] or box[1] < lim[1] or box[3] > lim[3])


def _obstacles(lay: Geometry) -> _Obstacles:
    """What a label should not cover: cities and their pieces, routes, the spots where colonists stand."""
    m = lay.map
    obs = _Obstacles()
    for node, (x, y) in lay.xy.items():
        r = (ROME_R if node == m.rome else CITY_R) * PX * 1.1
        obs.add((x - r, y - r, x + r, y + r), 3.0)
        if node != m.rome:
            obs.add(pieces_box(lay, node), 1.5)
    for rid, path in lay.route_path.items():
        q = 0.05 * PX
        ends = m.routes[rid].ends
        for px_, py_ in _resample(path, 0.08 * PX):
            if min(math.dist((px_, py_), lay.xy[e]) for e in ends) > CITY_R * PX:
                obs.add((px_ - q, py_ - q, px_ + q, py_ + q), 0.6)
        mx, my = lay.route_mid[rid]
        p = 0.14 * PX
        obs.add((mx - p, my - p, mx + p, my + p), 3.0)
    return obs


def _place_tray(lay: Geometry, obs: _Obstacles, lim: Bounds) -> None:
    """Rome's tray: room for ten colonists in two rows, beside Rome where it covers least."""
    m = lay.map
    rx, ry = lay.xy[m.rome]
    tw, th = (TRAY_COLS * SLOT + 0.12) * PX, (2 * SLOT + 0.30) * PX
    gap = (ROME_R + 0.08) * PX
    spots = [(rx + gap, ry - th / 2), (rx - gap - tw, ry - th / 2), (rx - tw / 2, ry + gap), (rx - tw / 2, ry - gap - th),
             (rx + gap, ry - th), (rx + gap, ry), (rx - gap - tw, ry - th), (rx - gap - tw, ry)]
    boxes = [(x0, y0, x0 + tw, y0 + th) for x0, y0 in spots]
    lay.tray = min(boxes, key=lambda b: obs.cost(b) + _out_of_bounds(b, lim))
    obs.add(lay.tray, 5.0)


def _place_city_names(lay: Geometry, obs: _Obstacles, lim: Bounds) -> None:
    """City names, busiest first, never nearer another city than their own; a second free spot for each."""
    m = lay.map

    def crowd(node: str) -> int:
        return -sum(math.dist(lay.xy[node], other) < PX for other in lay.xy.values())

    for node in sorted(lay.xy, key=crowd):
        x, y = lay.xy[node]
        text = m.node(node).label
        bold = node == m.rome
        size = NAME_FS + (1.5 if bold else 0)
        style = "bold" if bold else "regular"
        r = (ROME_R if bold else CITY_R) * PX + 3
        d = r * 0.75
        em = size * PX / 72
        candidates = [  # (x, baseline y, anchor, preference)
            (x + r, y + em * 0.35, "start", 0.0), (x - r, y + em * 0.35, "end", 0.002),
            (x, y + r + em * 0.85, "middle", 0.001), (x + d, y + d + em * 0.8, "start", 0.003),
            (x - d, y + d + em * 0.8, "end", 0.003), (x + d, y - d, "start", 0.004), (x - d, y - d, "end", 0.004),
            (x + r, y + 0.12 * PX + em * 0.6, "start", 0.005), (x - r, y + 0.12 * PX + em * 0.6, "end", 0.005),
            (x + r, y - 0.12 * PX, "start", 0.006), (x - r, y - 0.12 * PX, "end", 0.006),
            (x, y + r + 0.14 * PX + em * 0.85, "middle", 0.008),
        ]
        others = [p for other, p in lay.xy.items() if other != node]
        scored = []
        for cx, cy, anchor, pref in candidates:
            box = text_box(cx, cy, text, size, anchor, style)
            area = (box[2] - box[0]) * (box[3] - box[1])
            # a name that sits nearer another city than its own reads as that city's name
            ambiguity = max(0.0, _box_distance(box, (x, y)) - min(_box_distance(box, p) for p in others) + 4)
            scored.append((obs.cost(box) / area + pref + _out_of_bounds(box, lim) + 4.0 * ambiguity / PX,
                           (cx, cy, anchor), box))
        scored.sort(key=lambda item: item[0])
        lay.name_pos[node] = scored[0][1]
        obs.add(scored[0][2], 4.0)
        lay.alt_pos[node] = scored[1][1]


def _place_province_names(lay: Geometry, obs: _Obstacles, lim: Bounds) -> None:
    """Province names (with room for the bonus tile after them), inside their province where they cover least."""
    m = lay.map
    cities = list(lay.xy)
    city_xy = np.array([lay.xy[c] for c in cities])
    grid = np.array([(i, j) for i in range(-16, 17) for j in range(-12, 13)], dtype=float) * 0.10 * PX
    for pid, prov in m.provinces.items():
        _text, tw_ = province_label(prov)
        th_ = PROVINCE_FS * PX / 72 * 1.3
        own = np.array([c in prov.cities for c in cities])
        pts = np.array([lay.xy[c] for c in prov.cities])
        centres = pts.mean(axis=0) + grid
        # inside: the label's centre and both ends are nearer a city of the province than any other city
        inside = np.ones(len(centres), dtype=bool)
        for dx in (-tw_ / 2, 0.0, tw_ / 2):
            probe = centres + (dx, 0.0)
            nearest = np.argmin(np.hypot(*(probe[:, None, :] - city_xy[None, :, :]).transpose(2, 0, 1)), axis=1)
            inside &= own[nearest]
        if inside.any():
            centres = centres[inside]
            options = np.column_stack([centres[:, 0] - tw_ / 2, centres[:, 1] - th_ / 2,
                                       centres[:, 0] + tw_ / 2, centres[:, 1] + th_ / 2])
            near = np.min(np.hypot(*(centres[:, None, :] - pts[None, :, :]).transpose(2, 0, 1)), axis=1)
            bounds = 1e3 * ((options[:, 0] < lim[0]) | (options[:, 2] > lim[2]) | (options[:, 1] < lim[1])
                            | (options[:, 3] > lim[3]))
            best = int(np.argmin(obs.costs(options) / (tw_ * th_) + 0.25 * near / PX + bounds))
            x0, y0, x1, y1 = options[best]
            centre, box = centres[best], (x0, y0, x1, y1)
        else:  # nowhere clearly inside the province: the middle of its cities
            centre = pts.mean(axis=0)
            box = (centre[0] - tw_ / 2, centre[1] - th_ / 2, centre[0] + tw_ / 2, centre[1] + th_ / 2)
        lay.province_pos[pid] = (float(centre[0]), float(centre[1]))
        obs.add(box, 4.0)


def _place_tray_and_labels(lay: Geometry) -> None:
    """Obstacles first (cities, their pieces, routes, colonist spots), then Rome's tray, city names
    (busiest first, never nearer another city than their own) and province names."""
    obs = _obstacles(lay)
    lim = _bounds(lay)
    _place_tray(lay, obs, lim)
    _place_city_names(lay, obs, lim)
    _place_province_names(lay, obs, lim)


# --- the data file ------------------------------------------------------------------------------------
def _points(points: np.ndarray) -> list[list[float]]:
    return [[float(x), float(y)] for x, y in points]


def as_data(g: Geometry) -> dict[str, Any]:
    """A map's geometry as plain JSON data (floats at full precision: the board draws the same numbers)."""
    return {
        "width": g.width, "height": g.height,
        "xy": {c: list(p) for c, p in g.xy.items()},
        "route_path": {r: _points(p) for r, p in g.route_path.items()},
        "route_mid": {r: list(p) for r, p in g.route_mid.items()},
        "tray": [float(v) for v in g.tray],
        "name_pos": {c: [float(x), float(y), a] for c, (x, y, a) in g.name_pos.items()},
        "alt_pos": {c: [float(x), float(y), a] for c, (x, y, a) in g.alt_pos.items()},
        "province_pos": {p: list(xy) for p, xy in g.province_pos.items()},
        "blobs": {p: [_points(s) for s in shapes] for p, shapes in g.blobs.items()},
        "hull": {p: _points(h) for p, h in g.hull.items()},
    }


def geometry_data() -> dict[str, Any]:
    """The whole file: every shipped map's geometry, and how to make it again."""
    return {"about": f"the board's geometry of every shipped map, made by `{COMMAND}` (do not edit)",
            "maps": {map_id: as_data(compute(map_id)) for map_id in cc.available_maps()}}


def differences(shipped: Any, made: Any, where: str = "") -> list[str]:
    """Where two geometry files differ: keys and texts exactly, numbers beyond TOLERANCE pixels."""
    if isinstance(shipped, dict) and isinstance(made, dict):
        if shipped.keys() != made.keys():
            return [f"{where or 'top'}: keys {sorted(shipped.keys() ^ made.keys())} only in one"]
        return [d for k in made for d in differences(shipped[k], made[k], f"{where}/{k}")]
    if isinstance(shipped, list) and isinstance(made, list):
        if len(shipped) != len(made):
            return [f"{where}: {len(shipped)} items, now {len(made)}"]
        return [d for i, (a, b) in enumerate(zip(shipped, made, strict=True)) for d in differences(a, b, f"{where}[{i}]")]
    if isinstance(shipped, (int, float)) and isinstance(made, (int, float)) and not isinstance(made, bool):
        return [] if abs(shipped - made) <= TOLERANCE else [f"{where}: {shipped!r}, now {made!r}"]
    return [] if shipped == made else [f"{where}: {shipped!r}, now {made!r}"]


def dump(data: Any, depth: int = 0) -> str:
    """JSON with one line per map's city, route or province (a change of one shows as a change of its lines)."""
    if not isinstance(data, dict) or depth == 4:
        return json.dumps(data, separators=(",", ":"))
    pad = " " * (depth + 1)
    body = f",\n{pad}".join(f"{json.dumps(k)}: {dump(v, depth + 1)}" for k, v in data.items())
    return f"{{\n{pad}{body}\n{' ' * depth}}}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the shipped file is not what this makes now")
    args = parser.parse_args()
    data = geometry_data()
    if args.check:
        shipped = json.loads(GEOMETRY.read_text(encoding="utf-8")) if GEOMETRY.exists() else {}
        found = differences(shipped, data)
        print("\n".join(found[:20]) or f"{GEOMETRY.name} is up to date")
        return 1 if found else 0
    GEOMETRY.write_text(dump(data) + "\n", encoding="utf-8")
    print(f"wrote {GEOMETRY} ({GEOMETRY.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
