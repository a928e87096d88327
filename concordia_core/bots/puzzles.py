"""Puzzles ("learn from your mistakes"): a decision of a game that a better play beats, measured to the end of the game.

A puzzle is a position of a game (its record: the seed and the actions, so the engine rebuilds it), the play made
there and the best line found, each as actions to the end of that play (the next turn start: a storehouse choice
another seat makes on the way belongs to it), and the themes it belongs to (`THEMES`). Its figures come from
`study.playouts`, the measure the judge is held to: both lines, then every seat's greedy play to the end of the
game, `n` times on the same deck orders and bot seeds (paired); the gap is the mean of the paired differences of the
seat's final-score margin (best less made), with its standard error.

- `from_review(game, review, people)`: every charged decision of those players, a puzzle (measured when first asked);
- `candidate(game, step, budget)`: a turn start where the play made is not the judge's best (the search of
  scripts/find_puzzles.py), then `measure(puzzle, n, seed)`;
- `answer(puzzle, line)`: a learner's play measured on the puzzle's own play-outs against the play made and the best;
- `puzzle_to_dict` / `puzzle_from_dict`: the JSON form, each part checked on reading (`cc.RecordError`).

Pure Python and widget-free, like the rest of concordia_core.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..actions import Action, Keep, PlayCard, Purchase, parse_action
from ..cards import card
from ..engine import apply, legal_actions
from ..errors import ConcordiaError, RecordError
from ..game import Game
from ..i18n import N_, _
from ..state import GameState
from .base import Line
from .hidden import seen_by
from .judge import Budget, judge
from .reasons import advise
from .review import Review
from .study import playouts

SOLVED_Z = 2.0          # standard errors: a play this close to the best is about as good (the judge's own rule)
FOUND_Z = 3.0           # standard errors the play made must lose by for a puzzle of the shipped set
ANSWER_PLAYOUTS = 16    # play-outs a learner's play is measured with (the first of the puzzle's own, paired)
END_NEAR_HOUSES = 2     # houses a player has left from which the end of the game is near (R-END-1) ...
END_NEAR_CARDS = 3      # ... or cards left to buy, in the display and the deck
FULL_SLOTS = 2          # free storehouse slots from which a storehouse is all but full (R-STORE-1)

# Themes: each card kind, the storehouse, the end of the game and the Concordia card, buying cards.
THEMES: dict[str, str] = {
    "architect": N_("the Architect"), "prefect": N_("the Prefect"), "mercator": N_("the Mercator"),
    "tribune": N_("the Tribune"), "diplomat": N_("the Diplomat"), "senator": N_("the Senator"),
    "consul": N_("the Consul"), "colonist": N_("the Colonist card"), "specialist": N_("the specialists"),
    "storehouse": N_("the storehouse"), "end": N_("the end of the game and the Concordia card"),
    "buying": N_("buying cards"),
}
IDEAS: dict[str, str] = {
    "architect": N_("The Architect builds where the houses pay: new cities, new provinces, the goods the gods count."),
    "prefect": N_("A Prefect is worth what its province yields to you, bonus included, when you can use the goods."),
    "mercator": N_("The Mercator turns goods you cannot use into those your next plays need."),
    "tribune": N_("The Tribune brings your cards back; with many played it also pays a coin for each beyond the third."),
    "diplomat": N_("A Diplomat is as good as the card on top of the pile it copies, at this moment."),
    "senator": N_("The Senator buys up to two cards: each is a new play and counts for its god at the end."),
    "consul": N_("The Consul buys one card at its own price, without the slot's extra cost."),
    "colonist": N_("The Colonist card puts new colonists on the map, in Rome or a city of yours, or pays 5 coins and 1 "
                   "more for each colonist you have there."),
    "specialist": N_("A specialist produces its good in every city of that good where you have a house."),
    "storehouse": N_("The storehouse has twelve slots: goods that do not fit are lost, and goods kept idle earn "
                     "nothing."),
    "end": N_("Near the end, count what each play still adds before the final scoring; whoever ends the game takes "
              "the Concordia card, 7 points."),
    "buying": N_("A card bought is a new play in your hand and one more card for its god at the final scoring."),
}
THEME_ORDER = tuple(THEMES)


@dataclass(frozen=True)
class Measure:
    """Paired play-outs of the best line and of the play made: the seat's final-score margin in each (`seed` is
    `playouts`' seed: play-out k of every line met the same deck order and bot seeds)."""

    seed: int
    best: tuple[float, ...]
    played: tuple[float, ...]

    @property
    def playouts(self) -> int:
        return len(self.best)

    @property
    def gap(self) -> float:
        """How many points the best line beats the play made by (the mean paired difference)."""
        return mean_se([b - p for b, p in zip(self.best, self.played, strict=True)])[0]

    @property
    def se(self) -> float:
        return mean_se([b - p for b, p in zip(self.best, self.played, strict=True)])[1]

    def found(self) -> bool:
        """True when the best line beats the play made by at least FOUND_Z standard errors."""
        return self.gap > 0 and self.gap >= FOUND_Z * self.se


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A position (`game` is the game up to it) where `seat` must act, the play made there and the best line
    found (to the end of that play), its themes, who sat where (`levels`: "human" or a bot level, `seeds`: the
    bots' seeds, by name), the play-outs measured (None until measured) and, for a puzzle of a review, its charge."""

    id: str
    game: Game = field(repr=False)
    played: tuple[Action, ...]
    best: tuple[Action, ...]
    themes: tuple[str, ...]
    levels: Mapping[str, str]
    seeds: Mapping[str, int]
    measure: Measure | None = None
    charge: tuple[float, float] | None = None     # the review's loss and its standard error (points)

    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def seat(self) -> str:
        return self.state.actor or ""

    @property
    def step(self) -> int:
        return len(self.game.history)


@dataclass(frozen=True)
class Answer:
    """A learner's play measured on the puzzle's play-outs: how much better than the play made and than the best
    (negative: worse), each with its standard error, over `playouts` paired play-outs; `same` is "best" or "played"
    when the play ends where that one does (then the puzzle's own figures are used)."""

    vs_played: float
    vs_played_se: float
    vs_best: float
    vs_best_se: float
    playouts: int
    same: str = ""

    @property
    def solved(self) -> bool:
        """Found: about as good as the best line or better (within SOLVED_Z standard errors), and not the play made."""
        if self.same:
            return self.same == "best"
        return self.vs_best > -SOLVED_Z * self.vs_best_se


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error (0 for fewer than two)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)


