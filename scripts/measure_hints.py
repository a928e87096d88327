"""Measure the hints against play-outs to the end of the game, on positions no fit or choice saw.

    .venv/bin/python scripts/measure_hints.py --positions 320            # docs/judge.md's figures (resumable, see below)
    .venv/bin/python scripts/measure_hints.py --positions 32 --seed 370000 --budget 4,3,8,10000 --spread
                                                              # other budgets beside the shipped ones, on the positions
                                                              # the hints' final budget was chosen on
    .venv/bin/python scripts/measure_hints.py --positions 32 --seed 370000 --fit-errors
                                                              # the final budget's errors, into value.json
    .venv/bin/python scripts/measure_hints.py --calibrate     # fitting seeds: the judge's claims, into value.json

Positions: turn starts of greedy games (2-player Italia and 3-player Imperium, half each), one per game at a
seeded point between a tenth and nine tenths of it (scripts/fit_value.py, game_position). At each, every card line
of the hand (the judge's candidates) is played to the end of the game `--playouts` times by greedy bots in every
seat, on the same deck orders and bot seeds (bots.playouts: paired, from the player's own knowledge). The
play-outs are kept in build/ one position a line as they come (a process pool over `--workers` cores): a run
stopped goes on where it was, and a later run on the same positions plays nothing again. Then every judge is
asked at every position (the hints' final answer, FINAL; the strong level, FULL; any `--budget`), and printed
beside the aims:
- the correlation of claimed and measured gaps (hint 1 less hint 2, hint 3 and a random other card), with a 90%
  interval from resampling the positions;
- the mean error of the claimed values;
- how often hint 1 was measured at least as good as hint 3;
- how often hint 1 was worse than the other card by more than 2 standard errors (chance alone gives about 2%);
- the share of measured gaps within 2 (and 1) standard errors of the claimed ones (the claim's standard error and
  the measurement's together): honest standard errors put about 95% (68%) there;
- how often the judge itself told hint 1 from hint 3 beyond noise, and how often the play-outs did;
- the learner's cost of following hint 1: the best measured line's mean less hint 1's, over the positions;
- the judge's CPU time per position, and the hints' first answer's (FIRST).
Then like for like with the ceiling judge (every line played to the end 8 times, as --calibrate prints it; it
chooses on one half of the 16 play-outs and is measured on the other, both halves in turn), every judge and the
greedy level's own card play measured on halves: hint 1 >= hint 3, hint 1 worse than a random other line, and the
cost of following hint 1.
`--fit-errors` fits, on these positions, the errors of a line's claim averaged over the final budget's deck samples
beyond their spread (value.Claim.bias, gap_bias) and writes them into concordia_core/data/value.json: run it on the
positions the budget is chosen on (CHOICE_SEED), never on those it is measured on.
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
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import numpy as np
from fit_value import game_position

from concordia_core import bots
from concordia_core.bots.candidates import Completions
from concordia_core.bots.hints import best_lines
from concordia_core.bots.judge import MIDWAY, STAGES, Budget, play_key, play_seed
from concordia_core.bots.search import Samples
from concordia_core.bots.value import claim, expected_margin

ROOT = Path(__file__).resolve().parents[1]
WEIGHTS = ROOT / "concordia_core" / "data" / "value.json"
HELD_OUT_SEED = 360_000       # never used by fitting (scripts/fit_value.py), calibration, the ladder (scripts/ladder.py)
                              # or any choice: 300,000 to 350,159 were looked at while the judge's design and budgets
                              # were chosen, 370,000 to 370,095 while the hints' final budget was (CHOICE_SEED)
CHOICE_SEED = 370_000         # the positions the hints' final budget was chosen on (--seed 370000 --positions 96)
CALIBRATION_SEED = 190_000    # inside the fitting range: the judge's own error is measured there
SCREEN = 8                    # turns of the screen's claim when the full budget has no screen of its own:
                              # a single roll-out ranks the plays of a position no better than the fitted value before
                              # about 8 turns (scripts/judge_budget.py figures, "readings")
TABLES = (("italia", 2), ("imperium", 3))


def played(args: tuple[int, str, int, int]) -> dict[str, Any]:
    """One held-out position: every card line as the judge sees it (Completions.card_lines), each played to the end
    `playouts` times (paired: bots.playouts seeded by the position), and the card the greedy level plays there."""
    seed, map_name, players, playouts = args
    state = game_position(seed, map_name, players)
    me = state.actor_index
    assert me is not None
    lines = [[a for a, _s in line] for line in Completions(me).card_lines(bots.seen_by(state, me))]
    started = time.process_time()
    truth = bots.playouts(state, lines, playouts, seed)
    greedy = play_key(bots.make("greedy", seed).choose(state).action)
    return {"seed": seed, "map": map_name, "players": players, "lines": [" / ".join(str(a) for a in ln) for ln in lines],
            "truth": truth, "greedy": next((k for k, ln in enumerate(lines) if play_key(ln[0]) == greedy), None),
            "seconds": time.process_time() - started}


def judged(args: tuple[int, str, int, Budget]) -> dict[str, Any]:
    """The judge at one held-out position with `budget`: its hints (best lines with distinct first steps) and the
    lines' claims, standard errors and stages, and its CPU time (the hints' first answer's time too)."""
    seed, map_name, players, budget = args
    state = game_position(seed, map_name, players)
    started = time.process_time()
    bots.hints(state, 3, budget=bots.FIRST)
    first = time.process_time() - started
    started = time.process_time()
    found = bots.judge(state, budget)
    seconds = time.process_time() - started
    lines = best_lines(found)
    return {"seed": seed, "lines": [" / ".join(str(a) for a in r.actions) for r in lines],
            "claims": [r.value for r in lines], "ses": [r.se for r in lines], "stages": [r.stage for r in lines],
            "samples": [len(r.results) for r in lines],
            "gap_ses": [found.gap(lines[0], r)[1] for r in lines],
            "separated": len(lines) >= 3 and not found.about_equal(lines[0], lines[2]),
            "judge_seconds": seconds, "first_seconds": first}


