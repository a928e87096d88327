"""Chapters 07-10 (storehouse, Tribune, Senator and Consul, Diplomat): each exercise checker accepts the
right answer and names the mistake in a wrong one; the worked examples give the rule text's numbers; the
live examples refuse what the rules refuse. Expected numbers are worked out by hand."""
from __future__ import annotations

import pytest
from helpers import assert_wrong

import concordia_core as cc
from widgets.lessons import ch07_storehouse as ch07
from widgets.lessons import ch08_tribune as ch08
from widgets.lessons import ch09_senator as ch09
from widgets.lessons import ch10_diplomat as ch10


# --- 07 the storehouse --------------------------------------------------------------------------------
def test_ch07_buying_stops_at_the_free_slots():
    picker = ch07.buying_picker()
    assert picker.try_(3)
    assert "0 free slots are left" in picker.result.value
    assert not picker.try_(4)
    assert "R-STORE-1" in picker.result.value


def test_ch07_worked_example_both_players_choose_before_the_turn_passes():
    stepper = ch07.worked_example()
    stepper.go(1)
    assert stepper.state.actor == "Aiko"
    assert stepper.state.to_move == "Aiko"
    assert "Coming in, to choose from: 1 tools + 2 wine" in stepper.facts.value
    stepper.go(2)
    assert "R-STORE-2" in stepper.refusal.value            # a slot left empty
    stepper.go(3)
    assert "R-STORE-2" in stepper.refusal.value            # a swap with a stored good
    stepper.go(4)
    assert stepper.state.actor == "Ben"                    # Ben chooses during Aiko's turn
    stepper.go(5)
    assert stepper.state.to_move == "Ben"
    assert all(p.free_slots == 0 for p in stepper.state.players)


def test_ch07_exercise_position_asks_aiko_to_choose_during_bens_prefect():
    state = ch07.keep_exercise_game().state
    who, incoming, free, need = ch07.choice_facts(state)
    assert (state.to_move, state.actor, who) == ("Ben", "Aiko", "Aiko")
    assert incoming == cc.Goods({"brick": 1, "tools": 1, "cloth": 1})
    assert free == need == 2


@pytest.mark.parametrize("answer", [{"cloth": 1, "tools": 1}, {"brick": 1, "cloth": 1}, {"brick": 1, "tools": 1}])
def test_ch07_checker_accepts_every_legal_keep(answer):
    verdict = ch07.check_keep(answer)
    assert verdict.correct, verdict.message
    assert "R-STORE-2" in verdict.message


def test_ch07_checker_names_each_mistake():
    assert_wrong(ch07.check_keep({"cloth": 1}), "stay empty", "R-STORE-2")
    assert_wrong(ch07.check_keep({"wine": 1, "cloth": 1}), "No wine is coming in")
    assert_wrong(ch07.check_keep({"brick": 1, "cloth": 1, "tools": 1}), "only 2 free slots")
    assert_wrong(ch07.check_keep({"cloth": 2}), "Only 1 cloth is coming in")
    assert not ch07.check_keep({"cloth": -1})


def test_ch07_exercise_checks_through_its_boxes_and_best_choice():
    exercise = ch07.make_keep_exercise()
    exercise.boxes["cloth"].value = 1
    exercise.boxes["tools"].value = 1
    verdict = exercise.check()
    assert verdict
    assert "most valuable" in verdict.message                  # tools 5 + cloth 7 beat brick 3
    assert "1 tools + 1 cloth" in exercise.reveal()


# --- 08 the Tribune --------------------------------------------------------------------------------------
def test_ch08_worked_example_four_cards_then_tribune_returns_five_and_pays_two():
    state = ch08.worked_example_game().state
    assert len(state.player("Aiko").discard) == 4
    assert ch08.tribune_coins(state) == (5, 2)
    stepper = ch08.worked_example()
    stepper.go(2)
    assert "she takes 2 coins" in stepper.caption.value
    stepper.go(3)
    aiko = stepper.state.player("Aiko")
    assert aiko.waiting["sea"] == 1
    assert len(aiko.colonists) == 3


def test_ch08_recruit_picker_refuses_a_fourth_land_colonist():
    picker = ch08.recruit_picker()
    assert not picker.try_("recruit land")
    assert "R-COLO-2" in picker.result.value
    assert picker.try_("recruit sea")
    assert "5 colonists on the map" in picker.result.value
    assert picker.try_("done")


def test_ch08_checker_accepts_four_coins_and_names_each_mistake():
    assert ch08.check_tribune_coins(4)           # 6 on the pile + the Tribune = 7 back; 7 - 3 = 4
    assert_wrong(ch08.check_tribune_coins(3), "forgot the Tribune itself")
    assert_wrong(ch08.check_tribune_coins(7), "a coin for every card", "R-TRIB-2")
    assert not ch08.check_tribune_coins(-1)
    assert "whole number" in ch08.check_tribune_coins("four").message


