"""Strategy study: many seeded bot games, run through any `concurrent.futures.Executor`
(a process pool, a thread pool, or a Dask cluster's executor).

`simulate(n_games, levels, map_name, players)` plays game k with game seed `seed + k`; seat i is a
bot of level `levels[i % len(levels)]` with bot seed `bot_seed(game_seed, i)`, so a game is fully
reproduced by `replay(task)` (or by `new_game` + `make` + `play_game` with those seeds),
whatever executor ran it. By default the games run in a process pool over the local cores.

To run on a cluster, pass a Dask executor (Dask stays optional, `pip install concordia-tutor[dask]`;
this module never imports it):

    from distributed import Client
    client = Client("tcp://scheduler:8786")         # or Client() for a local cluster
    results = simulate(1000, ["greedy", "random"], "italia", 2, executor=client.get_executor())

The workers need this package installed (the same version): a task is a small GameTask value and the
result a GameResult, both plain picklable dataclasses.

Pure Python: the standard library and concordia_core only (no ipywidgets, matplotlib or IPython).
"""
from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from ..actions import Action
from ..engine import apply
from ..errors import InvalidAction
from ..i18n import _
from ..scoring import final_ranking, score
from ..setup import Setup
from ..state import GameState
from .base import Bot, play_game
from .hidden import sample, seen_by
from .levels import make
from .value import POINT_KEYS

MAX_STEPS = 5000
"""A game still running after this many steps (bots that never end it) is stopped and marked unfinished."""

@dataclass(frozen=True)
class PlayerResult:
    """One seat of a finished (or stopped) game: its bot level, total, points per god and final rank."""

    name: str
    level: str
    total: int
    points: dict[str, int]
    rank: int                 # 1 = winner (ties broken as in R-SCORE-9)


@dataclass(frozen=True)
class GameResult:
    """One simulated game: its seeds, whether it ended (R-END-1) within the step limit, and the seats."""

    index: int
    seed: int
    map_name: str
    finished: bool
    steps: int
    turns: int
    players: tuple[PlayerResult, ...]   # in seating order (seat 1 first)
    actions: tuple[str, ...] = ()       # the game's actions in notation, when the task asked for them (record=True)

    @property
    def winner(self) -> PlayerResult:
        return min(self.players, key=lambda p: p.rank)


@dataclass(frozen=True)
class GameTask:
    """Everything one worker needs to play one game (small and picklable)."""

    index: int
    seed: int
    levels: tuple[str, ...]
    map_name: str
    first_game: bool = False
    max_steps: int = MAX_STEPS
    record: bool = False          # keep the actions in the result (a study that replays the positions)

    @property
    def names(self) -> list[str]:
        return seat_names(self.levels)

    @property
    def setup(self) -> Setup:
        """What the task's game is made from."""
        return Setup(self.map_name, tuple(self.names), self.seed, self.first_game)

    def bots(self) -> list[Bot]:
        """The seated bots, each with its seed `bot_seed(seed, seat)`."""
        return [make(level, bot_seed(self.seed, i)) for i, level in enumerate(self.levels)]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in `seat` (0-based) of the game with `game_seed`."""
    return game_seed * 100 + seat


def seat_names(levels: Sequence[str]) -> list[str]:
    """Player names that say who is who: 'Greedy 1', 'Random 2', ..."""
    return [f"{level.capitalize()} {i}" for i, level in enumerate(levels, start=1)]


def replay(task: GameTask) -> tuple[GameState, int]:
    """Play the task's game from setup with its seeded bots; returns the last state and the steps made."""
    state, actions = _play(task)
    return state, len(actions)


def _play(task: GameTask) -> tuple[GameState, list[Action]]:
    state = task.setup.initial_state()
    by_name = dict(zip(task.names, task.bots(), strict=True))
    actions: list[Action] = []
    while state.actor is not None and len(actions) < task.max_steps:
        action = by_name[state.actor].choose(state).action
        state = apply(state, action)
        actions.append(action)
    return state, actions


