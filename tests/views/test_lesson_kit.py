"""The lesson widgets every chapter uses (widgets/lessons/kit/) and the exercise framework
(widgets/lessons/kit/exercise.py): no answer on screen before a first try, refusals in the game screen's box,
worked examples stepping through positions computed on the engine, clicks on the board wired."""
from __future__ import annotations

import html
import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable, Iterator

import ipywidgets as ipw
import pytest

import concordia_core as cc
import widgets.lessons
from widgets.lessons import (
    ch01_setup,
    ch03_mercator,
    ch04_movement,
    ch05_building,
    ch06_prefect,
    ch07_storehouse,
    ch08_tribune,
    ch09_senator,
    ch10_diplomat,
    ch11_colonist,
    ch12_scoring,
    ch13_end,
)
from widgets.lessons.kit import (
    FOCUS_CLASS,
    Beat,
    Board,
    Outcome,
    Stepper,
    TradeControl,
    TryIt,
    beat,
    goods_counts,
    goods_exercise,
    number_exercise,
    players_table,
    route_label,
    score_table,
)
from widgets.lessons.kit.exercise import Exercise, GameExercise, Verdict, right, verdict_html, whole_number, wrong
from widgets.parts.style import STYLESHEET

EXERCISES: dict[str, Callable[[], Exercise]] = {
    "01 bonus tile": ch01_setup.make_bonus_exercise,
    "01 coins": ch01_setup.make_coins_exercise,
    "03 bricks": ch03_mercator.make_bricks_exercise,
    "04 destinations": ch04_movement.make_destinations_exercise,
    "04 cost": ch04_movement.make_cost_exercise,
    "05 house price": ch05_building.make_price_exercise,
    "06 collect": ch06_prefect.make_collect_exercise,
    "07 keep": ch07_storehouse.make_keep_exercise,
    "08 tribune coins": ch08_tribune.make_tribune_exercise,
    "09 senator price": lambda: ch09_senator.make_price_exercise(consul=False),
    "09 consul price": lambda: ch09_senator.make_price_exercise(consul=True),
    "10 targets": ch10_diplomat.make_targets_exercise,
    "10 holder": ch10_diplomat.make_holder_exercise,
    "11 income": ch11_colonist.make_income_exercise,
    "11 vintner": ch11_colonist.make_vintner_exercise,
    "12 jupiter": ch12_scoring.make_jupiter_exercise,
    "12 vesta": ch12_scoring.make_vesta_exercise,
    "13 tie": ch13_end.make_tie_exercise,
    "13 prizes": ch13_end.make_prize_exercise,
}
TAG = re.compile(r"<[^>]+>")


def shown_texts(widget: ipw.Widget) -> Iterator[str]:
    """Every text a widget and its children show (HTML values without tags, descriptions, options)."""
    if isinstance(widget, ipw.HTML | ipw.Label):
        yield html.unescape(TAG.sub(" ", widget.value))
    if getattr(widget, "description", None):
        yield widget.description
    yield from getattr(widget, "_options_labels", ())
    for child in getattr(widget, "children", ()):
        yield from shown_texts(child)


# --- the exercise framework ---------------------------------------------------------------------------
def test_verdicts_and_whole_numbers() -> None:
    assert right("ok")
    assert not wrong("no")
    assert "✔ Right." in verdict_html(right("fine"))
    assert "✘ Not yet." in verdict_html(wrong("because"))
    assert whole_number("7", "coins") == 7
    refused = whole_number("seven", "coins")
    assert isinstance(refused, Verdict)
    assert not refused
    assert "whole number of coins" in refused.message


def test_show_the_answer_appears_only_after_a_try() -> None:
    box = ipw.IntText(value=0)
    exercise = Exercise("How many?", box, lambda a: right("yes") if a == 4 else wrong("no"),
                        solution=lambda: "4, because 2 + 2")
    assert exercise.reveal_button.layout.display == "none"
    assert exercise.reveal() == ""
    assert exercise.solution_box.value == ""
    exercise.check()
    assert exercise.reveal_button.layout.display is None
    assert exercise.reveal() == "4, because 2 + 2"
    assert "4, because 2 + 2" in exercise.solution_box.value
    exercise.reveal_button.click()
    assert "The answer:" in exercise.solution_box.value


