"""Rule tests for R-ARCH-5..10. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from helpers import legal, new_state, player, refused, run, setp

import concordia_core as cc


# --- R-ARCH-5..10 ------------------------------------------------------------------------------------
def test_R_ARCH_5_builds_at_both_ends_of_routes_with_own_colonists_also_unmoved(s2):
    # the land colonist already stands on COSA-FLORENTIA; the Architect does not move it
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")], coins=30,
             goods={"brick": 2, "food": 2, "cloth": 1})
    s = run(s, "play ARCHITECT")
    assert {"build COSA", "build FLORENTIA"} <= set(legal(s))
    s = run(s, "build COSA", "build FLORENTIA")  # as many houses as can be paid for
    assert player(s, "Aiko").houses == ("COSA", "FLORENTIA")


def test_R_ARCH_5_only_next_to_own_colonists_and_building_ends_movement(s2):
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")], coins=30)
    s = setp(s, "Ben", colonists=[("land", "land:MVTINA-RAVENNA"), ("sea", "ROMA")])
    s = run(s, "play ARCHITECT")
    msg = refused(s, "build MVTINA", "R-ARCH-5")  # next to Ben's colonist, not Aiko's
    assert "MVTINA" in msg
    assert "build MVTINA" not in legal(s)
    s = run(s, "build COSA")
    assert not any(a.startswith("move") for a in legal(s))
    refused(s, "move ROMA > sea:COSA-ROMA", "R-ARCH-5")


def test_R_ARCH_6_one_house_per_player_per_city_never_rome_others_do_not_block(s2):
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-ROMA"), ("sea", "ROMA")], coins=30,
             goods={"food": 4, "brick": 2}, houses=["COSA"])
    refused(run(s, "play ARCHITECT"), "build COSA", "R-ARCH-6")
    refused(run(s, "play ARCHITECT"), "build ROMA", "R-ARCH-6")
    assert "build ROMA" not in legal(run(s, "play ARCHITECT"))
    # Ben's house in COSA does not stop Aiko
    s = setp(s, "Aiko", houses=[])
    s = setp(s, "Ben", houses=["COSA"])
    s = run(s, "play ARCHITECT", "build COSA")
    assert "COSA" in player(s, "Aiko").houses
    assert "COSA" in player(s, "Ben").houses


def test_R_ARCH_7_goods_cost_brick_city_one_food_other_city_brick_and_its_good(s2):
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")], coins=30,
             goods={"brick": 1, "food": 1, "cloth": 1})
    s = run(s, "play ARCHITECT", "build COSA")  # brick city: 1 food + 1 coin
    p = player(s, "Aiko")
    assert p.goods == cc.Goods({"brick": 1, "cloth": 1})
    assert p.coins == 29
    s = run(s, "build FLORENTIA")  # cloth city: 1 brick + 1 cloth + 5 coins
    p = player(s, "Aiko")
    assert p.goods == cc.Goods()
    assert p.coins == 24


def test_R_ARCH_7_missing_goods_are_named(s2):
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")], coins=30,
             goods={"brick": 1, "food": 1})
    s = run(s, "play ARCHITECT")
    msg = refused(s, "build FLORENTIA", "R-ARCH-7")
    assert "FLORENTIA" in msg
    assert "1 brick + 1 cloth" in msg
    assert "0 cloth" in msg
    assert "build FLORENTIA" not in legal(s)


def test_R_ARCH_8_coin_cost_multiplied_by_houses_goods_not(s2):
    s = new_state(players=("Aiko", "Ben", "Chloe"))
    s = setp(s, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")], coins=30,
             goods={"brick": 1, "cloth": 1})
    s = setp(s, "Ben", houses=["FLORENTIA"])
    s = setp(s, "Chloe", houses=["FLORENTIA"])
    s = run(s, "play ARCHITECT", "build FLORENTIA")  # 3rd house in a cloth city: 5 x 3 coins
    p = player(s, "Aiko")
    assert p.coins == 30 - 15
    assert p.goods == cc.Goods()


def test_R_ARCH_8_unaffordable_house_message_names_city_goods_coins_and_holdings(s2):
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")])
    s = setp(s, "Ben", houses=["FLORENTIA"])
    s = run(s, "play ARCHITECT")
    msg = refused(s, "build FLORENTIA", "R-ARCH-8")
    for part in ("FLORENTIA", "1 brick", "1 cloth", "10 coins", "5 coins"):
        assert part in msg, msg
    assert "build FLORENTIA" not in legal(s)


def test_R_ARCH_10_payment_to_bank_colonists_not_used_up(s2):
    s = setp(s2, "Aiko", colonists=[("land", "land:COSA-FLORENTIA"), ("sea", "ROMA")])
    ben = player(s, "Ben")
    s = run(s, "play ARCHITECT", "build COSA")
    assert player(s, "Ben") == ben
    assert player(s, "Aiko").coins == 4
    assert cc.Colonist("land", "land:COSA-FLORENTIA") in player(s, "Aiko").colonists
    assert len(player(s, "Aiko").colonists) == 2
