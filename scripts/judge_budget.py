"""How the judge's time buys its accuracy: every card line of calibration positions played to the end, and how
well shorter or fewer roll-outs, spent on more or fewer lines, predict the play-outs' mean.

    .venv/bin/python scripts/judge_budget.py play --positions 60     # the play-outs, kept in build/ (about 15 min)
    .venv/bin/python scripts/judge_budget.py figures                 # the table of budgets below

`play`: at each position (scripts/fit_value.py's game_position, calibration seeds from measure_hints.py, half 2-player
Italia, half 3-player Imperium) every card's line (the judge's candidates) is played PLAYOUTS times to the end by
greedy bots with the greedy level's random spread (the measure the judge is held to), the fitted margin read after
each of TURNS turns on the way, the CPU time of each stretch and what each line leaves every player (fit_value.py's
position_cut: the value's features and points) kept.
`figures`: the first SAMPLES play-outs of a line stand for the judge's roll-outs, the others for the truth. For each
budget (lines played out, roll-outs each, turns, and a screen) the lines the fitted value rates best (with a screen:
that every line's first play-out, read after the screen's turns, rates best) are played out, their readings turned
into claims by least squares against the truth (fitted on half the positions, applied to the other half), the other
lines keep the fitted value's (or the screen's) claim; printed: the correlation of claimed and measured gaps (hint 1
less hints 2, 3 and a random other line, as scripts/measure_hints.py counts them), how often hint 1 is measured at
least as good as hint 3, and the median CPU per position. The truth of 8 play-outs is noisier than
measure_hints.py's, so the correlations are lower than its own: the table compares budgets with each other.
Then `readings`: how well one play-out ranks the lines of a position after each number of turns (what a screen
needs), and `within`: whether the fitted value, refitted to tell the lines of one position apart, would pick and claim
better without roll-outs (see its text).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from fit_value import game_position, position_cut, ridge_fit
from measure_hints import CALIBRATION_SEED, TABLES

from concordia_core import bots
from concordia_core.bots.candidates import Completions
from concordia_core.bots.hidden import sample
from concordia_core.bots.search import greedy_turns, replay
from concordia_core.bots.value import expected_margin

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "build" / "judge-budget.jsonl"
TURNS = (2, 4, 8, 16, 24, 10_000)      # readings after these turns; the last one is the end of the game
PLAYOUTS = 12
SAMPLES = 4                            # play-outs standing for the judge's roll-outs; the others are the truth
BUDGETS = ((3, 0, 24, 0), (3, 1, 24, 0), (2, 2, 24, 0), (4, 1, 16, 0), (4, 1, 24, 0), (7, 1, 8, 0), (7, 2, 8, 0),
           (3, 1, 10_000, 0), (3, 2, 24, 0), (3, 4, 24, 0), (5, 1, 24, 0), (7, 1, 24, 0), (7, 4, 24, 0),
           (3, 1, 24, 2), (3, 1, 24, 4), (4, 1, 24, 2), (4, 1, 24, 4), (3, 1, 24, 8),
           (4, 1, 24, 8), (5, 1, 24, 8), (3, 2, 24, 8))
# (lines played out, roll-outs each, turns, screen): with a screen every line is first played out `screen` turns
# once and the lines played out further are the best by that screen's claim, not by the fitted value alone


def play_position(args: tuple[int, str, int]) -> dict[str, Any]:
    """Every card line of one position played to the end PLAYOUTS times, read on the way (module text)."""
    seed, map_name, players = args
    state = game_position(seed, map_name, players)
    me = state.actor_index
    assert me is not None
    view = bots.seen_by(state, me)
    lines = Completions(me).card_lines(view)
    rng = random.Random(seed)
    decks = [sample(view, rng) for _k in range(PLAYOUTS)]
    readings, seconds = [], []
    for line in lines:
        per_line, times = [], []
        for k, deck in enumerate(decks):
            spread = random.Random(f"{seed}|{k}")
            position, done, read, took = replay(deck, line), 0, [], []
            for turns in TURNS:
                started = time.process_time()
                position = greedy_turns(position, turns - done, spread=spread)
                took.append(time.process_time() - started)
                done = turns
                read.append(expected_margin(position, me))
            per_line.append(read)
            times.append(took)
        readings.append(per_line)
        seconds.append(times)
    return {"seed": seed, "players": players, "me": me, "static": [expected_margin(line[-1][1], me) for line in lines],
            "readings": readings, "seconds": seconds, "cuts": [position_cut(line[-1][1]) for line in lines]}


def play(options: argparse.Namespace) -> None:
    done = {json.loads(line)["seed"] for line in DATA.read_text().splitlines()} if DATA.exists() else set()
    work = [(CALIBRATION_SEED + k, *TABLES[k % len(TABLES)]) for k in range(options.positions)]
    DATA.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(max_workers=options.workers) as pool, DATA.open("a", encoding="utf-8") as out:
        for found in pool.map(play_position, [w for w in work if w[0] not in done]):
            out.write(json.dumps(found) + "\n")
            out.flush()
            print(f"position {found['seed']}: {len(found['static'])} lines", flush=True)


def _screen_claims(rows: list[dict[str, Any]], fit_rows: list[dict[str, Any]], screen: int) -> list[np.ndarray]:
    """Each position's claims of its lines by the fitted value alone (no screen) or with its first roll-out's
    reading after `screen` turns, fitted on `fit_rows`."""
    def measured(r: dict[str, Any], i: int) -> list[float]:
        return [1.0, r["static"][i], *((r["readings"][i][0][TURNS.index(screen)],) if screen else ())]

    xs = [measured(r, i) for r in fit_rows for i in range(len(r["static"]))]
    ys = [t for r in fit_rows for t in _truth(r)]
    w = np.linalg.lstsq(np.array(xs), np.array(ys), rcond=None)[0]
    return [np.array([float(np.dot(w, measured(r, i))) for i in range(len(r["static"]))]) for r in rows]


def _claims(rows: list[dict[str, Any]], fit_rows: list[dict[str, Any]], width: int, n: int,
            turns: int, screen: int = 0) -> list[tuple[np.ndarray, list[int]]]:
    """Each position's claims of its lines under one budget, the claims fitted on `fit_rows`, and the lines played
    out further: the `width` best by the screen's claims (by the fitted value alone without a screen), claimed by
    what their roll-outs read; the others keep the screen's claim (or the fitted value's)."""
    at = TURNS.index(turns)

    def measured(r: dict[str, Any], i: int) -> list[float]:
        x = np.array(r["readings"][i])
        return [1.0, r["static"][i], *((x[:n, TURNS.index(8)].mean(), x[:n, at].mean()) if n else ())]

    def deepest(claims: np.ndarray) -> list[int]:
        return list(np.argsort(-claims)[:width])

    xs, ys = [], []
    for r, shallow in zip(fit_rows, _screen_claims(fit_rows, fit_rows, screen), strict=True):
        truth = _truth(r)
        for i in deepest(shallow):
            xs.append(measured(r, i))
            ys.append(truth[i])
    w = np.linalg.lstsq(np.array(xs), np.array(ys), rcond=None)[0]
    found = []
    for r, shallow in zip(rows, _screen_claims(rows, fit_rows, screen), strict=True):
        deep = deepest(shallow)
        found.append((np.array([float(np.dot(w, measured(r, i))) if i in deep else shallow[i]
                                for i in range(len(r["static"]))]), deep))
    return found


def _seconds(r: dict[str, Any], deep: list[int], n: int, turns: int, screen: int) -> float:
    """The CPU a budget spends on one position: every line's screen (its first roll-out, `screen` turns) and the
    deep lines' `n` roll-outs of `turns` turns (the first going on from its screen)."""
    spent = [np.cumsum(np.array(r["seconds"][i]), axis=1) for i in range(len(r["static"]))]
    screened = [s[0, TURNS.index(screen)] if screen else 0.0 for s in spent]
    return float(sum(screened) + sum(spent[i][:n, TURNS.index(turns)].sum() - screened[i] for i in deep))