# --- plays ---------------------------------------------------------------------------------------------
def turn_start(state: GameState) -> bool:
    """True at the start of a turn: no card play in progress and no storehouse choice waiting."""
    return state.pending is None and not state.choices


def play_end(states: Sequence[GameState], step: int) -> int:
    """The step at which the play that goes on at `step` is over (`states[k]` is the position after k actions):
    the next turn start, or the end of the game."""
    k = step + 1
    while k < len(states) - 1 and not (turn_start(states[k]) or states[k].over):
        k += 1
    return min(k, len(states) - 1)


def line_done(state: GameState, steps: int) -> bool:
    """True once a play is over: at least one step made and a turn start (or the end) reached."""
    return steps > 0 and (state.over or turn_start(state))


def apply_line(state: GameState, line: Sequence[Action]) -> GameState:
    for action in line:
        state = apply(state, action)
    return state


# --- themes --------------------------------------------------------------------------------------------
def themes(state: GameState, played: Sequence[Action], best: Sequence[Action]) -> tuple[str, ...]:
    """The themes of a puzzle, the best line's card first (or the card being played): its kind, then buying cards
    (either line buys), the storehouse (either line chooses what to keep, or the seat's storehouse is all but full)
    and the end of the game (it is near, or either line sets it off)."""
    found: list[str] = []
    first = best[0] if best else None
    if isinstance(first, PlayCard):
        found.append(card(first.card).kind.lower())
    elif state.pending is not None:          # a step in the middle of a play: the play's card
        found.append(card(state.pending.action).kind.lower())
    lines = (played, best)
    if any(isinstance(a, Purchase) for line in lines for a in line):
        found.append("buying")
    me = state.actor_index
    if any(isinstance(a, Keep) for line in lines for a in line) or \
            (me is not None and state.players[me].free_slots <= FULL_SLOTS):
        found.append("storehouse")
    if end_near(state) or any(_sets_off_end(state, line) for line in lines):
        found.append("end")
    return tuple(t for t in THEME_ORDER if t in found)


