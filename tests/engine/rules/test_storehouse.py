"""Rule tests for R-STORE. Positions are built from a fresh Italia game (seed 7):
VMBRIA = ANCONA wine, SPOLETVM brick, HADRIA tools (bonus wine); AEMILIA = MVTINA food, RAVENNA food
(bonus food); ETRVRIA = FLORENTIA cloth, COSA brick."""
from __future__ import annotations

from dataclasses import replace

from helpers import legal, player, refused, run, setp

import concordia_core as cc


# --- R-STORE -----------------------------------------------------------------------------------------
def test_R_STORE_1_twelve_slots_goods_and_waiting_colonists(s2):
    p = player(s2, "Aiko")
    assert p.goods.total() == 6
    assert p.waiting_total == 4
    assert p.storehouse_used == 10
    assert p.free_slots == 2
    s = setp(s2, "Aiko", coins=100, goods={"brick": 8})
    s = run(s, "play MERCATOR")
    assert not any(a.startswith("buy") for a in legal(s))
    msg = refused(s, "buy 1 food", "R-STORE-1")
    assert "0 free slots" in msg
    s = run(s, "sell 2 brick", "buy 2 food")
    assert player(s, "Aiko").storehouse_used == 12


def test_R_STORE_1_recruiting_frees_a_slot(s2):
    s = setp(s2, "Aiko", goods={"food": 4, "tools": 4})
    assert player(s, "Aiko").free_slots == 0
    s = run(s, "play TRIBUNE", "recruit land")
    assert player(s, "Aiko").free_slots == 3


def test_R_STORE_1_production_into_a_full_storehouse_is_lost(s2):
    s = setp(s2, "Aiko", goods={"brick": 8}, houses=["MVTINA"])
    s = run(s, "play PREFECT", "produce AEMILIA")
    assert player(s, "Aiko").goods == cc.Goods({"brick": 8})
    assert not s.choices
    assert s.to_move == "Ben"


def _overflowing_producer(s2):
    """Aiko (holding Praefectus Magnus) produces VMBRIA with houses in ANCONA (wine) and HADRIA
    (tools): 2 wine + 1 wine + 1 tools come in, 2 slots are free."""
    s = replace(s2, praefectus=0)
    s = setp(s, "Aiko", houses=["ANCONA", "HADRIA"], goods={"brick": 6})
    return run(s, "play PREFECT", "produce VMBRIA")


def test_R_STORE_2_acting_player_chooses_which_incoming_goods_to_keep(s2):
    s = _overflowing_producer(s2)
    assert s.choices
    assert s.actor == "Aiko"
    assert s.to_move == "Aiko"
    assert set(legal(s)) == {"keep 2 wine", "keep 1 tools 1 wine"}
    assert s.praefectus_magnus == "Ben"  # the card has already passed
    refused(s, "keep 1 wine", "R-STORE-2")              # a free slot left empty on purpose
    refused(s, "keep nothing", "R-STORE-2")
    refused(s, "keep 3 wine", "R-STORE-2")              # more than the free slots
    refused(s, "keep 2 tools", "R-STORE-2")             # only 1 tools is coming in
    msg = refused(s, "keep 1 wine 1 brick", "R-STORE-2")  # brick is not incoming
    assert "coming in" in msg
    refused(s, "play MERCATOR", "R-STORE-2")
    refused(s, "done", "R-STORE-2")
    s = run(s, "keep 1 tools 1 wine")
    assert player(s, "Aiko").goods == cc.Goods({"brick": 6, "wine": 1, "tools": 1})
    assert player(s, "Aiko").free_slots == 0
    assert not s.choices
    assert s.to_move == "Ben"
    assert s.actor == "Ben"


def test_R_STORE_2_another_player_chooses_during_a_prefect_production(s2):
    s = setp(s2, "Ben", houses=["ANCONA", "HADRIA"], goods={"brick": 7})
    ben_goods = player(s, "Ben").goods
    s = run(s, "play PREFECT", "produce VMBRIA")
    assert player(s, "Aiko").goods["wine"] == 2  # her bonus fitted at once
    assert s.actor == "Ben"
    assert s.to_move == "Aiko"
    assert set(legal(s)) == {"keep 1 wine", "keep 1 tools"}
    refused(s, "keep 1 wine 1 tools", "R-STORE-2")
    refused(s, "keep 1 brick", "R-STORE-2")
    s = run(s, "keep 1 tools")
    assert player(s, "Ben").goods == ben_goods + cc.Goods({"tools": 1})  # nothing thrown away
    assert s.actor == "Ben"
    assert s.to_move == "Ben"


def test_R_STORE_2_choices_are_asked_producer_first_then_in_turn_order(s3):
    s = replace(s3, praefectus=0)
    s = setp(s, "Aiko", houses=["ANCONA", "HADRIA"], goods={"brick": 7})
    s = setp(s, "Chloe", houses=["ANCONA", "HADRIA"], goods={"brick": 7})
    s = run(s, "play PREFECT", "produce VMBRIA")
    assert s.actor == "Aiko"
    s = run(s, "keep 1 wine")
    assert s.actor == "Chloe"
    assert s.to_move == "Aiko"
    s = run(s, "keep 1 wine")
    assert s.actor == "Ben"
    assert s.to_move == "Ben"


def test_R_STORE_2_a_single_way_to_fill_is_taken_at_once(s2):
    s = setp(s2, "Aiko", goods={"brick": 7}, houses=["MVTINA", "RAVENNA"])
    s = run(s, "play PREFECT", "produce AEMILIA")  # 3 food, 1 free slot
    assert not s.choices
    assert player(s, "Aiko").goods == cc.Goods({"brick": 7, "food": 1})
