"""Rule tests for turns and every card action: R-TURN, R-MERC, R-ARCH-5..10, R-PREF, R-TRIB, R-SEN,
R-DIPL, R-CONS-1, R-COLO, R-SPEC-1. Positions are built from a fresh Italia game (seed 7):

ETRVRIA: FLORENTIA cloth, COSA brick (bonus cloth)   AEMILIA: MVTINA food, RAVENNA food (bonus food)
CAMPANIA: CASINVM tools, NEAPOLIS tools (bonus tools) VMBRIA: ANCONA wine, SPOLETVM brick, HADRIA tools
Aiko moves first (5 coins), Ben second (6 coins) and holds Praefectus Magnus.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import legal, new_state, player, refused, run, set_city_goods, setp

import concordia_core as cc


# --- R-TURN ------------------------------------------------------------------------------------------
def test_R_TURN_1_turns_go_clockwise_and_the_card_goes_onto_own_discard(s3):
    assert s3.to_move == "Aiko"
    s = run(s3, "play MERCATOR", "done")
    a = player(s, "Aiko")
    assert a.discard == ("MERCATOR",)
    assert a.top_card == "MERCATOR"
    assert "MERCATOR" not in a.hand
    assert len(a.hand) == 6
    assert s.to_move == "Ben"
    s = run(s, "play PREFECT", "collect")
    assert s.to_move == "Chloe"
    s = run(s, "play PREFECT", "collect")
    assert s.to_move == "Aiko"
    assert player(s, "Ben").discard == ("PREFECT",)


def test_R_TURN_1_no_passing_a_turn_starts_with_a_card_from_hand(s2):
    assert all(isinstance(a, cc.PlayCard) for a in cc.legal_actions(s2))
    assert {a.card for a in cc.legal_actions(s2)} == set(player(s2, "Aiko").hand)
    refused(s2, "done", "R-TURN-1")
    refused(s2, "collect", "R-TURN-1")
    msg = refused(s2, "play CONSUL-II", "R-TURN-1")
    assert "not in your hand" in msg


def test_R_TURN_2_a_played_card_returns_only_with_the_tribune(s2):
    s = run(s2, "play MERCATOR", "done",   # Aiko
            "play MERCATOR", "done")       # Ben
    assert "play MERCATOR" not in legal(s)
    msg = refused(s, "play MERCATOR", "R-TURN-2")
    assert "Tribune" in msg
    # any order; the two Prefects may both be played, one after the other
    s = run(s, "play PREFECT", "collect",  # Aiko
            "play PREFECT", "collect",     # Ben
            "play PREFECT", "collect")     # Aiko, her second Prefect
    assert player(s, "Aiko").discard == ("MERCATOR", "PREFECT", "PREFECT")
    assert "play PREFECT" not in legal(run(s, "play ARCHITECT", "done"))
    s = run(s, "play ARCHITECT", "done",   # Ben
            "play TRIBUNE")                # Aiko
    if s.pending is not None:
        s = run(s, "done")
    assert player(s, "Aiko").hand.count("PREFECT") == 2
    assert "MERCATOR" in player(s, "Aiko").hand


# --- R-MERC ------------------------------------------------------------------------------------------
def test_R_MERC_1_starting_mercator_takes_3_coins_purchased_5(s2):
    s = run(s2, "play MERCATOR")
    assert player(s, "Aiko").coins == 5 + 3
    s = setp(s2, "Aiko", hand=("MERCATOR-II",))
    s = run(s, "play MERCATOR-II")
    assert player(s, "Aiko").coins == 5 + 5


def test_R_MERC_2_at_most_two_kinds_any_units(s2):
    s = setp(s2, "Aiko", coins=50, goods={"food": 2, "wine": 2})
    s = run(s, "play MERCATOR", "sell 1 wine", "buy 1 brick")
    s = run(s, "buy 2 brick", "sell 1 wine")  # more units of kinds already traded
    p = player(s, "Aiko")
    assert p.goods == cc.Goods({"food": 2, "brick": 3})
    assert p.coins == 53 + 6 - 3 - 6 + 6
    msg = refused(s, "sell 1 food", "R-MERC-2")
    assert "2 kinds" in msg
    refused(s, "buy 1 cloth", "R-MERC-2")
    assert all(a.good in ("wine", "brick") for a in cc.legal_actions(s) if isinstance(a, cc.Trade))
    assert "buy 1 brick" in legal(s)


def test_R_MERC_2_buy_price_equals_sell_price_and_capacity(s2):
    s = run(s2, "play MERCATOR")
    assert player(s, "Aiko").free_slots == 2
    s1 = run(s, "sell 1 wine")
    assert player(s1, "Aiko").coins == 8 + 6
    s1 = run(s, "buy 1 wine")
    assert player(s1, "Aiko").coins == 8 - 6
    assert player(s1, "Aiko").goods["wine"] == 2
    msg = refused(setp(s, "Aiko", coins=50), "buy 3 brick", "R-STORE-1")
    assert "2 free slots" in msg
    assert "buy 3 brick" not in legal(setp(s, "Aiko", coins=50))
    msg = refused(s, "buy 2 cloth", "R-MERC-2")
    assert "14 coins" in msg
    assert "8 coins" in msg
    refused(s, "sell 2 cloth", "R-MERC-2")
    assert "buy 2 brick" in legal(s)
    assert "buy 3 brick" not in legal(s)


def test_R_MERC_2_a_kind_sold_is_not_bought_back_in_the_same_play(s2):
    # The tutor's reading 9 (docs/rules.md): at equal prices, buying back a kind sold in the same play only
    # undoes part of the sale, so each kind trades one way within a play. Aiko: 8 coins after the income,
    # 1 wine; she sells it (14 coins) and may not buy wine back, but may trade a second kind.
    s = run(s2, "play MERCATOR", "sell 1 wine")
    msg = refused(s, "buy 1 wine", "R-MERC-2")
    assert "sold wine" in msg
    assert not [a for a in legal(s) if a.startswith("buy") and a.endswith("wine")]
    assert "buy 1 brick" in legal(s)


def test_R_MERC_2_a_kind_bought_is_not_sold_again_but_bought_further(s2):
    s = setp(s2, "Aiko", coins=20)
    s = run(s, "play MERCATOR", "buy 1 brick")        # 23 - 3 = 20 coins, 1 brick more
    msg = refused(s, "sell 1 brick", "R-MERC-2")
    assert "bought brick" in msg
    assert not [a for a in legal(s) if a.startswith("sell") and a.endswith("brick")]
    s = run(s, "buy 1 brick")
    assert player(s, "Aiko").coins == 20 - 3


@pytest.mark.parametrize("seed", range(12))
def test_R_MERC_2_no_sequence_of_trades_repeats_a_position_so_every_play_ends(seed):
    # A random walk through a Mercator play: every step reaches a position not seen before in the play.
    import random
    rng = random.Random(seed)
    s = setp(new_state("italia", ["Aiko", "Ben"], seed), "Aiko", coins=rng.randrange(0, 40),
             goods={g: rng.randrange(0, 3) for g in cc.GOODS})
    s = run(s, "play MERCATOR")
    seen = [s]
    while s.pending is not None and s.to_move == "Aiko":
        s = cc.apply(s, rng.choice(cc.legal_actions(s)))
        assert all(s != before for before in seen)
        seen.append(s)
    assert len(seen) <= 1 + 2 * 12 + 1   # at most the storehouse's units of two kinds, one at a time, and done


def test_R_MERC_4_players_never_trade_with_each_other(s2):
    ben = player(s2, "Ben")
    s = run(s2, "play MERCATOR", "sell 1 cloth", "buy 2 brick")
    assert player(s, "Ben") == ben
    assert all(isinstance(a, (cc.Trade, cc.Done)) for a in cc.legal_actions(s))
    refused(s, "copy Ben", "R-MERC-2")


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


# --- R-SEN -------------------------------------------------------------------------------------------
def test_R_SEN_1_up_to_two_cards_go_to_hand_and_are_played_later(s2):
    s = setp(s2, "Aiko", goods={"brick": 2, "tools": 2, "wine": 2, "food": 2})
    s = run(s, "play SENATOR", "purchase 1", "purchase 2 paying food")  # SMITH-I, PREFECT-I
    p = player(s, "Aiko")
    assert "SMITH-I" in p.hand
    assert "PREFECT-I" in p.hand
    assert p.discard == ("SENATOR",)
    assert s.to_move == "Ben"
    assert s.pending is None  # two cards: the play is over
    s = run(s, "play MERCATOR", "done")
    assert "play PREFECT-I" in legal(s)
    assert "play SMITH-I" in legal(s)


def test_R_SEN_1_one_card_then_done(s2):
    s = setp(s2, "Aiko", goods={"brick": 1, "tools": 1, "wine": 2})
    s = run(s, "play SENATOR", "purchase 1")
    assert s.to_move == "Aiko"
    assert "done" in legal(s)
    s = run(s, "done")
    assert s.to_move == "Ben"
    assert "SMITH-I" in player(s, "Aiko").hand


def test_R_SEN_2_price_is_card_cost_plus_slot_extra_wild_paid_with_chosen_good(s2):
    # slot 3 holds MERCATOR-I (cost: wine) and asks for '?'
    s = setp(s2, "Aiko", goods={"wine": 1, "cloth": 1, "food": 1})
    s = run(s, "play SENATOR")
    assert "purchase 3 paying cloth" in legal(s)
    assert "purchase 3 paying food" in legal(s)
    assert "purchase 3" not in legal(s)
    msg = refused(s, "purchase 3", "R-SEN-2")
    assert "paying" in msg
    after = run(s, "purchase 3 paying cloth")
    assert player(after, "Aiko").goods == cc.Goods({"food": 1})
    # slot 1 has no extra cost; naming a good there is refused
    refused(s, "purchase 1 paying food", "R-SEN-2")


def test_R_SEN_2_slot_extra_cloth_and_shortfall_message(s2):
    # slot 7: MASON-I costs 1 food, plus cloth + cloth for the slot
    s = setp(s2, "Aiko", goods={"food": 1, "cloth": 1, "wine": 1})
    s = run(s, "play SENATOR")
    msg = refused(s, "purchase 7", "R-SEN-2")
    assert "MASON" in msg.upper()
    assert "1 food + 2 cloth" in msg
    assert "1 cloth" in msg
    assert "purchase 7" not in legal(s)
    s = setp(s, "Aiko", goods={"food": 1, "cloth": 2})
    s = run(s, "purchase 7")
    assert player(s, "Aiko").goods == cc.Goods()


def test_R_SEN_3_two_cards_priced_at_their_slots_before_shifting(s2):
    s = setp(s2, "Aiko", goods={"brick": 1, "tools": 1, "wine": 1, "food": 1})
    s = run(s, "play SENATOR", "purchase 1")
    # PREFECT-I is still priced at slot 2 ('?'), not at slot 1 where it would shift
    assert "purchase 2" not in legal(s)
    assert "purchase 2 paying food" in legal(s)
    refused(s, "purchase 2", "R-SEN-2")
    refused(s, "purchase 1", "R-SEN-1")  # the bought slot stays empty during the play
    s = run(s, "purchase 2 paying food")
    assert player(s, "Aiko").goods == cc.Goods()


def test_R_SEN_3_slot_seven_card_still_costs_two_cloth_after_slot_six_bought(s2):
    s = setp(s2, "Aiko", goods={"brick": 1, "food": 3, "cloth": 3, "wine": 1})
    s = run(s, "play SENATOR", "purchase 6 paying wine")  # FARMER-I: brick + food, + ? + cloth
    assert player(s, "Aiko").goods == cc.Goods({"food": 2, "cloth": 2})
    s = run(s, "purchase 7")  # MASON-I: food + cloth + cloth
    assert player(s, "Aiko").goods == cc.Goods({"food": 1})


def test_R_SEN_4_remaining_cards_shift_left_and_refill_from_deck(s2):
    display, deck = s2.display, s2.deck
    s = setp(s2, "Aiko", goods={"wine": 1, "food": 1, "tools": 1, "cloth": 1})
    s = run(s, "play SENATOR", "purchase 2 paying food", "purchase 5")
    assert s.display == (display[0], display[2], display[3], display[5], display[6], deck[0], deck[1])
    assert s.deck == deck[2:]
    assert None not in s.display


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


# --- R-CONS-1 ----------------------------------------------------------------------------------------
def test_R_CONS_1_consul_pays_only_the_card_cost(s2):
    s = setp(s2, "Aiko", hand=["CONSUL-II"], goods={"food": 1})
    deck = s.deck
    s = run(s, "play CONSUL-II")
    assert "purchase 7" in legal(s)  # MASON-I: 1 food, the slot's 2 cloth ignored
    assert all(a.wild is None for a in cc.legal_actions(s) if isinstance(a, cc.Purchase))
    msg = refused(s, "purchase 2 paying food", "R-CONS-1")
    assert "Consul" in msg
    s = run(s, "purchase 7")
    p = player(s, "Aiko")
    assert "MASON-I" in p.hand
    assert p.goods == cc.Goods()
    assert s.display[-1] == deck[0]
    assert s.deck == deck[1:]
    assert s.to_move == "Ben"  # a Consul buys one card


def test_R_CONS_1_consul_shifts_left(s2):
    display = s2.display
    s = setp(s2, "Aiko", hand=["CONSUL-II"], goods={"wine": 1})
    s = run(s, "play CONSUL-II", "purchase 2")  # PREFECT-I: wine only, no '?'
    assert s.display[:6] == display[:1] + display[2:]


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
