"""Checks every position must pass, whether reached by play or built by hand (Scenario)."""
from __future__ import annotations

from collections import Counter

from .cards import all_cards, starting_hand
from .constants import CONSTANTS
from .goods import GOODS
from .i18n import _
from .maps import load_map
from .state import GameState, PlayerState
from .text import city_name, coins_text, colonist_text, goods_count, possessive, route_text


def problems(state: GameState) -> list[str]:
    """Every broken invariant of a position, in plain words (empty when the position is sound)."""
    found: list[str] = []
    on_routes: Counter[str] = Counter()
    for p in state.players:
        found += _player_problems(state, p)
        on_routes.update(c.where for c in p.colonists if c.on_route)
    for route_id, k in on_routes.items():
        if k > 1:
            found.append(_("{n} colonists stand on {route}; a route holds at most one (R-ARCH-4)", n=k, route=route_id))
    found += _card_problems(state)
    n = len(state.players)
    if not 0 <= state.praefectus < n:
        found.append(_("exactly one player holds Praefectus Magnus"))
    if not 0 <= state.turn < n:
        found.append(_("the player to move is not one of the players"))
    m = load_map(state.map_id)
    for city in m.cities:
        if state.city_goods.get(city) not in GOODS:
            found.append(_("city {city} has no good", city=city))
    if set(state.bonus_goods) != set(m.provinces) or not state.coin_side <= set(m.provinces):
        found.append(_("every province needs exactly one bonus tile"))
    if sum(p.concordia for p in state.players) > 1:
        found.append(_("only one player can hold the Concordia card"))
    return found


def _player_problems(state: GameState, p: PlayerState) -> list[str]:
    m = load_map(state.map_id)
    who = p.name
    found: list[str] = []
    if p.coins < 0:
        found.append(_("{player} has {coins}; coins are never negative", player=who, coins=coins_text(p.coins)))
    for g in GOODS:
        if p.goods[g] < 0:
            found.append(_("{player} has {goods}; goods are never negative (R-STORE-1)", player=who,
                           goods=goods_count(g, p.goods[g])))
    if p.storehouse_used > CONSTANTS.storehouse_slots:
        found.append(_("{whose} storehouse holds {n} goods and colonists; it has {slots} slots (R-STORE-1)",
                       whose=possessive(who), n=p.storehouse_used, slots=CONSTANTS.storehouse_slots))
    if len(p.houses) > CONSTANTS.houses_per_player:
        found.append(_("{player} has {n} houses; at most {limit} (R-END-2)", player=who, n=len(p.houses),
                       limit=CONSTANTS.houses_per_player))
    if len(set(p.houses)) != len(p.houses):
        found.append(_("{player} has two houses in one city (R-ARCH-6)", player=who))
    for city in p.houses:
        if city == m.rome:
            found.append(_("{player} has a house in {rome}; no houses in Rome (R-ARCH-6)", player=who,
                           rome=city_name(m.rome)))
        elif city not in m.cities:
            found.append(_("{player} has a house in {city!r}, which is not a city on the {map} map", player=who,
                           city=city, map=m.display_name))
    for kind in ("land", "sea"):
        total = len(p.colonists_of(kind)) + p.waiting[kind]
        if p.waiting[kind] < 0 or total > CONSTANTS.colonists_per_kind:
            found.append(_("{player} has {n} {colonists} ({waiting} waiting); at most {limit} of each kind (R-COLO-2)",
                           player=who, n=total, colonists=colonist_text(kind), waiting=p.waiting[kind],
                           limit=CONSTANTS.colonists_per_kind))
        if not p.colonists_of(kind):  # colonists never leave the map (R-SETUP-7, R-ARCH-10)
            found.append(_("{player} has no {colonist} on the map; every player keeps at least the {colonist} placed "
                           "in Rome at setup (R-SETUP-7)", player=who, colonist=colonist_text(kind)))
    for c in p.colonists:
        if c.on_route:
            route = m.routes.get(c.where)
            if route is None:
                found.append(_("{whose} colonist stands on {where!r}, not a route on this map", whose=possessive(who),
                               where=c.where))
            elif route.kind != c.kind:
                found.append(_("{whose} {colonist} stands on the {route_kind} {route} (R-ARCH-2)",
                               whose=possessive(who), colonist=colonist_text(c.kind),
                               route_kind=route_text(route.kind),
                               route=c.where))
        elif c.where not in m.graph:
            found.append(_("{whose} colonist stands in {where!r}, not a city on this map", whose=possessive(who),
                           where=c.where))
    cards = all_cards()
    for cid in p.cards:
        if cid not in cards:
            found.append(_("{player} holds unknown card {card!r}", player=who, card=cid))
    own_starting = Counter(c for c in p.cards if is_starting(c))
    missing = Counter(starting_hand()) - own_starting  # starting cards are never lost (R-SETUP-6)
    if missing:
        lacking = ", ".join(f"{k} x {cid}" if k > 1 else cid for cid, k in sorted(missing.items()))
        found.append(_("{player} lacks starting cards ({cards}) in hand and discard pile; every player keeps all {n} "
                       "starting cards for the whole game (R-SETUP-6)", player=who, cards=lacking, n=len(starting_hand())))
    for cid, k in own_starting.items():
        if k > starting_hand().count(cid):
            found.append(_("{player} holds {n} starting {card} cards; a player has {limit}", player=who, n=k, card=cid,
                           limit=starting_hand().count(cid)))
    return found


def _card_problems(state: GameState) -> list[str]:
    found: list[str] = []
    cards = all_cards()
    sale = Counter(c for p in state.players for c in p.cards if not is_starting(c))
    sale.update(c for c in state.display if c)
    sale.update(state.deck)
    for cid, k in sale.items():
        if k > 1:
            found.append(_("card {card} appears {n} times; each card for sale exists once", card=cid, n=k))
        if cid not in cards:
            found.append(_("unknown card {card!r} in the display or deck", card=cid))
    slots = len(CONSTANTS.display_slot_extra)
    if len(state.display) > slots:
        found.append(_("the display holds {n} cards; it has {slots} slots", n=len(state.display), slots=slots))
    return found


def is_starting(card_id: str) -> bool:
    """True for the 7 starting cards' ids (they have no deck numeral)."""
    return all_cards()[card_id].deck is None if card_id in all_cards() else False
