"""Architect: move colonists, then build houses (R-ARCH-1..10, R-END-1/2)."""
from __future__ import annotations

from collections.abc import Iterator

from ..actions import Action, Build, Done, Move
from ..constants import CONSTANTS
from ..errors import IllegalAction
from ..goods import Goods
from ..i18n import _
from ..state import Colonist, GameState, Pending, Phase, replace
from ..text import city_name, colonist_text, good_name, listing, ordinal, place_name, route_name, steps_text
from .common import actor, board, finish, in_play, pay, shortfall, with_phase


def start(state: GameState, pending: Pending) -> GameState:
    steps = len(state.players[actor(state)].colonists)  # R-ARCH-1: colonists on the map
    return replace(state, pending=replace(pending, phase=Phase.MOVE, steps_left=steps))


def house_price(state: GameState, city: str) -> tuple[Goods, int]:
    """Goods and coins for a house in `city` now (R-ARCH-7/8: coins x houses counting the new one)."""
    good = state.city_goods[city]
    goods = CONSTANTS.house_goods[good]
    coins = CONSTANTS.house_coins[good] * (state.houses_in(city) + 1)
    return goods, coins


def build_sites(state: GameState, index: int) -> set[str]:
    """Cities at either end of a route holding one of the player's colonists (R-ARCH-5), minus Rome."""
    m = board(state)
    sites = {end for c in state.players[index].colonists if c.on_route for end in m.routes[c.where].ends}
    sites.discard(m.rome)
    return sites


def _moves(state: GameState, index: int, steps: int) -> Iterator[Move]:
    m = board(state)
    occupied = state.occupied_routes()
    for colonist in sorted(set(state.players[index].colonists)):
        for route in sorted(m.reachable_routes(colonist.kind, colonist.where, steps, occupied)):
            yield Move(colonist.where, route)


def moves(state: GameState, index: int, steps: int) -> list[Move]:
    """Every single move a colonist of the player may make with at most `steps` steps."""
    return list(_moves(state, index, steps))


def _builds(state: GameState) -> Iterator[Build]:
    index = actor(state)
    p = state.players[index]
    if p.houses_left <= 0:
        return
    for city in sorted(build_sites(state, index) - set(p.houses)):
        goods, coins = house_price(state, city)
        if p.goods.covers(goods) and p.coins >= coins:
            yield Build(city)


def builds(state: GameState) -> list[Build]:
    """Every house the acting player may build now (R-ARCH-5..10), by city id."""
    return list(_builds(state))


def moves_and_builds(state: GameState) -> Iterator[Action]:
    """The moves (while moving) and the builds, lazily (legal lists them; the engine's check for a choice
    needs only the first)."""
    pending = in_play(state)
    if pending.phase == Phase.MOVE:
        yield from _moves(state, actor(state), pending.steps_left)
    yield from _builds(state)


def legal(state: GameState) -> list[Action]:
    return [*moves_and_builds(state), Done()]


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Build):
        return _build(state, action)
    if isinstance(action, Done):
        return finish(state)
    raise IllegalAction("R-ARCH-5", _("an Architect moves colonists, then builds houses; '{action}' is not part of it",
                                      action=action))


complete = finish


def _move(state: GameState, action: Move) -> GameState:
    pending = in_play(state)
    if pending.phase != Phase.MOVE:
        raise IllegalAction("R-ARCH-5", _("all movement comes before building: once you build, no colonist may move"))
    m = board(state)
    index = actor(state)
    p = state.players[index]
    if action.route not in m.routes:
        raise IllegalAction("R-ARCH-4", _("{route!r} is not a route on this map; a colonist ends its move on a route",
                                          route=action.route))
    kind = m.routes[action.route].kind
    mover = Colonist(kind, action.start)
    if mover not in p.colonists:
        others = [c for c in p.colonists if c.where == action.start]
        if others:
            raise IllegalAction("R-ARCH-2", _(
                "your colonist at {start} is a {colonist} and cannot use the {route}; land colonists use land routes, "
                "sea colonists sea routes", start=place_name(action.start), colonist=colonist_text(others[0].kind),
                route=route_name(action.route)))
        raise IllegalAction("R-ARCH-1", _("you have no {colonist} at {start}; yours: {yours}",
                                          colonist=colonist_text(kind), start=place_name(action.start),
                                          yours=listing(str(c) for c in p.colonists)))
    if action.route == action.start:
        raise IllegalAction("R-ARCH-4", _("the colonist already stands on the {route}", route=route_name(action.route)))
    cost = m.step_costs(kind, action.start).get(action.route)
    if cost is None:
        raise IllegalAction("R-ARCH-2", _("the {route} cannot be reached from {start} by a {colonist}",
                                          route=route_name(action.route), start=place_name(action.start),
                                          colonist=colonist_text(kind)))
    if action.route in state.occupied_routes():
        raise IllegalAction("R-ARCH-4", _("the {route} already holds a colonist: you may pass through it but not "
                                          "end your move there", route=route_name(action.route)))
    if cost > pending.steps_left:
        raise IllegalAction("R-ARCH-3", _("moving from {start} to the {route} costs {cost}; you have {left} left",
                                          start=place_name(action.start), route=route_name(action.route),
                                          cost=steps_text(cost),
                                          left=steps_text(pending.steps_left)))
    colonists = list(p.colonists)
    colonists.remove(mover)
    colonists.append(Colonist(kind, action.route))
    state = state.with_player(index, colonists=tuple(sorted(colonists)))
    return replace(state, pending=replace(pending, steps_left=pending.steps_left - cost))


def _build(state: GameState, action: Build) -> GameState:
    m = board(state)
    index = actor(state)
    p = state.players[index]
    city = action.city
    if city == m.rome:
        raise IllegalAction("R-ARCH-6", _("no houses may be built in {rome}", rome=city_name(m.rome)))
    if city not in m.cities:
        raise IllegalAction("R-ARCH-5", _("{city} is not a city on the {map} map", city=city, map=m.display_name))
    if city in p.houses:
        raise IllegalAction("R-ARCH-6", _("you already have a house in {city}; one house per player per city",
                                          city=city_name(city)))
    if p.houses_left <= 0:
        raise IllegalAction("R-END-2", _("you have built all {n} of your houses", n=CONSTANTS.houses_per_player))
    if city not in build_sites(state, index):
        raise IllegalAction("R-ARCH-5", _("{city} is not at either end of a route holding one of your colonists",
                                          city=city_name(city)))
    goods, coins = house_price(state, city)
    what = _("a house in {city} ({good} city, {nth} house)", city=city_name(city),
             good=good_name(state.city_goods[city]), nth=ordinal(state.houses_in(city) + 1))
    shortfall(state, index, goods, coins, what, "R-ARCH-8" if p.goods.covers(goods) else "R-ARCH-7")
    state = pay(state, index, goods, coins)
    p = state.players[index]
    state = state.with_player(index, houses=tuple(sorted(p.houses + (city,))))
    state = with_phase(state, replace(in_play(state), steps_left=0), Phase.BUILD)
    if state.players[index].houses_left == 0 and state.end_trigger is None:  # R-END-1: 15th house
        state = replace(state.with_player(index, concordia=True), end_trigger=index)
    return state
