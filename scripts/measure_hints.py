"""Measure the hints against play-outs to the end of the game, on positions the fit never saw.

    .venv/bin/python scripts/measure_hints.py                 # 24 held-out positions, 32 play-outs per candidate
    .venv/bin/python scripts/measure_hints.py --positions 160 --playouts 16   # the README's figures
    .venv/bin/python scripts/measure_hints.py --calibrate     # fitting seeds: the judge's own error, into value.json
    .venv/bin/python scripts/measure_hints.py --positions 160 --playouts 16 --budget 1,7
                                                              # another budget: the README's "looking harder" table

Positions: turn starts of greedy games (2-player Italia and 3-player Imperium, half each), one per game at a
seeded point between a tenth and nine tenths of it (scripts/fit_value.py, game_position). At each, the judge's
three hints (bots.hints) and a random other card play of the hand are each played out to the end of the game
by greedy bots in every seat, `--playouts` times on the same deck orders and bot seeds (bots.playouts: paired,
from the player's own knowledge). The play-outs are kept in build/ (a rerun measures only lines it has not
met). The figures:
- the correlation of claimed and measured gaps (hint 1 less hint 2, hint 3 and the other card), with a 90%
  interval from resampling the positions (40 positions leave it wide);
- the mean error of the claimed values;
- how often hint 1 was measured at least as good as hint 3;
- how often hint 1 was worse than the other card by more than 2 standard errors (should be never);
- the share of measured gaps within 2 (and 1) standard errors of the claimed ones (the claim's standard
  error and the measurement's together): honest standard errors put about 95% (68%) there;
- how often the judge itself told hint 1 from hint 3 beyond noise, and how often the play-outs did (their
  gap beyond 2 of its own standard errors: what a judge as exact as the measure itself would reach);
- the judge's CPU time per position.
`--calibrate` measures positions from the calibration seeds instead (inside the fitting range, never held out):
every card's line as the judge looks at it, each stage of judge.STAGES read on the judge's own deck order, and
each line played to the end `--playouts` times. It fits, per table (2 players; 3 or more), how each stage's
measurements become the judge's claims (least squares against the play-outs' mean), with the claims' own error
beyond the play-outs' noise, of a value and of a gap between two lines of a position, from cross-fitted claims
(two halves of the positions, each claimed by the other half's fit), and writes them into
concordia_core/data/value.json ("judge"). It also prints what a far dearer judge would reach (`ceiling`): the
three hints of one that plays every line to the end on half the play-outs, measured on the other half.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from fit_value import game_position

from concordia_core import bots
from concordia_core.bots.candidates import Completions
from concordia_core.bots.hints import best_lines
from concordia_core.bots.judge import MIDWAY, STAGES, Budget, play_seed
from concordia_core.bots.search import Samples
from concordia_core.bots.value import expected_margin

ROOT = Path(__file__).resolve().parents[1]
WEIGHTS = ROOT / "concordia_core" / "data" / "value.json"
HELD_OUT_SEED = 320_000       # never used by fitting (scripts/fit_value.py), calibration or the ladder (scripts/ladder.py);
                              # 300,000 to 300,029 were looked at while the judge's design was chosen, and 310,000 to
                              # 310,039 while budgets were compared: choose on calibration seeds, confirm on fresh ones
CALIBRATION_SEED = 190_000    # inside the fitting range: the judge's own error is measured there
SCREEN = 8                    # turns of the screen's claim when the full budget has no screen of its own:
                              # a single roll-out ranks the plays of a position no better than the fitted value before
                              # about 8 turns (scripts/judge_budget.py figures, "readings")
TABLES = (("italia", 2), ("imperium", 3))


def claims(args: tuple[int, str, int, Budget]) -> dict[str, Any]:
    """The judge's hints at one position and a random other card play, with what the judge claims."""
    seed, map_name, players, budget = args
    state = game_position(seed, map_name, players)
    started = time.process_time()
    found = bots.judge(state, budget)
    seconds = time.process_time() - started
    lines = best_lines(found)
    others = lines[3:]
    chosen = lines[:3] + ([others[random.Random(seed).randrange(len(others))]] if others else [])
    return {"seed": seed, "map": map_name, "players": players, "judge_seconds": seconds,
            "lines": [" / ".join(str(a) for a in r.actions) for r in chosen],
            "claims": [r.value for r in chosen], "ses": [r.se for r in chosen],
            "stages": [r.stage for r in chosen],
            "gap_ses": [found.gap(chosen[0], r)[1] for r in chosen],
            "separated": len(chosen) >= 3 and not found.about_equal(chosen[0], chosen[2]),
            "other": len(chosen) == 4}


