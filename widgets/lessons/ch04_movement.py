"""Chapter 04, the Architect's movement (R-ARCH-1..4): the chapter's widgets and its exercises' checkers.

Italia, Aiko and Ben, seed 7, Aiko first. Aiko plays her Mercator; Ben's Architect moves his land
colonist onto the land route COSA–ROMA and his sea colonist onto the sea route NEAPOLIS–ROMA. Then
Aiko plays her Architect: 2 steps (R-ARCH-1), and one land and one sea route out of ROMA are taken.

The examples move Aiko's sea colonist; the exercises ask about her land colonist (where it may stop)
and about a sea route further away (its cost), so no example shows their answers.
"""
from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as ipw

import concordia_core as cc

from ..render.board import ReachOverlay
from ..render.markup import esc
from ..render.picks import Pick
from ..render.words import steps_text
from . import replay
from .kit import Board, Outcome, Stepper, TryIt, beat, number_exercise, route_label, style
from .kit.exercise import Exercise, Verdict, right, whole_number, wrong

MAP = "italia"
PLAYERS = ["Aiko", "Ben"]
SEED = 7
OPENING = ["play MERCATOR", "done",                                          # Aiko
           "play ARCHITECT", "move ROMA > land:COSA-ROMA", "move ROMA > sea:NEAPOLIS-ROMA", "done"]   # Ben
MOVER = ("land", "ROMA")            # the exercise: Aiko's land colonist in ROMA
ROUTE_OPTIONS = [                   # what exercise 1 offers to tick
    "land:COSA-ROMA", "land:ROMA-SPOLETVM", "land:CASINVM-ROMA", "land:COSA-FLORENTIA",
    "land:ANCONA-SPOLETVM", "land:CASINVM-NEAPOLIS", "land:FLORENTIA-GENVA", "land:NEAPOLIS-POTENTIA",
    "sea:COSA-ROMA", "sea:OLBIA-ROMA",
]
SEA_OPTIONS = [                     # what the live example offers for the sea colonist
    "sea:COSA-ROMA", "sea:NEAPOLIS-ROMA", "sea:OLBIA-ROMA", "sea:PANORMVS-ROMA", "sea:MESSANA-NEAPOLIS",
    "sea:ALERIA-COSA", "sea:COSA-GENVA", "sea:ALERIA-GENVA",
]
COST_QUESTION = ("ROMA", "sea:CROTON-MESSANA")   # exercise 2: 3 steps, through the taken NEAPOLIS–ROMA


def position() -> cc.Game:
    """Aiko to move, before she plays her Architect; Ben's colonists stand on land:COSA-ROMA and
    sea:NEAPOLIS-ROMA."""
    return replay(MAP, PLAYERS, SEED, OPENING)


def architect_position() -> cc.Game:
    """The same, with Aiko's Architect played: she has her 2 steps to spend."""
    game = position()
    game.play("play ARCHITECT")
    return game


def label(route: str) -> str:
    return route_label(route, MAP)


# --- the worked example: Aiko's sea colonist --------------------------------------------------------
def worked_example() -> Stepper:
    aiko = 0

    def overlay(state: cc.GameState) -> ReachOverlay | None:
        if state.pending is not None and state.steps_left and state.actor == "Aiko":
            sea = [c for c in state.player("Aiko").colonists if c.kind == "sea"][0]
            return ReachOverlay(sea.where, "sea", state.steps_left, aiko)
        return None
    beats = [
        beat("play ARCHITECT", cc._("Aiko plays her Architect. She has 2 colonists on the map, so she has 2 steps "
                                    "(R-ARCH-1); the 4 colonists waiting in her storehouse do not count. The board "
                                    "marks where her sea colonist may stop, with the steps each route costs.")),
        beat("move ROMA > sea:NEAPOLIS-ROMA", cc._("The sea route NEAPOLIS–ROMA is taken by Ben's colonist: Aiko's "
                                                    "colonist may not stop there (R-ARCH-4)."), refused=True),
        beat("move ROMA > sea:MESSANA-NEAPOLIS",
             cc._("But it may pass through: out of ROMA onto the taken route (1 step), through NEAPOLIS onto the sea "
                  "route MESSANA–NEAPOLIS (1 more step). 2 steps, and it stops on a route, never in a city "
                  "(R-ARCH-3, R-ARCH-4).")),
        beat("move ROMA > land:CASINVM-ROMA", cc._("Both steps are spent, so her land colonist stays in ROMA "
                                                   "(R-ARCH-3): steps may all go to one colonist."), refused=True),
    ]
    intro = cc._("Ben has moved both his colonists out of ROMA: one onto the land route COSA–ROMA, one onto the sea "
                 "route NEAPOLIS–ROMA. Now Aiko plays her Architect. Press Next step.")
    return Stepper(position(), beats, intro=intro, overlay=overlay, show_board=True)


