"""Game records: notation round trip, undo/redo/branch, save/load/replay, bad records, Scenario."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import concordia_core as cc

TABLES = [("italia", ["Aiko", "Ben"]), ("italia", ["Aiko", "Ben", "Chloe"]), ("imperium", ["Aiko", "Ben", "Chloe"]),
          ("italia", ["Aiko", "Ben", "Chloe", "Dario"]), ("imperium", ["Aiko", "Ben", "Chloe", "Dario"]),
          ("imperium", ["Aiko", "Ben", "Chloe", "Dario", "Emil"])]


def random_game(seed: int, first_game: bool = False) -> cc.Game:
    map_name, players = TABLES[seed % len(TABLES)]
    game = cc.new_game(map_name, players, seed=seed, first_game=first_game)
    rng = random.Random(seed)
    while not game.over:
        game.play(rng.choice(game.legal_actions()))
    return game


# A hundred random games per property; the first ten also run in `make quick`.
SEEDS = [pytest.param(seed, marks=() if seed < 10 else pytest.mark.slow) for seed in range(100)]


def canonical(state: cc.GameState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


# --- notation --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_notation_round_trip_over_every_action_of_a_random_game(seed: int) -> None:
    game = random_game(seed, first_game=seed % 2 == 0)
    before = game.initial
    for action, after in game.history:
        text = str(action)
        assert cc.parse_action(text, before) == action, text
        assert cc.parse_action(text.upper(), before) == action, text
        before = after


@pytest.mark.slow  # 60 random whole games
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), step=st.integers(min_value=0, max_value=2_000))
def test_every_legal_action_round_trips_through_notation(seed: int, step: int) -> None:
    game = random_game(seed)
    state = game.state_at(min(step, len(game.history) - 1))
    for action in cc.legal_actions(state):
        assert cc.parse_action(str(action), state) == action


@pytest.mark.parametrize("text, where", [
    ("", "empty"), ("fly to ROMA", "unknown action 'fly'"), ("buy two brick", "found 'two'"),
    ("buy 2 gold", "found 'gold'"), ("move ROMA", "move FROM > ROUTE"), ("purchase 9", "from 1 to 7"),
    ("purchase 2 with food", "purchase SLOT [paying GOOD]"), ("recruit horse", "'land' or 'sea'"),
    ("keep 2", "pairs of a number and a good"), ("play BANANA", "unknown card"), ("build ATLANTIS", "not a city"),
    ("produce MORDOR", "not a province"), ("move ROMA > land:ROMA-ATLANTIS", "not a route"), ("copy Zed", "no player"),
    ("collect now", "'collect' takes the form"),
])
def test_malformed_notation_raises_invalid_action_saying_where(italia2: cc.Game, text: str, where: str) -> None:
    with pytest.raises(cc.InvalidAction) as refusal:
        italia2.play(text)
    assert where in str(refusal.value)
    assert not italia2.history


def test_well_formed_but_illegal_text_raises_illegal_action_with_rule(italia2: cc.Game) -> None:
    italia2.play("play MERCATOR")
    italia2.play("sell 1 cloth")
    italia2.play("buy 1 brick")
    with pytest.raises(cc.IllegalAction) as refusal:
        italia2.play("buy 1 food")
    assert refusal.value.rule == "R-MERC-2"


def test_game_play_accepts_text_and_actions_alike(italia2: cc.Game) -> None:
    other = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    italia2.play("play PREFECT")
    other.play(cc.PlayCard("PREFECT"))
    assert italia2.state == other.state


# --- history, undo, branch -----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(0, 100, 9))
def test_undo_back_to_setup_gives_the_setup_state(seed: int) -> None:
    game = random_game(seed)
    setup = canonical(cc.new_game(game.map_name, game.players, seed=seed).state)
    final = canonical(game.state)
    n = len(game.history)
    for _ in range(n):
        game.undo()
    assert canonical(game.state) == setup
    with pytest.raises(cc.InvalidAction):
        game.undo()
    game.redo(n)
    assert canonical(game.state) == final


def test_history_lists_steps_as_action_and_state(italia2: cc.Game) -> None:
    italia2.play("play PREFECT")
    italia2.play("collect")
    (a1, s1), (a2, s2) = italia2.history
    assert str(a1) == "play PREFECT"
    assert str(a2) == "collect"
    assert s1.pending is not None
    assert s2.turn == 1
    assert italia2.state is s2


def test_branch_tries_another_line_without_losing_the_main_line(italia2: cc.Game) -> None:
    for text in ["play MERCATOR", "sell 1 cloth", "done", "play PREFECT", "collect"]:
        italia2.play(text)
    main_line = list(italia2.history)
    branch = italia2.branch(1)
    branch.play("buy 1 wine")
    branch.play("done")
    assert italia2.history == main_line
    assert branch.state.player("Aiko").goods["wine"] == 2
    assert italia2.state.player("Aiko").goods["cloth"] == 0
    assert branch.state_at(1) is italia2.state_at(1)


def test_a_new_play_after_undo_drops_the_redo_line(italia2: cc.Game) -> None:
    italia2.play("play PREFECT")
    italia2.undo()
    italia2.play("play MERCATOR")
    with pytest.raises(cc.InvalidAction):
        italia2.redo()


# --- save, load, replay -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
def test_save_load_replay_gives_identical_states(seed: int) -> None:
    game = random_game(seed, first_game=seed % 3 == 0)
    loaded = cc.Game.from_json(game.to_json())
    assert len(loaded.history) == len(game.history)
    assert canonical(loaded.state) == canonical(game.state)
    for (a1, s1), (a2, s2) in zip(game.history[::97], loaded.history[::97], strict=True):
        assert a1 == a2
        assert s1 == s2


def test_record_holds_version_map_players_seed_options_and_notation() -> None:
    game = cc.new_game("imperium", ["Aiko", "Ben", "Chloe"], seed=5, first_game=True)
    game.play("play PREFECT")
    record = json.loads(game.to_json())
    assert record["version"] == 2
    assert record["map"] == "imperium"
    assert record["seed"] == 5
    assert record["players"] == ["Aiko", "Ben", "Chloe"]
    assert record["options"] == {"first_game": True, "first_player": game.state.players[0].name}
    assert record["actions"] == ["play PREFECT"]


def test_one_naming_for_serialisation_to_dict_for_data_to_json_for_text() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for text in ["play MERCATOR", "buy 2 brick"]:
        game.play(text)
    state = game.state
    assert state.pending is not None
    choice = cc.StoreChoice(1, cc.Goods({"wine": 2}))
    assert cc.GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert cc.PlayerState.from_dict(state.players[0].to_dict()) == state.players[0]
    assert cc.Pending.from_dict(state.pending.to_dict()) == state.pending
    assert choice.to_dict() == {"player": 1, "incoming": {"wine": 2}}
    assert cc.StoreChoice.from_dict(choice.to_dict()) == choice
    assert game.setup.to_dict() == {"map": "italia", "players": ["Aiko", "Ben"], "seed": 7,
                                    "options": {"first_game": False, "first_player": "Aiko"}}
    assert cc.Goods({"food": 2, "brick": 1}).to_dict() == {"brick": 1, "food": 2}
    text = game.to_json()
    assert isinstance(text, str) and cc.Game.from_json(text).state == state
    assert isinstance(game.record().to_json(), str)
    for value in (state, state.players[0], state.pending, choice, game.setup, cc.Goods()):
        assert not hasattr(value, "to_json"), f"{type(value).__name__} gives a mapping: to_dict, not to_json"


def _good_record() -> dict:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for text in ["play MERCATOR", "sell 1 cloth", "done", "play PREFECT", "collect"]:
        game.play(text)
    return json.loads(game.to_json())


@pytest.mark.parametrize("mutate, message", [
    (lambda r: "", "empty"),
    (lambda r: json.dumps(r)[:-15], "not valid JSON"),
    (lambda r: "[1, 2]", "JSON object"),
    (lambda r: {**r, "format": "chess"}, "not a Concordia Tutor game record"),
    (lambda r: {**r, "version": 99}, "unknown record version 99"),
    (lambda r: {**r, "map": "atlantis"}, "unknown map"),
    (lambda r: {**r, "seed": "seven"}, "'seed' must be a whole number"),
    (lambda r: {**r, "players": "Aiko"}, "'players' must be a list"),
    (lambda r: {**r, "players": ["Aiko"]}, "setup is invalid"),
    (lambda r: {**r, "actions": {"1": "play"}}, "'actions' must be a list"),
    (lambda r: {**r, "actions": ["play MERCATOR", 42]}, "action 2 must be text"),
    (lambda r: {**r, "actions": r["actions"][:2] + ["buy 1 wine", "buy 1 food"]}, "action 4 ('buy 1 food')"),
    (lambda r: {**r, "actions": ["play MERCATOR", "sell 9 cloth"]}, "action 2"),
    (lambda r: {**r, "actions": ["__import__('os').system('true')"]}, "action 1"),
    (lambda r: {**r, "options": {"first_game": "yes"}}, "first_game must be true or false"),
    (lambda r: {k: v for k, v in r.items() if k != "seed"}, "no 'seed' field"),
    (lambda r: "[" * 100_000 + "]" * 100_000, "nested more than 64 levels deep"),
    (lambda r: {**r, "start": {"map": "italia"}}, "start position is malformed"),
])
def test_bad_records_raise_record_error_naming_the_problem(mutate, message: str) -> None:
    bad = mutate(_good_record())
    text = bad if isinstance(bad, str) else json.dumps(bad)
    with pytest.raises(cc.RecordError) as refusal:
        cc.Game.from_json(text)
    assert message in str(refusal.value)
    assert isinstance(refusal.value, ValueError)


def test_an_illegal_action_in_a_record_names_its_rule_and_number() -> None:
    record = _good_record()
    record["actions"][3] = "play MERCATOR"  # Ben has a Mercator; but Aiko's is played: replace Ben's card
    record["actions"][0:4] = ["play MERCATOR", "done", "play PREFECT", "produce ATLANTIS"]
    with pytest.raises(cc.RecordError, match=r"action 4 \('produce ATLANTIS'\)"):
        cc.Game.from_json(json.dumps(record))


# --- Scenario -------------------------------------------------------------------------------------------
def _score_8_scenario() -> cc.Scenario:
    """R-SCORE-8: 5 houses in non-brick cities, 4 provinces, 3 kinds of good, 3 colonists on the map;
    Jupiter x2, Saturnus x2, Mercurius x1, Mars x1."""
    sc = cc.Scenario("italia", ["Aiko", "Ben"])
    sc.city_goods(COSA="wine", FLORENTIA="wine", ANCONA="food", RAVENNA="food", CASINVM="tools")
    sc.player("Aiko", houses=["COSA", "FLORENTIA", "ANCONA", "RAVENNA", "CASINVM"],
              colonists=[("land", "land:COSA-ROMA"), ("land", "land:ANCONA-SPOLETVM"), ("sea", "ROMA")],
              hand=["ARCHITECT", "DIPLOMAT", "PREFECT", "PREFECT", "SENATOR"], discard=["MERCATOR", "TRIBUNE"],
              goods={}, coins=9)
    return sc


def test_R_SCORE_8_worked_example_from_a_hand_built_position() -> None:
    breakdown = _score_8_scenario().score("Aiko")
    gods = breakdown.by_god()
    assert (gods["jupiter"], gods["saturnus"], gods["mercurius"], gods["mars"]) == (10, 8, 6, 6)
    assert gods["vesta"] == 0
    assert gods["minerva"] == 0
    assert breakdown.total == 30
    assert "2 cards x 5 (5 houses in non-brick cities)" in str(breakdown)


def test_scenario_position_can_be_played_on_and_saved() -> None:
    game = _score_8_scenario().game()
    game.play("play ARCHITECT")
    assert game.state.pending.steps_left == 3
    loaded = cc.Game.from_json(game.to_json())
    assert loaded.state == game.state


def test_scenario_tie_break_goes_to_the_next_to_receive_praefectus_magnus() -> None:
    sc = cc.Scenario("imperium", ["Aiko", "Ben", "Chloe"])
    for name in ("Aiko", "Ben", "Chloe"):
        sc.player(name, coins=10, goods={})
    sc.player("Aiko", coins=0)            # Aiko: 0 Vesta points; Ben and Chloe tie
    sc.praefectus_magnus("Aiko")          # it passes right: Aiko -> Chloe -> Ben
    state = sc.build()
    # Ben and Chloe: Vesta 10 coins // 10 = 1 (1 Senator) + Mars 2 colonists x 2 (1 Tribune) = 5; Aiko 0 + 4
    assert cc.score(state, "Ben").total == 5
    assert cc.score(state, "Chloe").total == 5
    assert cc.score(state, "Aiko").total == 4
    assert cc.final_ranking(state) == ["Chloe", "Ben", "Aiko"]
    sc.praefectus_magnus("Ben")
    assert cc.final_ranking(sc.build()) == ["Ben", "Chloe", "Aiko"]


@pytest.mark.parametrize("change, problem", [
    (lambda sc: sc.player("Aiko", goods={"brick": 12}), "storehouse holds"),
    (lambda sc: sc.player("Aiko", houses=["ROMA"]), "no houses in Rome"),
    (lambda sc: sc.player("Aiko", colonists=[("land", "sea:COSA-ROMA")]), "stands on the sea route"),
    (lambda sc: sc.player("Aiko", colonists=[("land", "land:COSA-ROMA")]).player(
        "Ben", colonists=[("land", "land:COSA-ROMA")]), "a route holds at most one"),
    (lambda sc: sc.player("Aiko", colonists=[("land", "ROMA")] * 4), "at most 3 of each kind"),
    (lambda sc: sc.player("Aiko", coins=-1), "never negative"),
    (lambda sc: sc.player("Aiko", hand=["MERCATOR-II"]).player("Ben", hand=["MERCATOR-II"]), "exists once"),
    (lambda sc: sc.player("Aiko", hand=["PREFECT"] * 3), "starting PREFECT"),
    (lambda sc: sc.player("Aiko", colonists=[("land", "ROMA")]), "Aiko has no sea colonist on the map"),
    (lambda sc: sc.player("Ben", colonists=[("sea", "sea:COSA-ROMA")]), "Ben has no land colonist on the map"),
    (lambda sc: sc.player("Aiko", hand=["TRIBUNE", "ARCHITECT"], discard=["MERCATOR"]),
     r"Aiko lacks starting cards \(DIPLOMAT, 2 x PREFECT, SENATOR\)"),
])
def test_scenario_rejects_impossible_positions_with_a_clear_error(change, problem: str) -> None:
    sc = cc.Scenario("italia", ["Aiko", "Ben"])
    change(sc)
    with pytest.raises(cc.InvalidAction, match=problem):
        sc.build()


@pytest.mark.parametrize("name,scores", [
    # the final scores these version-1 records had when they were golden games (before reading 9)
    ("italia-2p-greedy-random", {"Greedy 1": 190, "Random 2": 39}),
    ("imperium-3p-random-greedy-greedy", {"Random 1": 44, "Greedy 2": 150, "Greedy 3": 130}),
])
def test_a_version_1_record_that_buys_back_what_it_sold_is_read_by_netting_each_mercator_play(name, scores):
    # Reading 9 of docs/rules.md: each kind trades one way within a Mercator play. A version-1 save may buy
    # back a kind sold in the same play; it is read by netting each play's trades (sales first, then
    # purchases), which reaches the same positions at every turn's end and so the same final scores.
    text = (Path(__file__).parents[1] / "records" / f"version1-{name}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == 1
    reversals, signs = 0, {}
    for action in data["actions"]:  # the record does buy back a kind it sold in the same play, or the reverse
        words = action.split()
        if words[0] == "play":
            signs = {}
        elif words[0] in ("buy", "sell"):
            sign = 1 if words[0] == "buy" else -1
            reversals += signs.setdefault(words[-1], sign) != sign
    assert reversals >= 1
    game = cc.Game.from_json(text)
    assert game.over
    assert {p: cc.score(game.state, p).total for p in game.players} == scores
    saved = json.loads(game.to_json())
    assert saved["version"] == 2
    assert len(saved["actions"]) < len(data["actions"])
    assert cc.Game.from_json(game.to_json()).state == game.state
