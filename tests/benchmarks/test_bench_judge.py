"""Benchmarks of the judge, printed, never asserted (make bench): the hints' first answer (FIRST) and
final answer (FINAL), the strong level's decisions at a turn's start (FULL), the review of whole games, and the
fitted value's error on games the fit never saw (from concordia_core/data/value.json)."""
from __future__ import annotations

import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import concordia_core as cc
from concordia_core import bots

JUDGE = sys.modules["concordia_core.bots.judge"]
EVALUATION = sys.modules["concordia_core.bots.evaluation"]
ROOT = Path(__file__).resolve().parents[2]
GAMES = (("italia", 2, 11), ("imperium", 3, 12), ("italia", 2, 13))


def _positions(map_name: str, players: int, seed: int) -> list[cc.GameState]:
    names = [f"P{i + 1}" for i in range(players)]
    state = cc.new_game(map_name, names, seed=seed).state
    seated = {n: bots.make("greedy", seed * 10 + i) for i, n in enumerate(names)}
    found = []
    while not state.over:
        found.append(state)
        state = cc.apply(state, seated[state.actor].choose(state).action)
    return found


def _figures(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"n={len(ordered)}, median {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms (CPU)")


def test_benchmark_hint_first_and_final_answers_and_strong_decisions() -> None:
    # One pass over the positions per budget, as a table asks at every position of its game (what the judge
    # remembers of a game, its greedy plans, grows within a pass and starts afresh for the next budget).
    times: dict[str, list[float]] = {"first": [], "final, turn start": [], "final, in a play": [], "strong": []}
    for budget in (bots.FIRST, bots.FINAL, bots.FULL):
        EVALUATION._game = (None, {})
        for map_name, players, seed in GAMES:
            for k, state in enumerate(_positions(map_name, players, seed)):
                turn_start = state.pending is None and not state.choices
                if k % 4 or (budget == bots.FULL and not turn_start):
                    continue
                JUDGE._cache.clear()
                JUDGE._samples.clear()
                t0 = time.process_time()
                bots.hints(state, 3, budget=budget)
                spent = time.process_time() - t0
                kind = "first" if budget == bots.FIRST else "strong" if budget == bots.FULL else \
                    "final, turn start" if turn_start else "final, in a play"
                times[kind].append(spent)
    print(f"\nhints, first answer (FIRST): {_figures(times['first'])}")
    for kind in ("final, turn start", "final, in a play"):
        print(f"hints, {kind} (FINAL): {_figures(times[kind])}")
    print(f"strong level, a decision at a turn's start (FULL): {_figures(times['strong'])}")


def _review_time(game: cc.Game, label: str) -> None:
    """The review as chapter 19 makes it (its turns judged in a process pool over the machine's cores), timed."""
    JUDGE._cache.clear()
    JUDGE._samples.clear()
    wall = time.perf_counter()
    firsts: list[float] = []
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        review = bots.review(game, executor=pool, progress=lambda *_: firsts.append(time.perf_counter() - wall))
    wall = time.perf_counter() - wall
    print(f"\nreview of a whole 2-player game, {label} ({len(game.history)} steps, {len(review.decisions)} decisions, "
          f"{os.cpu_count()} processes): first verdicts {firsts[0]:.1f} s, all {wall:.1f} s wall\n{review}")


def test_benchmark_review_of_whole_games() -> None:
    for label, levels in (("greedy against greedy", ("greedy", "greedy")), ("greedy against random", ("greedy", "random"))):
        game = cc.new_game("italia", ["Aiko", "Ben"], seed=7)
        seated = {n: bots.make(level, 70 + i) for i, (n, level) in enumerate(zip(("Aiko", "Ben"), levels, strict=True))}
        while not game.over:
            game.play(seated[game.state.actor].choose(game.state).action)
        _review_time(game, label)
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=8)
    ben = bots.make("greedy", 81)
    while not game.over:
        state = game.state
        game.play(bots.hints(state, top=1)[0].action if state.actor == "Aiko" else ben.choose(state).action)
    _review_time(game, "a hint-following seat against greedy")
    game = cc.new_game("italia", ["You", "Livia"], seed=5)          # the learner's case: a whole game against easy
    seated = {"You": bots.make("strong", 4), "Livia": bots.make("easy", 3)}
    while not game.over:
        game.play(seated[game.state.actor].choose(game.state).action)
    _review_time(game, "the strong level against easy")


def test_benchmark_the_fitted_values_error_on_held_out_games() -> None:
    data = json.loads((ROOT / "concordia_core" / "data" / "value.json").read_text(encoding="utf-8"))
    for players, report in sorted(data["sources"]["report"].items()):
        print(f"\nfitted value, {players} players ({report['held_out_games']} held-out games): final margin error "
              f"{report['margin_error']} points (sd), correlation {report['margin_correlation']} "
              f"(mid-game {report['margin_correlation_mid_game']}; the score now: {report['now_correlation_mid_game']})")
    for table, stages in sorted((k, v) for k, v in data["judge"].items() if k != "sources"):
        errors = ", ".join(f"{stage} {c['error']} (gaps {c['gap_error']})" for stage, c in stages.items())
        print(f"the judge's claims at tables of {table}{'' if table == '2' else ' or more'} players, error against "
              f"play-outs to the end on calibration positions: {errors} points")
