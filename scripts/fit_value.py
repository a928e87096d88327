"""Fit the judge's value (concordia_core/bots/value.py) to the final scores of greedy self-play games.

    .venv/bin/python scripts/fit_value.py games      # play the self-play games (bots.simulate, record=True)
    .venv/bin/python scripts/fit_value.py fit        # fit the weights, write concordia_core/data/value.json

`games` plays greedy games on both maps for 2 to 5 players with `bots.simulate` and keeps their records
in build/value-data/ (not committed: the command makes them again, the same for the same seeds). `fit`
replays every record, takes each turn start as a position and every player in it as a row (the
features of `value.features` against the points the player still made by the end), fits one set of
weights per number of players by least squares (ridge, numpy), and writes them with the games they
came from and their error on held-out games: the games whose index is a multiple of HOLDOUT are never
fitted, only measured. The engine reads the weights; nothing here runs at run time.

Seeds: the fitting games use the seeds from FIT_SEED; hints are measured (scripts/measure_hints.py) and
the ladder is played (scripts/ladder.py) on other seeds, which fitting never saw.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

import concordia_core as cc
from concordia_core import bots
from concordia_core.bots import value

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "build" / "value-data"
WEIGHTS = ROOT / "concordia_core" / "data" / "value.json"
FIT_SEED = 100_000
HOLDOUT = 5                  # every fifth game is held out of the fit, to measure its error
RIDGE = 1.0
# (players, map, games): every table size the tutor offers
TABLES = ((2, "italia", 500), (3, "imperium", 250), (3, "italia", 150), (4, "imperium", 120), (4, "italia", 80),
          (5, "imperium", 120))


def games(options: argparse.Namespace) -> None:
    """Play the self-play games of TABLES and write their records to DATA."""
    DATA.mkdir(parents=True, exist_ok=True)
    scale = options.scale
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        for players, map_name, count in TABLES:
            count = max(1, round(count * scale))
            path = DATA / f"{players}p-{map_name}.jsonl"
            if path.exists() and not options.again:
                print(f"{path.name}: kept (--again plays it anew)")
                continue
            seed = FIT_SEED + 10_000 * players + (0 if map_name == "italia" else 5_000)
            started = time.perf_counter()
            results = bots.simulate(count, ["greedy"], map_name, players, seed=seed, executor=pool, record=True)
            with path.open("w", encoding="utf-8") as out:
                for r in results:
                    out.write(json.dumps({"seed": r.seed, "map": map_name, "players": [p.name for p in r.players],
                                          "finished": r.finished, "actions": list(r.actions),
                                          "totals": [p.total for p in r.players]}) + "\n")
            print(f"{path.name}: {count} games in {time.perf_counter() - started:.0f} s", flush=True)


def game_position(seed: int, map_name: str, players: int) -> cc.GameState:
    """A turn start of the greedy game `seed`, at a seeded point between a tenth and nine tenths of it."""
    names = [f"P{i + 1}" for i in range(players)]
    state = cc.new_game(map_name, names, seed=seed).state
    seated = {n: bots.make("greedy", seed * 10 + i) for i, n in enumerate(names)}
    starts = []
    while not state.over:
        if state.pending is None and not state.choices:
            starts.append(state)
        state = cc.apply(state, seated[state.actor or ""].choose(state).action)
    rng = random.Random(seed)
    return starts[rng.randrange(len(starts) // 10, 9 * len(starts) // 10)]


def position_cut(position: cc.GameState) -> dict[str, object]:
    """Every player's points now and features at a position (the final totals once the game is over)."""
    if position.over:
        return {"over": True, "now": [cc.score(position, p.name).total for p in position.players]}
    r = bots.remaining(position)
    now = [bots.evaluation.points(position, i) for i in range(len(position.players))]
    return {"over": False, "now": [n.total for n in now],
            "features": [value.features(position, i, r, n) for i, n in enumerate(now)]}


