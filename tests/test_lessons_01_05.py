"""Chapters 01-05: each exercise checker accepts a right answer, rejects typical wrong ones with a
message naming the mistake (and its rule), and each make_*_exercise() builds its widget."""
from __future__ import annotations

import pytest

import concordia_core as cc
from widgets.exercise import Exercise, GameExercise
from widgets.lessons import ch01_setup, ch03_mercator, ch04_movement, ch05_building, ch06_prefect

pytestmark = pytest.mark.usefixtures("fail_on_callback_errors")


# --- chapter 01: setup ----------------------------------------------------------------------------
def test_ch01_table_matches_the_chapter_text():
    state = ch01_setup.table().state
    assert [p.name for p in state.players] == ["Chloe", "Aiko", "Ben"]
    assert [p.coins for p in state.players] == [5, 6, 7]
    assert state.praefectus_magnus == "Ben"
    assert [g for _, g in ch01_setup.province_goods(state, "VMBRIA")] == ["brick", "wine", "brick"]
    assert state.deck_size == 14


def test_ch01_bonus_checker_accepts_most_expensive_and_rejects_most_common():
    assert ch01_setup.check_bonus_tile("wine")
    verdict = ch01_setup.check_bonus_tile("brick")
    assert not verdict
    assert "most common" in verdict.message
    assert "R-SETUP-3" in verdict.message
    absent = ch01_setup.check_bonus_tile("cloth")
    assert not absent
    assert "No city of VMBRIA shows cloth" in absent.message
    assert not ch01_setup.check_bonus_tile(None)


def test_ch01_bonus_checker_explains_a_cheaper_good_by_price():
    state = ch01_setup.table().state
    verdict = ch01_setup.check_bonus_tile("food", province="CAMPANIA", state=state)   # food 4 < tools 5
    assert not verdict
    assert "costs 4" in verdict.message
    assert "tools" in verdict.message
    assert ch01_setup.check_bonus_tile("tools", province="CAMPANIA", state=state)


def test_ch01_coins_checker_accepts_turn_order_and_rejects_counting_from_the_first_seat():
    assert ch01_setup.check_starting_coins(7)
    verdict = ch01_setup.check_starting_coins(6)
    assert not verdict
    assert "if Aiko started" in verdict.message
    assert "R-SETUP-8" in verdict.message
    other = ch01_setup.check_starting_coins(5)
    assert not other
    assert "Chloe" in other.message


def test_ch01_exercises_build():
    bonus, coins = ch01_setup.make_bonus_exercise(), ch01_setup.make_coins_exercise()
    assert isinstance(bonus, Exercise)
    assert isinstance(coins, Exercise)
    bonus.answer.value = "wine"
    assert bonus.check()
    coins.answer.value = 6
    assert not coins.check()
    assert "Not yet" in coins.feedback.value


# --- chapter 02: a turn and the Mercator ---------------------------------------------------------
def test_ch02_worked_example_numbers():
    game = ch03_mercator.table()
    coins = [game.state.player("Aiko").coins]
    for action in ch03_mercator.WORKED_EXAMPLE[:3]:
        game.play(action)
        coins.append(game.state.player("Aiko").coins)
    assert coins == [5, 8, 15, 9]
    assert game.state.player("Aiko").goods["brick"] == 3
    with pytest.raises(cc.IllegalAction) as info:
        game.play("buy 1 food")
    assert info.value.rule == "R-MERC-2"


def test_ch02_best_mercator_is_found_on_the_engine():
    game = ch03_mercator.exercise_game()
    game.play("play MERCATOR")
    assert ch03_mercator.best_mercator(game.state) == (5, ["sell 2 food", "buy 4 brick"])


def _bricks_exercise_after(actions):
    exercise = ch03_mercator.make_bricks_exercise()
    for action in actions:
        exercise.game.play(action)
    return exercise.check()


def test_ch02_checker_accepts_most_bricks_and_rejects_selling_cloth():
    assert _bricks_exercise_after(["play MERCATOR", "sell 2 food", "buy 4 brick", "done"])
    verdict = _bricks_exercise_after(["play MERCATOR", "sell 1 cloth", "buy 3 brick", "done"])
    assert not verdict
    assert "5 is possible" in verdict.message
    assert "R-STORE-1" in verdict.message
    short = _bricks_exercise_after(["play MERCATOR", "buy 1 brick", "done"])
    assert not short
    assert "could still pay" in short.message


def test_ch02_checker_rejects_other_cards_and_unfinished_plays():
    assert "Mercator" in _bricks_exercise_after(["play PREFECT", "collect"]).message
    unfinished = _bricks_exercise_after(["play MERCATOR", "sell 2 food"])
    assert not unfinished
    assert "still in progress" in unfinished.message
    assert "not played yet" in _bricks_exercise_after([]).message


def test_ch02_exercise_builds_and_resets():
    exercise = ch03_mercator.make_bricks_exercise()
    assert isinstance(exercise, GameExercise)
    assert exercise.game.state.to_move == "Ben"
    exercise.game.play("play MERCATOR")
    exercise.reset()
    assert exercise.game.state.pending is None
    assert exercise.game.state.to_move == "Ben"