def end_near(state: GameState) -> bool:
    """The end of the game is set off, or close: a player with few houses left, or few cards left to buy."""
    if state.end_trigger is not None:
        return True
    cards_left = len(state.deck) + sum(1 for c in state.display if c is not None)
    return min(p.houses_left for p in state.players) <= END_NEAR_HOUSES or cards_left <= END_NEAR_CARDS


def _sets_off_end(state: GameState, line: Sequence[Action]) -> bool:
    try:
        return state.end_trigger is None and apply_line(state, line).end_trigger is not None
    except ConcordiaError:
        return False


def theme_name(key: str) -> str:
    return _(THEMES[key]) if key in THEMES else key


def reason(puzzle: Puzzle) -> str:
    """Why the best line: the judge's reason for it, addressed to the player ('Play the Architect to build in …')."""
    state = puzzle.state
    me = state.actor_index
    assert me is not None
    view = position = seen_by(state, me)
    line: Line = []
    for action in puzzle.best:
        position = apply(position, action)
        line.append((action, position))
    return advise(view, me, line)


def idea(puzzle: Puzzle) -> str:
    """What the puzzle is about, in a sentence: the idea of its first theme."""
    key = next((t for t in puzzle.themes if t in IDEAS), "")
    return _(IDEAS[key]) if key else ""


# --- making puzzles ------------------------------------------------------------------------------------
def _states(game: Game) -> list[GameState]:
    return [game.initial] + [s.state for s in game.history]


def _play_made(game: Game, states: Sequence[GameState], step: int) -> tuple[Action, ...]:
    return tuple(s.action for s in game.history[step:play_end(states, step)])


def from_review(game: Game, review: Review, people: Sequence[str], levels: Mapping[str, str] | None = None,
                seeds: Mapping[str, int] | None = None, prefix: str = "") -> list[Puzzle]:
    """Every decision of `people` the review charged, as a puzzle (not measured yet): the position, the play made
    there (that step and the rest of that play as it went) and the review's best line. `levels`/`seeds`: who sat in
    the other seats (default: greedy bots)."""
    states = _states(game)
    names = [p.name for p in game.initial.players]
    who = {n: (levels or {}).get(n, "human" if n in people else "greedy") for n in names}
    found = []
    for d in review.decisions:
        if d.loss <= 0 or d.player not in people:
            continue
        state = states[d.step]
        played = _play_made(game, states, d.step)
        found.append(Puzzle(f"{prefix}{d.step}", game.branch(d.step), played, tuple(d.best),
                            themes(state, played, d.best), MappingProxyType(who),
                            MappingProxyType(dict(seeds or {})), None, (d.loss, d.se)))
    return found


@dataclass(frozen=True)
class Candidate:
    """A turn start where the play made was not the judge's best: its lines and the judge's own gap."""

    step: int
    played: tuple[Action, ...]
    best: tuple[Action, ...]
    judged_gap: float
    judged_se: float