def _truth(r: dict[str, Any]) -> list[float]:
    """Each line's mean final margin over the play-outs that stand for the truth."""
    return [float(np.array(x)[SAMPLES:, -1].mean()) for x in r["readings"]]


def _gap_figures(judged: list[tuple[dict[str, Any], Sequence[float]]]) -> tuple[float, float]:
    """The correlation of claimed and measured gaps as scripts/measure_hints.py counts them (hint 1 less hints 2, 3
    and a random other line), and how often hint 1 was measured at least as good as hint 3, over positions and
    their claims."""
    claimed, measured, firsts = [], [], []
    for r, claims in judged:
        ranked = sorted(range(len(claims)), key=lambda i: -claims[i])
        if len(ranked) < 3:
            continue
        truth, others = _truth(r), ranked[3:]
        pick = [ranked[1], ranked[2]] + ([others[random.Random(r["seed"]).randrange(len(others))]] if others else [])
        claimed += [claims[ranked[0]] - claims[k] for k in pick]
        measured += [truth[ranked[0]] - truth[k] for k in pick]
        firsts.append(truth[ranked[0]] >= truth[ranked[2]])
    return float(np.corrcoef(claimed, measured)[0, 1]), float(np.mean(firsts))


def figures(_options: argparse.Namespace) -> None:
    rows = [json.loads(line) for line in DATA.read_text().splitlines()]
    print(f"{len(rows)} positions; budget (lines played out, roll-outs each, turns): per table, the correlation of "
          f"claimed and measured gaps, hint 1 measured at least as good as hint 3, median CPU per position")
    for width, n, turns, screen in BUDGETS:
        parts = []
        for players in sorted({r["players"] for r in rows}):
            mine = [r for r in rows if r["players"] == players]
            judged: list[tuple[dict[str, Any], Sequence[float]]] = []
            seconds: list[float] = []
            for half in (0, 1):
                test = [r for k, r in enumerate(mine) if k % 2 == half]
                fit = [r for k, r in enumerate(mine) if k % 2 != half]
                for r, (claims, deep) in zip(test, _claims(test, fit, width, n, turns, screen), strict=True):
                    seconds.append(_seconds(r, deep, n, turns, screen) if n else 0.0)
                    judged.append((r, list(claims)))
            correlation, firsts = _gap_figures(judged)
            parts.append(f"{players} players: r {correlation:.2f}, hint 1 >= hint 3 {firsts:.0%}, "
                         f"{np.median(seconds) * 1000:.0f} ms")
        shown = f"{width}, {n}, {'end' if turns == TURNS[-1] else turns}" + (f", screen {screen}" if screen else "")
        print(f"  ({shown}): " + "; ".join(parts))
    readings(rows)
    within(rows)


