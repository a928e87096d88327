"""Golden games (issue "engine surface", after OpenSpiel's playthroughs): seeded bot games committed as
records in tests/golden/*.json, loaded as they are by Game.from_json, with their final scores, ranking,
bot levels and seeds in tests/golden/expected.json.

- Replaying a record must give the committed scores and ranking: a change shows a change of the rules.
- Playing the bots again from their seeds must give the committed actions: a change shows a change of a
  bot (or of what the rules offer it).
If such a change is intended, rerun `.venv/bin/python scripts/make_golden_games.py` and review the diff.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import concordia_core as cc
from concordia_core import bots

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
EXPECTED = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))
RERUN = "if the change is intended, rerun `.venv/bin/python scripts/make_golden_games.py` and review the diff"


def _load(name: str) -> cc.Game:
    return cc.Game.from_json((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def test_the_golden_games_cover_both_maps_and_2_to_5_players() -> None:
    games = {name: _load(name) for name in EXPECTED}
    assert {g.map_name for g in games.values()} == {"italia", "imperium"}
    assert {len(g.players) for g in games.values()} == {2, 3, 4, 5}
    assert sorted(p.stem for p in GOLDEN.glob("*.json") if p.stem != "expected") == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_golden_record_replays_to_its_scores(name: str) -> None:
    game = _load(name)
    expected = EXPECTED[name]
    assert game.over, f"{name}: the replayed game did not end (R-END-1); {RERUN}"
    assert len(game.history) == expected["actions"]
    scores = {p: cc.score(game.state, p).total for p in game.players}
    assert scores == expected["scores"], f"{name}: final scores changed; the rules changed? {RERUN}"
    assert {p: cc.score(game.state, p).by_god() for p in game.players} == expected["points"], \
        f"{name}: points per god changed; {RERUN}"
    assert cc.final_ranking(game.state) == expected["ranking"], f"{name}: ranking changed; {RERUN}"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_bots_replay_their_golden_game(name: str) -> None:
    record = _load(name)
    expected = EXPECTED[name]
    game = cc.new_game(record.map_name, record.players, record.seed, first_game=record.first_game)
    seated = {player: bots.make(level, seed) for player, level, seed in
              zip(record.players, expected["levels"], expected["bot_seeds"], strict=True)}
    for number, step in enumerate(record.history):
        actor = game.state.actor
        assert actor is not None, f"{name}: the game ended before action {number + 1}; {RERUN}"
        action = seated[actor].choose(game.state).action
        level = expected["levels"][record.players.index(actor)]
        assert action == step.action, (f"{name}: at action {number + 1} {actor} ({level}) now plays '{action}' "
                                       f"instead of '{step.action}': a bot changed; {RERUN}")
        game.play(action)
    assert game.over