def play_one(task: GameTask) -> GameResult:
    """Play one game and summarise it (a top-level function, so process pools can pickle it)."""
    state, played = _play(task)
    steps = len(played)
    ranking = final_ranking(state)
    seats = []
    for name, level in zip(task.names, task.levels, strict=True):
        breakdown = score(state, name)
        seats.append(PlayerResult(name, level, breakdown.total, breakdown.by_god(), ranking.index(name) + 1))
    actions = tuple(str(a) for a in played) if task.record else ()
    return GameResult(task.index, task.seed, task.map_name, state.over, steps, state.turns_played, tuple(seats), actions)


def tasks(n_games: int, levels: Sequence[str], map_name: str, players: int, seed: int = 0,
          first_game: bool = False, max_steps: int = MAX_STEPS, record: bool = False) -> list[GameTask]:
    """The games `simulate` would play: game k has seed `seed + k`; seat i plays `levels[i % len(levels)]`."""
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise InvalidAction(_("n_games must be a whole number of games, not {value!r}", value=n_games))
    if isinstance(levels, str) or not levels:
        raise InvalidAction(_("levels must be a non-empty list of bot levels, e.g. ['greedy', 'random']"))
    for level in levels:
        make(level)  # raises InvalidAction naming the known levels
    seat_levels = tuple(str(levels[i % len(levels)]).lower() for i in range(players))
    return [GameTask(k, seed + k, seat_levels, map_name, first_game, max_steps, record) for k in range(n_games)]


def simulate(n_games: int, levels: Sequence[str], map_name: str, players: int, seed: int = 0,
             executor: Executor | None = None, progress: Callable[[int, int], None] | None = None, *,
             first_game: bool = False, max_steps: int = MAX_STEPS, record: bool = False) -> list[GameResult]:
    """Play `n_games` seeded bot games and return their results in game order.

    The games run through `executor` (any `concurrent.futures.Executor`: a thread or process pool, or
    a Dask `distributed.Client(...).get_executor()`); by default through a ProcessPoolExecutor with
    `os.cpu_count()` workers, shut down afterwards. `progress(done, total)` is called in the calling
    thread each time a game finishes. Results are the same for the same seeds, whatever the executor.
    With `record`, each result keeps its game's actions in notation (a study replays its positions from them).
    """
    work = tasks(n_games, levels, map_name, players, seed, first_game, max_steps, record)
    if not work:
        return []
    own = executor is None
    pool: Executor = ProcessPoolExecutor(max_workers=os.cpu_count()) if executor is None else executor
    try:
        futures = [pool.submit(play_one, task) for task in work]
        results: list[GameResult] = []
        for done, future in enumerate(as_completed(futures), start=1):
            results.append(future.result())
            if progress is not None:
                progress(done, len(work))
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return sorted(results, key=lambda r: r.index)


__all__ = ["GameResult", "GameTask", "MAX_STEPS", "POINT_KEYS", "PlayerResult", "bot_seed", "play_one", "playouts",
           "replay", "seat_names", "simulate", "tasks"]


def playouts(state: GameState, lines: Sequence[Sequence[Action | str]], n: int, seed: int = 0) -> list[list[float]]:
    """Each line (actions or their notation) played from `state` and then to the end of the game by greedy bots
    in every seat, `n` times: the final-score margin of the player who acts in `state` (their final score less
    the best other player's) in each play-out, one list per line. Play-out k of every line meets the same deck
    order (drawn from what that player can see: hidden.seen_by, then hidden.sample) and the same bot seeds: the
    play-outs are paired, so two lines are compared on equal luck. The measure the judge is held to
    (scripts/measure_hints.py)."""
    me = state.actor_index
    if me is None:
        raise InvalidAction(_("the game is over: there is nothing left to play out"))
    view = seen_by(state, me)
    rng = random.Random(seed)
    decks = [sample(view, rng) for _k in range(n)]
    result = []
    for line in lines:
        margins = []
        for k, deck in enumerate(decks):
            position = deck
            for action in line:
                position = apply(position, action)
            seated = [make("greedy", bot_seed(seed + k, seat)) for seat in range(len(position.players))]
            end = play_game(position, seated, MAX_STEPS)
            totals = [score(end, p.name).total for p in end.players]
            others = [t for i, t in enumerate(totals) if i != me]
            margins.append(float(totals[me] - max(others)))
        result.append(margins)
    return result
