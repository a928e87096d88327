"""Measure the review's charges against play-outs to the end of the game: is a player's total an honest estimate?

    .venv/bin/python scripts/measure_review.py                # games 7 and 9, 16 play-outs per line (docs/judge.md's)
    .venv/bin/python scripts/measure_review.py --games 7 --playouts 32

Each game is a 2-player Italia game between two greedy seats (the seeds of the review's benchmark:
`cc.new_game("italia", …, seed=game)`, bots seeded game * 10 and game * 10 + 1), reviewed as chapter 19 reviews
(bots.review, its turns judged in 2 processes). At every decision it charges, the judge's best line and the
played one (the played step and the judge's best way on with the play at the hints' final budget, as the review
rates it) are each played
to the end of the game by greedy bots in every seat, `--playouts` times on the same deck orders (bots.playouts:
paired). A charge is honest when the play-outs bear it out: the measured gap summed over the charged decisions
should match the charges' total, within its standard error. The review charges a loss only when a measurement
afresh, apart from the search that found the best line, still puts it beyond noise; this checks that charging
that measurement's figure does not overstate (which it would if a charge were often luck that the filter let
through). The decisions it does not charge are not measured (their losses are within the judge's noise).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor

import concordia_core as cc
from concordia_core import bots
from concordia_core.bots.judge import FINAL
from concordia_core.bots.review import _best_after, judge_decision

NAMES = ("Aiko", "Ben")


def greedy_game(seed: int) -> cc.Game:
    """The 2-player Italia game `seed` between two greedy seats (the review benchmark's)."""
    game = cc.new_game("italia", list(NAMES), seed=seed)
    seated = {n: bots.make("greedy", seed * 10 + i) for i, n in enumerate(NAMES)}
    while not game.over:
        game.play(seated[game.state.actor or ""].choose(game.state).action)
    return game


def measured_charge(args: tuple[int, int, int]) -> tuple[str, float, float, float]:
    """One charged decision of game `seed`: its player, its charge and the play-outs' gap between the best and
    played lines, with that gap's standard error."""
    seed, step, playouts = args
    game = greedy_game(seed)
    state = game.state_at(step)
    decision = judge_decision(state, game.history[step].action, step)
    assert decision is not None
    own = [decision.played, *_best_after(state, decision.played, FINAL, 0)]
    best, mine = bots.playouts(state, [list(decision.best), own], playouts, seed * 1000 + step)
    gap = [a - b for a, b in zip(best, mine, strict=True)]
    return decision.player, decision.loss, statistics.mean(gap), statistics.stdev(gap) / math.sqrt(len(gap))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="7,9", help="the games' seeds")
    parser.add_argument("--playouts", type=int, default=16)
    options = parser.parse_args(argv)
    with ProcessPoolExecutor(max_workers=2) as pool:
        for seed in (int(s) for s in options.games.split(",")):
            game = greedy_game(seed)
            review = bots.review(game, executor=pool)
            charged = [d for d in review.decisions if d.loss > 0]
            found = list(pool.map(measured_charge, [(seed, d.step, options.playouts) for d in charged]))
            print(f"game {seed} ({len(game.history)} steps, {len(review.decisions)} decisions):")
            for name in NAMES:
                mine = [f for f in found if f[0] == name]
                total = sum(charge for _n, charge, _g, _s in mine)
                gap = sum(g for _n, _c, g, _s in mine)
                se = math.sqrt(sum(s ** 2 for *_x, s in mine))
                final = cc.score(game.state, name).total
                print(f"  {name} (final score {final}): {len(mine)} decisions charged {total:.1f} points; "
                      f"the play-outs measure {gap:.1f} ± {se:.1f} on them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
