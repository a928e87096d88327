"""The evaluation: what a position promises one player for the rest of the game (`Outlook`), with the
weights it is made of, and how much of the game is left (`remaining`).

The greedy level judges a position by the "if the game ended now" score plus `Outlook.future()`; the
strong evaluation (judge.py) turns the same estimate into expected final scores of every player. The
weights were tuned on seeded games against the random level and against itself. `points` counts the
score as numbers only, for the thousands of positions a look-ahead judges.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from operator import getitem
from types import MappingProxyType
from typing import Any, cast

from ..cards import cards_for_sale, decks_for
from ..goods import GOODS, PRICE, Goods
from ..maps import load_map
from ..rules import architect, senator
from ..rules.tribune import COLONIST_COST
from ..scoring import points as score_points
from ..state import HOUSES_PER_PLAYER, STOREHOUSE_SLOTS, Colonist, GameState
from .base import card_of

# --- weights ---------------------------------------------------------------------------------------
COIN = 0.33            # points a coin (or a good's worth of coins) is worth early on, as building material
WANTED = 2.0           # extra coins a good is worth when a reachable house or a wanted card needs it
RICH = 30              # coins beyond this count half: a hoard builds nothing without goods
LATER = {"jupiter": 2.5, "saturnus": 2.5, "mercurius": 3.0}   # cards expected later count what is built now
HOUSES_AHEAD = 12      # houses a player still builds in a whole game, roughly (cards' expected growth)
PRODUCTION = 1.5       # future productions expected from a house, in units of its good
SITE = 0.15            # share of a reachable city's worth already counted while a colonist stands next to it
SITE_DECAY = 0.7       # each further city next to a colonist counts for less (one play builds only so much)
HAND_DECAY = 0.6       # each further card in hand counts for less (one card is played per turn)
HAND = {"ARCHITECT": 4.0, "PREFECT": 3.0, "SENATOR": 3.0, "COLONIST": 2.5, "MERCATOR": 2.0,
        "DIPLOMAT": 2.0, "CONSUL": 2.0, "SPECIALIST": 1.5, "TRIBUNE": 0.0}
OWNED = {"ARCHITECT": 1.5, "PREFECT": 1.25, "COLONIST": 1.0, "MERCATOR": 1.0, "CONSUL": 0.75,
         "DIPLOMAT": 0.75, "SENATOR": 0.5, "SPECIALIST": 0.5, "TRIBUNE": 0.0}


# --- map facts and the clock -----------------------------------------------------------------------
@dataclass(frozen=True)
class Geo:
    """Map facts the bot looks up often: route ends, city provinces, routes touching a city."""

    rome: str
    ends: Mapping[str, tuple[str, str]]
    province: Mapping[str, str]
    adjacent: Mapping[tuple[str, str], tuple[str, ...]]      # (kind, city) -> routes ending there
    provinces: int


@cache
def geo(map_id: str) -> Geo:
    """The map facts of `map_id`, computed once."""
    m = load_map(map_id)
    adjacent: dict[tuple[str, str], list[str]] = {}
    for rid, route in m.routes.items():
        for end in route.ends:
            adjacent.setdefault((route.kind, end), []).append(rid)
    return Geo(m.rome, {rid: r.ends for rid, r in m.routes.items()},
               {cid: c.province or "" for cid, c in m.cities.items()},
               {k: tuple(v) for k, v in adjacent.items()}, len(m.provinces))


@cache
def _cards_for_sale(players: int) -> int:
    decks = decks_for(players)
    return sum(1 for c in cards_for_sale() if c.deck in decks)


def remaining(state: GameState) -> float:
    """How much of the game is left, from 1 (start) to 0 (the end is triggered): the smaller of the
    share of cards left for sale and the share of houses the furthest player has left (R-END-1)."""
    if state.end_trigger is not None or state.over:
        return 0.0
    cards = (sum(c is not None for c in state.display) + len(state.deck)) / _cards_for_sale(len(state.players))
    houses = 1 - max(len(p.houses) for p in state.players) / HOUSES_PER_PLAYER
    return max(0.0, min(cards, houses))


@dataclass(frozen=True)
class Points:
    """A player's score if the game ended now, as numbers only: what `score()` counts (R-SCORE-1..8),
    without the texts that say how (a look-ahead asks this thousands of times per decision;
    tests/engine/bots/test_evaluation.py checks it against `score()`)."""

    total: int
    by_god: Mapping[str, int]          # GODS and "concordia", as ScoreBreakdown.by_god()
    per_card: Mapping[str, int]        # points one more card of each god (not minerva) would count now


def points(state: GameState, index: int) -> Points:
    """Player `index`'s score now, as numbers (see Points): the engine's own count (scoring.points),
    remembered by what it depends on in one game (R-SCORE-1..8: the cards, the houses, the coins and
    goods' worth, the colonists and the Concordia card)."""
    p = state.players[index]
    key = ("points", p.cards, p.houses, p.coins + p.goods.value(), len(p.colonists), p.concordia)

    def make() -> Points:
        by_god, per_card = score_points(state, index)
        return Points(sum(by_god.values()), MappingProxyType(by_god), MappingProxyType(per_card))
    return cast(Points, _remembered(game_memory(state), key, make))


_PRICES: dict[tuple[str, int], tuple[Goods, int, int]] = {}
_built: tuple[object, Mapping[str, int]] = ((), {})   # the houses per city of the last players asked about


def _houses_per_city(state: GameState) -> Mapping[str, int]:
    """How many houses stand in each city (state.houses_in for every city at once), remembered for the
    players of the last position asked about: a look-ahead asks about many cities of one position."""
    global _built
    players, counted = _built
    if players is not state.players:
        count: dict[str, int] = {}
        for p in state.players:
            for h in p.houses:
                count[h] = count.get(h, 0) + 1
        counted = count
        _built = (state.players, count)   # one assignment: a judge thinking in the background reads it too
    return counted


def _price(state: GameState, city: str) -> tuple[Goods, int, int]:
    key = (state.city_goods[city], _houses_per_city(state).get(city, 0))
    found = _PRICES.get(key)
    if found is None:
        goods, coins = architect.house_price(state, city)
        found = _PRICES[key] = (goods, coins, goods.value() + coins)
    return found


def remembered_house_price(state: GameState, city: str) -> tuple[Goods, int]:
    """Goods and coins for a house in `city` now: the rules' own answer (architect.house_price),
    remembered by what it depends on, the city's good and the houses already there."""
    goods, coins, _worth = _price(state, city)
    return goods, coins


def house_cost(state: GameState, city: str) -> int:
    """A house in `city` now in coins: the goods' worth at their prices plus the coins (remembered_house_price)."""
    return _price(state, city)[2]


def coin_worth(coins: int) -> float:
    """Coins as building material: a hoard beyond RICH counts half."""
    return min(coins, RICH) + 0.5 * max(0, coins - RICH)


def crowding(free: int) -> float:
    """Coins' worth lost when fewer than 2 storehouse slots are free for production (R-STORE-1)."""
    return 3.0 * max(0, 2 - free)


@cache
def goods_table(wants: tuple[tuple[str, int], ...]) -> Mapping[str, tuple[float, ...]]:
    """Worth in coins of holding n units of each good: its price, plus WANTED for each unit wanted,
    and a little less for each unit beyond the wanted ones (a balanced storehouse)."""
    want = dict(wants)
    table = {}
    for good in GOODS:
        worth, row = 0.0, [0.0]
        for k in range(STOREHOUSE_SLOTS):
            extra = k - want.get(good, 0)
            worth += WANTED if extra < 0 else 0.0
            worth += PRICE[good] * max(0.5, 1.0 - 0.12 * max(0, extra))
            row.append(worth)
        table[good] = tuple(row)
    return MappingProxyType(table)


@cache
def goods_rows(wants: tuple[tuple[str, int], ...]) -> tuple[tuple[float, ...], ...]:
    """goods_table's rows in the order of GOODS (a storehouse's worth is a sum over them)."""
    table = goods_table(wants)
    return tuple(table[g] for g in GOODS)


_NEAR: dict[tuple[str, tuple[Colonist, ...], tuple[str, ...], int], tuple[str, ...]] = {}
_CANDIDATES: dict[tuple[str, tuple[str, ...]], tuple[str, ...]] = {}
_GODS: dict[tuple[str, ...], tuple[Counter[str], Counter[str]]] = {}
REMEMBERED = 20_000   # entries of each of these memories before it starts afresh (a few MB each at most)


def remember(memory: dict[Any, Any], key: object, value: object, limit: int = REMEMBERED) -> None:
    """memory[key] = value, the memory starting afresh first when it holds `limit` entries (bounded memories)."""
    if len(memory) >= limit:
        memory.clear()
    memory[key] = value


def _remembered(memory: dict[Any, Any], key: object, make: Callable[[], object]) -> Any:
    """memory[key], made by `make` the first time (the memory starts afresh when it holds REMEMBERED)."""
    found = memory.get(key)
    if found is None:
        found = make()
        remember(memory, key, found)
    return found


def _near(map_id: str, colonists: tuple[Colonist, ...], houses: tuple[str, ...], depth: int) -> tuple[str, ...]:
    """Outlook.near, remembered by what it depends on (the colonists and houses change seldom in a look-ahead)."""
    def make() -> tuple[str, ...]:
        g = geo(map_id)
        frontier: set[str] = set()
        for col in colonists:
            if col.on_route:
                frontier.update(g.ends[col.where])
            else:
                frontier.update(end for r in g.adjacent.get((col.kind, col.where), ()) for end in g.ends[r])
        cities: set[str] = set()
        for _ in range(depth):
            cities |= frontier
            frontier = {end for city in frontier for kind in ("land", "sea")
                        for r in g.adjacent.get((kind, city), ()) for end in g.ends[r]} - cities
        return tuple(sorted(cities - set(houses) - {g.rome}))
    return cast(tuple[str, ...], _remembered(_NEAR, (map_id, colonists, houses, depth), make))


def _candidates(map_id: str, houses: tuple[str, ...]) -> tuple[str, ...]:
    """The cities without a house of the player's, in the map's order."""
    return cast(tuple[str, ...], _remembered(
        _CANDIDATES, (map_id, houses), lambda: tuple(c for c in geo(map_id).province if c not in houses)))


def _gods(cards: tuple[str, ...]) -> tuple[Counter[str], Counter[str]]:
    """The cards per god, and the points per house of each good's Specialists (read only: shared)."""
    def make() -> tuple[Counter[str], Counter[str]]:
        gods = Counter(card_of(c).god for c in cards)
        minerva: Counter[str] = Counter()
        for cid in cards:
            c = card_of(cid)
            if c.kind == "SPECIALIST" and c.good is not None:
                minerva[c.good] += c.points_per_house
        return gods, minerva
    return cast(tuple[Counter[str], Counter[str]], _remembered(_GODS, cards, make))


class Outlook:
    """What a position promises one player for the rest of the game (the evaluation's estimates),
    given the share `r` of the game still to come and the goods the player wants."""

    def __init__(self, state: GameState, me: int, r: float, wants: Mapping[str, int] | None = None,
                 now: Points | None = None) -> None:
        self.state = state
        self.me = me
        self.player = p = state.players[me]
        self.geo = geo(state.map_id)
        self.r = r
        self.coin = COIN * min(1.0, 2.0 * r)
        self._now = now
        self.gods, self.minerva = _gods(p.cards)
        self.candidates = _candidates(state.map_id, p.houses)
        self._wants = wants
        self._table: Mapping[str, tuple[float, ...]] | None = None
        self._rows: tuple[tuple[float, ...], ...] = ()      # the table's rows in the order of GOODS, with it
        self._growth: dict[str, float] | None = None
        self._desires: dict[str, float] = {}

    @cached_property
    def per_card(self) -> Mapping[str, int]:
        """What one more card of each god (not Minerva) would count now."""
        return (self._now or points(self.state, self.me)).per_card

    @cached_property
    def provinces(self) -> set[str]:
        """The provinces with a house of the player's."""
        return {self.geo.province[h] for h in self.player.houses}

    @cached_property
    def kinds(self) -> set[str]:
        """The goods the player's houses produce."""
        return {self.state.city_goods[h] for h in self.player.houses}

    # -- houses and cities --
    def house_gain(self, city: str) -> float:
        """Points a house in `city` adds now (R-SCORE-3..7), what it will count for cards bought
        later, and its future production."""
        good = self.state.city_goods[city]
        new_province = self.geo.province[city] not in self.provinces
        new_kind = good not in self.kinds
        now = (self.gods["jupiter"] * (good != "brick") + self.gods["saturnus"] * new_province
               + 2 * self.gods["mercurius"] * new_kind + self.minerva[good])
        later = (LATER["jupiter"] * (good != "brick") + LATER["saturnus"] * new_province
                 + LATER["mercurius"] * new_kind + PRODUCTION * PRICE[good] * COIN)
        return now + self.r * later

    def desire(self, city: str) -> float:
        """How much the player would like a house in `city`: its gain less its price (remembered: a
        look-ahead asks it of the same cities again and again)."""
        found = self._desires.get(city)
        if found is None:
            found = self._desires[city] = self.house_gain(city) - self.coin * house_cost(self.state, city)
        return found

    @cached_property
    def candidate_set(self) -> frozenset[str]:
        """The cities without a house of the player's, as a set."""
        return frozenset(self.candidates)

    def near(self, depth: int) -> tuple[str, ...]:
        """Cities (not Rome, without an own house) one route from where the colonists stand (next to
        their route, or one step from their city), and `depth - 1` routes further; sorted."""
        return _near(self.state.map_id, self.player.colonists, self.player.houses, depth)

    # -- goods and coins --
    @property
    def wants(self) -> Mapping[str, int]:
        """Goods worth holding: brick and food for any house, the goods of the best cities near the
        colonists, 1 food + 1 tools while a colonist waits, and the price of the best display card."""
        if self._wants is None:
            wants = Counter({"brick": 2, "food": 1})
            if self.player.waiting_total:
                wants.update(dict(COLONIST_COST))
            for city in sorted(self.near(2), key=lambda c: (-self.desire(c), c))[:3]:
                wants.update(dict(remembered_house_price(self.state, city)[0]))
            price = self._wantedcard_of()
            if price is not None:
                wants.update(dict(price))
            self._wants = MappingProxyType({g: min(n, 3) for g, n in wants.items()})
        return self._wants

    def _wantedcard_of(self) -> Goods | None:
        """The price of the display card most worth its price, if any is."""
        best = None
        for slot, cid in enumerate(self.state.display, start=1):
            if cid is not None:
                price = senator.price(self.state, slot, "brick", False)
                value = self.card_worth(cid) - self.coin * price.value()
                if value > 0 and (best is None or value > best[0]):
                    best = (value, price)
        return None if best is None else best[1]

    @property
    def table(self) -> Mapping[str, tuple[float, ...]]:
        """Worth in coins of holding 0..12 units of each good (see econ)."""
        if self._table is None:
            wants = tuple(sorted(self.wants.items()))
            self._table, self._rows = goods_table(wants), goods_rows(wants)
        return self._table

    def goods_worth(self, goods: Goods, skip: tuple[str, ...] = ()) -> float:
        """Worth in coins of the goods (those of the `skip` kinds left out)."""
        table = self.table
        if not skip:
            return sum(map(getitem, self._rows, goods.counts))
        return sum(table[g][goods[g]] for g in GOODS if g not in skip)

    def econ(self, goods: Goods, coins: int) -> float:
        """Coins and goods as building material, in points: wanted goods above their price, a
        surplus of one kind below it, a hoard of coins at half, and a penalty for a storehouse too
        full to take in production (R-STORE-1)."""
        free = STOREHOUSE_SLOTS - goods.total() - self.player.waiting_total
        return self.coin * (coin_worth(coins) + self.goods_worth(goods) - crowding(free))

    # -- cards --
    def growth(self, god: str) -> float:
        """Points one card of `god` is expected to gain by the end, beyond what it counts now."""
        if self._growth is None:
            built = HOUSES_AHEAD * self.r
            self._growth = {
                "vesta": 1.5 * self.r,
                "jupiter": 0.7 * built,
                "saturnus": min(self.geo.provinces - len(self.provinces), 0.5 * built),
                "mercurius": 2 * min(len(GOODS) - len(self.kinds), 0.35 * built),
                "mars": 2 * min(self.player.waiting_total, 2 * self.r),
                "minerva": 0.2 * built,
            }
        return self._growth[god]

    def card_worth(self, cid: str) -> float:
        """What owning a card would add: its god's points now and expected, and its action."""
        c = card_of(cid)
        if c.kind == "SPECIALIST":
            houses = sum(self.state.city_goods[h] == c.good for h in self.player.houses)
            points = c.points_per_house * (houses + self.growth("minerva"))
        else:
            points = self.per_card.get(c.god, 0) + self.growth(c.god)
        return points + self.r * (OWNED[c.kind] + HAND[c.kind])

    # -- the whole estimate --
    def future(self) -> float:
        """Everything beyond the current score that the position is worth."""
        p = self.player
        return self.econ(p.goods, p.coins) + self._beyond_econ()

    def _beyond_econ(self) -> float:
        """future() but the coins and goods: remembered by what it depends on (a look-ahead's options mostly
        change only the coins and goods)."""
        p, state = self.player, self.state
        key = ("beyond", self.r, p.cards, p.houses, p.colonists, p.waiting_total, p.hand,
               tuple(q.houses for q in state.players))
        return cast(float, _remembered(game_memory(state), key, self._beyond_econ_now))

    def _beyond_econ_now(self) -> float:
        p, r, state = self.player, self.r, self.state
        kinds = [card_of(c) for c in p.cards]
        value = sum(self.growth(c.god) * (c.points_per_house if c.kind == "SPECIALIST" else 1) for c in kinds)
        value += r * sum(OWNED[c.kind] for c in kinds)
        goods_of_houses = [state.city_goods[h] for h in p.houses]
        value += r * (PRODUCTION * COIN * sum(PRICE[g] for g in goods_of_houses)
                      + LATER["jupiter"] * sum(g != "brick" for g in goods_of_houses)
                      + LATER["saturnus"] * len(self.provinces) + LATER["mercurius"] * len(self.kinds))
        value += r * 1.5 * len(p.colonists)
        near = sorted((max(0.0, self.desire(c)) for c in self.near(1)), reverse=True)
        value += SITE * sum(v * SITE_DECAY ** i for i, v in enumerate(near))
        ready = sorted((HAND[card_of(c).kind] for c in p.hand), reverse=True)
        value += min(1.0, 0.2 + 2 * r) * sum(v * HAND_DECAY ** i for i, v in enumerate(ready))
        return value


_game: tuple[object, dict[str, dict[Any, Any]]] = (None, {})


def game_memory(state: GameState, name: str = "values") -> dict[Any, Any]:
    """A memory named `name` for the game of `state` (its map and city tiles: its city_goods): "values" for
    `points` and Outlook._beyond_econ, "plans" for the roll-outs' greedy plays (search.py); a position of
    another game starts them all afresh. Each holds at most REMEMBERED entries before it starts afresh."""
    global _game
    tiles, memories = _game
    if tiles is not state.city_goods:
        memories = {}
        _game = (state.city_goods, memories)   # one assignment: a judge thinking in the background reads it too
    return memories.setdefault(name, {})
