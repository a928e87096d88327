"""The chapter 14 scoring explorer: the points follow the controls (worked out by hand in the comments); its
inputs are the scoring pad's (houses by clicking the board's cities or ticking them in lists grouped by
province, - and + counts; no multi-select list); every cell of the chapter builds its own position, so it
shows what its text describes whatever ran before; the chapter runs twice in one kernel."""
from __future__ import annotations

from pathlib import Path

import ipywidgets as ipw
import nbformat
import pytest

import concordia_core as cc
from widgets.lessons import ch14_explorer as ch13

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "14_scoring_explorer.ipynb"


# Italia seed 7 city goods used below: FLORENTIA cloth (Etruria), COSA brick (Etruria), NEAPOLIS tools
# (Campania), AQVILEIA cloth (Venetia), PANORMVS cloth (Sicilia), ANCONA wine (Umbria).
# The starting cards: Vesta 1, Jupiter 2, Saturnus 2, Mercurius 1, Mars 1; the setup goods are worth 29.


def test_ch13_explorer_scores_follow_the_controls_when_driven_through_value() -> None:
    explorer = ch13.ScoreExplorer("A")
    # setup: Vesta (5 + 29)//10 = 3, Mars 1 card x 2 x 2 colonists = 4 -> 7
    assert explorer.total == 7
    explorer.houses.value = ("FLORENTIA", "NEAPOLIS", "COSA")
    explorer.cards["jupiter"].value = 3
    explorer.specialists.value = ("WEAVER-II",)
    explorer.colonists.value = 4
    explorer.coins.value = 20
    explorer.concordia.value = True
    # Vesta (20 + 29)//10 = 4; Jupiter 3 cards x 2 non-brick houses = 6; Saturnus 2 cards x 2 provinces
    # (Etruria, Campania) = 4; Mercurius 1 card x 2 x 3 kinds (cloth, tools, brick) = 6; Mars 1 x 2 x 4 = 8;
    # Minerva Weaver 5 x 1 cloth house = 5; Concordia 7 -> 40
    assert explorer.breakdown.by_god() == {"vesta": 4, "jupiter": 6, "saturnus": 4, "mercurius": 6, "mars": 8,
                                           "minerva": 5, "concordia": 7}
    assert explorer.total == 40
    assert "40 points" in explorer.view.value


def test_ch13_explorer_reports_an_impossible_position_instead_of_a_score() -> None:
    explorer = ch13.ScoreExplorer("A")
    explorer.goods["food"].value = 12
    assert explorer.breakdown is None
    assert "R-STORE-1" in (explorer.error or "")
    assert "not a possible position" in explorer.view.value
    explorer.goods["food"].value = 2
    assert explorer.total == 7
    assert explorer.error is None


def test_ch13_plan_from_state_scores_like_the_real_game() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    for step in ["play ARCHITECT", "move ROMA > land:ROMA-SPOLETVM", "move ROMA > sea:NEAPOLIS-ROMA",
                 "build NEAPOLIS", "build SPOLETVM"]:
        game.play(step)
    plan = ch13.plan_from_state(game.state, "Aiko")
    # Aiko paid 1 brick + 1 tools + 3 coins for NEAPOLIS (tools) and 1 food + 1 coin for SPOLETVM (brick):
    # 5 - 4 = 1 coin, and 1 food + 1 wine + 1 cloth = 4 + 6 + 7 = 17 left -> Vesta (1 + 17)//10 = 1;
    # Jupiter 2 cards x 1 non-brick house = 2; Saturnus 2 cards x 2 provinces (Campania, Umbria) = 4;
    # Mercurius 1 x 2 x 2 kinds = 4; Mars 1 x 2 x 2 colonists = 4 -> 15
    by_hand = {"vesta": 1, "jupiter": 2, "saturnus": 4, "mercurius": 4, "mars": 4, "minerva": 0, "concordia": 0}
    assert cc.score(game.state, "Aiko").by_god() == by_hand
    assert ch13.plan_score(plan).by_god() == by_hand