def _within_correlation(rows: list[dict[str, Any]], claims: Sequence[Sequence[float]]) -> float:
    """How the claims' differences within a position correlate with the measured ones, over `rows`."""
    a, b = [], []
    for r, c in zip(rows, claims, strict=True):
        truth = np.array(_truth(r))
        a += list(np.array(c) - np.mean(c))
        b += list(truth - truth.mean())
    return float(np.corrcoef(a, b)[0, 1])


def readings(rows: list[dict[str, Any]]) -> None:
    """How well one roll-out ranks the lines of a position after each of TURNS[:-1] turns, against the fitted value
    alone: the within-position correlation of its reading with the truth (what a screen needs)."""
    print("within-position correlation with the truth: the fitted value, then one roll-out's reading after each of "
          + ", ".join(str(t) for t in TURNS[:-1]) + " turns")
    for players in sorted({r["players"] for r in rows}):
        mine = [r for r in rows if r["players"] == players]
        found = [_within_correlation(mine, [r["static"] for r in mine])]
        found += [_within_correlation(mine, [[x[0][k] for x in r["readings"]] for r in mine])
                  for k in range(len(TURNS) - 1)]
        print(f"  {players} players ({len(mine)} positions): " + " ".join(f"{v:.2f}" for v in found))


RIDGES = (100.0, 1000.0)   # penalties tried for the within-position fit (standardised columns)
FOLDS = 5


def _line_features(r: dict[str, Any], i: int) -> np.ndarray | None:
    """What a line leaves its player (value.FEATURES at its end, and the points lead over the best other player
    now); None for a line that ends the game."""
    cut, me = r["cuts"][i], r["me"]
    if cut["over"]:
        return None
    now = cut["now"]
    lead = now[me] - max(v for j, v in enumerate(now) if j != me)
    return np.array([lead, *cut["features"][me]], dtype=float)


def within(rows: list[dict[str, Any]]) -> None:
    """Can the fitted value be taught to tell the lines of one position apart? Each line's measured margin less
    the fitted value's claim, centred within its position, fitted (ridge) on the centred features the line leaves
    its player; cross-fitted over FOLDS folds of positions. Printed per table: how the claims' differences within
    a position correlate with the measured ones, and the gap correlation and hint 1 >= hint 3 as above, for the
    fitted value alone and refitted."""
    features = {r["seed"]: [_line_features(r, i) for i in range(len(r["static"]))] for r in rows if "cuts" in r}
    rows = [r for r in rows if r["seed"] in features and all(f is not None for f in features[r["seed"]])]
    print(f"{len(rows)} positions with every line's features: within-position correlation; gap correlation; "
          f"hint 1 >= hint 3 (the fitted value alone, then refitted to tell a position's lines apart)")
    for players in sorted({r["players"] for r in rows}):
        mine = [r for r in rows if r["players"] == players]
        centred = {r["seed"]: np.array(features[r["seed"]]) for r in mine}
        centred = {s: x - x.mean(axis=0) for s, x in centred.items()}
        truth = {r["seed"]: np.array(_truth(r)) for r in mine}
        residual = {r["seed"]: truth[r["seed"]] - np.array(r["static"]) for r in mine}
        claims: dict[str, dict[int, list[float]]] = {"value": {r["seed"]: r["static"] for r in mine}}
        for ridge in RIDGES:
            claims[f"ridge {ridge:g}"] = {}
            for fold in range(FOLDS):
                train = [r for k, r in enumerate(mine) if k % FOLDS != fold]
                x = np.concatenate([centred[r["seed"]] for r in train])
                y = np.concatenate([residual[r["seed"]] - residual[r["seed"]].mean() for r in train])
                w = ridge_fit(np.column_stack([np.ones(len(x)), x]), y, ridge)[1:]
                for r in mine[fold::FOLDS]:
                    claims[f"ridge {ridge:g}"][r["seed"]] = list(np.array(r["static"]) + centred[r["seed"]] @ w)
        parts = []
        for name, found in claims.items():
            correlation, firsts = _gap_figures([(r, found[r["seed"]]) for r in mine])
            parts.append(f"{name} {_within_correlation(mine, [found[r['seed']] for r in mine]):.2f}; "
                         f"{correlation:.2f}; {firsts:.0%}")
        print(f"  {players} players ({len(mine)} positions): " + " | ".join(parts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("play", "figures"))
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    options = parser.parse_args(argv)
    {"play": play, "figures": figures}[options.command](options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
