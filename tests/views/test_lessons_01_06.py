"""Chapters 01 and 03-06: each exercise checker accepts the right answer and rejects typical wrong ones
with a message naming the mistake (and its rule); the worked examples give the rule text's numbers;
the live examples refuse what the rules refuse. Expected numbers are worked out by hand."""
from __future__ import annotations

from helpers import assert_wrong

import concordia_core as cc
from widgets.lessons import ch00_start, ch01_setup, ch03_mercator, ch04_movement, ch05_building, ch06_prefect


# --- 00 start here ----------------------------------------------------------------------------------
def test_ch00_first_look_shows_the_table_after_setup():
    view = ch00_start.first_look()
    assert "ROMA (Rome)" in view.children[1].caption.value
    assert "Aiko" in view.children[2].value


# --- 01 setup ----------------------------------------------------------------------------------------
def test_ch01_table_matches_the_chapter_text():
    state = ch01_setup.table().state
    assert [p.name for p in state.players] == ["Chloe", "Aiko", "Ben"]
    assert [p.coins for p in state.players] == [5, 6, 7]
    assert state.praefectus_magnus == "Ben"
    assert state.deck_size == 14


def test_ch01_map_chooser_names_the_maps_for_each_player_count():
    chooser = ch01_setup.map_chooser()
    assert chooser.try_(2)
    assert "With 2 players you play on Italia (R-SETUP-1)" in chooser.result.value
    chooser.try_(3)
    assert "you play on Imperium and Italia" in chooser.result.value
    chooser.try_(5)
    assert "you play on Imperium" in chooser.result.value


def test_ch01_province_picker_explains_a_bonus_tile_by_price():
    picker = ch01_setup.table_board()
    picker.try_("VMBRIA")     # brick, wine, brick on this table
    assert "The most expensive good is wine" in picker.result.value


def test_ch01_a_province_clicked_on_the_board_is_explained_beside_it():
    picker = ch01_setup.table_board()
    assert picker.board is not None
    assert picker.board.view.pick("province", "SICILIA")     # a click on the board picks and explains
    assert "SICILIA" in picker.result.value and "R-SETUP-3" in picker.result.value
    # the picker and the answer stand in the column beside the board, laid out as the game screen's (the browser
    # test measures it in the window)
    [row] = [w for w in picker.children if "cc-game-row" in getattr(w, "_dom_classes", ())]
    board, side = row.children
    assert board is picker.board
    assert "cc-side" in side._dom_classes
    assert picker.result in side.children


def test_ch01_bonus_exercise_is_another_table():
    state = ch01_setup.bonus_table()
    assert [g for _, g in ch01_setup.province_goods(state, "VMBRIA")] == ["brick", "food", "brick"]
    assert ch01_setup.table().state.bonus_goods["VMBRIA"] == "wine"     # the table the chapter shows


def test_ch01_bonus_checker_accepts_most_expensive_and_names_each_mistake():
    assert ch01_setup.check_bonus_tile("food")
    assert_wrong(ch01_setup.check_bonus_tile("brick"), "most common", "R-SETUP-3")
    assert_wrong(ch01_setup.check_bonus_tile("wine"), "No city of VMBRIA shows wine")
    assert not ch01_setup.check_bonus_tile(None)


def test_ch01_bonus_checker_explains_a_cheaper_good_by_price():
    state = ch01_setup.table().state          # CAMPANIA: food and tools cities here
    assert_wrong(ch01_setup.check_bonus_tile("food", province="CAMPANIA", state=state), "food costs 4 coins")
    assert ch01_setup.check_bonus_tile("tools", province="CAMPANIA", state=state)


def test_ch01_coins_checker_counts_from_the_first_player():
    assert ch01_setup.check_starting_coins(7)      # Chloe 5, Dario 6, Aiko 7, Ben 8
    assert_wrong(ch01_setup.check_starting_coins(5), "if Aiko played first", "R-SETUP-8")
    other = ch01_setup.check_starting_coins(8)
    assert not other
    assert "Chloe 5, Dario 6, Aiko 7 and Ben 8" not in other.message   # a hint, not the answer
    assert "Count round the table from Chloe to Aiko" in other.message
    assert "whole number" in ch01_setup.check_starting_coins("lots").message