def test_an_exercise_without_a_solution_never_shows_the_button() -> None:
    exercise = Exercise("Which?", ipw.IntText(), lambda a: wrong("no"))
    exercise.check()
    assert exercise.reveal_button.layout.display == "none"
    assert exercise.reveal() == ""


@pytest.mark.parametrize("name", list(EXERCISES))
def test_no_exercise_shows_its_answer_before_a_try(name: str) -> None:
    exercise = EXERCISES[name]()
    assert exercise.reveal_button.layout.display == "none", name
    assert exercise.reveal() == "", name
    before = " ".join(shown_texts(exercise))
    solution = exercise.solution()
    assert solution, name
    assert solution not in before, f"{name}: the answer is on screen before a try"
    verdict = exercise.check()     # the widget's initial answer: not the right one
    assert not verdict.correct, f"{name}: the untouched widget is already the right answer"
    assert exercise.reveal() == solution
    assert solution in html.unescape(exercise.solution_box.value)


def test_number_and_goods_exercises_read_their_boxes() -> None:
    number = number_exercise("How many?", "Coins", lambda a: right("yes") if a == 4 else wrong("no"), lambda: 4,
                             width="180px")
    assert isinstance(number.answer, ipw.IntText)
    assert (number.answer.description, number.answer.layout.width) == ("Coins", "180px")
    number.answer.value = 3
    assert not number.check()
    assert number.reveal() == "yes"
    goods = goods_exercise("Which goods?", lambda a: right("ok") if goods_counts(a)["food"] == 2 else wrong("no"),
                           lambda: "2 food", above=[ipw.HTML("above")])
    assert [b.description for b in goods.boxes.values()] == [cc.good_name(g) for g in cc.GOODS]
    assert goods.children[1].value == "above"
    assert list(goods.children[2].children) == list(goods.boxes.values())
    goods.boxes["food"].value = 2
    assert goods.check()
    assert goods_counts(cc.Goods({"wine": 1}))["wine"] == 1
    with pytest.raises(ValueError):
        goods_counts({"food": "two"})


def test_game_exercise_resets_to_its_start() -> None:
    exercise = ch03_mercator.make_bricks_exercise()
    assert isinstance(exercise, GameExercise)
    start = len(exercise.game.history)
    trade = exercise.play_area.children[0]
    assert isinstance(trade, TradeControl)
    trade.good.value, trade.side.value, trade.amount.value = "brick", "buy", 1
    trade.trade.click()
    assert len(exercise.game.history) == start + 1
    exercise.reset()
    assert len(exercise.game.history) == start
    assert exercise.feedback.value == ""


# --- words, not notation ---------------------------------------------------------------------------
def test_routes_and_colonists_are_named_in_words() -> None:
    assert route_label("land:COSA-ROMA") == "the land route COSA–ROMA"
    assert route_label("sea:NEAPOLIS-ROMA") == "the sea route NEAPOLIS–ROMA"
    assert str(cc.Colonist("sea", "sea:COSA-ROMA")) == "sea colonist on the sea route COSA–ROMA"
    assert str(cc.Colonist("land", "ROMA")) == "land colonist in ROMA"
    assert cc.route_name("land:COSA-ROMA") == "land route COSA–ROMA"


def test_tables_name_players_goods_and_gods() -> None:
    state = cc.new_game("italia", ["You", "Livia"], seed=7, first_player="You").state
    players = players_table(state)
    assert "You" in players
    assert "to move" in players
    assert "Praefectus Magnus" in players
    assert "land colonist in ROMA" in players
    scores = html.unescape(TAG.sub(" ", score_table(state)))
    for god in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Total"):
        assert god in scores
    assert "Minerva" not in scores      # nobody holds a Minerva card


