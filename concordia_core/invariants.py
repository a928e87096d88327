"""Checks every position must pass, whether reached by play or built by hand (Scenario)."""
from __future__ import annotations

from collections import Counter

from .cards import all_cards, starting_hand
from .goods import GOODS
from .maps import load_map
from .state import COLONISTS_PER_KIND, HOUSES_PER_PLAYER, STOREHOUSE_SLOTS, GameState


def problems(state: GameState) -> list[str]:
    """Every broken invariant of a position, in plain words (empty when the position is sound)."""
    m = load_map(state.map_id)
    found: list[str] = []
    n = len(state.players)
    cards = all_cards()
    on_routes: Counter[str] = Counter()
    for p in state.players:
        who = p.name
        if p.coins < 0:
            found.append(f"{who} has {p.coins} coins; coins are never negative")
        for g in GOODS:
            if p.goods[g] < 0:
                found.append(f"{who} has {p.goods[g]} {g}; goods are never negative (R-STORE-1)")
        if p.storehouse_used > STOREHOUSE_SLOTS:
            found.append(f"{who}'s storehouse holds {p.storehouse_used} goods and colonists; it has "
                         f"{STOREHOUSE_SLOTS} slots (R-STORE-1)")
        if len(p.houses) > HOUSES_PER_PLAYER:
            found.append(f"{who} has {len(p.houses)} houses; at most {HOUSES_PER_PLAYER} (R-END-2)")
        if len(set(p.houses)) != len(p.houses):
            found.append(f"{who} has two houses in one city (R-ARCH-6)")
        for city in p.houses:
            if city == m.rome:
                found.append(f"{who} has a house in {m.rome}; no houses in Rome (R-ARCH-6)")
            elif city not in m.cities:
                found.append(f"{who} has a house in {city!r}, which is not a city on the {m.name} map")
        for kind in ("land", "sea"):
            total = len(p.colonists_of(kind)) + p.waiting[kind]
            if p.waiting[kind] < 0 or total > COLONISTS_PER_KIND:
                found.append(f"{who} has {total} {kind} colonists ({p.waiting[kind]} waiting); at most "
                             f"{COLONISTS_PER_KIND} of each kind (R-COLO-2)")
        for c in p.colonists:
            if c.on_route:
                route = m.routes.get(c.where)
                if route is None:
                    found.append(f"{who}'s colonist stands on {c.where!r}, not a route on this map")
                elif route.kind != c.kind:
                    found.append(f"{who}'s {c.kind} colonist stands on the {route.kind} route {c.where} (R-ARCH-2)")
                on_routes[c.where] += 1
            elif c.where not in m.graph:
                found.append(f"{who}'s colonist stands in {c.where!r}, not a city on this map")
        for cid in p.cards:
            if cid not in cards:
                found.append(f"{who} holds unknown card {cid!r}")
        for kind in ("land", "sea"):  # colonists never leave the map (R-SETUP-7, R-ARCH-10)
            if not p.colonists_of(kind):
                found.append(f"{who} has no {kind} colonist on the map; every player keeps at least the "
                             f"{kind} colonist placed in Rome at setup (R-SETUP-7)")
        own_starting = Counter(c for c in p.cards if cid_is_starting(c))
        missing = Counter(starting_hand()) - own_starting  # starting cards are never lost (R-SETUP-6)
        if missing:
            lacking = ", ".join(f"{k} x {cid}" if k > 1 else cid for cid, k in sorted(missing.items()))
            found.append(f"{who} lacks starting cards ({lacking}) in hand and discard pile; every player keeps "
                         "all 7 starting cards for the whole game (R-SETUP-6)")
        for cid, k in own_starting.items():
            if k > starting_hand().count(cid):
                found.append(f"{who} holds {k} starting {cid} cards; a player has {starting_hand().count(cid)}")
    for route, k in on_routes.items():
        if k > 1:
            found.append(f"{k} colonists stand on {route}; a route holds at most one (R-ARCH-4)")
    sale = Counter(c for p in state.players for c in p.cards if not cid_is_starting(c))
    sale.update(c for c in state.display if c)
    sale.update(state.deck)
    for cid, k in sale.items():
        if k > 1:
            found.append(f"card {cid} appears {k} times; each card for sale exists once")
        if cid not in cards:
            found.append(f"unknown card {cid!r} in the display or deck")
    if len(state.display) > 7:
        found.append(f"the display has {len(state.display)} slots; it has 7")
    if not 0 <= state.praefectus < n:
        found.append("exactly one player holds Praefectus Magnus")
    if not 0 <= state.turn < n:
        found.append("the player to move is not one of the players")
    for city in m.cities:
        if state.city_goods.get(city) not in GOODS:
            found.append(f"city {city} has no good")
    if set(state.bonus_goods) != set(m.provinces) or not state.coin_side <= set(m.provinces):
        found.append("every province needs exactly one bonus tile")
    if sum(p.concordia for p in state.players) > 1:
        found.append("only one player can hold the Concordia card")
    return found


def cid_is_starting(card_id: str) -> bool:
    return all_cards()[card_id].deck is None if card_id in all_cards() else False
