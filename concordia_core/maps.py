"""The map as a graph: cities are nodes, routes are keyed edges of kind land or sea (docs/architecture.md principle 3).

A map is a JSON file under data/maps/ (see docs/adding-a-map.md); `load_map` validates it and
wraps a frozen networkx.MultiGraph. Nothing about a game in progress lives in the graph.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from .constants import CONSTANTS
from .data import data_dir as _data_dir
from .data import read_json
from .errors import InvalidAction, MapDataError
from .i18n import _, _glossary, term

ROUTE_KINDS = ("land", "sea")
_ID = re.compile(r"^[A-Z][A-Z0-9_]*$")


def plain_label(printed: str) -> str:
    """A board name in plain Latin letters, the one spelling every text uses: NICÆA -> NICAEA, R·O·M·A -> ROMA."""
    return printed.replace("Æ", "AE").replace("·", "")


@dataclass(frozen=True)
class _Named:
    """What a city and a province share: an id, a name and the name as the board prints it."""
    id: str
    name: str
    printed: str

    @property
    def label(self) -> str:
        """The board name as every text and the drawn board write it (plain Latin letters)."""
        return plain_label(self.printed)


@dataclass(frozen=True)
class City(_Named):
    letter: str | None
    province: str | None
    lon: float
    lat: float


@dataclass(frozen=True)
class Province(_Named):
    numeral: str
    cities: tuple[str, ...]


@dataclass(frozen=True)
class Route:
    id: str
    kind: str
    ends: tuple[str, str]

    def other_end(self, city: str) -> str:
        return self.ends[1] if self.ends[0] == city else self.ends[0]


class ConcordiaMap:
    """One board: cities, provinces, routes, and the movement geometry on them (R-ARCH-1..4)."""

    def __init__(self, data: Mapping[str, Any], source: str = "<map data>") -> None:
        self.source = source
        _validate(data, source)
        self.id: str = data["id"]
        self.name: str = data["name"]
        self.players: tuple[int, ...] = tuple(data["players"])
        self.city_tile_letters: tuple[str, ...] = tuple(data["city_tile_letters"])
        cap = data["capital"]
        self.capital = City(cap["id"], cap["name"], cap["printed"], None, None, cap["lon"], cap["lat"])
        self.provinces: dict[str, Province] = {
            p["id"]: Province(p["id"], p["name"], p["printed"], p["numeral"],
                              tuple(c["id"] for c in data["cities"] if c["province"] == p["id"]))
            for p in data["provinces"]
        }
        self.cities: dict[str, City] = {
            c["id"]: City(c["id"], c["name"], c["printed"], c["letter"], c["province"], c["lon"], c["lat"])
            for c in data["cities"]
        }
        self.routes: dict[str, Route] = {
            r["id"]: Route(r["id"], r["kind"], (r["ends"][0], r["ends"][1])) for r in data["routes"]
        }
        graph = nx.MultiGraph(name=self.id)
        for node in (self.capital, *self.cities.values()):
            graph.add_node(node.id, name=node.name, letter=node.letter, province=node.province,
                           pos=(node.lon, node.lat))
        for route in self.routes.values():
            graph.add_edge(*route.ends, key=route.id, kind=route.kind, id=route.id)
        self.graph: nx.MultiGraph = nx.freeze(graph)
        _check_reachable(self, source)

    @property
    def display_name(self) -> str:
        """The map's name in the current language ('Italia', 'イタリア')."""
        return term("map", self.id) if self.id in _glossary().get("map", {}) else self.name

    def __repr__(self) -> str:
        return f"<ConcordiaMap {self.id}: {len(self.cities)} cities, {len(self.routes)} routes>"

    # --- lookups -----------------------------------------------------------------------------
    @property
    def rome(self) -> str:
        return self.capital.id

    def node(self, city_id: str) -> City:
        """The capital or a city, by id."""
        if city_id == self.capital.id:
            return self.capital
        return self.cities[city_id]

    def check_city(self, text: str, *, allow_capital: bool = True) -> str:
        """The canonical city id for text, or InvalidAction naming the map."""
        key = str(text).strip().upper()
        if key in self.cities or (allow_capital and key == self.capital.id):
            return key
        raise InvalidAction(_("{text!r} is not a city on the {map} map", text=text, map=self.display_name))

    def check_province(self, text: str) -> str:
        key = str(text).strip().upper()
        if key not in self.provinces:
            raise InvalidAction(_("{text!r} is not a province on the {map} map; provinces are {provinces}", text=text,
                                  map=self.display_name, provinces=", ".join(self.provinces)))
        return key

    def check_route(self, text: str) -> str:
        raw = str(text).strip()
        kind, _colon, ends = raw.partition(":")
        key = f"{kind.lower()}:{ends.upper()}"
        if key not in self.routes:
            a, _dash, b = ends.upper().partition("-")
            swapped = f"{kind.lower()}:{b}-{a}"
            if swapped in self.routes:
                return swapped
            raise InvalidAction(_("{text!r} is not a route on the {map} map (routes look like land:COSA-ROMA or "
                                  "sea:COSA-ROMA)", text=text, map=self.display_name))
        return key

    def view(self, kind: str) -> nx.MultiGraph:
        """Read-only view with only the routes of one kind (land or sea)."""
        return self._views[kind]

    def routes_at(self, city: str, kind: str | None = None) -> list[str]:
        """Ids of the routes (of one kind, or all) that end at a city."""
        return [key for _a, _b, key, k in self.graph.edges(city, keys=True, data="kind")
                if kind is None or k == kind]

    def neighbours(self, city: str, kind: str) -> set[str]:
        """Cities one route of this kind away."""
        return set(self.view(kind).neighbors(city))

    def province_of(self, city: str) -> str | None:
        return self.node(city).province

    # --- movement geometry (R-ARCH-1..4) --------------------------------------------------------
    def step_costs(self, kind: str, start: str) -> dict[str, int]:
        """Steps from a city or a route to every route of `kind` (R-ARCH-3).

        From a city the first route costs 1; each further route, passing through a city, costs 1.
        From a route, each adjacent route costs 1. Occupancy is ignored here: passing through an
        occupied route is allowed and still costs its step (R-ARCH-4).
        """
        return self._step_costs[kind].get(start, {})

    def reachable_routes(self, kind: str, start: str, steps: int,
                         occupied: Iterable[str] = ()) -> dict[str, int]:
        """Routes a colonist of `kind` at `start` may end on within `steps`, with their cost.

        Routes in `occupied` may be passed but not ended on (R-ARCH-4); the start route itself
        is not a destination.
        """
        blocked = set(occupied)
        blocked.add(start)
        return {r: c for r, c in self.step_costs(kind, start).items() if c <= steps and r not in blocked}

    @cached_property
    def _views(self) -> dict[str, nx.MultiGraph]:
        return {kind: nx.subgraph_view(self.graph, filter_edge=_KindFilter(self.graph, kind))
                for kind in ROUTE_KINDS}

    @cached_property
    def _step_costs(self) -> dict[str, dict[str, dict[str, int]]]:
        result: dict[str, dict[str, dict[str, int]]] = {}
        for kind in ROUTE_KINDS:
            view = self.view(kind)
            lines = nx.line_graph(view)  # nodes are (u, v, key) triples; key is the route id
            by_id = {key: node for node in lines for key in [node[2]]}
            hop = dict(nx.all_pairs_shortest_path_length(lines))
            table: dict[str, dict[str, int]] = {}
            for rid, node in by_id.items():
                table[rid] = {by_id_key: hop[node][other] for by_id_key, other in by_id.items()
                              if other in hop[node]}
            for city in self.graph.nodes:
                first = [key for _a, _b, key in view.edges(city, keys=True)]
                costs: dict[str, int] = {}
                for r0 in first:
                    for rid, d in table[r0].items():
                        if d + 1 < costs.get(rid, 1 << 30):
                            costs[rid] = d + 1
                table[city] = costs
            # sorted, so results never depend on set order (PYTHONHASHSEED) in networkx's line graph
            result[kind] = {start: dict(sorted(costs.items())) for start, costs in sorted(table.items())}
        return result


