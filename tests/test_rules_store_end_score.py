"""Rule tests for the storehouse (R-STORE), the game end (R-END), scoring (R-SCORE), the first-game
intermediate scoring (R-MID) and the scope (R-SCOPE). Italia seed 7 positions, as in
test_rules_turn_and_cards.py: VMBRIA = ANCONA wine, SPOLETVM brick, HADRIA tools (bonus wine);
AEMILIA = MVTINA food, RAVENNA food (bonus food); ETRVRIA = FLORENTIA cloth, COSA brick."""
from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import game_at, legal, new_state, player, refused, run, setp

import concordia_core as cc
from concordia_core.cards import all_cards, cards_for_sale

ALL_CITIES_BUT_COSA = ["AQVILEIA", "BAVZANVM", "VERONA", "COMVM", "SEGVSIO", "GENVA", "NICAEA", "MVTINA",
                       "RAVENNA", "FLORENTIA", "ANCONA", "SPOLETVM", "HADRIA", "ALERIA", "OLBIA"]




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


# --- R-SCORE -----------------------------------------------------------------------------------------
def _scored(s, **changes):
    return cc.score(setp(s, "Aiko", **changes), "Aiko")


def test_R_SCORE_1_hand_and_discard_together_two_cards_of_a_god_score_twice(s2):
    houses = ["FLORENTIA", "ANCONA", "COSA"]  # 2 non-brick houses
    one = _scored(s2, houses=houses, hand=["ARCHITECT"], discard=[], coins=0, goods={})
    two = _scored(s2, houses=houses, hand=["ARCHITECT"], discard=["ARCHITECT-II"], coins=0, goods={})
    three = _scored(s2, houses=houses, hand=[], discard=["ARCHITECT", "ARCHITECT-II", "CONSUL-II"], coins=0,
                    goods={})
    assert one.by_god()["jupiter"] == 2
    assert two.by_god()["jupiter"] == 4
    assert three.by_god()["jupiter"] == 6
    line = next(line for line in two.lines if line.god == "jupiter")
    assert line.cards == 2
    assert line.per_card == 2
    assert line.points == 4
    assert sum(two.by_god().values()) == two.total


@pytest.mark.parametrize("coins,goods,per_card", [(19, {}, 1), (20, {}, 2), (3, {"cloth": 1}, 1),
                                                  (2, {"cloth": 1}, 0), (0, {"brick": 3, "food": 5}, 2)])
def test_R_SCORE_2_vesta_rounds_down(s2, coins, goods, per_card):
    sb = _scored(s2, hand=["SENATOR"], discard=[], coins=coins, goods=goods)
    assert sb.by_god()["vesta"] == per_card
    assert sb.total == per_card
    two = _scored(s2, hand=["SENATOR"], discard=["SENATOR"], coins=coins, goods=goods)
    assert two.by_god()["vesta"] == 2 * per_card


def test_R_SCORE_3_jupiter_counts_houses_in_non_brick_cities(s2):
    sb = _scored(s2, hand=["ARCHITECT"], discard=[], houses=["COSA", "SPOLETVM", "FLORENTIA", "MVTINA"])
    assert sb.by_god()["jupiter"] == 2


def test_R_SCORE_4_saturnus_counts_provinces_with_a_house(s2):
    sb = _scored(s2, hand=["PREFECT"], discard=[], houses=["MVTINA", "RAVENNA", "COSA", "ANCONA"])
    assert sb.by_god()["saturnus"] == 3


def test_R_SCORE_5_mercurius_two_per_kind_of_good(s2):
    sb = _scored(s2, hand=["MERCATOR"], discard=[], houses=["MVTINA", "RAVENNA", "COSA", "SPOLETVM"])
    assert sb.by_god()["mercurius"] == 2 * 2  # food and brick


