"""Immutable game state: GameState and PlayerState, JSON-friendly and cheap to copy (docs/architecture.md principle 2).

Every change makes a new value with dataclasses.replace; nothing here is ever mutated, so undo,
replay and what-if branches are plain references to older states.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, TypedDict, TypeVar, Unpack, cast

from .cards import card
from .constants import CONSTANTS
from .errors import InvalidAction
from .goods import Goods
from .i18n import _
from .text import city_name, colonist_text, route_name

STOREHOUSE_SLOTS = CONSTANTS.storehouse_slots     # R-STORE-1 (names the bots import)
HOUSES_PER_PLAYER = CONSTANTS.houses_per_player   # R-END-2

_Value = TypeVar("_Value")


def replace(obj: _Value, /, **changes: object) -> _Value:
    """`dataclasses.replace`, faster for the engine's own state values (a look-ahead makes many): their
    fields are copied by a function made once per class. Values of other classes go to dataclasses.replace."""
    fast = _REPLACERS.get(type(obj))
    if fast is not None:
        return cast(_Value, fast(obj, changes))
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


def _replacer(cls: type) -> Callable[[object, dict[str, object]], object]:
    """A function copying an instance of the frozen dataclass `cls` (with slots) with some fields changed:
    each field set through its slot's own descriptor, as the frozen class's __init__ would set it."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    body = "".join(f"    set_{n}(new, changes[{n!r}] if {n!r} in changes else obj.{n})\n" for n in names)
    source = (f"def copy(obj, changes):\n    if not changes.keys() <= NAMES:\n"
              f"        raise TypeError(f'unknown fields {{sorted(changes.keys() - NAMES)}} for {cls.__name__}')\n"
              f"    new = make(cls)\n{body}    return new\n")
    scope: dict[str, object] = {"NAMES": frozenset(names), "make": object.__new__, "cls": cls,
                                **{f"set_{n}": getattr(cls, n).__set__ for n in names}}
    exec(source, scope)  # noqa: S102 - made from the class's own field names, never from input
    return cast(Callable[[object, dict[str, object]], object], scope["copy"])


_REPLACERS: dict[type, Callable[[object, dict[str, object]], object]] = {}


