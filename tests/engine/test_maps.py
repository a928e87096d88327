"""The two boards as data and as frozen networkx multigraphs (docs/architecture.md principle 3, R-SETUP-1, R-SETUP-2).

Also: the shipped map JSON agrees with the reference data it was made from (kept in
concordia_core/data/sources/), bad map files are refused with a message naming the file and the
problem, and a new map needs only a JSON file.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest

import concordia_core as cc
from concordia_core import maps as map_registry


@pytest.fixture(autouse=True)
def forget_maps_loaded_from_files() -> object:
    """A map loaded from a file is registered for the process; each test here forgets the ones it loaded,
    so other test modules see only the shipped maps."""
    before = dict(map_registry._REGISTERED)
    yield
    map_registry._REGISTERED.clear()
    map_registry._REGISTERED.update(before)

REFERENCE = Path(__file__).resolve().parents[2] / "concordia_core" / "data" / "sources"

EXPECTED = {
    "italia": {
        "cities": 25, "letters": {"A": 7, "B": 8, "C": 10}, "provinces": 11, "land": 40, "sea": 23,
        "rome_land": {"CASINVM", "COSA", "SPOLETVM"},
        "rome_sea": {"COSA", "NEAPOLIS", "OLBIA", "PANORMVS"},
        "players": (2, 3, 4), "tile_letters": ("A", "B", "C"),
    },
    "imperium": {
        "cities": 30, "letters": {"A": 7, "B": 8, "C": 10, "D": 5}, "provinces": 12, "land": 44, "sea": 35,
        "rome_land": {"AQVILEIA", "NOVARIA", "SYRACVSAE"},
        "rome_sea": {"CARTHAGO", "MASSILIA", "SYRACVSAE"},
        "players": (3, 4, 5), "tile_letters": ("A", "B", "C", "D"),
    },
}
MAPS = sorted(EXPECTED)
SHIPPED = cc.available_maps()  # generic checks run over every file in data/maps, a new map included


def routes_of(m: cc.ConcordiaMap, kind: str) -> set[str]:
    return {rid for rid, r in m.routes.items() if r.kind == kind}


# --- counts and Rome ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", MAPS)
def test_R_SETUP_1_map_counts(name: str) -> None:
    m = cc.load_map(name)
    exp = EXPECTED[name]
    assert m.id == name
    assert len(m.cities) == exp["cities"]
    assert "ROMA" not in m.cities  # Rome is the capital, not a city with a tile
    assert dict(Counter(c.letter for c in m.cities.values())) == exp["letters"]
    assert len(m.provinces) == exp["provinces"]
    assert len(routes_of(m, "land")) == exp["land"]
    assert len(routes_of(m, "sea")) == exp["sea"]
    assert len(m.routes) == exp["land"] + exp["sea"]
    assert m.graph.number_of_nodes() == exp["cities"] + 1
    assert m.graph.number_of_edges() == exp["land"] + exp["sea"]


@pytest.mark.parametrize("name", MAPS)
def test_R_SETUP_1_map_player_counts_and_tile_letters(name: str) -> None:
    m = cc.load_map(name)
    assert m.players == EXPECTED[name]["players"]
    assert tuple(sorted(m.city_tile_letters)) == EXPECTED[name]["tile_letters"]


@pytest.mark.parametrize("name", MAPS)
def test_rome_neighbours(name: str) -> None:
    m = cc.load_map(name)
    assert m.rome == "ROMA"
    assert m.capital.province is None
    assert m.capital.letter is None
    assert m.neighbours("ROMA", "land") == EXPECTED[name]["rome_land"]
    assert m.neighbours("ROMA", "sea") == EXPECTED[name]["rome_sea"]
    assert len(m.routes_at("ROMA", "land")) == len(EXPECTED[name]["rome_land"])
    assert len(m.routes_at("ROMA", "sea")) == len(EXPECTED[name]["rome_sea"])


def test_available_maps() -> None:
    assert {"imperium", "italia"} <= set(cc.available_maps())


@pytest.mark.parametrize("name", SHIPPED)
def test_map_id_is_its_file_name(name: str) -> None:
    """Games store the map id and reload the map by it, so the two must agree."""
    m = cc.load_map(name)
    assert m.id == name
    assert m.source == f"data/maps/{name}.json"


@pytest.mark.parametrize("name", SHIPPED)
def test_R_SETUP_1_every_shipped_map_sets_up_each_allowed_player_count(name: str) -> None:
    m = cc.load_map(name)
    assert m.players
    assert set(m.players) <= {2, 3, 4, 5}
    assert m.rome == "ROMA"
    for n in m.players:
        s = cc.new_game(name, [f"P{i}" for i in range(n)], seed=n).state
        assert s.map_id == name
        assert set(s.city_goods) == set(m.cities)
        assert set(s.bonus_goods) == set(m.provinces)


# --- the graph ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", SHIPPED)
def test_graph_is_a_frozen_multigraph(name: str) -> None:
    g = cc.load_map(name).graph
    assert isinstance(g, nx.MultiGraph)
    assert nx.is_frozen(g)
    with pytest.raises(nx.NetworkXError):
        g.add_edge("ROMA", "COSA", key="land:X-Y", kind="land")
    with pytest.raises(nx.NetworkXError):
        g.remove_node("ROMA")


def test_parallel_land_and_sea_route_between_cosa_and_roma() -> None:
    m = cc.load_map("italia")
    edges = m.graph.get_edge_data("COSA", "ROMA")
    assert set(edges) == {"land:COSA-ROMA", "sea:COSA-ROMA"}
    assert m.graph.number_of_edges("COSA", "ROMA") == 2
    assert edges["land:COSA-ROMA"]["kind"] == "land"
    assert edges["sea:COSA-ROMA"]["kind"] == "sea"
    assert edges["land:COSA-ROMA"]["id"] == "land:COSA-ROMA"
    assert m.routes["land:COSA-ROMA"].ends == ("COSA", "ROMA")
    assert m.routes["sea:COSA-ROMA"].kind == "sea"
    # the same ids from the other direction of the undirected graph
    assert set(m.graph.get_edge_data("ROMA", "COSA")) == {"land:COSA-ROMA", "sea:COSA-ROMA"}


@pytest.mark.parametrize("name", SHIPPED)
def test_route_ids_are_stable_kind_and_sorted_ends(name: str) -> None:
    m = cc.load_map(name)
    for rid, route in m.routes.items():
        a, b = route.ends
        assert a < b, rid
        assert rid == f"{route.kind}:{a}-{b}"
    for u, v, key, data in m.graph.edges(keys=True, data=True):
        assert data["id"] == key
        assert set(m.routes[key].ends) == {u, v}


def test_check_route_accepts_either_order_and_rejects_unknown() -> None:
    m = cc.load_map("italia")
    assert m.check_route("land:COSA-ROMA") == "land:COSA-ROMA"
    assert m.check_route("land:ROMA-COSA") == "land:COSA-ROMA"
    assert m.check_route("SEA:roma-cosa") == "sea:COSA-ROMA"
    with pytest.raises(cc.InvalidAction, match="not a route"):
        m.check_route("land:COSA-OLBIA")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_city_has_position_and_province(name: str) -> None:
    m = cc.load_map(name)
    for cid, city in m.cities.items():
        assert isinstance(city.lon, (int, float)), cid
        assert isinstance(city.lat, (int, float)), cid
        assert -180 <= city.lon <= 180, cid
        assert -90 <= city.lat <= 90, cid
        assert city.province in m.provinces, cid
        assert cid in m.provinces[city.province].cities
        node = m.graph.nodes[cid]
        assert node["pos"] == (city.lon, city.lat)
        assert node["province"] == city.province
        assert node["letter"] == city.letter
    rome = m.graph.nodes["ROMA"]
    assert rome["province"] is None
    assert rome["pos"] == (m.capital.lon, m.capital.lat)
    # provinces list exactly the cities naming them
    assert sorted(c for p in m.provinces.values() for c in p.cities) == sorted(m.cities)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_city_reachable_from_rome(name: str) -> None:
    m = cc.load_map(name)
    assert nx.node_connected_component(m.graph, "ROMA") == set(m.cities) | {"ROMA"}
    # and a colonist can reach a route at every city, by land or by sea
    reached = {end for kind in ("land", "sea") for r in m.step_costs(kind, "ROMA") for end in m.routes[r].ends}
    assert reached == set(m.cities) | {"ROMA"}


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("kind", ["land", "sea"])
def test_views_hold_only_their_kind(name: str, kind: str) -> None:
    m = cc.load_map(name)
    view = m.view(kind)
    kinds = {k for _, _, k in view.edges(data="kind")}
    assert kinds <= {kind}
    assert {key for _, _, key in view.edges(keys=True)} == routes_of(m, kind)
    if name in EXPECTED:
        assert kinds == {kind}
        assert view.number_of_edges() == EXPECTED[name][kind]
    assert set(view.nodes) == set(m.graph.nodes)
    assert nx.is_frozen(view)


def test_italia_islands_have_no_land_routes() -> None:
    m = cc.load_map("italia")
    for city in ("ALERIA", "OLBIA"):
        assert m.routes_at(city, "land") == []
        assert m.routes_at(city, "sea")


# --- cross-check with the reference data --------------------------------------------------------
def _reference(name: str) -> dict:
    """The reference copy the shipped map was made from (concordia_core/data/sources/maps_<name>.json)."""
    return json.loads((REFERENCE / f"maps_{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", MAPS)
def test_shipped_map_matches_reference_data(name: str) -> None:
    ref = _reference(name)
    m = cc.load_map(name)
    assert ref["capital"]["id"] == m.rome
    assert {c["id"]: (c["letter"], c["province"]) for c in ref["cities"]} == {
        c.id: (c.letter, c.province) for c in m.cities.values()}
    assert {p["id"]: set(p["cities"]) for p in ref["provinces"]} == {
        p.id: set(p.cities) for p in m.provinces.values()}
    assert {p["id"]: p["board_numeral"] for p in ref["provinces"]} == {
        p.id: p.numeral for p in m.provinces.values()}
    for kind in ("land", "sea"):
        ref_edges = [frozenset(e) for e in ref[f"{kind}_edges"]]
        assert len(ref_edges) == len(set(ref_edges))
        shipped = {frozenset(m.routes[r].ends) for r in routes_of(m, kind)}
        assert shipped == set(ref_edges), kind
    assert sorted(ref["letters_used"]) == sorted(m.city_tile_letters)


# --- unknown map ----------------------------------------------------------------------------------
def test_unknown_map_names_the_known_maps() -> None:
    with pytest.raises(cc.InvalidAction) as info:
        cc.load_map("atlantis")
    assert isinstance(info.value, ValueError)
    text = str(info.value)
    assert "atlantis" in text
    assert "italia" in text
    assert "imperium" in text


def test_map_names_are_case_insensitive() -> None:
    assert cc.load_map("Italia").id == "italia"
    assert cc.load_map(" IMPERIUM ").id == "imperium"


# --- bad map data ---------------------------------------------------------------------------------
def tiny_map() -> dict:
    """A valid 3-city map: provinces NORTH (ALPHA, BETA) and SOUTH (GAMMA)."""
    return {
        "format": 1,
        "id": "tiny",
        "name": "Tiny",
        "players": [2, 3],
        "city_tile_letters": ["A", "B"],
        "capital": {"id": "ROMA", "printed": "ROMA", "name": "Roma", "lon": 12.5, "lat": 41.9},
        "provinces": [
            {"id": "NORTH", "printed": "NORTH", "name": "North", "numeral": "I"},
            {"id": "SOUTH", "printed": "SOUTH", "name": "South", "numeral": "II"},
        ],
        "cities": [
            {"id": "ALPHA", "printed": "ALPHA", "name": "Alpha", "letter": "A", "province": "NORTH",
             "lon": 11.0, "lat": 45.0},
            {"id": "BETA", "printed": "BETA", "name": "Beta", "letter": "A", "province": "NORTH",
             "lon": 13.0, "lat": 45.5},
            {"id": "GAMMA", "printed": "GAMMA", "name": "Gamma", "letter": "B", "province": "SOUTH",
             "lon": 15.0, "lat": 38.0},
        ],
        "routes": [
            {"id": "land:ALPHA-ROMA", "kind": "land", "ends": ["ALPHA", "ROMA"]},
            {"id": "land:ALPHA-BETA", "kind": "land", "ends": ["ALPHA", "BETA"]},
            {"id": "land:BETA-GAMMA", "kind": "land", "ends": ["BETA", "GAMMA"]},
            {"id": "sea:GAMMA-ROMA", "kind": "sea", "ends": ["GAMMA", "ROMA"]},
            {"id": "sea:BETA-GAMMA", "kind": "sea", "ends": ["BETA", "GAMMA"]},
        ],
    }


def write(tmp_path: Path, data: object, name: str = "map.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _refused_at_load(path: Path, *words: str) -> cc.MapDataError:
    """Loading `path` raises a MapDataError whose message names the file and each of `words`; the error."""
    with pytest.raises(cc.MapDataError) as info:
        cc.load_map_file(path)
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return info.value


def test_tiny_map_is_valid(tmp_path: Path) -> None:
    m = cc.load_map_file(write(tmp_path, tiny_map()))
    assert m.id == "tiny"
    assert set(m.cities) == {"ALPHA", "BETA", "GAMMA"}
    assert m.source == str(tmp_path / "map.json")


def _unknown_city(d: dict) -> None:
    d["routes"].append({"id": "land:ATLANTIS-BETA", "kind": "land", "ends": ["ATLANTIS", "BETA"]})


def _bad_letter(d: dict) -> None:
    d["cities"][2]["letter"] = "D"


def _unknown_province(d: dict) -> None:
    d["cities"][2]["province"] = "EAST"


def _empty_province(d: dict) -> None:
    d["provinces"].append({"id": "WEST", "printed": "WEST", "name": "West", "numeral": "III"})


def _unreachable(d: dict) -> None:
    d["cities"].append({"id": "DELTA", "printed": "DELTA", "name": "Delta", "letter": "B", "province": "SOUTH",
                        "lon": 16.0, "lat": 39.0})


def _unreachable_island(d: dict) -> None:
    _unreachable(d)
    d["cities"].append({"id": "EPSILON", "printed": "EPSILON", "name": "Epsilon", "letter": "B",
                        "province": "SOUTH", "lon": 17.0, "lat": 39.0})
    d["routes"].append({"id": "sea:DELTA-EPSILON", "kind": "sea", "ends": ["DELTA", "EPSILON"]})


def _duplicate_route_id(d: dict) -> None:
    d["routes"].append(dict(d["routes"][0]))


def _duplicate_route_pair(d: dict) -> None:
    d["routes"].append({"id": "land:ROMA-ALPHA", "kind": "land", "ends": ["ROMA", "ALPHA"]})


def _missing_key(d: dict) -> None:
    del d["routes"]


def _wrong_format(d: dict) -> None:
    d["format"] = 2


def _missing_format(d: dict) -> None:
    del d["format"]


def _bad_kind(d: dict) -> None:
    d["routes"][0]["kind"] = "air"


def _self_loop(d: dict) -> None:
    d["routes"].append({"id": "land:ALPHA-ALPHA", "kind": "land", "ends": ["ALPHA", "ALPHA"]})


def _duplicate_city(d: dict) -> None:
    d["cities"].append(dict(d["cities"][0]))


def _city_named_like_capital(d: dict) -> None:
    d["cities"][0]["id"] = "ROMA"


def _no_lon(d: dict) -> None:
    d["cities"][1]["lat"] = "north"


DEFECTS = {
    "unknown city in a route": (_unknown_city, ["ATLANTIS", "unknown city"]),
    "letter not in city_tile_letters": (_bad_letter, ["GAMMA", "'D'", "city_tile_letters"]),
    "city naming an unknown province": (_unknown_province, ["GAMMA", "unknown province", "EAST"]),
    "province without cities": (_empty_province, ["WEST", "without cities"]),
    "city unreachable from Rome": (_unreachable, ["DELTA", "not reachable", "ROMA"]),
    "island unreachable from Rome": (_unreachable_island, ["DELTA", "EPSILON", "not reachable"]),
    "duplicate route id": (_duplicate_route_id, ["land:ALPHA-ROMA", "repeated"]),
    "two routes of a kind on one pair": (_duplicate_route_pair, ["same kind", "same two cities"]),
    "missing key": (_missing_key, ["missing key", "routes"]),
    "wrong format version": (_wrong_format, ["format", "2", "expected 1"]),
    "no format version": (_missing_format, ["format", "expected 1"]),
    "unknown route kind": (_bad_kind, ["air", "land and sea"]),
    "route joining a city to itself": (_self_loop, ["land:ALPHA-ALPHA", "two different cities"]),
    "repeated city id": (_duplicate_city, ["ALPHA", "repeated"]),
    "city using the capital's id": (_city_named_like_capital, ["ROMA", "repeated"]),
    "non-numeric position": (_no_lon, ["BETA", "lon and lat"]),
}


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_bad_map_data_is_refused_naming_file_and_problem(tmp_path: Path, defect: str) -> None:
    spoil, words = DEFECTS[defect]
    data = copy.deepcopy(tiny_map())
    spoil(data)
    error = _refused_at_load(write(tmp_path, data, "spoilt-map.json"), *words)
    assert isinstance(error, ValueError)


def test_invalid_json_is_refused_naming_file(tmp_path: Path) -> None:
    text = json.dumps(tiny_map())[:-10]  # cut short
    _refused_at_load(write(tmp_path, text, "broken.json"), "not valid JSON", "line")


def test_top_level_not_an_object_is_refused(tmp_path: Path) -> None:
    _refused_at_load(write(tmp_path, [1, 2, 3], "list.json"), "JSON object")


def test_missing_file_is_a_map_data_error(tmp_path: Path) -> None:
    _refused_at_load(tmp_path / "nowhere.json", "cannot read")


def test_shipped_map_file_loads_through_load_map_file() -> None:
    path = Path(cc.__file__).resolve().parent / "data" / "maps" / "italia.json"
    m = cc.load_map_file(path)
    assert m.id == "italia"
    assert len(m.routes) == 63


def test_bad_copy_of_a_shipped_map_is_refused(tmp_path: Path) -> None:
    """A realistic slip: a route dropped from Italia leaves Corsica cut off."""
    path = Path(cc.__file__).resolve().parent / "data" / "maps" / "italia.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["routes"] = [r for r in data["routes"] if "ALERIA" not in r["ends"] and "OLBIA" not in r["ends"]]
    _refused_at_load(write(tmp_path, data, "italia-without-corsica-routes.json"), "ALERIA", "OLBIA")


# --- a third map needs only a JSON file ----------------------------------------------------------
def test_a_new_map_needs_only_a_json_file(tmp_path: Path) -> None:
    m = cc.load_map_file(write(tmp_path, tiny_map(), "tiny.json"))
    assert isinstance(m.graph, nx.MultiGraph)
    assert nx.is_frozen(m.graph)
    assert m.neighbours("ROMA", "land") == {"ALPHA"}
    assert m.neighbours("ROMA", "sea") == {"GAMMA"}
    assert m.provinces["NORTH"].cities == ("ALPHA", "BETA")
    assert m.province_of("GAMMA") == "SOUTH"
    # movement geometry (R-ARCH-3): ROMA -land- ALPHA -land- BETA -land- GAMMA
    assert m.step_costs("land", "ROMA") == {"land:ALPHA-ROMA": 1, "land:ALPHA-BETA": 2, "land:BETA-GAMMA": 3}
    assert m.step_costs("sea", "ROMA") == {"sea:GAMMA-ROMA": 1, "sea:BETA-GAMMA": 2}
    assert m.reachable_routes("land", "ROMA", 2) == {"land:ALPHA-ROMA": 1, "land:ALPHA-BETA": 2}
    # R-ARCH-4: pass through an occupied route, never end on it
    assert m.reachable_routes("land", "ROMA", 3, occupied={"land:ALPHA-BETA"}) == {
        "land:ALPHA-ROMA": 1, "land:BETA-GAMMA": 3}
    assert m.reachable_routes("land", "land:ALPHA-BETA", 1) == {"land:ALPHA-ROMA": 1, "land:BETA-GAMMA": 1}
    assert m.reachable_routes("sea", "sea:BETA-GAMMA", 5) == {"sea:GAMMA-ROMA": 1}


def test_a_new_map_sets_up_a_game(tmp_path: Path) -> None:
    m = cc.load_map_file(write(tmp_path, tiny_map(), "tiny.json"))
    s = cc.new_game(m, ["Aiko", "Ben"], seed=1).state
    assert s.map_id == "tiny"
    assert set(s.city_goods) == {"ALPHA", "BETA", "GAMMA"}
    assert set(s.bonus_goods) == {"NORTH", "SOUTH"}
    assert all(c.where == "ROMA" for p in s.players for c in p.colonists)


# --- a map that loads must also make a playable game, or be refused clearly (docs/architecture.md principles 3, 4)
# Each case states where the refusal must come: a MapDataError at load naming the file and the problem,
# or (only for a map the engine rightly loads) a SetupError at setup naming the problem. Accepting the
# bad input fails the test.
def test_letter_without_city_tiles_is_refused_at_load(tmp_path: Path) -> None:
    """R-SETUP-2: tiles exist only for letters A-D (data/game.json city_tiles)."""
    data = tiny_map()
    data["city_tile_letters"] = ["A", "E"]
    data["cities"][2]["letter"] = "E"
    _refused_at_load(write(tmp_path, data, "letter-e.json"), "city_tile_letters", "'E'", "no city tiles")


def test_player_count_without_decks_is_refused_at_load(tmp_path: Path) -> None:
    """R-SETUP-5: decks exist for 2-5 players only."""
    data = tiny_map()
    data["players"] = [6]
    _refused_at_load(write(tmp_path, data, "six-players.json"), "players", "[6]", "player counts")


def test_player_count_the_map_does_not_allow_is_refused_at_setup(tmp_path: Path) -> None:
    """The tiny map is valid (for 2 or 3 players); a 4-player game on it is refused by new_game."""
    m = cc.load_map_file(write(tmp_path, tiny_map(), "tiny.json"))
    with pytest.raises(cc.SetupError) as info:
        cc.new_game(m, ["Aiko", "Ben", "Chloe", "Dario"], seed=1)
    message = str(info.value)
    assert "Tiny" in message
    assert "2, 3 players, not 4" in message


def test_more_cities_of_a_letter_than_tiles_is_refused_clearly(tmp_path: Path) -> None:
    data = tiny_map()
    for i in range(8):
        data["cities"].append({"id": f"X{i}", "printed": f"X{i}", "name": f"X{i}", "letter": "A",
                               "province": "SOUTH", "lon": 10.0 + i, "lat": 40.0})
        data["routes"].append({"id": f"land:ROMA-X{i}", "kind": "land", "ends": ["ROMA", f"X{i}"]})
    _refused_at_load(write(tmp_path, data, "ten-a-cities.json"), "10 cities have letter A but the game has only 7 A tiles")


def test_a_game_set_up_on_a_map_file_is_playable(tmp_path: Path) -> None:
    """new_game accepts a ConcordiaMap loaded from any file; the game it returns must be playable."""
    m = cc.load_map_file(write(tmp_path, tiny_map(), "tiny.json"))
    g = cc.new_game(m, ["Aiko", "Ben"], seed=1, first_player="Aiko")
    g.play("play ARCHITECT")
    assert g.state.pending.steps_left == 2
    assert {str(a) for a in g.legal_actions() if isinstance(a, cc.Move)} == {
        "move ROMA > land:ALPHA-ROMA", "move ROMA > land:ALPHA-BETA",
        "move ROMA > sea:GAMMA-ROMA", "move ROMA > sea:BETA-GAMMA"}


def test_the_example_in_docs_adding_a_map_loads(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "adding-a-map.md").read_text(encoding="utf-8")
    block = doc.split("```json", 1)[1].split("```", 1)[0]
    data = json.loads(block)
    assert data == tiny_map() | {"capital": data["capital"]}
    m = cc.load_map_file(write(tmp_path, block, "tiny.json"))
    assert m.id == "tiny"
    assert len(m.routes) == 5
