"""Seeded game setup, every R-SETUP rule. Same seed, same table; never the global `random`."""
from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType

from .cards import cards_for_sale, decks_for, starting_hand
from .data import game_constants
from .errors import SetupError
from .goods import GOODS, PRICE, Goods
from .maps import ConcordiaMap, available_maps, load_map
from .state import Colonist, GameState, PlayerState

_C = game_constants()
DISPLAY_SLOTS = len(_C["display_slot_extra"])


def check_table(map_name: str | ConcordiaMap, players: Sequence[str]) -> tuple[ConcordiaMap, tuple[str, ...]]:
    """Validate the map and the player names for a new game (R-SETUP-1)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError("players must be a list of names, e.g. ['Aiko', 'Ben']")
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name.strip() or name != " ".join(name.split()):
            raise SetupError(f"player name {name!r} must be non-empty text, single-spaced, without leading or "
                             "trailing spaces")
    if len(set(names)) != len(names):
        raise SetupError(f"player names must differ; got {list(names)}")
    if isinstance(map_name, ConcordiaMap):
        board = map_name
    else:
        if not isinstance(map_name, str) or map_name.strip().lower() not in available_maps():
            raise SetupError(f"unknown map {map_name!r}; maps are {', '.join(available_maps())}", "R-SETUP-1")
        board = load_map(map_name)
    if len(names) not in board.players:
        allowed = ", ".join(str(n) for n in board.players)
        raise SetupError(f"the {board.name} map is for {allowed} players, not {len(names)}: 2 players use "
                         "Italia, 5 use Imperium, 3 or 4 may use either", "R-SETUP-1")
    return board, names


def initial_state(map_name: str | ConcordiaMap, players: Sequence[str], seed: int, *,
                  first_game: bool = False, first_player: str | None = None) -> GameState:
    """The table after setup. `players` are in seating order (clockwise); the state lists them in
    turn order from the first player, chosen at random by the seed unless `first_player` is given."""
    board, names = check_table(map_name, players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError(f"seed must be a whole number, not {seed!r}")
    rng = random.Random(seed)

    # R-SETUP-2: one random tile of the matching letter per city; D tiles only where the map has D cities.
    city_goods: dict[str, str] = {}
    for letter in sorted(board.city_tile_letters):
        tiles = [g for g in GOODS for _ in range(_C["city_tiles"][letter][g])]
        rng.shuffle(tiles)
        cities = [c.id for c in board.cities.values() if c.letter == letter]
        city_goods.update(zip(cities, tiles, strict=False))

    # R-SETUP-3: each province's bonus tile is its most expensive good.
    bonus_goods = {p.id: max((city_goods[c] for c in p.cities), key=PRICE.__getitem__)
                   for p in board.provinces.values()}

    # R-SETUP-5: decks up to the player count, each shuffled, I on top; the top 7 face up.
    deck: list[str] = []
    for numeral in decks_for(len(names)):
        pile = [c.id for c in cards_for_sale() if c.deck == numeral]
        rng.shuffle(pile)
        deck.extend(pile)

    # R-SETUP-8: a random first player; state lists players in turn order from them.
    if first_player is None:
        start = rng.randrange(len(names))
    elif first_player in names:
        start = names.index(first_player)
    else:
        raise SetupError(f"first_player {first_player!r} is not one of the players {list(names)}", "R-SETUP-8")
    order = names[start:] + names[:start]

    rome = board.rome
    in_rome = _C["colonists_in_rome_at_start"]
    per_kind = _C["colonists_per_kind"]
    colonists = tuple(sorted(Colonist(kind, rome) for kind, n in in_rome.items() for _ in range(n)))
    players_state = tuple(
        PlayerState(  # R-SETUP-6/7
            name=name,
            coins=_C["starting_coins_first_player"] + i,
            goods=Goods(_C["starting_goods"]),
            hand=starting_hand(),
            colonists=colonists,
            waiting=MappingProxyType({kind: per_kind - n for kind, n in in_rome.items()}),
        )
        for i, name in enumerate(order)
    )
    return GameState(
        map_id=board.id,
        players=players_state,
        turn=0,
        display=tuple(deck[:DISPLAY_SLOTS]),
        deck=tuple(deck[DISPLAY_SLOTS:]),
        city_goods=MappingProxyType(city_goods),
        bonus_goods=MappingProxyType(bonus_goods),
        coin_side=frozenset(),
        praefectus=len(order) - 1,  # R-SETUP-8: the last player in turn order
        first_game=bool(first_game),
        mid_scores=(None,) * len(order),
    )