# --- chapter 03: movement -------------------------------------------------------------------------
def test_ch03_destinations_checker_accepts_engine_set_and_names_each_mistake():
    good = ch04_movement.reachable()
    assert "land:COSA-FLORENTIA" in good
    assert "land:COSA-ROMA" not in good
    assert ch04_movement.check_destinations(list(good))
    verdict = ch04_movement.check_destinations([*good, "land:COSA-ROMA", "sea:COSA-ROMA", "land:FLORENTIA-GENVA"])
    assert not verdict
    assert "R-ARCH-4" in verdict.message
    assert "R-ARCH-2" in verdict.message
    assert "costs 3 steps" in verdict.message
    missing = ch04_movement.check_destinations([r for r in good if r != "land:COSA-FLORENTIA"])
    assert not missing
    assert "land:COSA-FLORENTIA is missing" in missing.message
    assert "pass" in missing.message.lower()


def test_ch03_cost_checker_accepts_two_and_rejects_forgetting_the_first_route():
    assert ch04_movement.step_cost() == 2
    assert ch04_movement.check_step_cost(2)
    verdict = ch04_movement.check_step_cost(1)
    assert not verdict
    assert "first route already costs 1" in verdict.message
    assert "R-ARCH-3" in verdict.message
    assert not ch04_movement.check_step_cost(3)


def test_ch03_exercises_build():
    destinations = ch04_movement.make_destinations_exercise()
    destinations.answer.value = tuple(ch04_movement.reachable())
    assert destinations.check()
    cost = ch04_movement.make_cost_exercise()
    cost.answer.value = 2
    assert cost.check()


# --- chapter 04: building -------------------------------------------------------------------------
def test_ch04_worked_example_second_house_in_food_city():
    game = ch05_building.position()
    for action in ch05_building.AIKO_MOVES:
        game.play(action)
    before = game.state.player("Aiko")
    game.play("build COSA")
    after = game.state.player("Aiko")
    assert before.goods - after.goods == cc.Goods({"brick": 1, "food": 1})
    assert before.coins - after.coins == 4


def test_ch04_checker_accepts_right_price_and_rejects_forgotten_multiplier():
    assert ch05_building.check_house_price(("1 brick + 1 wine", 12))
    forgot = ch05_building.check_house_price(("1 brick + 1 wine", 4))
    assert not forgot
    assert "multiplied by the number of houses" in forgot.message
    assert "R-ARCH-8" in forgot.message
    not_counting_new = ch05_building.check_house_price(("1 brick + 1 wine", 8))
    assert not not_counting_new
    assert "the new house counts too" in not_counting_new.message


def test_ch04_checker_rejects_multiplied_goods_and_brick_city_goods():
    multiplied = ch05_building.check_house_price(("3 brick + 3 wine", 12))
    assert not multiplied
    assert "never multiplied" in multiplied.message
    brick_rule = ch05_building.check_house_price(("1 food", 12))
    assert not brick_rule
    assert "brick city" in brick_rule.message
    assert "R-ARCH-7" in brick_rule.message
    assert not ch05_building.check_house_price((None, 12))


def test_ch04_exercise_builds():
    exercise = ch05_building.make_price_exercise()
    goods, coins = exercise.children[1], exercise.children[2]
    goods.value, coins.value = "1 brick + 1 wine", 12
    assert exercise.check()
    coins.value = 4
    assert not exercise.check()


# --- chapter 05: the Prefect ----------------------------------------------------------------------
def test_ch05_worked_example_with_praefectus_magnus():
    game = ch06_prefect.position()
    before = game.state
    game.play("play PREFECT")
    game.play("produce ETRVRIA")
    assert game.state.player("Ben").goods - before.player("Ben").goods == cc.Goods({"cloth": 2, "food": 1})
    assert game.state.player("Aiko").goods - before.player("Aiko").goods == cc.Goods({"food": 1})
    assert game.state.praefectus_magnus == "Aiko"


def test_ch05_checker_accepts_coin_symbols_and_rejects_counting_tiles():
    assert ch06_prefect.check_collect(6)
    tiles = ch06_prefect.check_collect(4)
    assert not tiles
    assert "number of turned tiles" in tiles.message
    assert "R-PREF-4" in tiles.message
    doubled = ch06_prefect.check_collect(12)
    assert not doubled
    assert "never a collect" in doubled.message
    all_two = ch06_prefect.check_collect(8)
    assert not all_two
    assert "cloth tile shows 1" in all_two.message


def test_ch05_collect_answer_matches_the_engine():
    game = ch06_prefect.collect_scenario().game()
    before = game.state.player("Aiko").coins
    game.play("play PREFECT")
    game.play("collect")
    assert ch06_prefect.check_collect(game.state.player("Aiko").coins - before)


def test_ch05_exercise_builds():
    exercise = ch06_prefect.make_collect_exercise()
    exercise.answer.value = 6
    assert exercise.check()
