"""Chapter 03, the Architect's movement (R-ARCH-1..4): the position and the exercises' checkers.

Italia, Aiko and Ben, seed 7, Aiko first. Aiko plays her Mercator; Ben's Architect moves his land
colonist from Rome onto land:COSA-ROMA. Then Aiko plays her Architect: 2 steps (R-ARCH-1), and one
of Rome's land routes is occupied (R-ARCH-4).
"""
from __future__ import annotations

import ipywidgets as ipw
import networkx as nx

import concordia_core as cc

from ..exercise import Exercise, Verdict, right, wrong
from . import replay

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 7
OPENING = ["play MERCATOR", "done",                                  # Aiko
           "play ARCHITECT", "move ROMA > land:COSA-ROMA", "done"]   # Ben
MOVER = ("land", "ROMA")            # Aiko's land colonist in Rome
ROUTE_OPTIONS = [                   # what the exercise offers to tick
    "land:COSA-ROMA", "land:ROMA-SPOLETVM", "land:CASINVM-ROMA", "land:COSA-FLORENTIA",
    "land:ANCONA-SPOLETVM", "land:CASINVM-NEAPOLIS", "land:FLORENTIA-GENVA", "land:NEAPOLIS-POTENTIA",
    "sea:COSA-ROMA", "sea:NEAPOLIS-ROMA",
]
COST_QUESTION = ("ROMA", "land:COSA-FLORENTIA")


def position() -> cc.Game:
    """Aiko to move, before she plays her Architect; Ben's land colonist stands on land:COSA-ROMA."""
    return replay(MAP, PLAYERS, SEED, OPENING)


def architect_position() -> cc.Game:
    """The same, with Aiko's Architect played: she has her steps to spend."""
    game = position()
    game.play("play ARCHITECT")
    return game


def why_not(state: cc.GameState, kind: str, start: str, route: str, steps: int) -> str:
    """Why a colonist of `kind` at `start` may not end on `route` with `steps` steps (R-ARCH-2..4),
    or '' if it may."""
    board = cc.load_map(state.map_id)
    route_kind = board.routes[route].kind
    if route_kind != kind:
        return (f"{route} is a {route_kind} route and this is a {kind} colonist: land colonists use only land "
                "routes, sea colonists only sea routes (R-ARCH-2)")
    cost = board.step_costs(kind, start).get(route)
    if cost is None:
        return f"{route} cannot be reached from {start} along {kind} routes (R-ARCH-2)"
    if route in state.occupied_routes():
        return (f"{route} already holds a colonist: a colonist may pass through it (paying its step) but may not "
                "end there (R-ARCH-4)")
    if cost > steps:
        return f"{route} costs {cost} steps from {start}, more than the {steps} available (R-ARCH-3)"
    return ""


# --- exercise 1: where may the colonist end? (R-ARCH-2..4) ---------------------------------------
def reachable(state: cc.GameState | None = None) -> dict[str, int]:
    """The engine's answer: route -> cost, among the offered routes."""
    state = state if state is not None else architect_position().state
    kind, start = MOVER
    board = cc.load_map(state.map_id)
    routes = board.reachable_routes(kind, start, state.pending.steps_left, state.occupied_routes())
    return {r: c for r, c in routes.items() if r in ROUTE_OPTIONS}


def check_destinations(answer: tuple[str, ...] | list[str] | set[str]) -> Verdict:
    """Is the ticked set exactly the offered routes Aiko's land colonist may end on with her steps?"""
    state = architect_position().state
    kind, start = MOVER
    steps = state.pending.steps_left
    good = reachable(state)
    chosen = set(answer)
    extra = sorted(chosen - set(good))
    missing = sorted(set(good) - chosen)
    if not extra and not missing:
        listed = ", ".join(f"{r} ({c} step{'s' if c > 1 else ''})" for r, c in sorted(good.items()))
        passed = sorted({(o, r) for r in good for o in route_path(start, r)[:-1] if o in state.occupied_routes()})
        note = "".join(f" {o} is occupied, so it is not a destination, but it may be passed through on the way to {r} "
                       "(R-ARCH-4)." for o, r in passed)
        return right(f"With {steps} steps the land colonist in ROMA may end on {listed} (R-ARCH-3).{note}")
    problems = [why_not(state, kind, start, r, steps) for r in extra]
    board = cc.load_map(state.map_id)
    for r in missing:
        cost = board.step_costs(kind, start)[r]
        through = [o for o in route_path(start, r)[:-1] if o in state.occupied_routes()]
        passing = (f" Passing through the occupied {through[0]} on the way is allowed (R-ARCH-4)." if through
                   else "")
        problems.append(f"{r} is missing: it costs {cost} step{'s' if cost > 1 else ''}, within the {steps} "
                        f"available, and it is free (R-ARCH-3).{passing}")
    return wrong(" · ".join(problems))


def make_destinations_exercise() -> Exercise:
    state = architect_position().state
    ticks = ipw.SelectMultiple(options=ROUTE_OPTIONS, rows=len(ROUTE_OPTIONS), description="Routes",
                               layout=ipw.Layout(width="28em"))
    return Exercise(f"Aiko has played her Architect and has {state.pending.steps_left} steps. Using them all on "
                    "her <b>land colonist in ROMA</b>, which of these routes may it <b>end</b> on? Tick every one "
                    "that is allowed (Ctrl/Cmd-click to tick several).",
                    ticks, check_destinations)


# --- exercise 2: the cost of one move (R-ARCH-3) --------------------------------------------------
def step_cost(start: str = COST_QUESTION[0], route: str = COST_QUESTION[1]) -> int:
    board = cc.load_map(MAP)
    return board.step_costs(board.routes[route].kind, start)[route]


def route_path(start: str, route: str) -> list[str]:
    """The routes of a shortest move from city `start` onto `route`, in order (R-ARCH-3)."""
    board = cc.load_map(MAP)
    kind = board.routes[route].kind
    ways = [nx.shortest_path(board.view(kind), start, end) for end in board.routes[route].ends]
    cities = min(ways, key=len)
    return [f"{kind}:{'-'.join(sorted(pair))}" for pair in zip(cities, cities[1:], strict=False)] + [route]


def check_step_cost(answer: int | None) -> Verdict:
    start, route = COST_QUESTION
    cost = step_cost(start, route)
    path = " → ".join(route_path(start, route))
    if answer == cost:
        return right(f"{cost} steps: {path}. The first route out of ROMA costs 1, each further route (passing "
                     f"through a city) 1 more (R-ARCH-3). Passing the occupied route is allowed and still costs its "
                     "step (R-ARCH-4).")
    if answer == cost - 1:
        return wrong(f"{answer} counts only the routes after the first: leaving ROMA onto its first route already "
                     f"costs 1 step, and every further route 1 more: {path} (R-ARCH-3).")
    if answer is not None and answer < cost - 1:
        return wrong(f"The colonist cannot skip routes: {path} is the shortest way, {cost} routes, 1 step each "
                     "(R-ARCH-3). An occupied route on the way still costs its step (R-ARCH-4).")
    return wrong(f"Cities cost nothing, only routes do: {path} is {cost} routes, 1 step each (R-ARCH-3).")


def make_cost_exercise() -> Exercise:
    start, route = COST_QUESTION
    box = ipw.IntText(value=0, description="Steps")
    return Exercise(f"How many steps does the move <code>move {start} &gt; {route}</code> cost?", box,
                    check_step_cost)
