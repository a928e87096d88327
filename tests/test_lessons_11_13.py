"""Chapters 11-13: each exercise checker accepts the right answer (computed by the engine) and names
the typical mistakes; the exercise widgets build; the chapter 13 explorer follows cc.score."""
from __future__ import annotations

import pytest

import concordia_core as cc
from concordia_core.scoring import competition_prizes
from widgets.exercise import Exercise
from widgets.lessons import ch11_scoring as ch11
from widgets.lessons import ch12_end as ch12
from widgets.lessons import ch13_explorer as ch13

pytestmark = pytest.mark.usefixtures("fail_on_callback_errors")

# --- chapter 11 -------------------------------------------------------------------------------------


def test_ch11_worked_example_scores_10_8_6_6() -> None:
    """R-SCORE-8 on the engine: 10 + 8 + 6 + 6 = 30 from Jupiter, Saturnus, Mercurius and Mars."""
    by_god = ch11.worked_example_scenario().score("Aiko").by_god()
    assert [by_god[g] for g in ("jupiter", "saturnus", "mercurius", "mars")] == [10, 8, 6, 6]


def test_ch11_jupiter_checker_accepts_right_count_and_rejects_forgotten_multiplier_and_brick_cities() -> None:
    state = ch11.exercise_state()
    right_points = cc.score(state, "Aiko").by_god()["jupiter"]
    assert ch11.check_jupiter(right_points)
    one_card = ch11.check_jupiter(5)                     # 5 non-brick houses, one card's worth
    assert not one_card and "R-SCORE-1" in one_card.message and "3 Jupiter cards" in one_card.message
    with_brick = ch11.check_jupiter(len(state.player("Aiko").houses) * 3)
    assert not with_brick and "brick" in with_brick.message and "R-SCORE-3" in with_brick.message
    hand_only = ch11.check_jupiter(10)                   # 2 Jupiter cards in hand x 5
    assert not hand_only and "discard" in hand_only.message
    assert not ch11.check_jupiter("lots")


def test_ch11_vesta_checker_accepts_right_value_and_rejects_rounding_up_and_coins_only() -> None:
    assert ch11.check_vesta(cc.score(ch11.exercise_state(), "Aiko").by_god()["vesta"])
    rounded = ch11.check_vesta(4)                        # 39 -> 4 would be rounding up
    assert not rounded and "rounds down" in rounded.message
    coins_only = ch11.check_vesta(1)                     # 16 coins -> 1
    assert not coins_only and "sale price" in coins_only.message
    units = ch11.check_vesta(2)                          # 16 + 5 goods counted as 1 each
    assert not units and "each good as 1 coin" in units.message


def test_ch11_make_exercises_build_and_check_through_the_widget() -> None:
    exercise = ch11.make_jupiter_exercise()
    assert isinstance(exercise, Exercise)
    exercise.answer.value = cc.score(ch11.exercise_state(), "Aiko").by_god()["jupiter"]
    assert exercise.check() and "Right" in exercise.feedback.value
    vesta = ch11.make_vesta_exercise()
    vesta.answer.value = 4
    assert not vesta.check() and "Not yet" in vesta.feedback.value


# --- chapter 12 -------------------------------------------------------------------------------------


def test_ch12_fifteenth_house_ends_after_one_more_turn_each() -> None:
    game = ch12.fifteenth_house_game()
    game.play("play ARCHITECT")
    game.play("build COSA")
    assert game.state.concordia_holder == "Aiko" and not game.state.over
    for step in ["play MERCATOR", "done", "play PREFECT", "collect"]:
        game.play(step)
    assert game.state.over
    with pytest.raises(cc.IllegalAction) as refusal:
        game.play("play TRIBUNE")
    assert refusal.value.rule == "R-END-1"


def test_ch12_last_display_card_triggers_the_end() -> None:
    game = ch12.last_card_game()
    game.play("play SENATOR")
    game.play("purchase 1")
    assert game.state.concordia_holder == "Ben"


def test_ch12_tie_checker_accepts_the_right_winner_and_rejects_holder_not_tied_and_wrong_direction() -> None:
    state = ch12.tie_exercise_state()
    winner = cc.final_ranking(state)[0]
    assert ch12.check_tie_winner(winner)
    holder = ch12.check_tie_winner(state.praefectus_magnus)        # Ben holds it but is not tied
    assert not holder and "not the highest" in holder.message and "R-SCORE-9" in holder.message
    other_tied = next(n for n, t in ch12.totals(state).items() if t == max(ch12.totals(state).values()) and n != winner)
    direction = ch12.check_tie_winner(other_tied)                   # passing left instead of right
    assert not direction and "right" in direction.message
    assert not ch12.check_tie_winner("Nobody")


def test_ch12_tie_checker_works_on_the_chapter_position_too() -> None:
    state = ch12.tie_state()
    assert ch12.check_tie_winner(cc.final_ranking(state)[0], state)
    assert cc.final_ranking(state)[0] == "Chloe"


