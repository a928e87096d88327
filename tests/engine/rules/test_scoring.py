"""Rule tests for R-SCORE and R-MID. Positions are built from a fresh Italia game (seed 7):
VMBRIA = ANCONA wine, SPOLETVM brick, HADRIA tools (bonus wine); AEMILIA = MVTINA food, RAVENNA food
(bonus food); ETRVRIA = FLORENTIA cloth, COSA brick."""
from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import new_state, run, setp

import concordia_core as cc


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