def positions_of(line: str) -> list[tuple[int, float, list[list[float]], list[int], list[int]]]:
    """(game seed, share of the game left, every player's features, points now and final score) at every turn
    start of a recorded game."""
    game = json.loads(line)
    if not game["finished"]:
        return []
    state = cc.new_game(game["map"], game["players"], seed=game["seed"]).state
    positions = []
    for text in game["actions"]:
        if state.pending is None and not state.choices:
            positions.append(state)
        state = cc.apply(state, text)
    finals = [cc.score(state, p.name).total for p in state.players]
    rows = []
    for position in positions:
        r = bots.remaining(position)
        now = [bots.evaluation.points(position, i) for i in range(len(position.players))]
        rows.append((game["seed"], r, [value.features(position, i, r, n) for i, n in enumerate(now)],
                     [n.total for n in now], finals))
    return rows


def _table(players: int, pool: ProcessPoolExecutor) -> dict[str, np.ndarray] | None:
    """The positions of the recorded games of `players` seats as arrays (kept in DATA, made again when the games
    or the features change)."""
    paths = sorted(DATA.glob(f"{players}p-*.jsonl"))
    if not paths:
        return None
    cache = DATA / f"positions-{players}p.npz"
    stamp = json.dumps([value.FEATURES, [(p.name, p.stat().st_mtime_ns) for p in paths]])
    if cache.exists():
        kept = np.load(cache)
        if str(kept["stamp"]) == stamp:
            return {k: kept[k] for k in kept.files}
    lines = [line for path in paths for line in path.read_text(encoding="utf-8").splitlines()]
    rows = [row for game in pool.map(positions_of, lines, chunksize=4) for row in game]
    table = {"seed": np.array([r[0] for r in rows]), "r": np.array([r[1] for r in rows]),
             "features": np.array([r[2] for r in rows]), "now": np.array([r[3] for r in rows], dtype=float),
             "final": np.array([r[4] for r in rows], dtype=float), "stamp": np.array(stamp)}
    np.savez_compressed(cache, seed=table["seed"], r=table["r"], features=table["features"], now=table["now"],
                        final=table["final"], stamp=table["stamp"])
    return table