# --- the live example: pick a route for the sea colonist -------------------------------------------
def sea_picker() -> TryIt:
    state = architect_position().state
    aiko = state.index_of("Aiko")

    def attempt(route: str) -> Outcome:
        after = cc.apply(state, f"move ROMA > {route}")
        cost = state.steps_left - after.steps_left
        return Outcome(cc._("Allowed: the sea colonist stops on {route} for {steps}.", route=label(route),
                            steps=steps_text(cost)), after)
    options = [(cc.route_name(r), r) for r in SEA_OPTIONS]
    return TryIt(cc._("Route for Aiko's sea colonist"), options, attempt, button=cc._("Move"),
                 board_state=state, board_overlay=ReachOverlay("ROMA", "sea", state.steps_left, aiko),
                 board_caption=cc._("Where Aiko's sea colonist may stop with her 2 steps, and what each route costs."),
                 pick_kind="route")


# --- exercise 1: where may the land colonist stop? (R-ARCH-2..4) -----------------------------------
def why_not(state: cc.GameState, kind: str, start: str, route: str) -> str:
    """Why a colonist of `kind` at `start` may not stop on `route`, or '' if it may: the engine's refusal of
    the move, with the rule it cites (a move names no colonist kind, so a route of the other kind is said
    from the map: R-ARCH-2)."""
    route_kind = cc.load_map(state.map_id).routes[route].kind
    if route_kind != kind:
        return cc._("{route} is a {route_kind} and this is a {colonist}: land colonists use only land routes, sea "
                    "colonists only sea routes (R-ARCH-2)", route=label(route), route_kind=cc.route_text(route_kind),
                    colonist=cc.colonist_text(kind))
    try:
        cc.apply(state, cc.Move(start, route))
    except cc.IllegalAction as refusal:
        return cc._("{why} ({rule})", why=refusal.explanation, rule=refusal.rule)
    return ""


def reachable(state: cc.GameState | None = None) -> dict[str, int]:
    """The engine's answer: route -> cost, among the offered routes."""
    state = state if state is not None else architect_position().state
    kind, start = MOVER
    routes = cc.reachable_routes(state, kind, start, state.steps_left)
    return {r: c for r, c in routes.items() if r in ROUTE_OPTIONS}


def routes_text(costs: dict[str, int]) -> str:
    """Routes with their cost in steps, in a sentence: 'the land route COSA–FLORENTIA (2 steps), …'."""
    return cc.listing([cc._("{route} ({steps})", route=label(r), steps=steps_text(c)) for r, c in sorted(costs.items())])


def check_destinations(answer: Iterable[str] | None) -> Verdict:
    """Is the ticked set exactly the offered routes Aiko's land colonist may stop on with her steps?"""
    state = architect_position().state
    kind, start = MOVER
    steps = state.steps_left
    good = reachable(state)
    chosen = set(answer or ())
    extra = sorted(chosen - set(good))
    missing = sorted(set(good) - chosen)
    if not extra and not missing:
        return right(cc._("With {steps} the land colonist in ROMA may stop on {routes} (R-ARCH-3). The land route "
                          "COSA–ROMA is taken, so it is not a stop, but the colonist may pass through it on the way "
                          "to COSA–FLORENTIA (R-ARCH-4).", steps=steps_text(steps), routes=routes_text(good)))
    problems = [why_not(state, kind, start, r) for r in extra]
    for r in missing:
        cost = good[r]
        through = [o for o in route_path(start, r)[:-1] if o in state.occupied_routes()]
        if through:
            problems.append(cc._("{route} is missing: it costs {cost}, within the {steps} Aiko has, and it is free. "
                                 "On the way it may pass through {taken}, although it is taken (R-ARCH-4)",
                                 route=label(r), cost=steps_text(cost), steps=steps_text(steps),
                                 taken=label(through[0])))
        else:
            problems.append(cc._("{route} is missing: it costs {cost}, within the {steps} Aiko has, and it is free "
                                 "(R-ARCH-3)", route=label(r), cost=steps_text(cost), steps=steps_text(steps)))
    first = cc._("; ").join(problems[:3])
    return wrong(cc._("{problems}.", problems=first[:1].upper() + first[1:]))