def candidate(game: Game, step: int, budget: Budget, states: Sequence[GameState] | None = None) -> Candidate | None:
    """The decision at `step` (a turn start) as a candidate puzzle, if the judge's best play there starts with
    another card than the play made (None otherwise): both lines and the judge's gap between them."""
    states = states if states is not None else _states(game)
    state = states[step]
    if state.over or not turn_start(state) or len(legal_actions(state)) < 2:
        return None
    found = judge(state, budget)
    played = _play_made(game, states, step)
    mine = found.of(played[0])
    if mine is None or mine is found.best:
        return None
    diff, se = found.gap(found.best, mine)
    return Candidate(step, played, found.best.actions, diff, se)


def measure(state: GameState, played: Sequence[Action], best: Sequence[Action], n: int, seed: int) -> Measure:
    """The best line and the play made, each played out `n` times to the end of the game (paired)."""
    best_margins, played_margins = playouts(state, [list(best), list(played)], n, seed)
    return Measure(seed, tuple(best_margins), tuple(played_margins))


def measured(puzzle: Puzzle, n: int, seed: int | None = None) -> Puzzle:
    """The puzzle with its play-outs (seeded by its step unless given)."""
    seed = puzzle.step if seed is None else seed
    return replace(puzzle, measure=measure(puzzle.state, puzzle.played, puzzle.best, n, seed))


# --- answers -------------------------------------------------------------------------------------------
def answer(puzzle: Puzzle, line: Sequence[Action], n: int = ANSWER_PLAYOUTS,
           on_measure: Callable[[Puzzle], None] | None = None) -> tuple[Answer, Puzzle]:
    """A learner's play (`line`, from the puzzle's position to the end of their play) against the play made and the
    best line, on the puzzle's own paired play-outs (the first `n`; measured first if the puzzle has none, then
    `on_measure(puzzle)` with the measured puzzle). Returns the answer and the puzzle (measured)."""
    if puzzle.measure is None:
        puzzle = measured(puzzle, n)
        if on_measure is not None:
            on_measure(puzzle)
    m = puzzle.measure
    assert m is not None
    same = same_as(puzzle, line)
    if same:
        return _compare(m.best if same == "best" else m.played, m, m.playouts, same), puzzle
    k = min(n, m.playouts)
    return _compare(playouts(puzzle.state, [list(line)], k, m.seed)[0], m, k), puzzle


def same_as(puzzle: Puzzle, line: Sequence[Action]) -> str:
    """"best" or "played" when `line` is that play: the same steps of the puzzle's seat (the other seats' storehouse
    choices on the way aside), or the same position at its end; "" otherwise."""
    mine = own_steps(puzzle.state, line)
    for name, other in (("best", puzzle.best), ("played", puzzle.played)):
        if own_steps(puzzle.state, other) == mine or _ends_alike(puzzle.state, other, line):
            return name
    return ""


def own_steps(state: GameState, line: Sequence[Action]) -> tuple[Action, ...]:
    """The steps of `line` that the seat acting in `state` makes."""
    me, steps = state.actor_index, []
    for action in line:
        if state.actor_index == me:
            steps.append(action)
        state = apply(state, action)
    return tuple(steps)


def _ends_alike(state: GameState, line: Sequence[Action], other: Sequence[Action]) -> bool:
    try:
        return apply_line(state, line) == apply_line(state, other)
    except ConcordiaError:
        return False


def _compare(mine: Sequence[float], m: Measure, k: int, same: str = "") -> Answer:
    vs_played = mean_se([a - b for a, b in zip(mine[:k], m.played[:k], strict=True)])
    vs_best = mean_se([a - b for a, b in zip(mine[:k], m.best[:k], strict=True)])
    return Answer(vs_played[0], vs_played[1], vs_best[0], vs_best[1], k, same)


