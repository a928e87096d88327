"""Chapters 06-10: each exercise checker accepts a right answer and names the mistake in a wrong one;
each make_*_exercise() builds its widget and checks through it; the positions say what the notebooks say."""
from __future__ import annotations

import pytest

import concordia_core as cc
from widgets.exercise import Exercise
from widgets.lessons import ch07_storehouse as ch06
from widgets.lessons import ch08_tribune as ch07
from widgets.lessons import ch09_senator as ch08
from widgets.lessons import ch10_diplomat as ch09
from widgets.lessons import ch11_colonist as ch10

pytestmark = pytest.mark.usefixtures("fail_on_callback_errors")


# --- 06 the storehouse --------------------------------------------------------------------------------
def test_ch06_exercise_position_asks_aiko_to_choose_during_bens_prefect():
    state = ch06.keep_exercise_game().state
    who, incoming, free, need = ch06.choice_facts(state)
    assert (state.to_move, state.actor, who) == ("Ben", "Aiko", "Aiko")
    assert incoming == cc.Goods({"brick": 1, "tools": 1, "cloth": 1})
    assert free == need == 2


@pytest.mark.parametrize("answer", [{"cloth": 1, "tools": 1}, {"brick": 1, "cloth": 1}, {"brick": 1, "tools": 1}])
def test_ch06_checker_accepts_every_legal_keep(answer):
    verdict = ch06.check_keep(answer)
    assert verdict.correct, verdict.message
    assert "R-STORE-2" in verdict.message


def test_ch06_checker_rejects_a_slot_left_empty():
    verdict = ch06.check_keep({"cloth": 1})
    assert not verdict.correct
    assert "empty" in verdict.message
    assert "R-STORE-2" in verdict.message


def test_ch06_checker_rejects_a_good_that_was_not_incoming():
    verdict = ch06.check_keep({"wine": 1, "cloth": 1})
    assert not verdict.correct
    assert "no wine is coming in" in verdict.message
    assert "R-STORE-2" in verdict.message


def test_ch06_checker_rejects_keeping_more_than_fits_and_more_than_incoming():
    too_many = ch06.check_keep({"brick": 1, "cloth": 1, "tools": 1})
    assert not too_many.correct
    assert "only 2 free slots" in too_many.message
    twice = ch06.check_keep({"cloth": 2})
    assert not twice.correct
    assert "only 1 cloth" in twice.message


def test_ch06_make_exercise_checks_through_its_boxes():
    exercise = ch06.make_keep_exercise()
    assert isinstance(exercise, Exercise)
    exercise.boxes["cloth"].value = 1
    assert not exercise.check().correct
    exercise.boxes["tools"].value = 1
    assert exercise.check().correct
    assert "Right" in exercise.feedback.value


def test_ch06_live_example_both_players_choose_before_the_turn_passes():
    game = ch06.overflow_game()
    game.play("play PREFECT")
    game.play("produce VMBRIA")
    assert game.state.actor == "Aiko"
    with pytest.raises(cc.IllegalAction) as err:
        game.play("keep 1 wine")
    assert err.value.rule == "R-STORE-2"
    game.play("keep 1 wine 1 tools")
    assert game.state.actor == "Ben"
    assert game.state.to_move == "Aiko"
    game.play("keep 1 brick")
    assert game.state.to_move == "Ben"
    assert all(p.free_slots == 0 for p in game.state.players)


# --- 07 the Tribune -----------------------------------------------------------------------------------
def test_ch07_worked_example_four_cards_then_tribune_returns_five_and_pays_two():
    game = ch07.worked_example_game()
    assert len(game.state.player("Aiko").discard) == 4
    assert game.state.to_move == "Aiko"
    assert ch07.tribune_coins(game.state) == (5, 2)


def test_ch07_checker_accepts_right_coins_and_rejects_forgotten_tribune():
    returned, coins = ch07.tribune_coins(ch07.exercise_state())
    assert (returned, coins) == (7, 4)
    assert ch07.check_tribune_coins(coins).correct
    forgot = ch07.check_tribune_coins(coins - 1)
    assert not forgot.correct
    assert "Tribune itself" in forgot.message
    assert "R-TRIB-1" in forgot.message