# --- pick → result or refusal -------------------------------------------------------------------------
def test_try_it_shows_the_result_or_the_refusal_box() -> None:
    picker = ch05_building.build_picker()
    assert picker.try_("COSA")
    assert "cc-done" in picker.result.value
    assert "1 brick + 1 food + 4 coins" in picker.result.value
    assert not picker.try_("ROMA")
    assert "cc-refusal" in picker.result.value
    assert "R-ARCH-6" in picker.result.value
    assert not picker.try_("FLORENTIA")
    assert "R-ARCH-5" in picker.result.value
    picker.choice.value = None
    assert not picker.try_()
    assert "Choose something first" in picker.result.value


def test_try_it_button_and_board_clicks_pick_the_option() -> None:
    picker = ch05_building.build_picker()
    picker.choice.value = "CASINVM"
    picker.button.click()
    assert "1 brick + 1 tools + 3 coins" in picker.result.value
    assert picker.board is not None
    assert picker.board.view.pick("city", "ROMA")
    assert picker.choice.value == "ROMA"
    assert "R-ARCH-6" in picker.result.value


def test_try_it_without_a_board() -> None:
    picker = TryIt("n", [("one", 1), ("two", 2)], lambda n: Outcome(f"got {n}") if n == 1 else
                   (_ for _ in ()).throw(cc.IllegalAction("R-TURN-1", "not two")))
    assert picker.board is None
    assert picker.try_(1)
    assert "got 1" in picker.result.value
    assert not picker.try_(2)
    assert "not two" in picker.result.value


# --- worked examples step by step ---------------------------------------------------------------------
def test_stepper_walks_forward_and_back_through_engine_positions() -> None:
    stepper = ch03_mercator.worked_example()
    assert stepper.position == 0
    assert stepper.back.disabled
    assert "The start" in stepper.heading.value
    coins = []
    for _ in range(len(stepper.frames) - 1):
        coins.append(stepper.state.player("Aiko").coins)
        stepper.next.click()
    coins.append(stepper.state.player("Aiko").coins)
    assert coins == [5, 8, 15, 9, 9, 9]           # R-MERC-3; the refused food changes nothing
    assert stepper.next.disabled
    stepper.go(4)
    assert "cc-refusal" in stepper.refusal.value
    assert "R-MERC-2" in stepper.refusal.value
    stepper.back.click()
    assert stepper.position == 3
    assert stepper.refusal.value == ""
    stepper.again.click()
    assert stepper.position == 0


def test_stepper_insists_that_a_refused_step_is_refused() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    with pytest.raises(AssertionError):
        Stepper(game, [beat("play MERCATOR", "allowed, in fact", refused=True)], intro="x")
    assert isinstance(beat("done", "text"), Beat)


def test_a_refused_step_of_several_moves_tries_them_one_after_another() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    start = game.state
    stepper = Stepper(game, [beat(["play ARCHITECT", "build ROMA"], "no house in Rome", refused=True)], intro="x")
    error = stepper.errors[1]
    assert isinstance(error, cc.IllegalAction)
    assert error.rule == "R-ARCH-6"           # refused after the Architect was played, not as a first action
    assert stepper.frames[1][0] is start       # the position stays


RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")


def lesson_steppers() -> dict[str, Callable[[], Stepper]]:
    """Every worked example of the chapters: each lesson function that takes no argument and returns a Stepper."""
    found: dict[str, Callable[[], Stepper]] = {}
    for info in pkgutil.iter_modules(widgets.lessons.__path__):
        module = importlib.import_module(f"widgets.lessons.{info.name}")
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if function.__module__ != module.__name__:
                continue
            signature = inspect.signature(function, eval_str=True)
            if signature.return_annotation is Stepper and all(
                    p.default is not p.empty for p in signature.parameters.values()):
                found[f"{info.name}.{name}"] = function
    return found


STEPPERS = lesson_steppers()