# --- JSON ----------------------------------------------------------------------------------------------
def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as JSON-ready data: the game up to the position as its record (seed and actions), the lines in
    notation, the themes, the seats, the play-outs and the charge."""
    data: dict[str, Any] = {"id": puzzle.id, "game": json.loads(puzzle.game.to_json()),
                            "played": [str(a) for a in puzzle.played], "best": [str(a) for a in puzzle.best],
                            "themes": list(puzzle.themes), "levels": dict(puzzle.levels), "seeds": dict(puzzle.seeds)}
    if puzzle.measure is not None:
        m = puzzle.measure
        data["measure"] = {"seed": m.seed, "playouts": m.playouts, "gap": round(m.gap, 3), "se": round(m.se, 3),
                           "best": [_number(x) for x in m.best], "played": [_number(x) for x in m.played]}
    if puzzle.charge is not None:
        data["charge"] = {"loss": puzzle.charge[0], "se": puzzle.charge[1]}
    return data


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


def puzzle_from_dict(data: Any) -> Puzzle:
    """The puzzle `puzzle_to_dict` wrote; cc.RecordError saying what is wrong (the game is replayed by the engine,
    each line must be legal from the position, the play-outs must agree with their figures)."""
    if not isinstance(data, dict):
        raise RecordError(_("a puzzle must be an object with its game and its plays"))
    try:
        pid = _text(data["id"])
        game = Game.from_json(json.dumps(data["game"]))
        lines = [_line(game.state, data[key]) for key in ("played", "best")]
        names = [p.name for p in game.initial.players]
        levels = {str(k): str(v) for k, v in dict(data.get("levels") or {}).items() if k in names}
        seeds = {str(k): int(v) for k, v in dict(data.get("seeds") or {}).items() if k in names}
        found = tuple(str(t) for t in data.get("themes") or () if t in THEMES)
        charge = data.get("charge")
        puzzle = Puzzle(pid, game, lines[0], lines[1], found, MappingProxyType(levels), MappingProxyType(seeds),
                        _measure(data.get("measure")),
                        (float(charge["loss"]), float(charge["se"])) if isinstance(charge, dict) else None)
    except RecordError as err:
        raise RecordError(_("puzzle {id}: {problem}", id=str(data.get("id", "?"))[:40], problem=err)) from None
    except (KeyError, TypeError, ValueError, ConcordiaError) as err:
        raise RecordError(_("puzzle {id} is not a puzzle this tutor reads ({problem})",
                            id=str(data.get("id", "?"))[:40], problem=str(err)[:200])) from None
    if puzzle.state.over or not puzzle.played or not puzzle.best:
        raise RecordError(_("puzzle {id}: there is no play to find at its position", id=pid))
    return puzzle


def _text(value: object) -> str:
    if not isinstance(value, str) or not value or len(value) > 80:
        raise ValueError("an id is a short text")
    return value


def _line(state: GameState, texts: object) -> tuple[Action, ...]:
    """A line in notation, each step checked legal where it is played (RecordError if not)."""
    if not isinstance(texts, list) or not texts:
        raise RecordError(_("a play must be a list of steps"))
    line = []
    for text in texts:
        action = parse_action(str(text), state)
        try:
            state = apply(state, action)
        except ConcordiaError as err:
            raise RecordError(_("the step {step} cannot be played there: {problem}", step=str(text), problem=err)) \
                from None
        line.append(action)
    return tuple(line)


def _measure(data: object) -> Measure | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("measure")
    best = tuple(float(x) for x in data["best"])
    played = tuple(float(x) for x in data["played"])
    if len(best) != len(played) or not best:
        raise ValueError("the play-outs of both lines must pair up")
    return Measure(int(data["seed"]), best, played)


__all__ = ["ANSWER_PLAYOUTS", "Answer", "Candidate", "FOUND_Z", "IDEAS", "Measure", "Puzzle", "SOLVED_Z", "THEMES",
           "answer", "candidate", "end_near", "from_review", "idea", "line_done", "mean_se", "measure", "measured",
           "own_steps", "play_end", "puzzle_from_dict", "puzzle_to_dict", "reason", "same_as", "theme_name", "themes",
           "turn_start"]