class _KindFilter:
    """Edge filter for subgraph_view keeping one route kind (a class so it is picklable)."""

    def __init__(self, graph: nx.MultiGraph, kind: str) -> None:
        self.graph, self.kind = graph, kind

    def __call__(self, u: str, v: str, key: str) -> bool:
        kind: str = self.graph.edges[u, v, key]["kind"]
        return kind == self.kind


# --- loading and validation ----------------------------------------------------------------------
_REGISTERED: dict[str, ConcordiaMap] = {}


def available_maps() -> list[str]:
    """Ids of the maps shipped in data/maps/ and of maps registered from files."""
    folder = _data_dir().joinpath("maps")
    shipped = {p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json")}
    return sorted(shipped | set(_REGISTERED))


def load_map(name: str) -> ConcordiaMap:
    """The map called `name` ("italia", "imperium", or one registered by load_map_file), validated."""
    key = str(name).strip().lower()
    if key in _REGISTERED:
        return _REGISTERED[key]
    return _load_shipped(key, name)


@cache
def _load_shipped(key: str, name: str) -> ConcordiaMap:
    if key not in available_maps():
        raise InvalidAction(_("unknown map {name!r}; maps are {maps}", name=name, maps=", ".join(available_maps())))
    board = _parse(_data_dir().joinpath("maps").joinpath(f"{key}.json").read_text(encoding="utf-8"),
                   f"data/maps/{key}.json")
    if board.id != key:
        raise MapDataError(f"data/maps/{key}.json: the map's id {board.id!r} must equal its file name {key!r}")
    return board


def load_map_file(path: str | Path) -> ConcordiaMap:
    """A map from any JSON file in the map format, registered under its id so games can use it."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MapDataError(f"{path}: cannot read the file ({exc.strerror})") from None
    board = _parse(text, str(path))
    shipped = _data_dir().joinpath("maps").joinpath(f"{board.id}.json")
    if shipped.is_file():
        if json.loads(shipped.read_text(encoding="utf-8")) != json.loads(text):
            raise MapDataError(f"{path}: the id {board.id!r} is already used by a shipped map; choose another id")
        return load_map(board.id)
    _REGISTERED[board.id] = board
    return board


def _parse(text: str, source: str) -> ConcordiaMap:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MapDataError(f"{source}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    return ConcordiaMap(data, source)


def _fail(source: str, problem: str) -> MapDataError:
    return MapDataError(f"{source}: {problem}")


def _validate(data: object, source: str) -> None:
    if not isinstance(data, dict):
        raise _fail(source, "the top level must be a JSON object")
    for key in ("id", "name", "players", "city_tile_letters", "capital", "provinces", "cities", "routes"):
        if key not in data:
            raise _fail(source, f"missing key {key!r}")
    if data.get("format") != 1:
        raise _fail(source, f"unknown format {data.get('format')!r} (expected 1)")
    cap = data["capital"]
    if not isinstance(cap, dict) or not {"id", "name", "printed", "lon", "lat"} <= cap.keys():
        raise _fail(source, "capital needs id, name, printed, lon and lat")
    provinces = set()
    for p in data["provinces"]:
        if not isinstance(p, dict) or not {"id", "name", "printed", "numeral"} <= p.keys():
            raise _fail(source, f"province entry {p!r} needs id, name, printed and numeral")
        if not _ID.match(str(p["id"])) or p["id"] in provinces:
            raise _fail(source, f"province id {p['id']!r} is malformed or repeated")
        provinces.add(p["id"])
    letters = set(data["city_tile_letters"])
    unknown = letters - set(CONSTANTS.city_tiles)
    if unknown:
        raise _fail(source, f"city_tile_letters {sorted(unknown)} have no city tiles in the game "
                            f"(letters are {', '.join(sorted(CONSTANTS.city_tiles))})")
    supported = {int(n) for n in read_json("cards.json")["decks_by_player_count"]}
    if not data["players"] or not set(data["players"]) <= supported:
        raise _fail(source, f"players {data['players']} must be player counts the cards support ({sorted(supported)})")
    nodes = {cap["id"]}
    used_provinces: set[str] = set()
    for c in data["cities"]:
        if not isinstance(c, dict) or not {"id", "name", "printed", "letter", "province", "lon", "lat"} <= c.keys():
            raise _fail(source, f"city entry {c!r} needs id, name, printed, letter, province, lon and lat")
        if not _ID.match(str(c["id"])) or c["id"] in nodes:
            raise _fail(source, f"city id {c['id']!r} is malformed or repeated")
        if c["letter"] not in letters:
            raise _fail(source, f"city {c['id']} has letter {c['letter']!r}, not one of the map's "
                                f"city_tile_letters {sorted(letters)}")
        if c["province"] not in provinces:
            raise _fail(source, f"city {c['id']} names unknown province {c['province']!r}")
        if not all(isinstance(c[k], (int, float)) for k in ("lon", "lat")):
            raise _fail(source, f"city {c['id']} needs numeric lon and lat")
        nodes.add(c["id"])
        used_provinces.add(c["province"])
    for letter in letters:
        count = sum(c["letter"] == letter for c in data["cities"])
        tiles = CONSTANTS.city_tiles[letter].total()
        if count > tiles:
            raise _fail(source, f"{count} cities have letter {letter} but the game has only {tiles} {letter} tiles")
    empty = provinces - used_provinces
    if empty:
        raise _fail(source, f"province(s) without cities: {sorted(empty)}")
    route_ids: set[str] = set()
    pairs: set[tuple[str, frozenset[str]]] = set()
    for r in data["routes"]:
        if not isinstance(r, dict) or not {"id", "kind", "ends"} <= r.keys():
            raise _fail(source, f"route entry {r!r} needs id, kind and ends")
        if r["kind"] not in ROUTE_KINDS:
            raise _fail(source, f"route {r['id']} has kind {r['kind']!r}; kinds are land and sea")
        ends = r["ends"]
        if not isinstance(ends, list) or len(ends) != 2 or ends[0] == ends[1]:
            raise _fail(source, f"route {r['id']} must join two different cities")
        for end in ends:
            if end not in nodes:
                raise _fail(source, f"route {r['id']} names unknown city {end!r}")
        if r["id"] in route_ids:
            raise _fail(source, f"route id {r['id']} is repeated")
        pair = (r["kind"], frozenset(ends))
        if pair in pairs:
            raise _fail(source, f"route {r['id']}: two routes of the same kind join the same two cities")
        pairs.add(pair)
        expected = f"{r['kind']}:{min(ends)}-{max(ends)}"
        if r["id"] != expected:
            raise _fail(source, f"route {r['id']!r} must have the id {expected!r} (kind, then its cities in "
                                "alphabetical order)")
        route_ids.add(r["id"])


def _check_reachable(m: ConcordiaMap, source: str) -> None:
    reached = nx.node_connected_component(m.graph, m.rome)
    missing = sorted(set(m.graph.nodes) - reached)
    if missing:
        raise _fail(source, f"cities not reachable from {m.rome}: {missing}")