def fit_errors(positions: list[dict[str, Any]], judgements: list[dict[str, Any]]) -> dict[str, dict[str, dict]]:
    """Per table and stage, the errors of a line's claim averaged over several deck samples beyond those samples'
    spread (value.Claim.bias), of a value and of its gap to hint 1, from the positions' play-outs: the mean squared
    difference of claim and measure less the play-outs' own variance and one sample's error over their number (the
    stage's Claim.error, gap_error: judge._rated pools them so), at least 1 point."""
    found: dict[str, dict[str, dict[str, list[float]]]] = {}
    for position, judgement in zip(positions, judgements, strict=True):
        truth = dict(zip(position["lines"], position["truth"], strict=True))
        first = truth[judgement["lines"][0]]
        for k, line in enumerate(judgement["lines"]):
            if judgement["samples"][k] < 2:
                continue
            slot = found.setdefault(_table(position["players"]), {}).setdefault(judgement["stages"][k],
                                                                                 {"value": [], "gap": []})
            mean, se = _mean_se(truth[line])
            one = claim(position["players"], judgement["stages"][k])
            n = judgement["samples"][k]
            slot["value"].append((judgement["claims"][k] - mean) ** 2 - se ** 2 - one.error ** 2 / n)
            if k and judgement["stages"][0] == judgement["stages"][k]:
                gap, gap_se = _mean_se([a - b for a, b in zip(first, truth[line], strict=True)])
                claimed = judgement["claims"][0] - judgement["claims"][k]
                slot["gap"].append((claimed - gap) ** 2 - gap_se ** 2 - one.gap_error ** 2 / n)
    return {table: {stage: {"bias": round(math.sqrt(max(1.0, statistics.mean(v["value"]))), 2),
                            "gap_bias": round(math.sqrt(max(1.0, statistics.mean(v["gap"]))), 2),
                            "lines": len(v["value"])}
                    for stage, v in stages.items() if v["gap"]}
            for table, stages in found.items()}