@dataclass(frozen=True, slots=True, order=True)
class Colonist:
    """A colonist on the map: its kind (land or sea) and where it stands (a city id or a route id)."""

    kind: str
    where: str

    @property
    def on_route(self) -> bool:
        return ":" in self.where

    def __str__(self) -> str:
        colonist = colonist_text(self.kind)
        if self.on_route:
            return _("{colonist} on the {route}", colonist=colonist, route=route_name(self.where))
        return _("{colonist} in {city}", colonist=colonist, city=city_name(self.where))


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's holdings. `discard` runs from bottom to top; its last card is visible."""

    name: str
    coins: int
    goods: Goods
    hand: tuple[str, ...]
    discard: tuple[str, ...] = ()
    houses: tuple[str, ...] = ()                 # city ids, sorted
    colonists: tuple[Colonist, ...] = ()         # on the map, sorted
    waiting: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({"land": 0, "sea": 0}))
    concordia: bool = False                      # holds the Concordia card (R-END-1)

    @property
    def top_card(self) -> str | None:
        """The visible card of the discard pile, or None."""
        return self.discard[-1] if self.discard else None

    @property
    def cards(self) -> tuple[str, ...]:
        """Hand and discard pile together (what scoring counts, R-SCORE-1)."""
        return self.hand + self.discard

    @property
    def waiting_total(self) -> int:
        return self.waiting["land"] + self.waiting["sea"]

    @property
    def storehouse_used(self) -> int:
        """Slots filled by goods and waiting colonists (R-STORE-1)."""
        return self.goods.total() + self.waiting_total

    @property
    def free_slots(self) -> int:
        return STOREHOUSE_SLOTS - self.storehouse_used

    @property
    def houses_left(self) -> int:
        return HOUSES_PER_PLAYER - len(self.houses)

    def colonists_of(self, kind: str) -> tuple[Colonist, ...]:
        return tuple(c for c in self.colonists if c.kind == kind)

    def to_dict(self) -> dict[str, object]:
        """The player as JSON-ready data (lists, numbers, text), as a record's start position saves it."""
        return {
            "name": self.name, "coins": self.coins, "goods": self.goods.to_dict(),
            "hand": list(self.hand), "discard": list(self.discard), "houses": list(self.houses),
            "colonists": [[c.kind, c.where] for c in self.colonists],
            "waiting": dict(self.waiting), "concordia": self.concordia,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerState:
        """The player `to_dict` gave (a KeyError or TypeError on data of another shape)."""
        return cls(
            name=data["name"], coins=data["coins"], goods=Goods(data["goods"]),
            hand=tuple(data["hand"]), discard=tuple(data["discard"]), houses=tuple(sorted(data["houses"])),
            colonists=tuple(sorted(Colonist(k, w) for k, w in data["colonists"])),
            waiting=MappingProxyType({"land": data["waiting"]["land"], "sea": data["waiting"]["sea"]}),
            concordia=data["concordia"],
        )


class PlayerChanges(TypedDict, total=False):
    """The fields of a PlayerState that `GameState.with_player` may replace, with their types."""

    name: str
    coins: int
    goods: Goods
    hand: tuple[str, ...]
    discard: tuple[str, ...]
    houses: tuple[str, ...]
    colonists: tuple[Colonist, ...]
    waiting: Mapping[str, int]
    concordia: bool


@dataclass(frozen=True, slots=True)
class BonusTile:
    """A province's bonus tile: its good, which side is up, and the coins on its coin side."""

    good: str
    side: str          # "goods" or "coins"
    coins: int


class Phase(StrEnum):
    """What a card play in progress asks for next (docs/architecture.md principle 5): the card's kind of decision."""

    START = "start"            # the card was just played
    MOVE = "move"              # Architect: moves, then builds (R-ARCH-1..4)
    BUILD = "build"            # Architect: builds only, after the first house (R-ARCH-5)
    PREFECT = "prefect"        # produce or collect (R-PREF-1..4)
    MERCATOR = "mercator"      # trades (R-MERC-2)
    TRIBUNE = "tribune"        # recruit a colonist or not (R-TRIB-3)
    SENATOR = "senator"        # up to 2 purchases (R-SEN-1)
    CONSUL = "consul"          # 1 purchase (R-CONS-1)
    COLONIST = "colonist"      # place colonists or take income (R-COLO-1)
    DIPLOMAT = "diplomat"      # choose whose card to copy (R-DIPL-1)
    FINISHED = "finished"      # done; the turn ends once storehouse choices are made


@dataclass(frozen=True, slots=True)
class Pending:
    """The card play in progress, as sub-steps (docs/architecture.md principle 5).

    `card` is the card played; `action` is the card whose action is being carried out (the same,
    or the card a Diplomat copies). `phase` names what is asked next; `finished` means the action is
    complete and the turn ends once any storehouse choices are made.
    """

    card: str
    action: str
    phase: Phase
    steps_left: int = 0                  # Architect: steps not yet used (R-ARCH-1)
    kinds: tuple[str, ...] = ()          # Mercator: kinds traded so far (R-MERC-2)
    sold: tuple[str, ...] = ()           # Mercator: the kinds of `kinds` that were sold (each kind trades one way)
    bought: int = 0                      # Senator: cards bought so far (R-SEN-1)
    placed: int = 0                      # Colonist card: colonists placed so far (R-COLO-1)
    finished: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"card": self.card, "action": self.action, "phase": self.phase.value, "steps_left": self.steps_left,
                "kinds": list(self.kinds), "sold": list(self.sold), "bought": self.bought, "placed": self.placed,
                "finished": self.finished}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pending:
        return cls(data["card"], data["action"], Phase(data["phase"]), data["steps_left"], tuple(data["kinds"]),
                   tuple(data.get("sold", ())), data["bought"], data["placed"], data["finished"])