# --- 09 Senator and Consul -------------------------------------------------------------------------------
def test_ch09_worked_example_prices_both_cards_before_the_shift():
    stepper = ch09.worked_example()
    stepper.go(2)
    assert "R-SEN-2" in stepper.refusal.value
    stepper.go(3)
    assert "for 1 brick + 1 tools" in stepper.caption.value
    stepper.go(4)
    assert "she pays 1 food + 1 wine" in stepper.caption.value
    state = stepper.state
    assert [cc.card(c).display_name for c in state.display[:5]] == \
        ["Prefect (I)", "Architect (I)", "Diplomat (I)", "Farmer (I)", "Mason (I)"]
    assert state.deck_size == 6            # decks I and II: 15 cards, 7 shown, 2 drawn to refill


def test_ch09_buy_pickers_leave_out_the_exercise_card():
    senator = ch09.buy_picker(consul=False)
    assert ch09.EXERCISE_SLOT not in [v for _label, v in senator.choice.options]
    assert not senator.try_(7)
    assert "R-SEN-2" in senator.result.value
    consul = ch09.buy_picker(consul=True)
    assert consul.try_(7)
    assert "for 1 food, the cost on the card only" in consul.result.value


@pytest.mark.parametrize("wild", ["brick", "food", "tools", "wine", "cloth"])
def test_ch09_senator_checker_accepts_any_good_for_any_good(wild):
    paid = cc.Goods({"brick": 1, "food": 1, "cloth": 1}) + cc.Goods({wild: 1})   # Farmer + slot 6
    assert ch09.check_senator_price(paid)


def test_ch09_senator_checker_names_forgotten_slot_cost_and_forgotten_any_good():
    assert_wrong(ch09.check_senator_price({"brick": 1, "food": 1}), "only the cost on the card", "R-SEN-2")
    assert_wrong(ch09.check_senator_price({"brick": 1, "food": 1, "cloth": 1}), "must be paid too")
    assert_wrong(ch09.check_senator_price({"brick": 2, "food": 2, "cloth": 1}), "Too much")


def test_ch09_consul_checker_accepts_the_card_cost_and_rejects_the_slot_cost():
    assert ch09.check_consul_price({"brick": 1, "food": 1})
    assert_wrong(ch09.check_consul_price({"brick": 2, "food": 1, "cloth": 1}), "R-CONS-1")
    assert not ch09.check_consul_price({"food": 1})


# --- 10 the Diplomat ---------------------------------------------------------------------------------------
def test_ch10_worked_example_copying_a_bought_mercator_gives_five():
    stepper = ch10.worked_example()
    stepper.go(2)
    assert "R-DIPL-2" in stepper.refusal.value
    stepper.go(3)
    assert "it gives 5 coins" in stepper.caption.value
    assert stepper.state.player("Aiko").coins == 10


def test_ch10_copied_prefect_uses_the_copiers_praefectus_magnus():
    stepper = ch10.prefect_line()
    before = stepper.frames[1][0]
    stepper.go(2)
    after = stepper.state
    assert after.player("Aiko").goods["wine"] - before.player("Aiko").goods["wine"] == 3   # 2 bonus + ANCONA
    assert after.player("Cara").goods == before.player("Cara").goods
    assert after.praefectus_magnus == "Cara"


def test_ch10_copy_picker():
    picker = ch10.copy_picker()
    assert not picker.try_("Aiko")
    assert picker.try_("Ben")
    assert "5 coins at once" in picker.result.value
    assert picker.try_("Cara")
    assert "R-DIPL-3" in picker.result.value


def test_ch10_targets_checker_accepts_the_copyable_players_and_names_each_mistake():
    assert ch10.check_targets(["Cara", "Eve"])
    assert_wrong(ch10.check_targets(["Aiko", "Cara", "Eve"]), "Not Aiko")
    assert_wrong(ch10.check_targets(["Cara", "Dan", "Eve"]), "Tribune")
    assert_wrong(ch10.check_targets(["Ben", "Cara", "Eve"]), "Diplomat")
    assert_wrong(ch10.check_targets(["Cara"]), "You left out Eve")


def test_ch10_holder_checker_wants_the_copiers_right_hand_neighbour():
    assert ch10.check_next_holder("Eve")          # order Aiko, Ben, Cara, Dan, Eve: Eve plays before Aiko
    assert_wrong(ch10.check_next_holder("Cara"), "R-DIPL-3")
    assert_wrong(ch10.check_next_holder("Ben"), "that is her left")
    assert_wrong(ch10.check_next_holder("Aiko"), "always passes on")
    assert not ch10.check_next_holder(None)