def truth(args: tuple[int, str, int, list[str], int]) -> list[list[float]]:
    """The play-outs of some lines of one position (bots.playouts, seeded by the position)."""
    seed, map_name, players, lines, playouts = args
    state = game_position(seed, map_name, players)
    return bots.playouts(state, [line.split(" / ") for line in lines], playouts, seed)


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def figures(results: list[dict]) -> dict[str, float]:
    """The figures of the module text, from the measured positions."""
    per_position: list[list[tuple[float, float]]] = []   # (claimed, measured) gaps of each position
    within2, within1, errors = 0, 0, []
    top_vs_third, worse_than_other, separated, measured_apart, pairs = 0, 0, 0, 0, 0
    for r in results:
        measured = [_mean_se(m) for m in r["measured"]]
        errors += [abs(c - m[0]) for c, m in zip(r["claims"], measured, strict=True)]
        per_position.append([])
        for k in range(1, len(r["claims"])):
            claimed = r["claims"][0] - r["claims"][k]
            gap, gap_se = _mean_se([a - b for a, b in zip(r["measured"][0], r["measured"][k], strict=True)])
            per_position[-1].append((claimed, gap))
            se = math.sqrt(r["gap_ses"][k] ** 2 + gap_se ** 2)
            within2 += abs(gap - claimed) <= 2 * se
            within1 += abs(gap - claimed) <= se
            pairs += 1
            top_vs_third += k == 2 and gap >= 0
            measured_apart += k == 2 and abs(gap) > 2 * gap_se
            worse_than_other += k == 3 and r["other"] and gap < -2 * gap_se
        separated += bool(r["separated"])
    low, high = _bootstrap_correlation(per_position)
    return {
        "positions": len(results), "gaps": pairs,
        "gap_correlation": _correlation([g for gaps in per_position for g in gaps]),
        "gap_correlation_90_low": low, "gap_correlation_90_high": high,
        "mean_value_error": statistics.mean(errors),
        "top_at_least_third": top_vs_third / len(results),
        "top_worse_than_other_beyond_2_se": worse_than_other,
        "gaps_within_2_se": within2 / pairs, "gaps_within_1_se": within1 / pairs,
        "separated_1_from_3": separated / len(results),
        "playouts_separate_1_from_3": measured_apart / len(results),
        "judge_seconds_median": statistics.median(r["judge_seconds"] for r in results),
        "judge_seconds_max": max(r["judge_seconds"] for r in results),
    }


BOOTSTRAP = 2000   # resamples of the positions for the correlation's interval


def _correlation(gaps: list[tuple[float, float]]) -> float:
    return statistics.correlation([c for c, _m in gaps], [m for _c, m in gaps])


def _bootstrap_correlation(per_position: list[list[tuple[float, float]]]) -> tuple[float, float]:
    """A 90% interval of the gap correlation, the positions (each with its (claimed, measured) gaps) resampled
    with replacement (seeded): the gaps of one position share its play-outs, so the positions, not the gaps, are
    the independent draws."""
    rng = random.Random(0)
    found = []
    for _ in range(BOOTSTRAP):
        drawn = [g for k in rng.choices(range(len(per_position)), k=len(per_position)) for g in per_position[k]]
        if len({c for c, _m in drawn}) > 1 and len({m for _c, m in drawn}) > 1:
            found.append(_correlation(drawn))
    found.sort()
    return found[int(0.05 * len(found))], found[int(0.95 * len(found)) - 1]


