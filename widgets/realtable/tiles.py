"""The city tiles a group drew at their table, checked against the tiles in the box (R-SETUP-2).

A map marks every city but Rome with a letter; the box holds, for each letter, a fixed set of tiles
(`cc.CONSTANTS.city_tiles`). A group's draw is a mapping city -> good, possibly partial while they enter
it. `problems` names every tile that cannot be (a city of another map, Rome, more tiles of a good and
letter than the box holds), `checked` makes an entry plain or refuses its first problem; `forced` fills
the cities whose tile can only be one good (the last tiles of a letter); `mirror` builds the game of
their table with `cc.Scenario(...).city_goods(...)`, whose bonus tiles follow R-SETUP-3.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import concordia_core as cc


def letters_in_box(map_id: str) -> dict[str, cc.Goods]:
    """For each letter the map uses, the tiles of that letter in the box (good -> count)."""
    board = cc.load_map(map_id)
    return {letter: cc.CONSTANTS.city_tiles[letter] for letter in board.city_tile_letters}


def cities_by_letter(map_id: str) -> dict[str, list[str]]:
    """For each letter the map uses, its cities (in the map's order)."""
    board = cc.load_map(map_id)
    found: dict[str, list[str]] = {letter: [] for letter in board.city_tile_letters}
    for city in board.cities.values():
        if city.letter is not None:
            found[city.letter].append(city.id)
    return found


def tiles_left(map_id: str, tiles: Mapping[str, str]) -> dict[str, Counter[str]]:
    """For each letter, the tiles not yet placed on a city (good -> count; never below zero)."""
    board = cc.load_map(map_id)
    left = {letter: Counter(dict(goods.items())) for letter, goods in letters_in_box(map_id).items()}
    for city, good in tiles.items():
        letter = board.cities[city].letter if city in board.cities else None
        if letter is not None and left[letter][good] > 0:
            left[letter][good] -= 1
    return left


def problems(map_id: str, tiles: Mapping[str, str]) -> list[cc.ConcordiaError]:
    """Every tile of the draw that cannot be on this map, each as a refusal naming the rule."""
    board = cc.load_map(map_id)
    found: list[cc.ConcordiaError] = []
    placed: dict[tuple[str, str], list[str]] = {}
    for city, good in sorted(tiles.items()):
        if city == board.rome:
            found.append(cc.IllegalAction("R-SETUP-2", cc._(
                "{city} gets no city tile: Rome is the only city without a letter", city=cc.city_name(city))))
            continue
        if city not in board.cities:
            found.append(cc.InvalidAction(cc._("{city} is not a city on the {map} map", city=city, map=board.display_name)))
            continue
        if good not in cc.GOODS:
            found.append(cc.InvalidAction(cc._("{good!r} is not a good; goods are {goods}", good=good,
                                               goods=cc.listing(cc.good_name(g) for g in cc.GOODS))))
            continue
        letter = board.cities[city].letter
        assert letter is not None
        placed.setdefault((letter, good), []).append(city)
    box = letters_in_box(map_id)
    for (letter, good), cities in sorted(placed.items()):
        have = box[letter][good]
        if len(cities) > have:
            found.append(cc.IllegalAction("R-SETUP-2", cc.n_(
                "the box holds {n} {good} tile with the letter {letter}, but {count} cities show one: {cities}",
                "the box holds {n} {good} tiles with the letter {letter}, but {count} cities show one: {cities}",
                have, good=cc.good_name(good), letter=letter, count=len(cities),
                cities=cc.listing(cc.city_name(c) for c in cities))))
    return found


def checked(map_id: str, tiles: Mapping[str, str]) -> dict[str, str]:
    """A group's entry of city tiles made plain: each city checked (`check_city`), each good trimmed and
    lower-cased, entries without a good left out, sorted by city; the first impossible tile (`problems`)
    is refused."""
    board = cc.load_map(map_id)
    clean = {board.check_city(c): str(g).strip().lower() for c, g in tiles.items() if g}
    bad = problems(map_id, clean)
    if bad:
        raise bad[0]
    return dict(sorted(clean.items()))


def forced(map_id: str, tiles: Mapping[str, str]) -> dict[str, str]:
    """The tiles entered plus every city whose tile can only be one good: when the tiles of a letter
    still in the box are all of one good, the cities of that letter without a tile show that good."""
    result = dict(tiles)
    left = tiles_left(map_id, tiles)
    for letter, cities in cities_by_letter(map_id).items():
        empty = [c for c in cities if c not in result]
        kinds = [g for g, n in left[letter].items() if n > 0]
        if empty and len(kinds) == 1 and left[letter][kinds[0]] == len(empty):
            result.update(dict.fromkeys(empty, kinds[0]))
    return result


def missing(map_id: str, tiles: Mapping[str, str]) -> list[str]:
    """Cities of the map without a tile in the draw."""
    return [c for c in cc.load_map(map_id).cities if c not in tiles]


def filled(map_id: str, tiles: Mapping[str, str]) -> dict[str, str]:
    """The draw completed with the tiles left in the box, in a fixed order (for checks only: a city
    without a house scores nothing, whatever its good)."""
    result = dict(tiles)
    left = tiles_left(map_id, tiles)
    for letter, cities in cities_by_letter(map_id).items():
        pool = [g for g in cc.GOODS for _ in range(left[letter][g])]
        for city in cities:
            if city not in result and pool:
                result[city] = pool.pop(0)
    return result


def mirror(map_id: str, players: Sequence[str], tiles: Mapping[str, str]) -> cc.Scenario:
    """The Scenario of the group's table: their players in turn order (the first one starts) and their
    city tiles; the bonus tiles follow R-SETUP-3. Every city must have its tile."""
    lacking = missing(map_id, tiles)
    if lacking:
        raise cc.InvalidAction(cc.n_("{n} city has no tile yet: {cities}", "{n} cities have no tile yet: {cities}",
                                     len(lacking), cities=cc.listing(cc.city_name(c) for c in lacking)))
    bad = problems(map_id, tiles)
    if bad:
        raise bad[0]
    return cc.Scenario(map_id, list(players)).city_goods(**tiles)


def province_counts(map_id: str) -> Counter[str]:
    """How many cities of each letter the map has (the tiles of each letter that go on the board)."""
    return Counter(c.letter for c in cc.load_map(map_id).cities.values() if c.letter is not None)