def test_R_SCORE_6_mars_two_per_colonist_on_the_map_not_waiting(s2):
    sb = _scored(s2, hand=["TRIBUNE"], discard=[],
                 colonists=[("land", "ROMA"), ("land", "land:COSA-ROMA"), ("sea", "sea:COSA-ROMA")],
                 waiting={"land": 1, "sea": 2})
    assert sb.by_god()["mars"] == 2 * 3
    assert _scored(s2, hand=["TRIBUNE"], discard=[]).by_god()["mars"] == 2 * 2


def test_R_SCORE_7_minerva_points_per_specialist_per_house_of_its_good(s2):
    sb = _scored(s2, hand=["FARMER-I", "MASON-I"], discard=["WEAVER-II"],
                 houses=["MVTINA", "RAVENNA", "COSA", "FLORENTIA", "ANCONA"])
    minerva = {line.label: line.points for line in sb.lines if line.god == "minerva"}
    assert minerva == {"Minerva (Farmer)": 3 * 2, "Minerva (Mason)": 3 * 1, "Minerva (Weaver)": 5 * 1}
    assert sb.by_god()["minerva"] == 14
    assert sb.total == 14
    assert _scored(s2, hand=["VINTNER-II"], discard=[], houses=["ANCONA", "BAVZANVM"]).total == 4 * 2


def test_R_SCORE_9_highest_total_wins(s3):
    s = setp(s3, "Ben", coins=30)
    assert cc.final_ranking(s)[0] == "Ben"


def test_R_SCORE_9_tie_goes_to_praefectus_magnus_holder(s3):
    totals = {p.name: cc.score(s3, p.name).total for p in s3.players}
    assert len(set(totals.values())) == 1  # a fresh table: everybody tied
    assert cc.final_ranking(s3) == ["Chloe", "Ben", "Aiko"]  # Chloe holds it; it passes right
    assert cc.final_ranking(replace(s3, praefectus=0)) == ["Aiko", "Chloe", "Ben"]
    assert cc.final_ranking(replace(s3, praefectus=1)) == ["Ben", "Aiko", "Chloe"]


def test_R_SCORE_9_tie_without_holder_goes_to_next_to_receive(s3):
    s = setp(s3, "Chloe", coins=0)  # the holder scores less
    assert cc.score(s, "Chloe").total < cc.score(s, "Ben").total == cc.score(s, "Aiko").total
    assert cc.final_ranking(s) == ["Ben", "Aiko", "Chloe"]  # Ben is Chloe's right-hand neighbour
    s4 = new_state(players=("Aiko", "Ben", "Chloe", "Dario"))
    s4 = replace(setp(s4, "Aiko", coins=0), praefectus=0)
    s4 = setp(s4, "Chloe", coins=0)
    # Ben and Dario tied: from Aiko the card goes to Dario first
    assert cc.final_ranking(s4)[:2] == ["Dario", "Ben"]


# --- R-MID -------------------------------------------------------------------------------------------
def _tribune_round(s, names):
    for name in names:
        assert s.to_move == name
        s = run(s, "play TRIBUNE")
        if s.pending is not None:
            s = run(s, "done")
    return s


def _mid_table(coins, first_game=True):
    s = new_state(players=("Aiko", "Ben", "Chloe", "Dario")[:len(coins)], first_game=first_game)
    for i, c in enumerate(coins):
        s = setp(s, i, coins=c)
    return s


def test_R_MID_1_only_in_a_first_game():
    s = _tribune_round(_mid_table([11, 11, 1], first_game=False), ["Aiko", "Ben", "Chloe"])
    assert s.mid_scores == (None, None, None)
    assert s.mid_payout is None
    assert [p.coins for p in s.players] == [11, 11, 1]
    g = cc.new_game("italia", ["Aiko", "Ben"], seed=1, first_game=True)
    assert g.state.first_game
    assert g.state.mid_scores == (None, None)


