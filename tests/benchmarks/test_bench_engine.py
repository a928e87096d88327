"""Engine benchmark: printed figures, never timed assertions. Run: make bench."""
from __future__ import annotations

import random
import statistics
import time

import pytest

import concordia_core as cc

GAMES = 40


def _random_game(seed: int) -> tuple[cc.Game, list[cc.GameState]]:
    game = cc.new_game("imperium", ["A", "B", "C", "D"], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_actions()))
    return game, [step.state for step in game.history]


@pytest.mark.benchmark
def test_benchmark_random_games_and_legal_actions() -> None:
    per_game: list[float] = []
    mid_positions: list[cc.GameState] = []
    steps = 0
    for seed in range(GAMES):
        t0 = time.perf_counter()
        game, states = _random_game(seed)
        per_game.append(time.perf_counter() - t0)
        steps += len(states)
        mid_positions.extend(states[len(states) // 3: 2 * len(states) // 3: 25])
        assert game.over
    legal_times = []
    for state in mid_positions:
        t0 = time.perf_counter()
        cc.legal_actions(state)
        legal_times.append(time.perf_counter() - t0)
    total = sum(per_game)
    print(f"\nengine benchmark: {GAMES} random 4-player Imperium games, {steps / GAMES:.0f} steps per game")
    print(f"  games per second: {GAMES / total:.1f}")
    print(f"  median ms per game: {statistics.median(per_game) * 1000:.1f}")
    print(f"  median legal_actions() on {len(legal_times)} mid-game positions: "
          f"{statistics.median(legal_times) * 1e6:.0f} us")