def destinations_solution() -> str:
    return cc._("{routes}. The board now marks them with their cost.", routes=routes_text(reachable()))


def make_destinations_exercise() -> Exercise:
    state = architect_position().state
    ticks = ipw.SelectMultiple(options=[(cc.route_name(r), r) for r in ROUTE_OPTIONS], rows=len(ROUTE_OPTIONS),
                               description=cc._("Routes"), layout=ipw.Layout(width="32em"))
    board = Board(state, caption=cc._("Aiko has played her Architect. Ben's colonists stand on the land route "
                                      "COSA–ROMA and the sea route NEAPOLIS–ROMA. Click a route to select it or "
                                      "to drop it."), pickable={"route": ROUTE_OPTIONS})

    def toggle(pick: Pick) -> None:       # a click on the board selects or drops a route, like Ctrl-click
        if pick.kind == "route" and pick.id in ROUTE_OPTIONS:
            chosen = set(ticks.value)
            chosen ^= {pick.id}
            ticks.value = tuple(r for r in ROUTE_OPTIONS if r in chosen)
    board.on_pick(toggle)
    prompt = cc._("Aiko uses both her steps on her land colonist in ROMA. On which of these routes may it stop? "
                  "Select every one that is allowed (Ctrl-click or Cmd-click to select several).")

    def show_overlay() -> None:
        board.show(state, ReachOverlay(MOVER[1], MOVER[0], state.steps_left, state.index_of("Aiko")))
    exercise = Exercise(esc(prompt), ticks, check_destinations, solution=destinations_solution,
                        controls=[style(), board, ticks], on_reveal=show_overlay)
    exercise.board = board
    return exercise


# --- exercise 2: the cost of one move (R-ARCH-3) ------------------------------------------------------
def step_cost(start: str = COST_QUESTION[0], route: str = COST_QUESTION[1]) -> int:
    board = cc.load_map(MAP)
    return board.step_costs(board.routes[route].kind, start)[route]


def route_path(start: str, route: str) -> list[str]:
    """The routes of a shortest move from city `start` onto `route`, in order (R-ARCH-3): walked back from
    `route` through the map's step costs, each time onto a route one step cheaper that shares a city."""
    board = cc.load_map(MAP)
    kind = board.routes[route].kind
    costs = board.step_costs(kind, start)
    path = [route]
    while costs[path[0]] > 1:
        cost = costs[path[0]]
        path.insert(0, min(r for city in board.routes[path[0]].ends for r in board.routes_at(city, kind)
                           if costs.get(r) == cost - 1))
    return path


def check_step_cost(answer: object) -> Verdict:
    start, route = COST_QUESTION
    value = whole_number(answer, cc._("steps"))
    if isinstance(value, Verdict):
        return value
    cost = step_cost(start, route)
    path = " → ".join(label(r) for r in route_path(start, route))
    if value == cost:
        return right(cc._("{cost}: {path}. The first route out of ROMA costs 1 step, each further route 1 more "
                          "(R-ARCH-3).",
                          cost=steps_text(cost), path=path))
    if value == cost - 1:
        return wrong(cc._("You counted only the routes after the first. Leaving ROMA onto its first route already "
                          "costs 1 step, and every further route 1 more: {path} (R-ARCH-3).", path=path))
    if value == cost - 2:
        return wrong(cc._("A colonist cannot skip routes: the shortest way is {path}, 1 step per route, taken routes "
                          "included (R-ARCH-3, R-ARCH-4).", path=path))
    return wrong(cc._("Cities cost nothing, only routes do, 1 step each: {path} (R-ARCH-3).", path=path))


def make_cost_exercise() -> Exercise:
    prompt = cc._("Aiko's sea colonist stands in ROMA. How many steps does it need to reach {route}?",
                  route=label(COST_QUESTION[1]))
    return number_exercise(prompt, cc._("Steps"), check_step_cost, step_cost)

