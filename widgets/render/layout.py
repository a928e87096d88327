"""Where everything of a map is drawn: city positions, route curves, where a colonist on a route stands, Rome's
tray, province shading and the places of every label. Nothing here depends on a game, so it is computed ahead of
time, from the map data, by scripts/board_geometry.py (with numpy) into board_geometry.json, which this module
reads: drawing a board is pure Python (docs/architecture.md, principle 11). Coordinates are SVG pixels (y down)
at `PX` pixels per inch of the drawing.

Text is measured with a table of DejaVu Sans advance widths (text_widths.json, made by
scripts/make_text_widths.py), so laying out a label never needs a font library.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import concordia_core as cc

from . import palette as pal

Point = tuple[float, float]
Box = tuple[float, float, float, float]
Label = tuple[float, float, str]   # x, baseline y, text-anchor

GEOMETRY = Path(__file__).with_name("board_geometry.json")
MAKE_GEOMETRY = ".venv/bin/python scripts/board_geometry.py"

PX = 100.0                  # SVG pixels per inch
CITY_R = 0.13               # inches: radius of a city disc
ROME_R = 0.16               # half side of Rome's square
SLOT = 0.20                 # spacing of pieces stacked above a city
NAME_FS = 8.0               # points
PROVINCE_FS = 9.0
TRAY_COLS = 5               # Rome's tray: colonists per row
# The geometry's own parameters: scripts/board_geometry.py reads them (change one, then run it again).
SIZE: dict[str, tuple[float, float]] = {"italia": (10.0, 9.0), "imperium": (11.0, 8.0)}
DEFAULT_SIZE = (11.0, 8.0)
BLOB_R = 0.30               # province shading around each city
MIN_GAP = 1.00              # cities closer than this are nudged apart
CURVE = 0.16                # bend of parallel land + sea routes (fraction of the route's length)
MIN_REACH = 0.34            # a colonist on a route stands at least this far from both cities


@dataclass(frozen=True)
class Layout:
    """Everything about drawing one map that does not depend on a game (pixels, y down)."""

    map: cc.ConcordiaMap
    width: float
    height: float
    xy: dict[str, Point]
    route_path: dict[str, list[Point]]            # route id -> polyline
    route_mid: dict[str, Point]                   # where a colonist on the route stands
    tray: Box                                     # Rome's tray box x0, y0, x1, y1
    name_pos: dict[str, Label]
    alt_pos: dict[str, Label]                     # a second free spot for a city's name (a price label)
    province_pos: dict[str, Point]                # centre of the name
    province_text: dict[str, str]
    province_width: dict[str, float]              # the name and room for the bonus tile after it
    province_colour: dict[str, str]
    blobs: dict[str, list[list[Point]]]           # province -> polygons of its shading
    hull: dict[str, list[Point]]                  # province -> its outline

    @staticmethod
    def px(inches: float) -> float:
        return inches * PX


# --- text --------------------------------------------------------------------------------------------
@cache
def _widths() -> dict[str, object]:
    data: dict[str, object] = json.loads((Path(__file__).with_name("text_widths.json")).read_text(encoding="utf-8"))
    return data


def text_width(text: str, size_pt: float, style: str = "regular") -> float:
    """Width in pixels of `text` at `size_pt` points (DejaVu Sans advance widths; wide glyphs count 1 em)."""
    data = _widths()
    table: dict[str, float] = data["widths"][style]  # type: ignore[index]
    default = float(data["default"])  # type: ignore[arg-type]
    em = sum(table.get(ch, 1.0 if ord(ch) > 0x2E80 else default) for ch in text)
    return em * size_pt * PX / 72


def province_label(prov: cc.Province) -> tuple[str, float]:
    """A province's name on the board ("IV GALLIA") and its width with room for the bonus tile after it."""
    text = f"{prov.numeral} {prov.label}"
    return text, text_width(text, PROVINCE_FS, "bolditalic") + 0.34 * PX


# --- the stored geometry ------------------------------------------------------------------------------
@cache
def _stored() -> dict[str, Any]:
    maps: dict[str, Any] = json.loads(GEOMETRY.read_text(encoding="utf-8"))["maps"]
    return maps


def _points(points: list[list[float]]) -> list[Point]:
    return [(x, y) for x, y in points]


def _labels(labels: dict[str, list[Any]]) -> dict[str, Label]:
    return {k: (float(x), float(y), str(anchor)) for k, (x, y, anchor) in labels.items()}


@cache
def layout_for(map_id: str) -> Layout:
    """The drawing layout of a map, read from board_geometry.json (cached)."""
    m = cc.load_map(map_id)
    g = _stored().get(map_id)
    if g is None or set(g["xy"]) != {*m.cities, m.rome} or set(g["route_path"]) != set(m.routes) \
            or set(g["province_pos"]) != set(m.provinces):
        raise LookupError(f"no board geometry for the map {map_id!r} as it is now: run `{MAKE_GEOMETRY}`")
    labels = {pid: province_label(prov) for pid, prov in m.provinces.items()}
    return Layout(
        map=m, width=g["width"], height=g["height"],
        xy={c: (x, y) for c, (x, y) in g["xy"].items()},
        route_path={r: _points(p) for r, p in g["route_path"].items()},
        route_mid={r: (x, y) for r, (x, y) in g["route_mid"].items()},
        tray=(g["tray"][0], g["tray"][1], g["tray"][2], g["tray"][3]),
        name_pos=_labels(g["name_pos"]), alt_pos=_labels(g["alt_pos"]),
        province_pos={p: (x, y) for p, (x, y) in g["province_pos"].items()},
        province_text={pid: text for pid, (text, _w) in labels.items()},
        province_width={pid: width for pid, (_t, width) in labels.items()},
        province_colour={pid: pal.PROVINCE_COLOURS[i % len(pal.PROVINCE_COLOURS)] for i, pid in enumerate(m.provinces)},
        blobs={p: [_points(s) for s in shapes] for p, shapes in g["blobs"].items()},
        hull={p: _points(h) for p, h in g["hull"].items()},
    )


# --- where the pieces of a state stand ----------------------------------------------------------------
def tray_slots(lay: Layout, n: int) -> list[Point]:
    """Where the n colonists in Rome stand inside its tray (rows of TRAY_COLS)."""
    x0, y0, _x1, _y1 = lay.tray
    return [(x0 + (0.06 + SLOT * (i % TRAY_COLS) + SLOT / 2) * PX, y0 + (0.24 + SLOT * (i // TRAY_COLS) + SLOT / 2) * PX)
            for i in range(n)]


def city_slots(lay: Layout, city: str, n: int) -> list[Point]:
    """Where the n pieces standing at a city go: rows of up to 5 stacked above its disc."""
    x, y = lay.xy[city]
    r = CITY_R * PX
    out = []
    for i in range(n):
        row, col = divmod(i, 5)
        in_row = min(5, n - row * 5)
        out.append((x + SLOT * PX * (col - (in_row - 1) / 2), y - r - (0.11 + row * SLOT) * PX))
    return out