@dataclass(frozen=True, slots=True)
class StoreChoice:
    """A player receives more goods than free slots and must choose which to keep (R-STORE-2)."""

    player: int
    incoming: Goods

    def to_dict(self) -> dict[str, object]:
        return {"player": self.player, "incoming": self.incoming.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StoreChoice:
        return cls(data["player"], Goods(data["incoming"]))


@dataclass(frozen=True, slots=True)
class GameState:
    """A whole position. Players are in turn order; `turn` indexes the player whose turn it is."""

    map_id: str
    players: tuple[PlayerState, ...]
    turn: int
    display: tuple[str | None, ...]      # slots 1..7 left to right; None = bought during this Senator play
    deck: tuple[str, ...]                # face down, top first
    city_goods: Mapping[str, str]        # city id -> good of its city tile (R-SETUP-2)
    bonus_goods: Mapping[str, str]       # province id -> good of its bonus tile (R-SETUP-3)
    coin_side: frozenset[str]            # provinces whose bonus tile shows its coin side
    praefectus: int                      # index of the Praefectus Magnus holder
    pending: Pending | None = None
    choices: tuple[StoreChoice, ...] = ()
    end_trigger: int | None = None       # who took the Concordia card (R-END-1)
    over: bool = False
    first_game: bool = False
    mid_scores: tuple[int | None, ...] = ()        # R-MID-2 records, None until that player's first Tribune
    mid_payout: tuple[int, ...] | None = None      # R-MID-3 coins paid, once all have a record
    turns_played: int = 0

    # --- read-only views (the public API, docs/architecture.md) ------------------------------------
    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def praefectus_magnus(self) -> str:
        return self.players[self.praefectus].name

    @property
    def to_move(self) -> str | None:
        """Whose turn it is; None once the game is over."""
        return None if self.over else self.players[self.turn].name

    @property
    def actor_index(self) -> int | None:
        """Index of the player who must act now: a storehouse choice first, else the player to move."""
        if self.over:
            return None
        return self.choices[0].player if self.choices else self.turn

    @property
    def actor(self) -> str | None:
        index = self.actor_index
        return None if index is None else self.players[index].name

    @property
    def steps_left(self) -> int:
        """The Architect's steps not yet spent (R-ARCH-1); 0 when no Architect is moving."""
        return self.pending.steps_left if self.pending is not None else 0

    @property
    def bonus_tiles(self) -> dict[str, BonusTile]:
        coins = CONSTANTS.bonus_tile_coins
        return {p: BonusTile(g, "coins" if p in self.coin_side else "goods", coins[g])
                for p, g in self.bonus_goods.items()}

    @property
    def concordia_holder(self) -> str | None:
        return None if self.end_trigger is None else self.players[self.end_trigger].name

    def player(self, name: str) -> PlayerState:
        """The player called `name` (KeyError-free: InvalidAction names the players)."""
        return self.players[self.index_of(name)]

    def index_of(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise InvalidAction(_("no player called {name!r}; players are {players}", name=name,
                              players=", ".join(p.name for p in self.players)))

    def occupied_routes(self) -> set[str]:
        """Routes holding a colonist of any player (R-ARCH-4)."""
        return {c.where for p in self.players for c in p.colonists if c.on_route}

    def houses_in(self, city: str) -> int:
        return sum(city in p.houses for p in self.players)

    def with_player(self, index: int, **changes: Unpack[PlayerChanges]) -> GameState:
        """A copy with one player's fields replaced."""
        players = list(self.players)
        players[index] = replace(players[index], **changes)
        return replace(self, players=tuple(players))

    # --- serialisation ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """The position as JSON-ready data; `from_dict` gives it back equal (a record's `start`)."""
        return {
            "map": self.map_id, "players": [p.to_dict() for p in self.players], "turn": self.turn,
            "display": list(self.display), "deck": list(self.deck),
            "city_goods": dict(sorted(self.city_goods.items())),
            "bonus_goods": dict(sorted(self.bonus_goods.items())), "coin_side": sorted(self.coin_side),
            "praefectus": self.praefectus,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "choices": [c.to_dict() for c in self.choices], "end_trigger": self.end_trigger,
            "over": self.over, "first_game": self.first_game, "mid_scores": list(self.mid_scores),
            "mid_payout": None if self.mid_payout is None else list(self.mid_payout),
            "turns_played": self.turns_played,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        return cls(
            map_id=data["map"], players=tuple(PlayerState.from_dict(p) for p in data["players"]),
            turn=data["turn"], display=tuple(data["display"]), deck=tuple(data["deck"]),
            city_goods=MappingProxyType(dict(data["city_goods"])),
            bonus_goods=MappingProxyType(dict(data["bonus_goods"])), coin_side=frozenset(data["coin_side"]),
            praefectus=data["praefectus"],
            pending=None if data["pending"] is None else Pending.from_dict(data["pending"]),
            choices=tuple(StoreChoice.from_dict(c) for c in data["choices"]),
            end_trigger=data["end_trigger"], over=data["over"], first_game=data["first_game"],
            mid_scores=tuple(data["mid_scores"]),
            mid_payout=None if data["mid_payout"] is None else tuple(data["mid_payout"]),
            turns_played=data["turns_played"],
        )

    def all_cards_in_play(self) -> list[str]:
        """Every card id in hands, discard piles, display and deck (for conservation checks)."""
        ids = [c for p in self.players for c in p.cards] + [c for c in self.display if c] + list(self.deck)
        for c in ids:
            card(c)
        return ids


_REPLACERS.update({cls: _replacer(cls) for cls in (GameState, PlayerState, Pending)})
