"""Seeded game setup, every R-SETUP rule. Same seed, same table; never the global `random`.

A `Setup` value holds what a new game is made from (map, players in seating order, seed, the
first-game option, an optional first player), like OpenSpiel's game parameters: the record, the
game, a Scenario, simulations and the table pass one Setup instead of five loose fields.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from .cards import cards_for_sale, decks_for, starting_hand
from .constants import CONSTANTS
from .errors import SetupError
from .goods import GOODS, PRICE
from .i18n import _
from .maps import ConcordiaMap, available_maps, load_map
from .state import Colonist, GameState, PlayerState

DISPLAY_SLOTS = len(CONSTANTS.display_slot_extra)


def check_table(map_name: str | ConcordiaMap, players: Sequence[str]) -> tuple[ConcordiaMap, tuple[str, ...]]:
    """Validate the map and the player names for a new game (R-SETUP-1)."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError(None, _("players must be a list of names, e.g. ['Aiko', 'Ben']"))
    names = tuple(players)
    for name in names:
        if not isinstance(name, str) or not name.strip() or name != " ".join(name.split()):
            raise SetupError(None, _("player name {name!r} must be non-empty text, single-spaced, without leading or "
                                     "trailing spaces", name=name))
    if len(set(names)) != len(names):
        raise SetupError(None, _("player names must differ; got {names}", names=list(names)))
    if isinstance(map_name, ConcordiaMap):
        board = map_name
    else:
        if not isinstance(map_name, str) or map_name.strip().lower() not in available_maps():
            raise SetupError("R-SETUP-1", _("unknown map {name!r}; maps are {maps}", name=map_name,
                                            maps=", ".join(available_maps())))
        board = load_map(map_name)
    if len(names) not in board.players:
        allowed = ", ".join(str(n) for n in board.players)
        raise SetupError("R-SETUP-1", _("the {map} map is for {allowed} players, not {n}: 2 players use Italia, 5 use "
                                        "Imperium, 3 or 4 may use either", map=board.display_name, allowed=allowed,
                                        n=len(names)))
    return board, names


def bonus_goods_for(board: ConcordiaMap, city_goods: Mapping[str, str]) -> dict[str, str]:
    """Each province's bonus tile: the most expensive good of its cities (R-SETUP-3)."""
    return {p.id: max((city_goods[c] for c in p.cities), key=PRICE.__getitem__) for p in board.provinces.values()}


@dataclass(frozen=True)
class Setup:
    """What a new game is made from; validated on creation (SetupError naming the problem)."""

    map_name: str
    players: Sequence[str]
    seed: int
    first_game: bool = False
    first_player: str | None = None

    def __post_init__(self) -> None:
        board, names = check_table(self.map_name, self.players)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise SetupError(None, _("seed must be a whole number, not {seed!r}", seed=self.seed))
        if not isinstance(self.first_game, bool):
            raise SetupError(None, _("first_game must be true or false, not {value!r}", value=self.first_game))
        if self.first_player is not None and self.first_player not in names:
            raise SetupError("R-SETUP-8", _("first_player {name!r} is not one of the players {players}",
                                            name=self.first_player, players=list(names)))
        object.__setattr__(self, "map_name", board.id)
        object.__setattr__(self, "players", names)

    def initial_state(self) -> GameState:
        """The table after setup (R-SETUP-1..8). `players` are in seating order (clockwise); the state lists
        them in turn order from the first player, chosen at random by the seed unless `first_player` is given."""
        board, names = load_map(self.map_name), tuple(self.players)
        rng = random.Random(self.seed)

        # R-SETUP-2: one random tile of the matching letter per city; D tiles only where the map has D cities.
        city_goods: dict[str, str] = {}
        for letter in sorted(board.city_tile_letters):
            tiles = [g for g in GOODS for _ in range(CONSTANTS.city_tiles[letter][g])]
            rng.shuffle(tiles)
            cities = [c.id for c in board.cities.values() if c.letter == letter]
            city_goods.update(zip(cities, tiles, strict=False))

        # R-SETUP-3: each province's bonus tile is its most expensive good.
        bonus_goods = bonus_goods_for(board, city_goods)

        # R-SETUP-5: decks up to the player count, each shuffled, I on top; the top 7 face up.
        deck: list[str] = []
        for numeral in decks_for(len(names)):
            pile = [c.id for c in cards_for_sale() if c.deck == numeral]
            rng.shuffle(pile)
            deck.extend(pile)

        # R-SETUP-8: a random first player (__post_init__ checked a given one); state lists players in turn
        # order from them.
        start = rng.randrange(len(names)) if self.first_player is None else names.index(self.first_player)
        order = names[start:] + names[:start]

        rome = board.rome
        in_rome = CONSTANTS.colonists_in_rome_at_start
        per_kind = CONSTANTS.colonists_per_kind
        colonists = tuple(sorted(Colonist(kind, rome) for kind, n in in_rome.items() for _ in range(n)))
        players_state = tuple(
            PlayerState(  # R-SETUP-6/7
                name=name,
                coins=CONSTANTS.starting_coins[i],
                goods=CONSTANTS.starting_goods,
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
            first_game=self.first_game,
            mid_scores=(None,) * len(order),
        )

    def to_dict(self) -> dict[str, object]:
        """The fields a record saves: map, players, seed and the options."""
        return {"map": self.map_name, "players": list(self.players), "seed": self.seed,
                "options": {"first_game": self.first_game, "first_player": self.first_player}}
