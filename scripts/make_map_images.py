"""Render docs/images/{italia,imperium}_midgame.svg from seeded random mid-game positions.

Run: .venv/bin/python scripts/make_map_images.py   (deterministic: same seeds, same pictures)
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import concordia_core as cc  # noqa: E402
from widgets.render.board import board_svg  # noqa: E402

POSITIONS = {
    "italia": (["Aiko", "Ben", "Chloe"], 3, 5, 220),
    "imperium": (["Aiko", "Ben", "Chloe", "Dario"], 11, 4, 320),
}


def midgame(map_id: str) -> cc.GameState:
    """A mid-game position reached by seeded random legal play."""
    players, seed, play_seed, steps = POSITIONS[map_id]
    game = cc.new_game(map_id, players, seed=seed, first_player=players[0])
    rng = random.Random(play_seed)
    for _ in range(steps):
        actions = game.legal_actions()
        if game.over or not actions:
            break
        game.play(rng.choice(list(actions)))
    return game.state


def main() -> None:
    out = ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    for map_id in POSITIONS:
        path = out / f"{map_id}_midgame.svg"
        path.write_text(board_svg(midgame(map_id)), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