def test_ch01_pictures_build():
    assert "Extra cost of the slot" in ch01_setup.display_table().value
    assert "2 of 12 slots are used" not in ch01_setup.storehouse().value
    assert "10 of 12 slots are used, 2 free" in ch01_setup.storehouse().value
    assert "Chloe 5 coins" in ch01_setup.finished_table().children[1].caption.value


# --- 03 a turn and the Mercator -----------------------------------------------------------------------
def test_ch03_card_picker_refuses_a_played_card_and_a_display_card():
    picker = ch03_mercator.card_picker()
    assert not picker.try_("MERCATOR")
    assert "R-TURN-2" in picker.result.value
    assert not picker.try_("SMITH-I")
    assert "R-TURN-1" in picker.result.value
    assert picker.try_("ARCHITECT")


def test_ch03_best_mercator_is_found_on_the_engine():
    game = ch03_mercator.exercise_game()
    assert game.state.player("Ben").coins == 9
    assert game.state.player("Ben").free_slots == 2
    assert ch03_mercator.best_mercator(game.state) == (5, ["sell 2 food", "buy 4 brick"])


def _after(actions):
    exercise = ch03_mercator.make_bricks_exercise()
    for action in actions:
        if action == "done" and exercise.game.state.pending is None:
            continue   # the trades ended the play by themselves: nothing was left to trade (R-MERC-2)
        exercise.game.play(action)
    return exercise.check()


def test_ch03_checker_accepts_most_bricks_and_names_the_storehouse_limit():
    assert _after(["sell 2 food", "buy 4 brick", "done"])
    assert_wrong(_after(["sell 1 cloth", "buy 3 brick", "done"]), "5 brick is possible", "R-STORE-1")
    assert_wrong(_after(["buy 1 brick", "done"]), "could still pay")


def test_ch03_checker_wants_the_turn_finished():
    assert_wrong(_after(["sell 2 food"]), "Done trading")
    assert not _after(["done"])


# --- 04 the Architect: moving -------------------------------------------------------------------------
def test_ch04_position_has_ben_on_a_land_and_a_sea_route():
    state = ch04_movement.architect_position().state
    assert state.occupied_routes() == {"land:COSA-ROMA", "sea:NEAPOLIS-ROMA"}
    assert state.pending.steps_left == 2


def test_ch04_sea_picker_passes_a_taken_route_but_does_not_stop_on_it():
    picker = ch04_movement.sea_picker()
    assert not picker.try_("sea:NEAPOLIS-ROMA")
    assert "R-ARCH-4" in picker.result.value
    assert picker.try_("sea:MESSANA-NEAPOLIS")
    assert "for 2 steps" in picker.result.value
    assert not picker.try_("sea:ALERIA-GENVA")
    assert "R-ARCH-3" in picker.result.value


def test_ch04_destinations_checker_accepts_the_engine_set_and_names_each_mistake():
    good = {"land:ROMA-SPOLETVM", "land:CASINVM-ROMA", "land:COSA-FLORENTIA", "land:ANCONA-SPOLETVM",
            "land:CASINVM-NEAPOLIS"}
    assert set(ch04_movement.reachable()) == good
    assert ch04_movement.check_destinations(good)
    assert_wrong(ch04_movement.check_destinations([*good, "land:COSA-ROMA", "sea:COSA-ROMA", "land:FLORENTIA-GENVA"]),
                 "The land route COSA–ROMA already holds a colonist", "costs 3 steps", "R-ARCH-2")
    assert_wrong(ch04_movement.check_destinations(good - {"land:COSA-FLORENTIA"}), "COSA–FLORENTIA is missing",
                 "pass through")


def test_ch04_cost_checker_accepts_three_and_rejects_forgetting_the_first_route():
    assert ch04_movement.step_cost() == 3
    assert ch04_movement.check_step_cost(3)
    assert_wrong(ch04_movement.check_step_cost(2), "only the routes after the first", "R-ARCH-3")
    assert not ch04_movement.check_step_cost(1)
    assert not ch04_movement.check_step_cost(6)


