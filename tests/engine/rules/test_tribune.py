"""Rule tests for R-TRIB. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

import pytest
from helpers import legal, player, refused, run, setp

import concordia_core as cc


# --- R-TRIB ------------------------------------------------------------------------------------------
def test_R_TRIB_1_whole_discard_pile_returns_to_hand(s2):
    s = setp(s2, "Aiko", hand=["TRIBUNE", "SENATOR"], discard=["MERCATOR", "PREFECT"], goods={})
    s = run(s, "play TRIBUNE")
    p = player(s, "Aiko")
    assert sorted(p.hand) == sorted(["TRIBUNE", "SENATOR", "MERCATOR", "PREFECT"])
    assert p.discard == ()
    assert s.to_move == "Ben"  # nothing to recruit with no goods: the turn ends at once


@pytest.mark.parametrize("played,coins", [(0, 0), (2, 0), (3, 1), (5, 3), (8, 6)])
def test_R_TRIB_2_one_coin_per_card_beyond_three(s2, played, coins):
    cards = ["ARCHITECT", "PREFECT", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR", "CONSUL-II", "FARMER-I"]
    s = setp(s2, "Aiko", hand=["TRIBUNE"] + cards[played:], discard=cards[:played], goods={})
    s = run(s, "play TRIBUNE")
    assert player(s, "Aiko").coins == 5 + coins
    assert len(player(s, "Aiko").hand) == 9
    assert player(s, "Aiko").discard == ()


def test_R_TRIB_3_recruit_for_one_food_and_one_tools(s2):
    s = run(s2, "play TRIBUNE")
    assert set(legal(s)) == {"recruit land", "recruit sea", "done"}
    free = player(s, "Aiko").free_slots
    s = run(s, "recruit sea")
    p = player(s, "Aiko")
    assert p.goods == cc.Goods({"brick": 1, "food": 1, "wine": 1, "cloth": 1})
    assert p.waiting["sea"] == 1
    assert cc.Colonist("sea", "ROMA") in p.colonists
    assert len(p.colonists_of("sea")) == 2
    assert p.free_slots == free + 3  # one slot from the colonist, two from the goods paid
    assert s.to_move == "Ben"  # one recruit per Tribune


def test_R_TRIB_3_recruit_needs_food_and_tools(s2):
    s = setp(s2, "Aiko", goods={"food": 1, "brick": 3})
    s = run(s, "play TRIBUNE")
    assert s.to_move == "Ben"  # cannot recruit: the Tribune ends at once
    # a Tribune with a recruit possible, tried with the wrong goods after a Mercator sells the tools
    s = run(s2, "play MERCATOR", "sell 1 tools", "done", "play MERCATOR", "done", "play TRIBUNE")
    assert s.to_move == "Ben"
    s = setp(s2, "Aiko", goods={"food": 1, "tools": 1}, waiting={"land": 0, "sea": 1},
             colonists=[("land", "ROMA"), ("land", "ROMA"), ("land", "ROMA"), ("sea", "ROMA"), ("sea", "ROMA")])
    s = run(s, "play TRIBUNE")
    assert legal(s) == ["recruit sea", "done"]
    refused(s, "recruit land", "R-COLO-2")


def test_R_TRIB_3_missing_goods_message(s2):
    s = run(s2, "play TRIBUNE")
    s = setp(s, "Aiko", goods={"food": 1})
    msg = refused(s, "recruit land", "R-TRIB-3")
    assert "1 food + 1 tools" in msg
    assert "0 tools" in msg