def chosen(position: dict[str, Any], judgement: dict[str, Any]) -> dict[str, Any]:
    """What `figures` reads of a judge at a position: its three hints and a random other line (seeded by the
    position), each with its claim, the standard error of its gap to hint 1, and its truth (the paired play-outs);
    `cost` is the best measured line's mean less hint 1's (what following hint 1 gives away, as measured)."""
    truth = dict(zip(position["lines"], position["truth"], strict=True))
    order = judgement["lines"]
    others = order[3:]
    pick = list(range(min(3, len(order)))) + ([3 + random.Random(position["seed"]).randrange(len(others))]
                                              if others else [])
    best = max(statistics.mean(m) for m in position["truth"])
    return {**judgement, "players": position["players"], "lines": [order[k] for k in pick],
            "claims": [judgement["claims"][k] for k in pick], "ses": [judgement["ses"][k] for k in pick],
            "gap_ses": [judgement["gap_ses"][k] for k in pick], "measured": [truth[order[k]] for k in pick],
            "other": bool(others), "cost": best - statistics.mean(truth[order[0]])}


def on_halves(positions: list[dict[str, Any]], orders: list[list[int] | None]) -> dict[str, float]:
    """A judge's order of each position's lines (None: the ceiling judge, which orders them by the mean of one half
    of the play-outs) measured on each half of the play-outs in turn (for the ceiling, the other half): how often
    hint 1 is at least as good as hint 3, how often it is worse than a random other line beyond 2 standard errors,
    and the cost of following hint 1 (the best line's mean less hint 1's on that half). Like for like: every judge
    measured on 8 of the 16 play-outs, as the ceiling must be."""
    at_least = worse = others = thirds = 0
    costs = []
    for position, order in zip(positions, orders, strict=True):
        truth = position["truth"]
        half = len(truth[0]) // 2
        for chosen, measured in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
            lines = [m[measured] for m in truth]
            ranked = order if order is not None else \
                sorted(range(len(truth)), key=lambda k: -statistics.mean(truth[k][chosen]))
            costs.append(max(statistics.mean(m) for m in lines) - statistics.mean(lines[ranked[0]]))
            if len(ranked) >= 3:
                thirds += 1
                at_least += statistics.mean(lines[ranked[0]]) >= statistics.mean(lines[ranked[2]])
            if len(ranked) > 3:
                drawn = ranked[3:][random.Random(position["seed"]).randrange(len(ranked) - 3)]
                gap, se = _mean_se([a - b for a, b in zip(lines[ranked[0]], lines[drawn], strict=True)])
                worse += gap < -2 * se
                others += 1
    return {"top_at_least_third": at_least / max(1, thirds), "top_worse_than_other_share": worse / max(1, others),
            "cost_of_following_hint_1": statistics.mean(costs)}


def judge_order(position: dict[str, Any], judgement: dict[str, Any]) -> list[int]:
    """The judge's order of a position's lines, as indices into its play-outs."""
    return [position["lines"].index(line) for line in judgement["lines"]]


def greedy_order(position: dict[str, Any]) -> list[int] | None:
    """The greedy level's play first, then the other lines (only hint 1 counts for its cost); None without one."""
    k = position["greedy"]
    return None if k is None else [k, *(j for j in range(len(position["lines"])) if j != k)]