def test_R_MID_2_recorded_right_after_each_first_tribune(s3):
    s = _mid_table([11, 11, 1])
    s = run(s, "play TRIBUNE", "done")
    assert s.mid_scores == (cc.score(s, "Aiko").total, None, None) == (8, None, None)
    s = run(s, "play MERCATOR", "done")  # Ben does not play his Tribune yet
    assert s.mid_scores == (8, None, None)
    s = run(s, "play TRIBUNE", "done")   # Chloe
    assert s.mid_scores == (8, None, 7)
    assert s.mid_payout is None
    s = run(setp(s, "Aiko", coins=40), "play MERCATOR", "done")  # Aiko's score rises, her record does not
    assert cc.score(s, "Aiko").total > 8
    assert s.mid_scores[0] == 8


def test_R_MID_2_only_the_first_tribune_counts():
    s = _mid_table([11, 11])
    s = run(s, "play TRIBUNE", "done",   # Aiko
            "play MERCATOR", "done",     # Ben
            "play MERCATOR", "done",     # Aiko
            "play PREFECT", "collect")   # Ben
    assert s.mid_scores == (8, None)
    s = setp(s, "Aiko", coins=80)
    s = run(s, "play TRIBUNE", "done")   # Aiko's second Tribune
    assert s.to_move == "Ben"
    assert s.mid_scores == (8, None)


def test_R_MID_3_two_tied_highest_both_get_2_nobody_gets_1():
    s = _tribune_round(_mid_table([11, 11, 1]), ["Aiko", "Ben", "Chloe"])
    assert s.mid_scores == (8, 8, 7)
    assert s.mid_payout == (2, 2, 0)
    assert [p.coins for p in s.players] == [13, 13, 1]


def test_R_MID_3_one_highest_two_tied_next_get_2_1_1():
    s = _tribune_round(_mid_table([11, 1, 1]), ["Aiko", "Ben", "Chloe"])
    assert s.mid_scores == (8, 7, 7)
    assert s.mid_payout == (2, 1, 1)
    assert [p.coins for p in s.players] == [13, 2, 2]


def test_R_MID_3_distinct_scores_get_2_and_1():
    s = _tribune_round(_mid_table([21, 11, 1, 1]), ["Aiko", "Ben", "Chloe", "Dario"])
    assert s.mid_scores == (9, 8, 7, 7)
    assert s.mid_payout == (2, 1, 0, 0)


def test_R_MID_3_paid_once_when_the_last_player_has_a_record():
    s = _mid_table([11, 1, 1])
    s = _tribune_round(s, ["Aiko", "Ben"])
    assert s.mid_payout is None
    assert [p.coins for p in s.players] == [11, 1, 1]
    s = _tribune_round(s, ["Chloe"])
    assert s.mid_payout == (2, 1, 1)


def test_R_MID_4_intermediate_scores_never_added_to_final_score():
    s = _tribune_round(_mid_table([11, 11, 1]), ["Aiko", "Ben", "Chloe"])
    plain = replace(s, first_game=False, mid_scores=(None, None, None), mid_payout=None)
    for p in s.players:
        assert cc.score(s, p.name) == cc.score(plain, p.name)
        assert all(line.god in ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia")
                   for line in cc.score(s, p.name).lines)
    assert cc.score(s, "Aiko").total == 4 + (13 + 29) // 10  # Mars 2 colonists + Vesta on 13 coins


# --- R-SCOPE -----------------------------------------------------------------------------------------
def test_R_SCOPE_base_game_only():
    cards = all_cards()
    assert {c.god for c in cards.values()} == {"vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva"}
    assert len(cards_for_sale()) == 30
    assert not any("VENUS" in cid or c.god == "venus" for cid, c in cards.items())
    assert {"imperium", "italia"} <= set(cc.available_maps())
    assert {len(cc.load_map(m).provinces) for m in ("italia", "imperium")} == {11, 12}
    with pytest.raises(TypeError):
        cc.new_game("italia", ["Aiko", "Ben", "Chloe", "Dario"], seed=1, teams=True)  # no team play
