"""Rule tests for R-DIPL. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from dataclasses import replace

from helpers import legal, player, refused, run, setp


# --- R-DIPL ------------------------------------------------------------------------------------------
def test_R_DIPL_1_copies_top_card_of_another_players_discard(s2):
    s = run(s2, "play MERCATOR", "done", "play ARCHITECT", "move ROMA > land:COSA-ROMA", "done")
    s = setp(s, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")])
    s = run(s, "play DIPLOMAT")
    assert legal(s) == ["copy Ben"]
    s = run(s, "copy Ben")
    assert s.pending.action == "ARCHITECT"
    assert s.pending.card == "DIPLOMAT"
    s = run(s, "build FLORENTIA")
    assert player(s, "Aiko").houses == ("FLORENTIA",)
    assert player(s, "Aiko").top_card == "DIPLOMAT"
    assert player(s, "Ben").top_card == "ARCHITECT"


def test_R_DIPL_1_copying_a_purchased_mercator_gives_5_coins(s2):
    s = setp(s2, "Ben", discard=["MERCATOR-II"], hand=[c for c in s2.players[1].hand if c != "MERCATOR"])
    s = run(s, "play DIPLOMAT", "copy Ben")
    assert player(s, "Aiko").coins == 5 + 5
    s = setp(s2, "Ben", discard=["MERCATOR"])
    s = run(s, "play DIPLOMAT", "copy Ben")
    assert player(s, "Aiko").coins == 5 + 3


def test_R_DIPL_2_not_own_pile_not_diplomat_or_tribune(s3):
    s = setp(s3, "Aiko", discard=["MERCATOR"])
    s = setp(s, "Ben", discard=["TRIBUNE"])
    s = setp(s, "Chloe", discard=["PREFECT"])
    s = run(s, "play DIPLOMAT")
    assert legal(s) == ["copy Chloe"]
    refused(s, "copy Aiko", "R-DIPL-2")
    msg = refused(s, "copy Ben", "R-DIPL-2")
    assert "Tribune" in msg
    s2_ = setp(s3, "Ben", discard=["DIPLOMAT-I"])
    s2_ = setp(s2_, "Chloe", discard=["MERCATOR"])
    s2_ = run(s2_, "play DIPLOMAT")
    refused(s2_, "copy Ben", "R-DIPL-2")
    assert legal(s2_) == ["copy Chloe"]


def test_R_DIPL_2_nothing_to_copy_ends_the_play(s2):
    s = run(s2, "play DIPLOMAT")
    assert s.to_move == "Ben"
    assert player(s, "Aiko").discard == ("DIPLOMAT",)


def test_R_DIPL_3_praefectus_magnus_checked_for_the_copying_player(s3):
    # Ben's Prefect copied by Aiko: Chloe holds the card, so Aiko's bonus is 1 and it stays
    s = setp(s3, "Ben", discard=["PREFECT"])
    s = run(s, "play DIPLOMAT", "copy Ben", "produce AEMILIA")
    assert player(s, "Aiko").goods["food"] == 3
    assert s.praefectus_magnus == "Chloe"
    # Aiko holds it: doubled and passed to her right (Chloe)
    s = replace(setp(s3, "Ben", discard=["PREFECT"]), praefectus=0)
    s = run(s, "play DIPLOMAT", "copy Ben", "produce AEMILIA")
    assert player(s, "Aiko").goods["food"] == 4
    assert s.praefectus_magnus == "Chloe"