def _mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def figures(results: list[dict]) -> dict[str, float]:
    """The figures of the module text, from the measured positions (each a judge's `chosen` lines)."""
    per_position: list[list[tuple[float, float]]] = []   # (claimed, measured) gaps of each position
    within2, within1, errors = 0, 0, []
    top_vs_third, worse_than_other, separated, measured_apart, pairs, thirds, others = 0, 0, 0, 0, 0, 0, 0
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
            thirds += k == 2
            top_vs_third += k == 2 and gap >= 0
            measured_apart += k == 2 and abs(gap) > 2 * gap_se
            others += k == 3 and r["other"]
            worse_than_other += k == 3 and r["other"] and gap < -2 * gap_se
        separated += bool(r["separated"])
    low, high = _bootstrap_correlation(per_position)
    ordered = sorted(r.get("first_seconds", 0.0) for r in results)
    found = {
        "positions": len(results), "gaps": pairs,
        "gap_correlation": _correlation([g for gaps in per_position for g in gaps]),
        "gap_correlation_90_low": low, "gap_correlation_90_high": high,
        "mean_value_error": statistics.mean(errors),
        "top_at_least_third": top_vs_third / max(1, thirds),
        "top_worse_than_other_beyond_2_se": worse_than_other,
        "top_worse_than_other_share": worse_than_other / max(1, others),
        "gaps_within_2_se": within2 / pairs, "gaps_within_1_se": within1 / pairs,
        "separated_1_from_3": separated / len(results),
        "playouts_separate_1_from_3": measured_apart / max(1, thirds),
        "judge_seconds_median": statistics.median(r["judge_seconds"] for r in results),
        "judge_seconds_max": max(r["judge_seconds"] for r in results),
        "first_seconds_median": statistics.median(ordered),
        "first_seconds_p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
    }
    if all("cost" in r for r in results):
        found["cost_of_following_hint_1"] = statistics.mean(r["cost"] for r in results)
    return found


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


