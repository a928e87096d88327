"""Find the shipped puzzle set (chapter 21) in self-play games, and write it to concordia_core/data/puzzles.json.

    nice -n 10 .venv/bin/python scripts/find_puzzles.py --games 8 --workers 2

The games: the strong level against greedy and easy seats, 2-player Italia (strong against greedy, strong against
easy) and 3-player Imperium (strong, greedy, easy), game k of a kind on seed BASE + k (bots seeded as
`bots.bot_seed`, the seats named Livia, Marcus, Julia in seating order). In each, every turn start of a greedy or
easy seat where the judge's best play (the strong level's own budget) starts with another card than the one played
is a candidate; the `--per-game` of them the judge finds the costliest (at least `--min-z` of its standard errors;
at most two with the same best card) are measured: the play made and the judge's best line, each with `--playouts`
paired play-outs to the end of the game (bots.playouts: the same deck orders and bot seeds for both). A candidate
whose best line wins by at least 3 standard errors (bots.puzzles.FOUND_Z) is a puzzle, tagged by theme
(bots.puzzles.themes).

Resumable: every game played and every candidate measured is appended to `--log` (JSON lines) as soon as it is
done, and the data file is written again after each; run the same command again to go on where it stopped
(more `--games` plays more games). The data file records the seeds, the settings, the candidates measured and
the time spent: each run's wall-clock seconds and workers, and the tasks' seconds added up.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import concordia_core as cc  # noqa: E402
from concordia_core import bots  # noqa: E402

KINDS = {   # name: (map, seat levels, first seed)
    "italia-greedy": ("italia", ("strong", "greedy"), 21_000),
    "italia-easy": ("italia", ("strong", "easy"), 22_000),
    "imperium": ("imperium", ("strong", "greedy", "easy"), 23_000),
}
WEAK = ("greedy", "easy")
NAMES = ("Livia", "Marcus", "Julia")   # the seats' names, in seating order (the tutor's players' names)
OUT = ROOT / "concordia_core" / "data" / "puzzles.json"
LOG = ROOT / "build" / "find_puzzles.jsonl"


def game_task(kind: str, seed: int) -> dict[str, Any]:
    """Play one self-play game and find its candidates (a top-level function, for the process pool)."""
    start = time.monotonic()
    map_name, levels, _base = KINDS[kind]
    game = _game(kind, seed, [])
    seated = [bots.make(level, bots.bot_seed(seed, i)) for i, level in enumerate(levels)]
    by_name = dict(zip(NAMES, seated, strict=False))
    while not game.over and len(game.history) < bots.MAX_STEPS:
        game.play(by_name[game.state.actor or ""].choose(game.state).action)
    states = [game.initial] + [s.state for s in game.history]
    names = list(NAMES[:len(levels)])
    weak = {name for name, level in zip(names, levels, strict=True) if level in WEAK}
    found = []
    for step, state in enumerate(states[:-1]):
        if state.actor in weak and bots.puzzles.turn_start(state):
            c = bots.puzzles.candidate(game, step, bots.FULL, states)
            if c is not None:
                found.append({"step": c.step, "played": [str(a) for a in c.played], "best": [str(a) for a in c.best],
                              "judged_gap": round(c.judged_gap, 3), "judged_se": round(c.judged_se, 3)})
    return {"type": "game", "kind": kind, "seed": seed, "names": names, "levels": list(levels),
            "actions": game.actions, "finished": game.over, "candidates": found,
            "seconds": round(time.monotonic() - start, 1)}


def measure_task(kind: str, seed: int, actions: list[str], step: int, played: list[str], best: list[str],
                 n: int) -> dict[str, Any]:
    """Measure one candidate with `n` paired play-outs (a top-level function, for the process pool)."""
    start = time.monotonic()
    game = _game(kind, seed, actions[:step])
    m = bots.puzzles.measure(game.state, _line(game.state, played), _line(game.state, best), n, seed * 1000 + step)
    return {"type": "measured", "kind": kind, "seed": seed, "step": step, "seed_playouts": m.seed,
            "gap": round(m.gap, 3), "se": round(m.se, 3), "playouts": m.playouts,
            "best_margins": list(m.best), "played_margins": list(m.played), "seconds": round(time.monotonic() - start, 1)}


def _line(state: cc.GameState, texts: list[str]) -> list[cc.Action]:
    line = []
    for text in texts:
        action = cc.parse_action(text, state)
        state = cc.apply(state, action)
        line.append(action)
    return line


def _game(kind: str, seed: int, actions: list[str]) -> cc.Game:
    map_name, levels, _base = KINDS[kind]
    game = cc.Game(cc.Setup(map_name, NAMES[:len(levels)], seed))
    for action in actions:
        game.play(action)
    return game


def read_log(path: Path) -> Iterator[dict[str, Any]]:
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def chosen(game: dict[str, Any], per_game: int, min_z: float) -> list[dict[str, Any]]:
    """The candidates of a game worth measuring: the judge's gap at least `min_z` of its errors, costliest first."""
    def z(c: dict[str, Any]) -> float:
        return float(c["judged_gap"]) / max(float(c["judged_se"]), 1e-9)
    picked: list[dict[str, Any]] = []
    for c in sorted((c for c in game["candidates"] if z(c) >= min_z), key=lambda c: -z(c)):
        if sum(p["best"][0] == c["best"][0] for p in picked) < 2 and len(picked) < per_game:
            picked.append(c)     # at most two of one best card a game: the themes vary
    return picked


