"""Write the golden games: seeded bot games as records (tests/golden/<name>.json, the format of
`Game.to_json()`, loadable as they are by `Game.from_json`) and their final scores, rankings, bot levels
and seeds (tests/golden/expected.json). tests/engine/test_golden_games.py replays the records (a change of the
rules shows as a changed score) and replays the bots from their seeds (a change of a bot shows as a
changed action). Run it again when such a change is intended, and review the diff:

    .venv/bin/python scripts/make_golden_games.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import concordia_core as cc
from concordia_core import bots

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
# name: (map, bot levels in seating order, game seed, first game)
GAMES: dict[str, tuple[str, tuple[str, ...], int, bool]] = {
    "italia-2p-greedy-random": ("italia", ("greedy", "random"), 101, False),
    "italia-3p-greedy-easy-random": ("italia", ("greedy", "easy", "random"), 102, True),
    "imperium-3p-random-greedy-greedy": ("imperium", ("random", "greedy", "greedy"), 103, False),
    "italia-4p-greedy-random-greedy-random": ("italia", ("greedy", "random", "greedy", "random"), 104, False),
    "imperium-4p-easy-greedy-random-greedy": ("imperium", ("easy", "greedy", "random", "greedy"), 105, False),
    "imperium-5p-greedy-random-greedy-random-greedy": ("imperium", ("greedy", "random", "greedy", "random", "greedy"),
                                                       106, False),
}


def play(map_name: str, levels: tuple[str, ...], seed: int, first_game: bool) -> cc.Game:
    """The game of these seats, as a simulation's `bots.GameTask` sets it up: player names from their levels
    (`bots.seat_names`), bot seeds `bots.bot_seed(seed, seat)`."""
    task = bots.GameTask(0, seed, levels, map_name, first_game)
    game = cc.Game(task.setup)
    seated = dict(zip(task.names, task.bots(), strict=True))
    while not game.over:
        actor = game.state.actor
        assert actor is not None    # a game that is not over has a player to act
        game.play(seated[actor].choose(game.state).action)
    return game


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    expected: dict[str, dict[str, object]] = {}
    for name, (map_name, levels, seed, first_game) in GAMES.items():
        game = play(map_name, levels, seed, first_game)
        (GOLDEN / f"{name}.json").write_text(game.to_json() + "\n", encoding="utf-8")
        state = game.state
        expected[name] = {
            "levels": list(levels),
            "bot_seeds": [bots.bot_seed(seed, i) for i in range(len(levels))],
            "actions": len(game.history),
            "scores": {p: cc.score(state, p).total for p in game.players},
            "points": {p: cc.score(state, p).by_god() for p in game.players},
            "ranking": cc.final_ranking(state),
        }
        print(f"{name}: {len(game.history)} actions, ranking {expected[name]['ranking']}, "
              f"scores {expected[name]['scores']}")
    (GOLDEN / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