def test_ch12_prize_checker_accepts_competition_ranking_and_rejects_unequal_ties_and_paid_third_place() -> None:
    records = ch12.MID_RECORDS
    expected = dict(zip(records, competition_prizes(list(records.values()), [2, 1]), strict=True))
    assert ch12.check_prizes(expected)
    unequal = dict(expected, Chloe=0)                               # Aiko and Chloe tie on 14
    verdict = ch12.check_prizes(unequal)
    assert not verdict and "same prize" in verdict.message and "R-MID-3" in verdict.message
    third_paid = dict(expected, Dario=1)
    verdict = ch12.check_prizes(third_paid)
    assert not verdict and "place 4" in verdict.message
    tied_top = {"A": 9, "B": 9, "C": 5}
    assert ch12.check_prizes({"A": 2, "B": 2, "C": 0}, tied_top)
    assert not ch12.check_prizes({"A": 2, "B": 2, "C": 1}, tied_top)


def test_ch12_make_exercises_build_and_check_through_the_widget() -> None:
    tie = ch12.make_tie_exercise()
    tie.answer.value = cc.final_ranking(ch12.tie_exercise_state())[0]
    assert tie.check()
    prizes = ch12.make_prize_exercise()
    prizes.answer.value = ch12.expected_prizes()
    assert prizes.check()
    prizes.answer.value = {"Aiko": 0, "Ben": 2, "Chloe": 1, "Dario": 0}
    assert not prizes.check()


def test_ch12_first_game_intermediate_scoring_pays_2_1_1_and_is_not_added() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben", "Chloe"], seed=7, first_player="Aiko", first_game=True)
    for step in ["play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:NEAPOLIS-ROMA",
                 "build NEAPOLIS", "build SPOLETVM", "play TRIBUNE", "done", "play TRIBUNE", "done", "play TRIBUNE"]:
        game.play(step)
    assert game.state.mid_scores == (15, 7, 7) and game.state.mid_payout == (2, 1, 1)
    assert cc.score(game.state, "Aiko").total == 16


# --- chapter 13 -------------------------------------------------------------------------------------


def test_ch13_explorer_scores_follow_cc_score_when_driven_through_value() -> None:
    explorer = ch13.ScoreExplorer("A")
    assert explorer.total == cc.score(explorer.state, ch13.PLAYER).total == 7
    explorer.houses.value = ("FLORENTIA", "NEAPOLIS", "COSA")
    explorer.cards["jupiter"].value = 3
    explorer.specialists.value = ("WEAVER-II",)
    explorer.colonists.value = 4
    explorer.coins.value = 20
    explorer.concordia.value = True
    assert explorer.breakdown == cc.score(explorer.state, ch13.PLAYER)
    by_god = explorer.breakdown.by_god()
    assert by_god["jupiter"] == 3 * 2 and by_god["minerva"] == 5 and by_god["mars"] == 2 * 4
    assert by_god["concordia"] == 7
    assert f"{explorer.total} points" in explorer.view.value


def test_ch13_explorer_reports_an_impossible_position_instead_of_a_score() -> None:
    explorer = ch13.ScoreExplorer("A")
    explorer.goods["food"].value = 12
    assert explorer.breakdown is None and "R-STORE-1" in (explorer.error or "")
    assert "not a possible position" in explorer.view.value
    explorer.goods["food"].value = 2
    assert explorer.total == 7 and explorer.error is None


def test_ch13_plan_from_state_scores_like_the_real_game() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for step in ["play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:NEAPOLIS-ROMA",
                 "build NEAPOLIS", "build SPOLETVM"]:
        game.play(step)
    plan = ch13.plan_from_state(game.state, "Aiko")
    assert ch13.plan_score(plan).by_god() == cc.score(game.state, "Aiko").by_god()


def test_ch13_comparison_follows_both_explorers() -> None:
    compare = ch13.PlanComparison()
    compare.b.houses.value = ("FLORENTIA",)
    total_b = cc.score(compare.b.state, ch13.PLAYER).total
    assert f"<th style='padding:2px 8px;border:1px solid #ccc;text-align:right'>{total_b}</th>" in compare.summary.value
    assert "Plan B scores" in compare.summary.value


def test_ch13_plan_checker_accepts_a_plan_over_target_and_rejects_broken_limits_and_short_plans() -> None:
    good = ch13.Plan(houses=("AQVILEIA", "FLORENTIA", "PANORMVS", "ANCONA", "NEAPOLIS"), colonists=2,
                     specialists=("WEAVER-II",), coins=10)
    assert ch13.plan_score(good).total >= ch13.TARGET
    assert ch13.check_plan(good)
    too_many = ch13.check_plan(ch13.Plan(houses=tuple(c for _, c in ch13.city_options()[:6])))
    assert not too_many and "6 houses" in too_many.message
    bought = ch13.check_plan(ch13.Plan(houses=good.houses, specialists=("WEAVER-II", "VINTNER-II")))
    assert not bought and "cards for sale" in bought.message
    short = ch13.check_plan(ch13.Plan())
    assert not short and "short of" in short.message
    impossible = ch13.check_plan(ch13.Plan(goods={"food": 12}))
    assert not impossible and "not a possible position" in impossible.message


def test_ch13_make_plan_exercise_checks_the_explorer_plan() -> None:
    exercise = ch13.make_plan_exercise()
    assert not exercise.check()
    exercise.explorer.plan = ch13.Plan(houses=("AQVILEIA", "FLORENTIA", "PANORMVS", "ANCONA", "NEAPOLIS"),
                                       specialists=("WEAVER-II",), coins=10)
    assert exercise.check()
