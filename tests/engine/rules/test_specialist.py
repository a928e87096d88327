"""Rule tests for R-SPEC-1. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

import pytest
from helpers import player, run, set_city_goods, setp

import concordia_core as cc


# --- R-SPEC-1 ----------------------------------------------------------------------------------------
def test_R_SPEC_1_specialist_produces_for_own_houses_of_its_good_only(s2):
    s = setp(s2, "Aiko", hand=["FARMER-I"], houses=["MVTINA", "RAVENNA", "COSA"], goods={})
    s = setp(s, "Ben", houses=["MVTINA", "LVCERIA"])
    ben = player(s, "Ben")
    s = run(s, "play FARMER-I")
    assert player(s, "Aiko").goods == cc.Goods({"food": 2})
    assert player(s, "Ben") == ben
    assert s.coin_side == frozenset()
    assert s.praefectus == 1
    assert s.to_move == "Ben"


@pytest.mark.parametrize("spec,good,city", [("MASON-I", "brick", "COSA"), ("SMITH-I", "tools", "CASINVM"),
                                            ("VINTNER-II", "wine", "ANCONA"), ("WEAVER-II", "cloth", "FLORENTIA")])
def test_R_SPEC_1_each_specialist_its_good(s2, spec, good, city):
    s = setp(s2, "Aiko", hand=[spec], houses=[city, "MVTINA"], goods={})
    s = run(s, f"play {spec}")
    assert player(s, "Aiko").goods == cc.Goods({good: 1})


def test_R_SPEC_1_specialist_respects_the_storehouse(s2):
    s = setp(s2, "Aiko", hand=["FARMER-I"], houses=["MVTINA", "RAVENNA", "LVCERIA"], goods={"brick": 7})
    s = set_city_goods(s, {"LVCERIA": "food"})
    s = run(s, "play FARMER-I")  # 1 free slot, 3 food: only one way to fill it
    assert player(s, "Aiko").goods == cc.Goods({"brick": 7, "food": 1})
    assert player(s, "Aiko").free_slots == 0


def test_end_counts_count_the_cards_left_to_buy_and_the_houses_left_to_build() -> None:
    sc = cc.Scenario("italia", ["Aiko", "Ben"], seed=1)
    sc.player("Aiko", houses=["COSA", "NEAPOLIS", "FLORENTIA"])
    sc.display(["VINTNER-II", "WEAVER-II"], deck=["MASON-I"])
    counts = cc.end_counts(sc.build())
    assert (counts.display, counts.deck, counts.cards_left) == (2, 1, 3)
    assert counts.houses_left == {"Aiko": 12, "Ben": 15}      # 15 houses each (R-END-2), 3 built by Aiko
    assert counts.rule == "R-END-1"
