"""Rule tests for R-END. Positions are built from a fresh Italia game (seed 7):
VMBRIA = ANCONA wine, SPOLETVM brick, HADRIA tools (bonus wine); AEMILIA = MVTINA food, RAVENNA food
(bonus food); ETRVRIA = FLORENTIA cloth, COSA brick."""
from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import game_at, legal, player, refused, run, setp

import concordia_core as cc

ALL_CITIES_BUT_COSA = ["AQVILEIA", "BAVZANVM", "VERONA", "COMVM", "SEGVSIO", "GENVA", "NICAEA", "MVTINA",
                       "RAVENNA", "FLORENTIA", "ANCONA", "SPOLETVM", "HADRIA", "ALERIA", "OLBIA"]


# --- R-END -------------------------------------------------------------------------------------------
def _before_fifteenth_house(state, who):
    return setp(state, who, houses=ALL_CITIES_BUT_COSA[:14], coins=20, goods={"food": 2},
                colonists=[("land", "land:COSA-ROMA"), ("sea", "ROMA")])


def test_R_END_1_fifteenth_house_takes_concordia_and_every_other_player_one_more_turn(s3):
    s = _before_fifteenth_house(s3, "Ben")
    s = run(s, "play MERCATOR", "done")         # Aiko
    s = run(s, "play ARCHITECT", "build COSA")  # Ben's 15th house
    assert len(player(s, "Ben").houses) == 15
    assert player(s, "Ben").concordia
    assert s.concordia_holder == "Ben"
    assert s.end_trigger == 1
    assert not s.over
    assert s.to_move == "Chloe"
    s = run(s, "play MERCATOR", "done")         # Chloe: one more turn
    assert not s.over
    assert s.to_move == "Aiko"
    s = run(s, "play PREFECT", "collect")       # Aiko: one more turn
    assert s.over
    assert s.to_move is None
    assert s.actor is None
    assert cc.legal_actions(s) == []
    assert cc.score(s, "Ben").by_god()["concordia"] == 7
    assert cc.score(s, "Aiko").by_god()["concordia"] == 0
    for action in ["play ARCHITECT", "play MERCATOR", "done", "collect", "keep 1 food", "purchase 1", "build COSA"]:
        msg = refused(s, action, "R-END-1")
        assert "over" in msg


def test_R_END_1_game_over_refuses_every_action_through_game(s2):
    g = game_at(_before_fifteenth_house(s2, "Aiko"))
    for action in ["play ARCHITECT", "build COSA", "play MERCATOR", "done"]:
        g.play(action)
    assert g.state.over
    assert g.over
    steps, before = len(g.history), g.state
    for action in ["play PREFECT", "done", cc.Collect(), cc.PlayCard("TRIBUNE")]:
        with pytest.raises(cc.IllegalAction):
            g.play(action)
        assert g.state is before
        assert len(g.history) == steps
    assert g.legal_actions() == []


def test_R_END_1_last_display_card_bought_by_senator(s3):
    s = replace(s3, display=("MASON-I",), deck=())
    s = setp(s, "Aiko", goods={"food": 1})
    s = run(s, "play SENATOR", "purchase 1")
    assert s.display == ()
    assert s.concordia_holder == "Aiko"
    assert player(s, "Aiko").concordia
    assert s.to_move == "Ben"
    assert not s.over
    s = run(s, "play SENATOR")  # nothing left to buy: the play ends at once
    assert s.to_move == "Chloe"
    s = run(s, "play MERCATOR", "done")
    assert s.over
    assert cc.score(s, "Aiko").by_god()["concordia"] == 7


def test_R_END_1_last_card_bought_by_consul_and_two_by_senator(s2):
    s = replace(s2, display=("MASON-I", "FARMER-I"), deck=())
    c = setp(s, "Ben", hand=["CONSUL-II"], goods={"food": 1})
    c = run(c, "play MERCATOR", "done", "play CONSUL-II", "purchase 1")
    assert c.display == ("FARMER-I",)
    assert c.end_trigger is None
    s = setp(s, "Aiko", goods={"food": 2, "brick": 1, "wine": 1})
    s = run(s, "play SENATOR", "purchase 1", "purchase 2 paying wine")
    assert s.display == ()
    assert s.end_trigger == 0
    s = run(s, "play MERCATOR", "done")
    assert s.over
    last = replace(s2, display=("FARMER-I",), deck=())
    last = setp(last, "Aiko", hand=["CONSUL-III"], goods={"food": 1, "brick": 1})
    last = run(last, "play CONSUL-III", "purchase 1")
    assert last.end_trigger == 0
    assert not last.over


def test_R_END_1_trigger_by_the_last_player_ends_after_everyone_else(s3):
    s = _before_fifteenth_house(s3, "Chloe")
    s = run(s, "play MERCATOR", "done", "play MERCATOR", "done", "play ARCHITECT", "build COSA")
    assert s.concordia_holder == "Chloe"
    assert s.to_move == "Aiko"
    s = run(s, "play PREFECT", "collect")
    assert not s.over
    s = run(s, "play PREFECT", "collect")
    assert s.over


def test_R_END_2_fifteen_houses_is_a_hard_limit(s2):
    s = setp(s2, "Aiko", houses=ALL_CITIES_BUT_COSA, coins=50, goods={"food": 3},
             colonists=[("land", "land:COSA-ROMA"), ("sea", "ROMA")])
    s = run(s, "play ARCHITECT")
    assert not any(a.startswith("build") for a in legal(s))
    msg = refused(s, "build COSA", "R-END-2")
    assert "15" in msg


def test_R_END_2_six_colonists_but_goods_and_coins_unlimited(s2):
    s = setp(s2, "Aiko", coins=10_000, goods={}, hand=["MERCATOR", "TRIBUNE"],
             colonists=[("land", "ROMA")] * 3 + [("sea", "ROMA")] * 3, waiting={"land": 0, "sea": 0})
    s = run(s, "play MERCATOR", "buy 12 cloth")
    assert player(s, "Aiko").goods["cloth"] == 12
    assert player(s, "Aiko").coins == 10_003 - 84
    t = run(setp(s2, "Aiko", colonists=[("land", "ROMA")] * 3 + [("sea", "ROMA")] * 3,
                 waiting={"land": 0, "sea": 0}), "play TRIBUNE")
    assert t.to_move == "Ben"  # nothing to recruit
    assert len(player(t, "Aiko").colonists) == 6