def test_ch07_checker_rejects_a_coin_per_card():
    for answer in (6, 7):
        verdict = ch07.check_tribune_coins(answer)
        assert not verdict.correct
        assert "beyond 3" in verdict.message
        assert "R-TRIB-2" in verdict.message
    assert not ch07.check_tribune_coins("many").correct


def test_ch07_make_exercise_builds_and_checks():
    exercise = ch07.make_tribune_exercise()
    exercise.answer.value = 4
    assert exercise.check().correct
    exercise.answer.value = 3
    assert not exercise.check().correct


def test_ch07_recruit_costs_food_and_tools_and_frees_slots():
    game = ch07.worked_example_game()
    game.play("play TRIBUNE")
    before = game.state.player("Aiko")
    game.play("recruit sea")
    after = game.state.player("Aiko")
    assert before.goods - after.goods == cc.Goods({"food": 1, "tools": 1})
    assert after.free_slots == before.free_slots + 3
    assert after.waiting["sea"] == before.waiting["sea"] - 1


# --- 08 Senator and Consul ----------------------------------------------------------------------------
def test_ch08_checker_accepts_senator_price_with_any_good_for_the_question_mark():
    state = ch08.senator_game().state
    assert ch08.slot_extra(ch08.EXERCISE_SLOT) == ["?", "cloth"]
    for good in cc.GOODS:
        answer = {"brick": 1, "food": 1, "cloth": 1}
        answer[good] = answer.get(good, 0) + 1
        assert ch08.check_senator_price(answer).correct, good
    assert len(ch08.prices(state, ch08.EXERCISE_SLOT, consul=False)) == len(cc.GOODS)


def test_ch08_checker_rejects_forgotten_slot_cost_and_forgotten_question_mark():
    forgot_slot = ch08.check_senator_price({"brick": 1, "food": 1})
    assert not forgot_slot.correct
    assert "slot" in forgot_slot.message
    assert "R-SEN-2" in forgot_slot.message
    forgot_wild = ch08.check_senator_price({"brick": 1, "food": 1, "cloth": 1})
    assert not forgot_wild.correct
    assert "'?'" in forgot_wild.message
    forgot_card = ch08.check_senator_price({"cloth": 1, "wine": 1})
    assert not forgot_card.correct
    assert "card's own cost" in forgot_card.message


def test_ch08_consul_checker_accepts_card_cost_and_rejects_slot_cost():
    assert ch08.check_consul_price({"brick": 1, "food": 1}).correct
    verdict = ch08.check_consul_price({"brick": 1, "food": 1, "cloth": 1, "wine": 1})
    assert not verdict.correct
    assert "R-CONS-1" in verdict.message
    assert "ignores" in verdict.message


def test_ch08_make_exercises_build_and_check():
    senator = ch08.make_price_exercise()
    for good, n in {"brick": 1, "food": 2, "cloth": 1}.items():
        senator.boxes[good].value = n
    assert senator.check().correct
    consul = ch08.make_price_exercise(consul=True)
    consul.boxes["brick"].value = 1
    consul.boxes["food"].value = 1
    assert consul.check().correct
    consul.boxes["cloth"].value = 1
    assert not consul.check().correct


def test_ch08_two_purchases_priced_before_the_shift_then_refill():
    game = ch08.senator_game()
    game.play("play SENATOR")
    game.play("purchase 1")
    assert game.state.display[0] is None
    assert game.state.display[2] == "MERCATOR-I"
    game.play("purchase 3 paying food")
    state = game.state
    assert state.display[:5] == ("PREFECT-I", "ARCHITECT-I", "DIPLOMAT-I", "FARMER-I", "MASON-I")
    assert state.display[5:] == ("COLONIST-I", "CONSUL-II")
    assert state.to_move == "Ben"


def test_ch08_consul_buys_slot_seven_for_the_card_cost_only():
    game = ch08.consul_game()
    game.play("play CONSUL-II")
    before = game.state.player("Aiko").goods
    game.play("purchase 7")
    assert before - game.state.player("Aiko").goods == cc.Goods({"food": 1})