def ceiling(results: list[dict]) -> dict[str, dict[str, float]]:
    """Per table: a judge that plays every card line to the end on one half of a calibration position's
    play-outs, measured on the other half (and the halves swapped): how often its hint 1 is measured at least
    as good as its hint 3, and told apart from it beyond 2 standard errors of that half; and how often (of the
    halves of positions with a fourth line) its hint 1 is worse than a random other line beyond 2 of them."""
    found: dict[str, dict[str, float]] = {}
    for table in sorted({_table(r["players"]) for r in results}):
        at_least, apart, worse, others, n = 0, 0, 0, 0, 0
        for r in (r for r in results if _table(r["players"]) == table and len(r["measured"]) >= 3):
            half = len(r["measured"][0]) // 2
            for chosen, measured in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
                lines = [m[measured] for m in r["measured"]]
                order = sorted(range(len(lines)), key=lambda k: -statistics.mean(r["measured"][k][chosen]))
                third, third_se = _mean_se([a - b for a, b in zip(lines[order[0]], lines[order[2]], strict=True)])
                at_least += third >= 0
                apart += abs(third) > 2 * third_se
                n += 1
                if len(order) > 3:
                    drawn = order[3:][random.Random(r["seed"]).randrange(len(order) - 3)]
                    other, other_se = _mean_se([a - b for a, b in zip(lines[order[0]], lines[drawn], strict=True)])
                    worse += other < -2 * other_se
                    others += 1
        found[table] = {"top_at_least_third": round(at_least / n, 3), "separated_1_from_3": round(apart / n, 3),
                        "top_worse_than_other_beyond_2_se": worse, "of": others}
    return found


def calibration_lines(args: tuple[int, str, int, int]) -> dict[str, Any]:
    """A calibration position: every card's line as the judge looks at it, what each stage of judge.STAGES
    measures of it on the judge's own first deck order, and its play-outs to the end."""
    seed, map_name, players, playouts = args
    state = game_position(seed, map_name, players)
    me = state.actor_index
    assert me is not None
    view = bots.seen_by(state, me)
    lines = Completions(me).card_lines(view)
    samples = Samples(view, me, play_seed(view, 0))
    budget = bots.FULL
    screen = budget.screen or SCREEN
    midway = min(MIDWAY, budget.horizon)
    stages = {"static": [[expected_margin(line[-1][1], me)] for line in lines],
              "screen": [[samples.value(0, view, line, screen)] for line in lines],
              "horizon": [[expected_margin(line[-1][1], me), samples.value(0, view, line, midway),
                           samples.value(0, view, line, budget.horizon)] for line in lines]}
    margins = bots.playouts(state, [[a for a, _s in line] for line in lines], playouts, seed)
    return {"seed": seed, "players": players, "lines": [" / ".join(str(a) for a, _s in line) for line in lines],
            "stages": stages, "measured": margins}


def _table(players: int) -> str:
    return "2" if players <= 2 else "3"


def _fit(rows: list[dict], stage: str) -> list[float]:
    """Least squares of the play-outs' mean on a stage's measurements (intercept first)."""
    x = np.array([[1.0, *m] for r in rows for m in r["stages"][stage]])
    y = np.array([statistics.mean(m) for r in rows for m in r["measured"]])
    return [float(w) for w in np.linalg.lstsq(x, y, rcond=None)[0]]


