"""Refused actions change nothing (docs/architecture.md principle 4): the state's JSON is byte-identical before and after,
and a Game keeps its state and history length. Positions come from random games and by hand."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers import TABLES, candidate_actions, game_at, new_state, random_game, run, setp, snapshot

import concordia_core as cc


def assert_refused_unchanged(state: cc.GameState, action, error=cc.ConcordiaError):
    before = snapshot(state)
    with pytest.raises(error) as info:
        cc.apply(state, action)
    assert snapshot(state) == before, f"{action} changed the state"
    return info.value


def assert_game_refuses(g: cc.Game, action, error=cc.ConcordiaError):
    state, steps, before = g.state, len(g.history), snapshot(g.state)
    with pytest.raises(error) as info:
        g.play(action)
    assert g.state is state
    assert len(g.history) == steps
    assert snapshot(g.state) == before
    return info.value


# --- positions from random games ---------------------------------------------------------------------
@pytest.mark.parametrize("map_name,n", TABLES)
@pytest.mark.parametrize("seed", [5, 23])
def test_illegal_candidates_from_random_positions_change_nothing(map_name, n, seed):
    g = random_game(map_name, n, seed)
    states = [g.initial] + [step.state for step in g.history]
    rng = random.Random(seed)
    for state in rng.sample(states, 8) + [states[-1]]:  # the final (over) position too
        before = snapshot(state)
        listed = set(cc.legal_actions(state))
        for action in candidate_actions(state):
            if action in listed:
                continue
            err = None
            try:
                cc.apply(state, action)
            except cc.ConcordiaError as exc:
                err = exc
            assert err is not None, f"{action} was accepted though not listed"
            if isinstance(err, cc.IllegalAction):
                assert err.rule.startswith("R-")
                assert err.explanation
        assert snapshot(state) == before


@pytest.mark.parametrize("map_name,n,seed", [("italia", 2, 8), ("imperium", 5, 9), ("italia", 4, 10)])
def test_game_play_refusals_keep_state_and_history(map_name, n, seed):
    """Replay a random game step by step in a Game, trying illegal actions (values and text) between."""
    source = random_game(map_name, n, seed)
    g = cc.new_game(map_name, source.players, seed=seed)
    rng = random.Random(seed)
    tried = 0
    for step in source.history:
        if rng.random() < 0.15:
            listed = set(g.legal_actions())
            illegal = [a for a in candidate_actions(g.state) if a not in listed]
            for action in rng.sample(illegal, 6):
                assert_game_refuses(g, action)
                assert_game_refuses(g, str(action))
                tried += 2
        g.play(step.action)
        assert g.state == step.state
    assert g.state.over
    assert tried > 50
    assert_game_refuses(g, "done", cc.IllegalAction)


# --- hand-made positions -----------------------------------------------------------------------------
def _architect(state=None, **aiko):
    s = state or new_state()
    s = setp(s, "Aiko", **{"colonists": [("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")], **aiko})
    s = setp(s, "Ben", houses=["FLORENTIA"], colonists=[("land", "land:MVTINA-RAVENNA"), ("sea", "ROMA")])
    return run(s, "play ARCHITECT")


def _overflow():
    s = replace(new_state(), praefectus=0)
    s = setp(s, "Aiko", houses=["ANCONA", "HADRIA"], goods={"brick": 6})
    return run(s, "play PREFECT", "produce VMBRIA")


def _senator():
    return run(setp(new_state(), "Aiko", goods={"wine": 1, "food": 1}), "play SENATOR")


def _over():
    s = new_state()
    s = setp(s, "Aiko", houses=["AQVILEIA", "BAVZANVM", "VERONA", "COMVM", "SEGVSIO", "GENVA", "NICAEA",
                                 "MVTINA", "RAVENNA", "FLORENTIA", "ANCONA", "SPOLETVM", "HADRIA", "ALERIA"],
             colonists=[("land", "land:COSA-ROMA"), ("sea", "ROMA")], coins=20)
    s = run(s, "play ARCHITECT", "build COSA", "play MERCATOR", "done")
    assert s.over
    return s


HAND_MADE = [
    ("not in hand", lambda: new_state(), "play CONSUL-II", "R-TURN-1"),
    ("no passing", lambda: new_state(), "done", "R-TURN-1"),
    ("played already", lambda: run(new_state(), "play MERCATOR", "done", "play MERCATOR", "done"),
     "play MERCATOR", "R-TURN-2"),
    ("third kind", lambda: run(new_state(), "play MERCATOR", "sell 1 cloth", "buy 1 brick"), "sell 1 food",
     "R-MERC-2"),
    ("too dear", lambda: run(new_state(), "play MERCATOR"), "buy 2 cloth", "R-MERC-2"),
    ("no room", lambda: run(setp(new_state(), "Aiko", coins=50), "play MERCATOR"), "buy 3 brick", "R-STORE-1"),
    ("sell missing", lambda: run(new_state(), "play MERCATOR"), "sell 3 food", "R-MERC-2"),
    ("unaffordable house", lambda: _architect(), "build FLORENTIA", "R-ARCH-8"),
    ("missing goods", lambda: _architect(goods={"food": 1}), "build FLORENTIA", "R-ARCH-7"),
    ("not adjacent", lambda: _architect(), "build MVTINA", "R-ARCH-5"),
    ("rome", lambda: _architect(), "build ROMA", "R-ARCH-6"),
    ("second own house", lambda: _architect(houses=["COSA"]), "build COSA", "R-ARCH-6"),
    ("no colonist there", lambda: _architect(), "move COSA > land:COSA-ROMA", "R-ARCH-1"),
    ("end on occupied", lambda: _architect(), "move land:COSA-FLORENTIA > land:MVTINA-RAVENNA", "R-ARCH-4"),
    ("wrong kind", lambda: _architect(), "move land:COSA-FLORENTIA > sea:COSA-GENVA", "R-ARCH-2"),
    ("land colonist on sea route", lambda: _architect(colonists=[("land", "ROMA"), ("sea", "sea:COSA-ROMA")]),
     "move ROMA > sea:NEAPOLIS-ROMA", "R-ARCH-2"),
    ("too far", lambda: _architect(), "move land:COSA-FLORENTIA > land:NICAEA-SEGVSIO", "R-ARCH-3"),
    ("coin side", lambda: run(replace(new_state(), coin_side=frozenset({"AEMILIA"})), "play PREFECT"),
     "produce AEMILIA", "R-PREF-2"),
    ("prefect done", lambda: run(new_state(), "play PREFECT"), "done", "R-PREF-1"),
    ("keep too few", _overflow, "keep 1 wine", "R-STORE-2"),
    ("keep not incoming", _overflow, "keep 1 wine 1 brick", "R-STORE-2"),
    ("play during choice", _overflow, "play MERCATOR", "R-STORE-2"),
    ("recruit none waiting",
     lambda: run(setp(new_state(), "Aiko", colonists=[("land", "ROMA")] * 3 + [("sea", "ROMA")],
                      waiting={"land": 0, "sea": 2}), "play TRIBUNE"), "recruit land", "R-COLO-2"),
    ("wild missing", _senator, "purchase 2", "R-SEN-2"),
    ("wild not asked", _senator, "purchase 1 paying food", "R-SEN-2"),
    ("cannot pay", _senator, "purchase 7", "R-SEN-2"),
    ("consul wild", lambda: run(setp(new_state(), "Aiko", hand=["CONSUL-II"], goods={"wine": 1, "food": 1}),
                                "play CONSUL-II"), "purchase 2 paying food", "R-CONS-1"),
    ("copy self", lambda: run(setp(new_state(), "Ben", discard=["MERCATOR"]), "play DIPLOMAT"), "copy Aiko",
     "R-DIPL-2"),
    ("copy tribune", lambda: run(setp(setp(new_state(players=("Aiko", "Ben", "Chloe")), "Ben", discard=["TRIBUNE"]),
                                      "Chloe", discard=["MERCATOR"]), "play DIPLOMAT"), "copy Ben", "R-DIPL-2"),
    ("colonist elsewhere", lambda: run(setp(new_state(), "Aiko", hand=["COLONIST-I"]), "play COLONIST-I"),
     "place land COSA", "R-COLO-1"),
    ("game over", _over, "play PREFECT", "R-END-1"),
    ("game over keep", _over, "keep 1 food", "R-END-1"),
]


@pytest.mark.parametrize("name,build,action,rule", HAND_MADE, ids=[h[0] for h in HAND_MADE])
def test_hand_made_illegal_attempt_changes_nothing(name, build, action, rule):
    state = build()
    err = assert_refused_unchanged(state, action, cc.IllegalAction)
    if rule is not None:
        assert err.rule == rule, str(err)
    assert err.explanation
    assert str(err).endswith(f"({err.rule})")
    g = game_at(state)
    assert_game_refuses(g, action, cc.IllegalAction)
    assert_game_refuses(g, cc.parse_action(action, state), cc.IllegalAction)


MALFORMED = ["", "   ", "fly to rome", "buy 0 brick", "buy two brick", "buy 2 gold", "build ATLANTIS",
             "move ROMA land:COSA-ROMA", "move ROMA > land:ROMA-ATLANTIS", "copy Zed", "purchase 8",
             "purchase 1 with food", "keep 2 gold", "keep 2", "play NOTACARD", "produce GALLIA",
             "place air ROMA", "recruit horse", "done now", 42, None]


@pytest.mark.parametrize("text", MALFORMED, ids=[repr(t) for t in MALFORMED])
def test_malformed_input_is_invalid_action_and_changes_nothing(text):
    for state in (new_state(), _architect(), _overflow()):
        assert_refused_unchanged(state, text, cc.InvalidAction)
        assert_game_refuses(game_at(state), text, cc.InvalidAction)


def test_refusals_are_value_errors_with_learner_messages():
    state = _architect()
    err = assert_refused_unchanged(state, "build FLORENTIA", ValueError)
    assert isinstance(err, cc.IllegalAction)
    assert isinstance(err, cc.ConcordiaError)
    assert "FLORENTIA" in str(err)
    assert "you have" in str(err)
