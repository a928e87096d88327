"""The measured ladder: each level against the next weaker one, seeded, seats rotated, on both maps.

    .venv/bin/python scripts/ladder.py                  # 60 games per match and map, 2 worker processes
    .venv/bin/python scripts/ladder.py --games 30 --pairs strong:greedy --maps italia

The matches are every adjacent pair of levels, weakest first (bots.BY_STRENGTH: the set-up form's menu is
in this order). A match "A vs B" on a map seats one A bot and B bots in the other seats (2-player Italia: A
and B; 3-player Imperium: A and two B), A in seat k mod n in game k, with game seed SEED + k and bot seeds
`bot_seed(SEED + k, seat)`: seeds that neither the judge's fit (scripts/fit_value.py, from 100,000) nor
its measurements (scripts/measure_hints.py, from 190,000) used. It prints A's wins (first place, R-SCORE-9
ties included) with a 95% Wilson interval, the average scores, and the time each level took per decision: the median and 95th
percentile over turn starts (where a bot thinks) and over all its decisions (the planned steps of a
play are nearly free). Times are CPU seconds of the worker process, which the other processes on a
shared machine disturb less than wall-clock time; the wall-clock figures are printed beside them.
Only `concordia_core` and `concordia_core.bots` are used.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import concordia_core as cc
from concordia_core import bots

PAIRS = tuple(f"{a}:{b}" for b, a in zip(bots.BY_STRENGTH, bots.BY_STRENGTH[1:], strict=False))
SEED = 500_000
TABLES = {"italia": 2, "imperium": 3}


@dataclass
class Outcome:
    """One game of a match: did A win, the scores, and each level's decision times."""

    won: bool
    score_a: int
    best_other: int
    turn_cpu: dict[str, list[float]] = field(default_factory=dict)
    all_cpu: dict[str, list[float]] = field(default_factory=dict)
    turn_wall: dict[str, list[float]] = field(default_factory=dict)


def play(args: tuple[str, str, str, int, int, int]) -> Outcome:
    """Game `k` of the match A vs B on `map_name` with `n` seats."""
    a, b, map_name, n, k, seed = args
    levels = [b] * n
    levels[k % n] = a
    names = bots.seat_names(levels)
    state = cc.new_game(map_name, names, seed=seed + k, first_player=names[0]).state
    seated = {name: bots.make(level, bots.bot_seed(seed + k, i))
              for i, (name, level) in enumerate(zip(names, levels, strict=True))}
    level_of = dict(zip(names, levels, strict=True))
    out = Outcome(False, 0, 0)
    while not state.over:
        actor = state.actor or ""
        turn_start = state.pending is None and not state.choices
        wall, cpu = time.perf_counter(), time.process_time()
        action = seated[actor].choose(state).action
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        level = level_of[actor]
        out.all_cpu.setdefault(level, []).append(cpu)
        if turn_start:
            out.turn_cpu.setdefault(level, []).append(cpu)
            out.turn_wall.setdefault(level, []).append(wall)
        state = cc.apply(state, action)
    me = names[k % n]
    out.won = cc.final_ranking(state)[0] == me
    out.score_a = cc.score(state, me).total
    out.best_other = max(cc.score(state, p).total for p in names if p != me)
    return out


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered):.3f} s, p95 {p95:.3f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60, help="games per match and map (default 60)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed of game 0 (default {SEED})")
    parser.add_argument("--pairs", default=",".join(PAIRS), help="matches as A:B, comma-separated")
    parser.add_argument("--maps", default=",".join(TABLES), help="maps, comma-separated (italia: 2 seats, "
                                                                   "imperium: 3 seats)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    options = parser.parse_args(argv)
    started = time.perf_counter()
    times: dict[str, dict[str, list[float]]] = {}
    print(f"{options.games} games per match and map; seats rotated; A wins = first place\n")
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        for pair in options.pairs.split(","):
            a, b = pair.split(":")
            for map_name in options.maps.split(","):
                n = TABLES[map_name]
                t0 = time.perf_counter()
                games = list(pool.map(play, [(a, b, map_name, n, k, options.seed) for k in range(options.games)]))
                wins = sum(g.won for g in games)
                low, high = wilson(wins, len(games))
                even = 1 / n
                print(f"{a:>6} vs {b:<6} {map_name:8} {n}p: {a} wins {wins:2}/{len(games)} = {wins / len(games):4.0%} "
                      f"[95% CI {low:4.0%}-{high:4.0%}; even {even:.0%}]  avg score {a} "
                      f"{statistics.mean(g.score_a for g in games):5.1f} vs best other "
                      f"{statistics.mean(g.best_other for g in games):5.1f}  ({time.perf_counter() - t0:.0f} s)")
                for g in games:
                    for kind, per_level in (("turn_cpu", g.turn_cpu), ("all_cpu", g.all_cpu), ("turn_wall", g.turn_wall)):
                        for level, values in per_level.items():
                            times.setdefault(f"{level} {kind}", {}).setdefault(map_name, []).extend(values)
    print("\ntime per decision (CPU of the worker; wall-clock in the last column)")
    for level in bots.BY_STRENGTH:
        for map_name in options.maps.split(","):
            turn = times.get(f"{level} turn_cpu", {}).get(map_name, [])
            if turn:
                every = times.get(f"{level} all_cpu", {}).get(map_name, [])
                wall = times.get(f"{level} turn_wall", {}).get(map_name, [])
                print(f"  {level:6} {map_name:8}: turn starts {quantiles(turn)} (n={len(turn)}); "
                      f"all decisions {quantiles(every)} (n={len(every)}); wall at turn starts {quantiles(wall)}")
    print(f"\n{time.perf_counter() - started:.0f} s in all, {options.workers} worker processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
