"""What the scoring pad counts for one player: the kinds of cards (same name, same god: all that scoring
reads), and one player's entries (cards bought, houses, colonists on the map, goods, coins, the first-game
record). Plain values, no widgets; `pad_model.PadEntries` holds one per player."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

import concordia_core as cc

KINDS = ("land", "sea")


# --- the cards, counted by name and god ---------------------------------------------------------------
@dataclass(frozen=True)
class CardKind:
    """Cards a group counts together: same name, same god (a Diplomat of Mars is not one of Saturnus).
    `starting` copies are in every hand; `ids` are the cards for sale of this kind in the game's decks."""

    key: str
    name: str
    god: str
    starting: int
    ids: tuple[str, ...]
    good: str | None = None
    points_per_house: int = 0

    @property
    def label(self) -> str:
        """The card's name in the current language, without a deck numeral ('Architect')."""
        return cc.term("card", self.name.upper())

    @property
    def most(self) -> int:
        """The most one player can hold: the starting copies and every card for sale of this kind."""
        return self.starting + len(self.ids)


def kind_key(card_id: str) -> str:
    """'ARCHITECT-II' -> 'ARCHITECT/jupiter': the name and the god, which is all scoring reads."""
    c = cc.card(card_id)
    return f"{c.name.upper()}/{c.god}"


@cache
def card_kinds(players: int) -> tuple[CardKind, ...]:
    """Every kind of card a player of a game of `players` may hold, by god (as scoring sorts them,
    R-SCORE-1), starting cards first within a god."""
    decks = set(cc.decks_for(players))
    starting: dict[str, int] = {}
    for cid in cc.starting_hand():
        starting[kind_key(cid)] = starting.get(kind_key(cid), 0) + 1
    sale: dict[str, list[str]] = {}
    for c in cc.cards_for_sale():
        if c.deck in decks:
            sale.setdefault(kind_key(c.id), []).append(c.id)
    kinds = []
    for key in list(starting) + [k for k in sale if k not in starting]:
        first = cc.card(sale[key][0] if key in sale else next(c for c in cc.starting_hand() if kind_key(c) == key))
        kinds.append(CardKind(key, first.name, first.god, starting.get(key, 0), tuple(sale.get(key, ())), first.good,
                              first.points_per_house))
    order = {god: i for i, god in enumerate(cc.GODS)}
    return tuple(sorted(kinds, key=lambda k: (order[k.god], k.starting == 0)))


def kinds_by_key(players: int) -> dict[str, CardKind]:
    return {k.key: k for k in card_kinds(players)}


# --- one player's entries -----------------------------------------------------------------------------
def frozen_counts(mapping: Mapping[str, int]) -> Mapping[str, int]:
    """Counts as a read-only mapping, sorted, without zeros."""
    return MappingProxyType({k: int(v) for k, v in sorted(mapping.items()) if int(v)})


@dataclass(frozen=True)
class PlayerEntry:
    """One player's end position as the pad records it."""

    name: str
    bought: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))   # kind key -> cards bought
    houses: tuple[str, ...] = ()
    land: int = 1                      # land colonists on the map (the rest wait in the storehouse)
    sea: int = 1                       # sea colonists on the map
    goods: cc.Goods = field(default_factory=cc.Goods)
    coins: int = 0
    record: int | None = None          # first-game intermediate scoring: the recorded score (R-MID-2)

    def held(self, kind: CardKind) -> int:
        """Cards of this kind in hand and discard pile together, starting copies included."""
        return kind.starting + self.bought.get(kind.key, 0)

    def colonists(self, kind: str) -> int:
        return self.land if kind == "land" else self.sea

    def waiting(self) -> int:
        """Colonists in the storehouse: every colonist not on the map (R-SETUP-7)."""
        per_kind = cc.CONSTANTS.colonists_per_kind
        return max(0, per_kind - self.land) + max(0, per_kind - self.sea)

    def slots_used(self) -> int:
        """Storehouse slots filled by goods and waiting colonists (R-STORE-1)."""
        return self.goods.total() + self.waiting()