def test_ch13_comparison_follows_both_explorers() -> None:
    compare = ch13.PlanComparison()
    compare.b.houses.value = ("FLORENTIA",)
    # plan B: Vesta 3 + Jupiter 2 x 1 + Saturnus 2 x 1 + Mercurius 2 x 1 + Mars 4 = 13 (plan A: 7)
    assert "<th style='padding:2px 8px;border:1px solid #ccc;text-align:right'>13</th>" in compare.summary.value
    assert "Plan B scores 6 more" in compare.summary.value
    assert "Plan B scores" in compare.summary.value


def test_ch13_plan_checker_accepts_a_plan_over_target_and_rejects_broken_limits_and_short_plans() -> None:
    good = ch13.Plan(houses=("AQVILEIA", "FLORENTIA", "PANORMVS", "ANCONA", "NEAPOLIS"), colonists=2,
                     specialists=("WEAVER-II",), coins=10)
    # Vesta (10 + 29)//10 = 3; Jupiter 2 x 5 = 10; Saturnus 2 x 5 provinces = 10; Mercurius 2 x 3 kinds
    # (cloth, wine, tools) = 6; Mars 2 x 2 = 4; Minerva Weaver 5 x 3 cloth houses = 15 -> 48
    assert ch13.plan_score(good).total == 48
    assert ch13.TARGET == 45
    assert ch13.check_plan(good)
    too_many = ch13.check_plan(ch13.Plan(houses=tuple(c for _, c in ch13.city_options()[:6])))
    assert not too_many
    assert "6 houses" in too_many.message
    bought = ch13.check_plan(ch13.Plan(houses=good.houses, specialists=("WEAVER-II", "VINTNER-II")))
    assert not bought
    assert "cards for sale" in bought.message
    short = ch13.check_plan(ch13.Plan())
    assert not short
    assert "short of" in short.message
    impossible = ch13.check_plan(ch13.Plan(goods={"food": 12}))
    assert not impossible
    assert "not a possible position" in impossible.message


def test_ch13_make_plan_exercise_checks_the_explorer_plan() -> None:
    exercise = ch13.make_plan_exercise()
    assert not exercise.check()
    exercise.explorer.plan = ch13.Plan(houses=("AQVILEIA", "FLORENTIA", "PANORMVS", "ANCONA", "NEAPOLIS"),
                                       specialists=("WEAVER-II",), coins=10)
    assert exercise.check()


# --- the same inputs as the scoring pad -------------------------------------------------------------------
def widgets_in(widget: ipw.Widget) -> list[ipw.Widget]:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += widgets_in(child)
    return found


def test_explorer_has_no_multi_select_list_and_lists_cities_by_province() -> None:
    explorer = ch13.explorer()
    assert not [w for w in widgets_in(explorer) if isinstance(w, (ipw.SelectMultiple, ipw.Select))]
    board = cc.load_map(ch13.MAP)
    assert set(explorer.houses.boxes) == set(board.cities)
    groups = [w for w in explorer.houses.children if isinstance(w, ipw.VBox)]
    assert len(groups) == len(board.provinces)
    etruria = next(g for g in groups if "ETRVRIA" in g.children[0].value)
    assert [b.description for b in etruria.children[1:]] == ["FLORENTIA · cloth", "COSA · brick"]