AIMS = {"top_worse_than_other_share": "<= 0.025", "top_at_least_third": ">= the ceiling's - 0.03, like for like below",
        "cost_of_following_hint_1": "<= the ceiling's + 1, like for like below", "gap_correlation": ">= 0.55",
        "mean_value_error": "<= 6.5", "gaps_within_2_se": "0.90 to 0.97", "first_seconds_p95": "<= 0.150",
        "judge_seconds_median": "<= 2", "judge_seconds_max": "<= 2"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--playouts", type=int, default=16, help="play-outs per line, the truth (at least 12)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--calibrate", action="store_true")
    parser.add_argument("--maps", default=",".join(m for m, _n in TABLES), help="maps to take positions on")
    parser.add_argument("--budget", action="append", default=[], help="another budget besides the shipped ones: "
                        "samples,width or samples,width,screen or samples,width,screen,horizon (every line: a width "
                        "of 99), e.g. 4,99,8; may be given again")
    parser.add_argument("--spread", action="store_true", help="the --budget roll-outs with the greedy level's random "
                        "spread (judge.Budget.spread)")
    parser.add_argument("--fit-errors", action="store_true", help="fit the errors of the hints' final budget (a line's "
                        "claim averaged over several deck samples, beyond their spread) on these positions into "
                        "value.json: on the positions the budget is chosen on (--seed 370000), never on those it is "
                        "measured on")
    parser.add_argument("--play-only", action="store_true", help="only the play-outs (kept in build/, resumable)")
    parser.add_argument("--seed", type=int, default=HELD_OUT_SEED, help="the first held-out game's seed (another "
                        "range gives positions no measure has looked at)")
    options = parser.parse_args(argv)
    if options.calibrate:
        return calibrate(options)
    tables = [t for t in TABLES if t[0] in options.maps.split(",")]
    work = [(options.seed + k, *tables[k % len(tables)]) for k in range(options.positions)]
    started = time.perf_counter()
    positions = play(work, options)
    print(f"{len(positions)} positions from seed {options.seed}, every card line played to the end {options.playouts} "
          f"times: {time.perf_counter() - started:.0f} s wall (kept in build/)", flush=True)
    if options.play_only:
        return 0
    budgets = {"hints' final answer (bots.FINAL)": bots.FINAL, "strong level (bots.FULL)": bots.FULL}
    for text in options.budget:
        samples, width, *rest = (int(v) for v in text.split(","))
        budgets[f"budget {text}{' spread' if options.spread else ''}"] = Budget(
            samples=samples, width=width, screen=rest[0] if rest else 0, horizon=rest[1] if len(rest) > 1 else 24,
            spread=options.spread)
    rows: dict[str, dict[str, float]] = {}
    halves: dict[str, dict[str, float]] = {}
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        for name, budget in budgets.items():
            started = time.perf_counter()
            judgements = list(pool.map(judged, [(*w, budget) for w in work], chunksize=4))
            if options.fit_errors and budget == bots.FINAL:
                write_errors(fit_errors(positions, judgements), options)
                return 0
            rows[name] = figures([chosen(p, j) for p, j in zip(positions, judgements, strict=True)])
            halves[name] = on_halves(positions, [judge_order(p, j) for p, j in zip(positions, judgements, strict=True)])
            print(f"{name} {budget}: judged in {time.perf_counter() - started:.0f} s wall", flush=True)
    halves["ceiling judge (every line to the end 8 times)"] = on_halves(positions, [None] * len(positions))
    mine = [(p, order) for p in positions if (order := greedy_order(p)) is not None]
    halves["greedy level (its card play)"] = on_halves([p for p, _o in mine], [o for _p, o in mine])
    for name, found in rows.items():
        print(name)
        for key, value in found.items():
            aim = f"   (aim {AIMS[key]})" if key in AIMS else ""
            print(f"  {key}: {value:.3f}{aim}" if isinstance(value, float) else f"  {key}: {value}{aim}")
    print("like for like, every judge measured on 8 of the 16 play-outs (the ceiling judge chooses on the other 8; "
          "the two halves in turn): hint 1 >= hint 3, hint 1 worse than a random other line beyond 2 SE, the cost of "
          "following hint 1 (points)")
    for name, found in halves.items():
        print(f"  {name}: {found['top_at_least_third']:.3f}, {found['top_worse_than_other_share']:.3f}, "
              f"{found['cost_of_following_hint_1']:.2f}")
    per_table = {t: ceiling([{"seed": p["seed"], "players": p["players"], "measured": p["truth"]} for p in positions
                             if _table(p["players"]) == t])[t] for t in sorted({_table(p["players"]) for p in positions})}
    print(f"the ceiling judge per table, as --calibrate prints it: {json.dumps(per_table)}")
    return 0


def write_errors(found: dict[str, dict[str, dict]], options: argparse.Namespace) -> None:
    """The errors `fit_errors` found, into value.json's claims (judge.TABLE.STAGE.bias and gap_bias)."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    for table, stages in found.items():
        for stage, errors in stages.items():
            data["judge"][table][stage].update(bias=errors["bias"], gap_bias=errors["gap_bias"])
    data["judge"]["sources"] = data["judge"]["sources"].split(". Errors of")[0] + (
        f". Errors of a line's claim averaged over several deck samples, beyond their spread (bias, gap_bias): "
        f"scripts/measure_hints.py --fit-errors, {bots.FINAL}, {options.positions} positions from seed {options.seed} "
        f"(the positions the hints' final budget was chosen on), every card line played to the end "
        f"{options.playouts} times")
    WEIGHTS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"errors of several samples written into {WEIGHTS.name}: {json.dumps(found)}")


def play(work: list[tuple[int, str, int]], options: argparse.Namespace) -> list[dict[str, Any]]:
    """The play-outs of every position of `work` (`played`), kept in build/ one position a line: a run stopped
    goes on where it was, and another run on the same positions plays nothing again."""
    path = ROOT / "build" / f"held-out-playouts-{options.playouts}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    known = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                r = json.loads(line)
            except json.JSONDecodeError:   # a line another run is still writing
                continue
            known[r["seed"]] = r
    missing = [(*w, options.playouts) for w in work if w[0] not in known]
    if missing:
        with ProcessPoolExecutor(max_workers=options.workers) as pool, path.open("a", encoding="utf-8") as out:
            futures = [pool.submit(played, m) for m in missing]
            for k, future in enumerate(as_completed(futures), start=1):
                r = future.result()
                known[r["seed"]] = r
                out.write(json.dumps(r) + "\n")
                out.flush()
                if k % 10 == 0:
                    print(f"  {k} of {len(missing)} positions played out", flush=True)
    return [known[w[0]] for w in work]


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