def test_every_worked_example_is_found() -> None:
    assert len(STEPPERS) >= 15, sorted(STEPPERS)
    assert "ch04_movement.worked_example" in STEPPERS


@pytest.mark.parametrize("name", list(STEPPERS))
def test_a_refused_step_cites_only_the_rule_the_engine_refused_with(name: str) -> None:
    """The refusal box shows the engine's rule; a rule id typed in the tutor's sentence of that step must be
    the same one, never another (R-ARCH-1 for a refusal under R-ARCH-3 was once shown in chapter 4)."""
    stepper = STEPPERS[name]()
    assert len(stepper.errors) == len(stepper.frames)
    for position, ((_state, text, refusal), error) in enumerate(zip(stepper.frames, stepper.errors, strict=True)):
        if error is None:
            assert refusal == "", f"{name} step {position}"
            continue
        assert isinstance(error, cc.IllegalAction), f"{name} step {position}: refused without a rule: {error}"
        assert error.rule in refusal, f"{name} step {position}: the box does not show {error.rule}"
        typed = set(RULE_ID.findall(text))
        assert typed <= {error.rule}, f"{name} step {position}: the sentence cites {sorted(typed)}, the engine {error.rule}"


def test_stepper_board_follows_the_steps() -> None:
    stepper = ch04_movement.worked_example()
    assert stepper.board is not None
    stepper.go(1)
    assert stepper.board.view.overlay is not None           # where the sea colonist may stop
    stepper.go(3)
    assert stepper.board.view.state is stepper.state


# --- a Mercator's trades ------------------------------------------------------------------------------
def test_trade_control_plays_and_refuses_a_third_kind() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    game.play("play MERCATOR")
    changes = []
    trade = TradeControl(game, lambda: changes.append(1))
    for good, side, n in [("cloth", "sell", 1), ("brick", "buy", 2)]:
        trade.good.value, trade.side.value, trade.amount.value = good, side, n
        trade.trade.click()
    assert game.state.player("Aiko").coins == 9
    trade.good.value, trade.side.value, trade.amount.value = "food", "buy", 1
    trade.trade.click()
    assert "R-MERC-2" in trade.result.value
    assert "cc-refusal" in trade.result.value
    trade.done.click()
    assert game.state.to_move == "Ben"
    assert len(changes) == 3


# --- the board --------------------------------------------------------------------------------------------
def test_board_redraws_and_captions() -> None:
    state = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state
    board = Board(state, caption="The table.")
    assert "The table." in board.caption.value
    board.show(state, caption="")
    assert board.caption.value == ""
    assert f".{FOCUS_CLASS}" in STYLESHEET.read_text(encoding="utf-8")   # the page stylesheet draws it


def test_later_builds_at_once_outside_the_app_and_when_reached_in_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chapter's heavy screen (`lesson.later(build, ...)`): built at once in JupyterLab; in the app a light box of
    the given height until the browser says it came near the visible page (or `show()`), then the screen itself."""
    from widgets.lessons import ch14_explorer
    from widgets.parts.later import Later, NearView
    monkeypatch.delenv("CONCORDIA_APP", raising=False)
    assert isinstance(ch14_explorer.later(ch14_explorer.explorer, ch14_explorer.THREE_HOUSES), ch14_explorer.ScoreExplorer)
    monkeypatch.setenv("CONCORDIA_APP", "1")
    box = ch14_explorer.later(ch14_explorer.explorer, ch14_explorer.THREE_HOUSES, height="1420px")
    assert isinstance(box, Later) and box.content is None
    assert isinstance(box.children[0], NearView) and box.children[0].layout.height == "1420px"
    box.watch.near = True                                     # what the browser sends once the box comes near
    explorer = box.content
    assert isinstance(explorer, ch14_explorer.ScoreExplorer) and box.children[0] is explorer
    assert explorer.plan.houses == ch14_explorer.THREE_HOUSES.houses
    assert box.watch.comm is None                             # the empty box is gone from the page
    assert box.show() is explorer                             # built once