def test_explorer_houses_follow_clicks_on_the_board_and_on_the_boxes() -> None:
    explorer = ch13.explorer()
    assert explorer.board.pick("city", "FLORENTIA")
    explorer.houses.click("NEAPOLIS")
    assert explorer.houses.value == ("FLORENTIA", "NEAPOLIS")
    assert explorer.houses.boxes["FLORENTIA"].value is True
    # setup 7, then FLORENTIA (cloth, ETRVRIA) and NEAPOLIS (tools, CAMPANIA): Jupiter 2 x 2 = 4,
    # Saturnus 2 x 2 = 4, Mercurius 1 x 2 x 2 = 4 -> 7 + 12 = 19
    assert explorer.total == 19
    assert set(explorer.board.selected) == {"city:FLORENTIA", "city:NEAPOLIS"}   # drawn apart on the board
    assert explorer.board.pick("city", "FLORENTIA")                              # a second click takes it away
    assert explorer.houses.value == ("NEAPOLIS",)
    assert explorer.board.pick("city", "ROMA") is False                          # no houses in Rome
    explorer.cards["jupiter"].plus.click()
    explorer.specialists.boxes["SMITH-I"].value = True
    # Jupiter 3 x 1 = 3; Saturnus 2; Mercurius 2; Smith 3 x 1 tools house = 3; Vesta 3, Mars 4 -> 17
    assert explorer.total == 17


def test_explorer_counts_stay_within_what_a_player_can_have() -> None:
    explorer = ch13.explorer()
    explorer.colonists.minus.click()
    assert explorer.colonists.value == 2             # the two colonists placed in Rome at setup stay (R-SETUP-7)
    for _ in range(6):
        explorer.colonists.plus.click()
    assert explorer.colonists.value == 6             # 3 land + 3 sea (R-COLO-2)
    explorer.cards["jupiter"].minus.click()
    assert explorer.cards["jupiter"].value == 2      # the starting Architect and Diplomat


# --- each cell builds its own position ------------------------------------------------------------------
CELLS = [  # (cell function, what the chapter's text says it shows)
    (lambda: ch13.explorer(), 7),
    (lambda: ch13.explorer(ch13.THREE_HOUSES), 21),
    (lambda: ch13.explorer(ch13.THIRD_JUPITER), 23),
    (lambda: ch13.explorer(ch13.WORKED_EXAMPLE), 33),
]


@pytest.mark.parametrize("order", [1, -1])
def test_each_cell_starts_from_the_position_its_text_describes_whatever_ran_before(order: int) -> None:
    for make, total in CELLS[::order]:
        first = make()
        first.houses.click("PANORMVS")                # the learner plays with one cell...
        first.coins.value = 40
        assert make().total == total                  # ...and the cell, run again, starts where its text says
    impossible = ch13.explorer(ch13.TOO_MUCH_FOOD)
    assert impossible.breakdown is None
    assert "R-STORE-1" in (impossible.error or "")
    # the worked example of R-SCORE-8: Jupiter 2 x 5 = 10, Saturnus 2 x 4 = 8, Mercurius 1 x 2 x 3 = 6,
    # Mars 1 x 2 x 3 = 6 -> 30, and Vesta 3
    by_god = ch13.plan_score(ch13.WORKED_EXAMPLE).by_god()
    assert [by_god[g] for g in ("jupiter", "saturnus", "mercurius", "mars", "vesta")] == [10, 8, 6, 6, 3]


def test_from_game_and_comparison_cells() -> None:
    shown = ch13.from_game()
    assert "Aiko's score in the game: 15 points" in shown.children[0].value.replace("&#x27;", "'")
    assert shown.children[1].total == 15
    assert "R-TURN-2" in ch13.architect_again().value
    compare = ch13.comparison()
    # plan A: Jupiter 4 cards x 6 = 24, Saturnus 2 x 6 = 12, Mercurius 2 x 4 kinds = 8, Mars 6, Vesta 3 -> 53
    # plan B: Jupiter 2 x 6 = 12, Saturnus 2 x 6 = 12, Mercurius 2 x 2 = 4, Mars 6, Vesta 3,
    #         Minerva Weaver 5 x 3 + Vintner 4 x 3 = 27 -> 64
    assert (compare.a.total, compare.b.total) == (53, 64)
    assert "Plan B scores 11 more" in compare.summary.value


# --- the chapter ------------------------------------------------------------------------------------------
def test_chapter_14_never_tells_a_learner_to_press_ctrl() -> None:
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert "Ctrl" not in "".join(c.source for c in nb.cells)