def fit(options: argparse.Namespace) -> None:
    """Fit the weights per number of players (each player's points to come, then the margin) and write WEIGHTS."""
    fits, margins, report = {}, {}, {}
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        for players in sorted({t[0] for t in TABLES}):
            table = _table(players, pool)
            if table is None:
                print(f"{players} players: no games in {DATA.relative_to(ROOT)} (run the games command)")
                continue
            seeds = sorted(set(table["seed"].tolist()))
            held = np.isin(table["seed"], [s for k, s in enumerate(seeds) if k % HOLDOUT == 0])
            fits[str(players)], found = _fit_players(table, held)
            margins[str(players)], found_margin = _fit_margin(table, held, fits[str(players)])
            report[str(players)] = {"games": len(seeds), "held_out_games": int(len(seeds) / HOLDOUT),
                                    "positions": int(len(table["seed"])), **found, **found_margin}
            print(f"{players} players: {report[str(players)]}", flush=True)
    old = json.loads(WEIGHTS.read_text(encoding="utf-8")) if WEIGHTS.exists() else {}
    same = old.get("features") == list(value.FEATURES)
    fits = dict(sorted({**(old.get("fits", {}) if same else {}), **fits}.items()))
    margins = dict(sorted({**(old.get("margins", {}) if same else {}), **margins}.items()))
    WEIGHTS.write_text(json.dumps({
        "about": "weights of the judge's value (concordia_core/bots/value.py), fitted by scripts/fit_value.py to greedy "
                 "self-play games: fits, each player's points still to come from a turn start; margins, a player's "
                 "final score less the best other player's; errors are standard deviations on held-out games, in points",
        "sources": {"games": f"bots.simulate(greedy), seeds from {FIT_SEED}", "held_out": f"every {HOLDOUT}th game",
                    "ridge": RIDGE, "report": {**old.get("sources", {}).get("report", {}), **report}},
        "features": list(value.FEATURES), "fits": fits, "margins": margins,
        "model_error": old.get("model_error", {})}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {WEIGHTS.relative_to(ROOT)}")


def _fit_players(table: dict[str, np.ndarray], held: np.ndarray) -> tuple[dict[str, object], dict[str, float]]:
    """Each player's points still to come against their features (every player a row)."""
    n = table["now"].shape[1]
    x = np.concatenate([np.ones((*table["now"].shape, 1)), table["features"]], axis=2).reshape(-1, 1 + len(value.FEATURES))
    y = (table["final"] - table["now"]).reshape(-1)
    rows_held = np.repeat(held, n)
    weights = ridge_fit(x[~rows_held], y[~rows_held], RIDGE)
    error = float(np.std(y[rows_held] - x[rows_held] @ weights))
    fitted = {"intercept": float(weights[0]), "weights": [float(w) for w in weights[1:]], "error": round(error, 3)}
    return fitted, {"player_error": round(error, 2)}


def _fit_margin(table: dict[str, np.ndarray], held: np.ndarray,
                players_fit: dict[str, object]) -> tuple[dict[str, object], dict[str, float]]:
    """A player's final margin to the best other player against their own features, those of the rival the
    per-player fit expects to finish best, and the mean of the others' (every player of every position a row)."""
    feats, now, final = table["features"], table["now"], table["final"]
    positions, n, width = feats.shape
    expected = now + players_fit["intercept"] + feats @ np.array(players_fit["weights"])
    xs, ys, offsets, keep, stage = [], [], [], [], []
    for me in range(n):
        others = [j for j in range(n) if j != me]
        rival = np.array(others)[np.argmax(expected[:, others], axis=1)]
        rest = np.zeros((positions, width))
        if n > 2:
            mask = np.ones((positions, n), dtype=bool)
            mask[:, me] = False
            mask[np.arange(positions), rival] = False
            rest = (feats * mask[:, :, None]).sum(axis=1) / (n - 2)
        xs.append(np.concatenate([np.ones((positions, 1)), feats[:, me], feats[np.arange(positions), rival], rest], axis=1))
        offsets.append(now[:, me] - now[np.arange(positions), rival])
        ys.append(final[:, me] - final[:, others].max(axis=1))
        keep.append(held)
        stage.append(table["r"])
    x, y, o, h, r = (np.concatenate(v) for v in (xs, ys, offsets, keep, stage))
    if n == 2:
        x = x[:, :1 + 2 * width]
    weights = ridge_fit(x[~h], y[~h] - o[~h], RIDGE)
    predicted = x[h] @ weights + o[h]
    error = float(np.std(y[h] - predicted))
    mid = (r[h] > 0.2) & (r[h] < 0.8)
    report = {"margin_error": round(error, 2), "margin_correlation": round(float(np.corrcoef(y[h], predicted)[0, 1]), 3),
              "margin_correlation_mid_game": round(float(np.corrcoef(y[h][mid], predicted[mid])[0, 1]), 3),
              "now_correlation_mid_game": round(float(np.corrcoef(y[h][mid], o[h][mid])[0, 1]), 3)}
    blocks = [weights[1 + k * width:1 + (k + 1) * width].tolist() for k in range(3 if n > 2 else 2)]
    fitted = {"intercept": float(weights[0]), "me": blocks[0], "rival": blocks[1],
              "others": blocks[2] if n > 2 else [0.0] * width, "error": round(error, 3)}
    return fitted, report


def ridge_fit(x: np.ndarray, y: np.ndarray, alpha: float) -> np.ndarray:
    """Least squares with a small ridge penalty (not on the intercept), on standardised columns."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[0] = 1.0
    xs = x / scale
    penalty = alpha * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    w = np.linalg.solve(xs.T @ xs + penalty, xs.T @ y)
    return w / scale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("games", "fit"))
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--again", action="store_true", help="play the games of tables already played (games)")
    parser.add_argument("--scale", type=float, default=1.0, help="share of the games of TABLES to play (games)")
    options = parser.parse_args(argv)
    {"games": games, "fit": fit}[options.command](options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