# --- 09 the Diplomat ----------------------------------------------------------------------------------
def test_ch09_checker_accepts_the_copyable_players():
    assert ch09.copy_targets(ch09.exercise_game().state) == ["Cara", "Eve"]
    verdict = ch09.check_targets(["Eve", "Cara"])
    assert verdict.correct
    assert "R-DIPL-2" in verdict.message


def test_ch09_checker_rejects_own_pile_tribune_diplomat_and_a_missing_player():
    own = ch09.check_targets(["Aiko", "Cara", "Eve"])
    assert not own.correct
    assert "your own discard pile" in own.message
    tribune = ch09.check_targets(["Cara", "Dan", "Eve"])
    assert not tribune.correct
    assert "Tribune" in tribune.message
    assert "R-DIPL-2" in tribune.message
    diplomat = ch09.check_targets(["Ben", "Cara", "Eve"])
    assert not diplomat.correct
    assert "Diplomat" in diplomat.message
    missing = ch09.check_targets(["Cara"])
    assert not missing.correct
    assert "left out Eve" in missing.message


def test_ch09_coins_checker_wants_the_purchased_mercator_five():
    assert ch09.copy_gain(ch09.exercise_game().state, "Cara") == 5
    assert ch09.check_copy_coins(5).correct
    verdict = ch09.check_copy_coins(3)
    assert not verdict.correct
    assert "purchased Mercator" in verdict.message
    assert "R-DIPL-1" in verdict.message


def test_ch09_make_exercises_build_and_check():
    targets = ch09.make_targets_exercise()
    targets.answer.value = ("Cara", "Eve")
    assert targets.check().correct
    targets.answer.value = ("Ben",)
    assert not targets.check().correct
    coins = ch09.make_coins_exercise()
    coins.answer.value = 5
    assert coins.check().correct


def test_ch09_copied_prefect_uses_the_copiers_praefectus_magnus():
    game = ch09.diplomat_game()
    game.play("play DIPLOMAT")
    game.play("copy Cara")
    before = game.state.player("Aiko").goods["wine"]
    game.play("produce VMBRIA")
    assert game.state.player("Aiko").goods["wine"] - before == 3  # 2 bonus (R-PREF-3) + 1 house
    assert game.state.praefectus_magnus == "Cara"


# --- 10 the Colonist card and the specialists ---------------------------------------------------------
def test_ch10_income_checker_accepts_right_and_rejects_counting_waiting_colonists():
    assert ch10.check_income(9).correct
    waiting = ch10.check_income(11)
    assert not waiting.correct
    assert "waiting" in waiting.message
    assert "R-COLO-1" in waiting.message
    base = ch10.check_income(4)
    assert not base.correct
    assert "fixed part" in base.message


def test_ch10_vintner_checker_accepts_own_houses_and_rejects_other_players_houses():
    assert ch10.check_vintner(2).correct
    others = ch10.check_vintner(4)
    assert not others.correct
    assert "Ben's houses" in others.message
    assert "R-SPEC-1" in others.message
    bonus = ch10.check_vintner(3)
    assert not bonus.correct
    assert "bonus" in bonus.message


def test_ch10_make_exercises_build_and_check():
    income = ch10.make_income_exercise()
    income.answer.value = 9
    assert income.check().correct
    vintner = ch10.make_vintner_exercise()
    vintner.answer.value = 4
    assert not vintner.check().correct
    vintner.answer.value = 2
    assert vintner.check().correct


def test_ch10_colonist_card_places_then_refuses_a_fourth_land_colonist_and_income():
    game = ch10.colonist_game()
    game.play("play COLONIST-I")
    with pytest.raises(cc.IllegalAction) as no_house:
        game.play("place land COSA")
    assert no_house.value.rule == "R-COLO-1"
    game.play("place land ROMA")
    game.play("place land MVTINA")
    with pytest.raises(cc.IllegalAction) as limit:
        game.play("place land RAVENNA")
    assert limit.value.rule == "R-COLO-2"
    with pytest.raises(cc.IllegalAction) as both:
        game.play("income")
    assert both.value.rule == "R-COLO-1"
    income = game.branch(0)
    income.play("play COLONIST-I")
    income.play("income")
    assert income.state.player("Aiko").coins == game.state_at(0).player("Aiko").coins + 5 + 2