def puzzle_of(game: dict[str, Any], cand: dict[str, Any], found: dict[str, Any]) -> bots.puzzles.Puzzle:
    kind, seed, step = game["kind"], game["seed"], cand["step"]
    position = _game(kind, seed, game["actions"][:step])
    state = position.state
    played, best = tuple(_line(state, cand["played"])), tuple(_line(state, cand["best"]))
    names, levels = game["names"], game["levels"]
    measure = bots.puzzles.Measure(found["seed_playouts"], tuple(found["best_margins"]),
                                   tuple(found["played_margins"]))
    return bots.puzzles.Puzzle(f"{KINDS[kind][0]}-{seed}-{step}", position, played, best,
                               bots.puzzles.themes(state, played, best), dict(zip(names, levels, strict=True)),
                               {n: bots.bot_seed(seed, i) for i, n in enumerate(names)}, measure)


def write_set(log: Path, out: Path, settings: dict[str, Any]) -> int:
    """Write the data file from the log: every measured candidate that is a puzzle. How many there are."""
    entries = list(read_log(log))
    games = {(e["kind"], e["seed"]): e for e in entries if e["type"] == "game"}
    measured = [e for e in entries if e["type"] == "measured"]
    result = []
    for m in sorted(measured, key=lambda e: (e["kind"], e["seed"], e["step"])):
        game = games[(m["kind"], m["seed"])]
        cand = next(c for c in game["candidates"] if c["step"] == m["step"])
        puzzle = puzzle_of(game, cand, m)
        if puzzle.measure is not None and puzzle.measure.found():
            result.append(bots.puzzles.puzzle_to_dict(puzzle))
    seconds = sum(e.get("seconds", 0) for e in entries if e["type"] != "run")
    runs = [e for e in entries if e["type"] == "run"]
    data = {"format": "concordia-tutor-puzzles", "version": 1,
            "search": {**settings, "games": {k: sorted(s for (kk, s) in games if kk == k) for k in KINDS},
                       "candidates": sum(len(g["candidates"]) for g in games.values()),
                       "candidates_measured": len(measured), "puzzles": len(result),
                       "task_seconds": round(seconds), "runs": [{k: r[k] for k in ("seconds", "workers")} for r in runs],
                       "made_by": "scripts/find_puzzles.py"},
            "puzzles": result}
    out.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace('{"id"', '\n{"id"') + "\n",
                   encoding="utf-8")
    return len(result)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games of each kind")
    parser.add_argument("--playouts", type=int, default=64)
    parser.add_argument("--per-game", type=int, default=5)
    parser.add_argument("--min-z", type=float, default=1.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=LOG)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    args.log.parent.mkdir(parents=True, exist_ok=True)
    settings = {"kinds": {k: {"map": m, "levels": list(lv), "first_seed": s} for k, (m, lv, s) in KINDS.items()},
                "playouts": args.playouts, "per_game": args.per_game, "min_z": args.min_z, "found_z": bots.puzzles.FOUND_Z}
    entries = list(read_log(args.log))
    games = {(e["kind"], e["seed"]): e for e in entries if e["type"] == "game"}
    done = {(e["kind"], e["seed"], e["step"]) for e in entries if e["type"] == "measured"}
    started, done_before, games_before = time.monotonic(), len(done), len(games)
    with ProcessPoolExecutor(max_workers=args.workers) as pool, args.log.open("a", encoding="utf-8") as log:
        pending: dict[Future[dict[str, Any]], str] = {}

        def measure_game(game: dict[str, Any]) -> None:
            for c in chosen(game, args.per_game, args.min_z):
                if (game["kind"], game["seed"], c["step"]) not in done:
                    f = pool.submit(measure_task, game["kind"], game["seed"], game["actions"], c["step"], c["played"],
                                    c["best"], args.playouts)
                    pending[f] = "measure"
        for kind, (_m, _lv, base) in KINDS.items():
            for k in range(args.games):
                if (kind, base + k) in games:
                    measure_game(games[(kind, base + k)])
                else:
                    pending[pool.submit(game_task, kind, base + k)] = "game"
        while pending:
            finished, _rest = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                del pending[f]
                entry = f.result()
                log.write(json.dumps(entry) + "\n")
                log.flush()
                if entry["type"] == "game":
                    games[(entry["kind"], entry["seed"])] = entry
                    measure_game(entry)
                    print(f"game {entry['kind']} {entry['seed']}: {len(entry['candidates'])} candidates "
                          f"({entry['seconds']} s)", flush=True)
                else:
                    done.add((entry["kind"], entry["seed"], entry["step"]))
                    count = write_set(args.log, args.out, settings)
                    print(f"measured {entry['kind']} {entry['seed']} step {entry['step']}: {entry['gap']:+.1f} ± "
                          f"{entry['se']:.1f} ({entry['seconds']} s); puzzles so far {count}", flush=True)
    wall = round(time.monotonic() - started)
    if len(done) > done_before or len(games) > games_before:     # a run that found all done adds nothing
        with args.log.open("a", encoding="utf-8") as log:
            log.write(json.dumps({"type": "run", "seconds": wall, "workers": args.workers}) + "\n")
    count = write_set(args.log, args.out, settings)
    print(f"{count} puzzles from {len(done)} candidates measured; {wall} s this run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
