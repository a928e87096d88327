"""Architect: move colonists, then build houses (R-ARCH-1..10, R-END-1/2)."""
from __future__ import annotations

from dataclasses import replace

from ..actions import Action, Build, Done, Move
from ..data import game_constants
from ..errors import IllegalAction
from ..goods import Goods, plural
from ..state import Colonist, GameState, Pending
from .common import actor, board, finish, ordinal, pay, shortfall

_C = game_constants()


def start(state: GameState, pending: Pending) -> GameState:
    steps = len(state.players[actor(state)].colonists)  # R-ARCH-1: colonists on the map
    return replace(state, pending=replace(pending, phase="move", steps_left=steps))


def house_price(state: GameState, city: str) -> tuple[Goods, int]:
    """Goods and coins for a house in `city` now (R-ARCH-7/8: coins x houses counting the new one)."""
    good = state.city_goods[city]
    goods = Goods(_C["house_goods"][good])
    coins = _C["house_coins"][good] * (state.houses_in(city) + 1)
    return goods, coins


def build_sites(state: GameState, index: int) -> set[str]:
    """Cities at either end of a route holding one of the player's colonists (R-ARCH-5), minus Rome."""
    m = board(state)
    sites = {end for c in state.players[index].colonists if c.on_route for end in m.routes[c.where].ends}
    sites.discard(m.rome)
    return sites


def moves(state: GameState, index: int, steps: int) -> list[Move]:
    """Every single move a colonist of the player may make with at most `steps` steps."""
    m = board(state)
    occupied = state.occupied_routes()
    result: list[Move] = []
    for colonist in sorted(set(state.players[index].colonists)):
        for route in sorted(m.reachable_routes(colonist.kind, colonist.where, steps, occupied)):
            result.append(Move(colonist.where, route))
    return result


def legal(state: GameState) -> list[Action]:
    pending = state.pending
    index = actor(state)
    result: list[Action] = []
    if pending.phase == "move":
        result.extend(moves(state, index, pending.steps_left))
    p = state.players[index]
    if p.houses_left > 0:
        for city in sorted(build_sites(state, index) - set(p.houses)):
            goods, coins = house_price(state, city)
            if p.goods.covers(goods) and p.coins >= coins:
                result.append(Build(city))
    result.append(Done())
    return result


def apply(state: GameState, action: Action) -> GameState:
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Build):
        return _build(state, action)
    if isinstance(action, Done):
        return finish(state)
    raise IllegalAction("R-ARCH-5", f"an Architect moves colonists, then builds houses; '{action}' is not part of it")


def _move(state: GameState, action: Move) -> GameState:
    pending = state.pending
    if pending.phase != "move":
        raise IllegalAction("R-ARCH-5", "all movement comes before building: once you build, no colonist may move")
    m = board(state)
    index = actor(state)
    p = state.players[index]
    if action.route not in m.routes:
        raise IllegalAction("R-ARCH-4", f"{action.route} is not a route on this map; a colonist ends its move on a route")
    kind = m.routes[action.route].kind
    mover = Colonist(kind, action.start)
    if mover not in p.colonists:
        here = ", ".join(str(c) for c in p.colonists) or "none"
        others = [c for c in p.colonists if c.where == action.start]
        if others:
            raise IllegalAction("R-ARCH-2", f"your colonist at {action.start} is a {others[0].kind} colonist and "
                                            f"cannot use the {kind} route {action.route}; land colonists use land "
                                            "routes, sea colonists sea routes")
        raise IllegalAction("R-ARCH-1", f"you have no {kind} colonist at {action.start}; yours: {here}")
    if action.route == action.start:
        raise IllegalAction("R-ARCH-4", f"the colonist already stands on {action.route}")
    cost = m.step_costs(kind, action.start).get(action.route)
    if cost is None:
        raise IllegalAction("R-ARCH-2", f"{action.route} cannot be reached from {action.start} along {kind} routes")
    if action.route in state.occupied_routes():
        raise IllegalAction("R-ARCH-4", f"{action.route} already holds a colonist: you may pass through it "
                                        "but not end your move there")
    if cost > pending.steps_left:
        raise IllegalAction("R-ARCH-3", f"moving from {action.start} to {action.route} costs {plural(cost, 'step')}; "
                                        f"you have {pending.steps_left} left")
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
        raise IllegalAction("R-ARCH-6", f"no houses may be built in {m.rome}")
    if city not in m.cities:
        raise IllegalAction("R-ARCH-5", f"{city} is not a city on the {m.name} map")
    if city in p.houses:
        raise IllegalAction("R-ARCH-6", f"you already have a house in {city}; one house per player per city")
    if p.houses_left <= 0:
        raise IllegalAction("R-END-2", "you have built all 15 of your houses")
    if city not in build_sites(state, index):
        raise IllegalAction("R-ARCH-5", f"{city} is not at either end of a route holding one of your colonists")
    goods, coins = house_price(state, city)
    nth = state.houses_in(city) + 1
    good = state.city_goods[city]
    shortfall(state, index, goods, coins, f"a house in {city} ({good} city, {ordinal(nth)} house)",
              "R-ARCH-8" if p.goods.covers(goods) else "R-ARCH-7")
    state = pay(state, index, goods, coins)
    p = state.players[index]
    state = state.with_player(index, houses=tuple(sorted(p.houses + (city,))))
    state = replace(state, pending=replace(state.pending, phase="build", steps_left=0))
    if state.players[index].houses_left == 0 and state.end_trigger is None:  # R-END-1: 15th house
        state = replace(state.with_player(index, concordia=True), end_trigger=index)
    return state
