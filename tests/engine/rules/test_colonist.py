"""Rule tests for R-COLO. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from helpers import legal, player, refused, run, setp

import concordia_core as cc


# --- R-COLO ------------------------------------------------------------------------------------------
def test_R_COLO_1_place_colonists_in_rome_or_own_house_cities(s2):
    s = setp(s2, "Aiko", hand=["COLONIST-I"], houses=["MVTINA"], goods={"food": 3, "tools": 3})
    s = run(s, "play COLONIST-I")
    assert {"place land ROMA", "place land MVTINA", "place sea ROMA", "place sea MVTINA", "income"} <= set(legal(s))
    msg = refused(s, "place land COSA", "R-COLO-1")
    assert "COSA" in msg
    s = run(s, "place land MVTINA", "place sea ROMA")
    p = player(s, "Aiko")
    assert cc.Colonist("land", "MVTINA") in p.colonists
    assert p.waiting == {"land": 1, "sea": 1}
    assert p.goods == cc.Goods({"food": 1, "tools": 1})
    assert "income" not in legal(s)
    refused(s, "income", "R-COLO-1")
    s = run(s, "place land ROMA")
    assert s.to_move == "Ben"  # a sea colonist still waits, but no food + tools are left: the play ends


def test_R_COLO_1_income_five_plus_one_per_colonist_on_the_map(s2):
    s = setp(s2, "Aiko", hand=["COLONIST-I"],
             colonists=[("land", "ROMA"), ("land", "land:COSA-ROMA"), ("sea", "sea:COSA-ROMA")],
             waiting={"land": 1, "sea": 2})
    s = run(s, "play COLONIST-I", "income")
    assert player(s, "Aiko").coins == 5 + 5 + 3
    assert s.to_move == "Ben"


def test_R_COLO_1_placing_needs_food_and_tools(s2):
    s = setp(s2, "Aiko", hand=["COLONIST-I"], goods={"food": 1})
    s = run(s, "play COLONIST-I")
    assert legal(s) == ["income", "done"]
    msg = refused(s, "place land ROMA", "R-COLO-1")
    assert "1 food + 1 tools" in msg


def test_R_COLO_2_at_most_three_land_and_three_sea(s2):
    s = setp(s2, "Aiko", hand=["COLONIST-I", "TRIBUNE"], goods={"food": 3, "tools": 3},
             colonists=[("land", "ROMA")] * 3 + [("sea", "ROMA")], waiting={"land": 0, "sea": 2})
    c = run(s, "play COLONIST-I")
    assert not any(a.startswith("place land") for a in legal(c))
    refused(c, "place land ROMA", "R-COLO-2")
    c = run(c, "place sea ROMA", "place sea ROMA")
    p = player(c, "Aiko")
    assert len(p.colonists) == 6
    assert p.waiting_total == 0
    assert not any(a.startswith("place") for a in legal(c))
    t = run(s, "play TRIBUNE")
    assert "recruit land" not in legal(t)
    refused(t, "recruit land", "R-COLO-2")
