"""Rule tests for R-PREF. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from dataclasses import replace

from helpers import legal, player, refused, run, setp

import concordia_core as cc


# --- R-PREF ------------------------------------------------------------------------------------------
def test_R_PREF_1_produce_bonus_to_player_houses_of_everyone_produce(s2):
    s = setp(s2, "Ben", houses=["MVTINA", "RAVENNA"])
    ben_food = player(s, "Ben").goods["food"]
    s = run(s, "play PREFECT", "produce AEMILIA")
    assert "AEMILIA" in s.coin_side
    assert s.bonus_tiles["AEMILIA"].side == "coins"
    assert player(s, "Aiko").goods["food"] == 2 + 1  # bonus; Aiko needs no house there
    assert player(s, "Ben").goods["food"] == ben_food + 2
    assert s.praefectus == 1  # not the producer's card: it stays with Ben
    assert s.to_move == "Ben"


def test_R_PREF_2_a_coin_side_province_cannot_produce(s2):
    s = replace(s2, coin_side=frozenset({"AEMILIA"}))
    s = run(s, "play PREFECT")
    assert "produce AEMILIA" not in legal(s)
    msg = refused(s, "produce AEMILIA", "R-PREF-2")
    assert "coin side" in msg


def test_R_PREF_3_praefectus_magnus_doubles_bonus_and_passes_right(s2):
    s = replace(s2, praefectus=0)
    s = setp(s, "Aiko", houses=["MVTINA"], goods={})
    s = setp(s, "Ben", houses=["RAVENNA"])
    s = run(s, "play PREFECT", "produce AEMILIA")
    assert player(s, "Aiko").goods["food"] == 2 + 1  # bonus doubled, own house not
    assert player(s, "Ben").goods["food"] == 2 + 1
    assert s.praefectus == 1
    assert s.praefectus_magnus == "Ben"


def test_R_PREF_3_praefectus_magnus_passes_to_previous_player_in_three(s3):
    # Chloe (last) holds it; she produces and it passes to Ben, the player before her
    s = run(s3, "play MERCATOR", "done", "play MERCATOR", "done")
    assert s.praefectus_magnus == "Chloe"
    s = run(s, "play PREFECT", "produce CAMPANIA")
    assert player(s, "Chloe").goods["tools"] == 1 + 2
    assert s.praefectus_magnus == "Ben"
    # Aiko (first) holding it passes it to Chloe (the last player)
    s = replace(s3, praefectus=0)
    s = run(s, "play PREFECT", "produce CAMPANIA")
    assert s.praefectus_magnus == "Chloe"


def test_R_PREF_3_holder_cannot_keep_the_card_by_declining_the_bonus(s2):
    # the holder's only Prefect options are produce (which passes the card) or collect
    s = run(s2, "play MERCATOR", "done", "play PREFECT")
    assert all(isinstance(a, (cc.Produce, cc.Collect)) for a in cc.legal_actions(s))
    for a in cc.legal_actions(s):
        if isinstance(a, cc.Produce):
            after = cc.apply(s, a)
            assert after.praefectus_magnus == "Aiko"


def test_R_PREF_3_praefectus_magnus_when_a_diplomat_copies_a_prefect(s2):
    # Ben produces with the card, it passes to Aiko; Aiko's Diplomat copies Ben's Prefect
    s = run(s2, "play MERCATOR", "done", "play PREFECT", "produce CAMPANIA")
    assert s.praefectus_magnus == "Aiko"
    assert player(s, "Ben").goods["tools"] == 1 + 2
    s = run(s, "play DIPLOMAT", "copy Ben", "produce AEMILIA")
    assert player(s, "Aiko").goods["food"] == 2 + 2  # R-DIPL-3: doubled for the copying player
    assert s.praefectus_magnus == "Ben"  # and passed to Aiko's right
    assert player(s, "Aiko").top_card == "DIPLOMAT"


def test_R_PREF_4_collect_coins_of_coin_side_tiles_and_turn_back(s2):
    coin_side = frozenset({"VENETIA", "AEMILIA", "VMBRIA"})
    expected = sum(s2.bonus_tiles[p].coins for p in coin_side)
    assert expected == 1 + 2 + 2  # cloth tile 1, food 2, wine 2 (data/game.json)
    for holder in (0, 1):  # Praefectus Magnus neither doubles nor passes
        s = replace(s2, coin_side=coin_side, praefectus=holder)
        s = run(s, "play PREFECT", "collect")
        assert player(s, "Aiko").coins == 5 + expected
        assert s.coin_side == frozenset()
        assert all(t.side == "goods" for t in s.bonus_tiles.values())
        assert s.praefectus == holder


def test_R_PREF_4_collect_with_nothing_turned_gives_nothing(s2):
    s = run(s2, "play PREFECT", "collect")
    assert player(s, "Aiko").coins == 5