def test_ch04_destinations_answer_shows_the_overlay_only_when_revealed():
    exercise = ch04_movement.make_destinations_exercise()
    assert exercise.board.view.overlay is None
    assert exercise.board.view.pick("route", "land:CASINVM-ROMA")   # clicking routes selects and drops them
    assert exercise.answer.value == ("land:CASINVM-ROMA",)
    exercise.board.view.pick("route", "land:CASINVM-ROMA")
    assert exercise.answer.value == ()
    exercise.check()
    exercise.reveal()
    assert exercise.board.view.overlay is not None


# --- 05 the Architect: building -------------------------------------------------------------------
def test_ch05_worked_example_second_house_in_a_food_city():
    game = ch05_building.moved_position()
    before = game.state.player("Aiko")
    game.play("build COSA")
    after = game.state.player("Aiko")
    assert before.goods - after.goods == cc.Goods({"brick": 1, "food": 1})
    assert before.coins - after.coins == 4
    stepper = ch05_building.worked_example()
    stepper.go(2)
    assert "1 brick + 1 food + 4 coins" in stepper.caption.value


def test_ch05_checker_accepts_the_price_and_names_the_forgotten_multiplier():
    assert ch05_building.check_house_price(("1 brick + 1 wine", 12))
    assert_wrong(ch05_building.check_house_price(("1 brick + 1 wine", 4)), "multiplied by the number of houses", "R-ARCH-8")
    assert_wrong(ch05_building.check_house_price(("1 brick + 1 wine", 8)), "the new house counts too")


def test_ch05_checker_rejects_multiplied_goods_and_brick_city_goods():
    assert_wrong(ch05_building.check_house_price(("3 brick + 3 wine", 12)), "never multiplied")
    assert_wrong(ch05_building.check_house_price(("1 food", 12)), "brick city only", "R-ARCH-7")
    assert not ch05_building.check_house_price((None, 12))


def test_ch05_exercise_checks_through_its_controls():
    exercise = ch05_building.make_price_exercise()
    goods, coins = exercise.children[1], exercise.children[2]
    goods.value, coins.value = "1 brick + 1 wine", 12
    assert exercise.check()
    coins.value = 4
    assert not exercise.check()


# --- 06 the Prefect -------------------------------------------------------------------------------------
def test_ch06_worked_example_with_praefectus_magnus():
    game = ch06_prefect.position()
    before = game.state
    game.play("play PREFECT")
    game.play("produce ETRVRIA")
    assert game.state.player("Ben").goods - before.player("Ben").goods == cc.Goods({"cloth": 2, "food": 1})
    assert game.state.player("Aiko").goods - before.player("Aiko").goods == cc.Goods({"food": 1})
    assert game.state.praefectus_magnus == "Aiko"
    stepper = ch06_prefect.worked_example()
    stepper.go(4)
    assert "R-PREF-2" in stepper.refusal.value
    stepper.go(5)
    assert "with 1 coin" in stepper.caption.value


def test_ch06_province_picker_without_praefectus_magnus():
    picker = ch06_prefect.province_picker()
    assert picker.try_("ETRVRIA")
    assert "Aiko receives 1 food + 1 cloth; Ben receives 1 food" in picker.result.value


def test_ch06_collect_checker_counts_printed_coins():
    assert ch06_prefect.check_collect(6)          # tools 2 + brick 2 + cloth 1 + cloth 1
    assert_wrong(ch06_prefect.check_collect(4), "number of turned tiles", "R-PREF-4")
    assert_wrong(ch06_prefect.check_collect(12), "never a collect")
    assert_wrong(ch06_prefect.check_collect(8), "a cloth tile shows 1")


def test_ch06_collect_answer_matches_the_engine():
    game = ch06_prefect.collect_scenario().game()
    before = game.state.player("Aiko").coins
    game.play("play PREFECT")
    game.play("collect")
    assert game.state.player("Aiko").coins - before == 6