def calibrated(results: list[dict]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per table and stage: the claim's weights (fitted on all positions) and its errors beyond the play-outs'
    own noise, of a value and of a gap between two lines of a position, from cross-fitted claims."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for table in sorted({_table(r["players"]) for r in results}):
        mine = [r for r in results if _table(r["players"]) == table]
        halves = (mine[0::2], mine[1::2])
        found[table] = {}
        for stage in STAGES:
            value_excess, gap_excess = [], []
            for k, half in enumerate(halves):
                weights = _fit(halves[1 - k], stage)
                for r in half:
                    claims = [weights[0] + float(np.dot(weights[1:], m)) for m in r["stages"][stage]]
                    for c, m in zip(claims, r["measured"], strict=True):
                        mean, se = _mean_se(m)
                        value_excess.append((c - mean) ** 2 - se ** 2)
                    for a in range(len(claims)):
                        for b in range(a + 1, len(claims)):
                            gap, se = _mean_se([x - y for x, y in zip(r["measured"][a], r["measured"][b], strict=True)])
                            gap_excess.append((claims[a] - claims[b] - gap) ** 2 - se ** 2)
            weights = _fit(mine, stage)
            found[table][stage] = {"intercept": round(weights[0], 4), "weights": [round(w, 4) for w in weights[1:]],
                                   "error": round(math.sqrt(max(1.0, statistics.mean(value_excess))), 2),
                                   "gap_error": round(math.sqrt(max(1.0, statistics.mean(gap_excess))), 2)}
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--playouts", type=int, default=32, help="play-outs per candidate (at least 12)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--maps", default=",".join(m for m, _n in TABLES), help="maps to take positions on")
    parser.add_argument("--budget", default="", help="another budget than the shipped one: samples,width or "
                        "samples,width,screen (every line: a width of 99), e.g. 4,99 or 1,3,8")
    parser.add_argument("--spread", action="store_true", help="roll-outs with the greedy level's random spread "
                        "(judge.Budget.spread)")
    parser.add_argument("--seed", type=int, default=HELD_OUT_SEED, help="the first held-out game's seed (another "
                        "range gives positions no measure has looked at)")
    options = parser.parse_args(argv)
    if options.calibrate:
        return calibrate(options)
    tables = [t for t in TABLES if t[0] in options.maps.split(",")]
    budget = bots.FULL
    if options.budget:
        samples, width, *screen = (int(v) for v in options.budget.split(","))
        budget = replace(budget, samples=samples, width=width, screen=screen[0] if screen else budget.screen)
    budget = replace(budget, spread=options.spread)
    work = [(options.seed + k, *tables[k % len(tables)], budget) for k in range(options.positions)]
    known_path = ROOT / "build" / "hint-playouts-held-out.json"
    known: dict[str, list[float]] = json.loads(known_path.read_text()) if known_path.exists() else {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        results = list(pool.map(claims, work))
        missing = [(r["seed"], r["map"], r["players"], [ln for ln in r["lines"]
                    if len(known.get(f"{r['seed']}|{ln}", [])) < options.playouts], options.playouts) for r in results]
        missing = [m for m in missing if m[3]]
        for (seed, _m, _n, lines, _p), found in zip(missing, pool.map(truth, missing), strict=True):
            for line, margins in zip(lines, found, strict=True):
                known[f"{seed}|{line}"] = margins
    known_path.parent.mkdir(parents=True, exist_ok=True)
    known_path.write_text(json.dumps(known), encoding="utf-8")
    for r in results:
        r["measured"] = [known[f"{r['seed']}|{ln}"][:options.playouts] for ln in r["lines"]]
    print(f"{len(results)} positions, {options.playouts} play-outs per candidate, {budget}, "
          f"{time.perf_counter() - started:.0f} s")
    for key, value in figures(results).items():
        print(f"  {key}: {value:.3f}" if isinstance(value, float) else f"  {key}: {value}")
    return 0


def calibrate(options: argparse.Namespace) -> int:
    """Fit the judge's claims on calibration positions and write them into value.json (module text)."""
    tables = [t for t in TABLES if t[0] in options.maps.split(",")]
    work = [(CALIBRATION_SEED + k, *tables[k % len(tables)], options.playouts) for k in range(options.positions)]
    path = ROOT / "build" / "calibration.json"
    stamp = {"screen": bots.FULL.screen or SCREEN, "horizon": bots.FULL.horizon, "midway": MIDWAY,
             "playouts": options.playouts}
    results = [r for r in (json.loads(path.read_text()) if path.exists() else []) if r.get("stamp") == stamp]
    done = {r["seed"] for r in results}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        for r in pool.map(calibration_lines, [w for w in work if w[0] not in done]):
            results.append({**r, "stamp": stamp})
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(results), encoding="utf-8")
    results = [r for r in results if r["seed"] in {w[0] for w in work}]
    found = calibrated(results)
    print(f"{len(results)} calibration positions, {options.playouts} play-outs per line, "
          f"{time.perf_counter() - started:.0f} s: {json.dumps(found)}")
    print(f"ceiling (every line played to the end {options.playouts // 2} times, measured on as many others): "
          f"{json.dumps(ceiling(results))}")
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    data.pop("model_error", None)
    data["sources"].pop("model_error", None)
    data["judge"] = {**found, "sources": (
        f"scripts/measure_hints.py --calibrate: {len(results)} positions from seeds {CALIBRATION_SEED}+ (the fitting "
        f"range; never the held-out seeds), every card's line played to the end {options.playouts} times; the claims "
        f"fitted by least squares, their errors from cross-fitted claims beyond the play-outs' own noise; "
        f"screen {stamp['screen']} turns, horizon {stamp['horizon']}, midway {MIDWAY}")}
    WEIGHTS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
