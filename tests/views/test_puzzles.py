"""Puzzles, learn from your mistakes (widgets/puzzles, concordia_core/bots/puzzles.py, chapter 21): a reviewed game
yields a puzzle for each decision of the learner's the review charged; the best line solves one, the charged move
again does not, another play is measured on the puzzle's own paired play-outs; the results are kept with the
visitor's saves and read back (checked) by a new screen; the shipped set's positions load from their seeds and
actions, its answers are legal, and a fresh measurement of 3 of them reproduces their stored figures."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import concordia_core as cc
from concordia_core import bots
from widgets.lessons import ch19_review
from widgets.puzzles import saved
from widgets.puzzles.model import PuzzleModel, own_set
from widgets.puzzles.screen import PuzzleScreen
from widgets.support import saves, visitor

SHIPPED = Path(cc.__file__).resolve().parent / "data" / "puzzles.json"
QUICK = 4      # play-outs for a measure in these tests (the figures' meaning is tested on the shipped set)


@pytest.fixture(autouse=True)
def own_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A saves folder of the test's own, outside the app mode."""
    for name in ("CONCORDIA_APP", visitor.ENVIRONMENT_VARIABLE):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(tmp_path / "saves"))


@pytest.fixture(scope="module")
def reviewed() -> tuple[cc.Game, bots.Review]:
    game = ch19_review.sample_game()
    return game, ch19_review.review_of(game)


def sample_set(reviewed: tuple[cc.Game, bots.Review]) -> saved.PuzzleSet:
    """The sample game's puzzles, each measured with a few play-outs (so answering one is quick)."""
    game, review = reviewed
    found = own_set(game, review, "sample game")
    found.puzzles = [bots.puzzles.measured(p, QUICK) for p in found.puzzles]
    return found


def play(model: PuzzleModel, line: tuple[cc.Action, ...]) -> None:
    """Make the learner's steps of `line`, the other seats' bots choosing in between, then (if the play is not over
    yet) the rest of the learner's play as the greedy level would make it."""
    for action in line:
        if model.game.state.actor != model.learner:
            model.run_bots()
        if model.game.state.actor == model.learner and not model.done():
            model.play(action)
    finish = bots.make("greedy", 1)
    while not model.done():
        model.run_bots()
        if not model.done():
            model.play(finish.choose(model.game.state).action)
    assert model.done()


def test_puzzle_a_reviewed_game_yields_a_puzzle_for_each_charged_decision_of_the_learner(reviewed) -> None:
    game, review = reviewed
    charged = [d for d in review.decisions if d.loss > 0 and d.player == cc.learner_name()]
    assert charged, "the sample game's review charges the learner's seat"
    found = own_set(game, review, "sample game")
    assert [p.step for p in found.puzzles] == [d.step for d in charged]
    for puzzle, decision in zip(found.puzzles, charged, strict=True):
        assert puzzle.state == game.state_at(decision.step)           # the position as it was
        assert puzzle.seat == cc.learner_name()
        assert puzzle.played[0] == game.history[decision.step].action     # the play made there
        assert puzzle.best == tuple(decision.best)
        assert puzzle.charge == (decision.loss, decision.se)
        assert puzzle.themes and set(puzzle.themes) <= set(bots.puzzles.THEMES)
        assert puzzle.levels["Livia"] == "greedy"                      # the other seat stays a bot
    assert found.name == "puzzles-sample game"


def test_puzzle_playing_the_best_line_solves_it_and_the_charged_move_again_does_not(reviewed) -> None:
    model = PuzzleModel(sample_set(reviewed))
    puzzle = model.puzzle
    assert model.may_act(model.game.state) and not model.may_act(puzzle.game.initial)
    play(model, puzzle.best)
    best = model.judge()
    assert best.same == "best" and best.solved
    m = puzzle.measure
    assert m is not None
    assert best.vs_played == pytest.approx(m.gap)                      # the puzzle's own figures
    model.retry()
    assert model.game.state == puzzle.state and model.answer is None
    play(model, puzzle.played)
    again = model.judge()
    assert again.same == "played" and not again.solved
    assert again.vs_best == pytest.approx(-m.gap)
    assert model.result.tries == 2 and model.result.solved


def test_puzzle_another_play_is_measured_on_the_puzzles_own_paired_playouts(reviewed) -> None:
    found = sample_set(reviewed)
    index = next(i for i, p in enumerate(found.puzzles) if len(p.game.legal_actions()) > 2)
    model = PuzzleModel(found, index)
    puzzle = model.puzzle
    other = next(a for a in model.game.legal_actions() if a not in (puzzle.best[0], puzzle.played[0]))
    play(model, (other,))
    found = model.judge()
    assert found.same == "" and found.playouts == QUICK
    line = list(model.line)
    mine = bots.playouts(puzzle.state, [line], QUICK, puzzle.measure.seed)[0]
    expected = [a - b for a, b in zip(mine, puzzle.measure.best, strict=True)]
    assert found.vs_best == pytest.approx(sum(expected) / QUICK)
    assert found.solved == (found.vs_best > -bots.puzzles.SOLVED_Z * found.vs_best_se)


def test_puzzle_only_the_learners_seat_acts_and_only_its_hand_is_shown(reviewed) -> None:
    screen = PuzzleScreen(sample_set(reviewed))
    view, model = screen.view, screen.model
    assert view is not None
    assert [b.name for b in view.boards if b.hand_visible(b.name)] == [model.learner]
    assert view.hooks.rewind is False                                 # Start again, never back before the puzzle
    play(model, model.puzzle.best)
    assert not model.may_act(model.game.state)                        # the play is over: the judge answers
    with pytest.raises(cc.InvalidAction):
        model.play(model.game.legal_actions()[0])


def test_puzzle_solved_on_the_screen_is_kept_with_the_saves_and_read_back_after_a_reload(reviewed) -> None:
    screen = PuzzleScreen(sample_set(reviewed))
    saved.write(screen.model.found)
    puzzle = screen.model.puzzle
    for action in puzzle.best:
        if screen.model.game.state.actor == screen.model.learner:
            assert screen.view.controls.attempt(action), screen.view.controls.message.value
    screen.wait()
    assert "Found" in screen.answer.value and "What was the idea" in screen.idea.value
    assert "Your results are kept with your saves" in screen.note.value
    again = PuzzleScreen()                                            # a new page: the tutor's set first
    assert ("from your game: sample game", "puzzles-sample game") in again.sets.options
    again.sets.value = "puzzles-sample game"
    assert again.model.found.results[puzzle.id].solved
    assert again.model.found.puzzles[0].measure == puzzle.measure      # its play-outs kept too
    assert "solved ✓" in again.choice.options[0][0]


def test_puzzle_a_save_that_was_tampered_with_is_refused_in_a_sentence(reviewed) -> None:
    found = sample_set(reviewed)
    data = json.loads(saved.dump(found))
    data["puzzles"][0]["best"] = ["build ROMA"]
    with pytest.raises(cc.RecordError, match="puzzle"):
        saved.read(json.dumps(data), "x")
    with pytest.raises(cc.RecordError, match="not a set of Concordia puzzles this tutor reads"):
        saved.read(json.dumps({"format": "concordia-tutor-table"}), "x")


def test_puzzle_sets_are_each_visitors_own_in_the_app(reviewed, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONCORDIA_APP", "1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv(visitor.ENVIRONMENT_VARIABLE, "a" * 32)
    saved.write(sample_set(reviewed))
    assert saved.own_names() == ["puzzles-sample game"]
    monkeypatch.setenv(visitor.ENVIRONMENT_VARIABLE, "b" * 32)
    assert saved.own_names() == []


# --- the shipped set ----------------------------------------------------------------------------------------
def shipped_data() -> dict:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def test_puzzle_the_shipped_positions_load_and_their_answers_are_legal() -> None:
    data = shipped_data()
    assert len(data["puzzles"]) >= 40
    themes = set()
    for raw in data["puzzles"]:
        puzzle = bots.puzzles.puzzle_from_dict(raw)        # the game replayed from its seed and actions, lines checked
        state = puzzle.state
        assert len(puzzle.game.history) == len(raw["game"]["actions"])
        assert puzzle.levels[puzzle.seat] in ("greedy", "easy")       # a weaker level's decision
        assert puzzle.best[0] in cc.legal_actions(state)
        assert puzzle.best[0] != puzzle.played[0]
        m = puzzle.measure
        assert m is not None and m.playouts >= 64
        assert m.found()                                               # at least 3 standard errors
        assert raw["measure"]["gap"] == pytest.approx(m.gap, abs=1e-3)
        assert raw["measure"]["se"] == pytest.approx(m.se, abs=1e-3)
        assert puzzle.themes and bots.puzzles.idea(puzzle)
        themes.update(puzzle.themes)
    assert {"storehouse", "end", "buying"} <= themes, themes
    search = data["search"]
    assert search["candidates_measured"] >= len(data["puzzles"]) and search["task_seconds"] > 0 and search["runs"]


@pytest.mark.slow   # 3 × 2 × 64 play-outs to the end of the game
def test_puzzle_a_fresh_measurement_of_three_shipped_puzzles_reproduces_their_figures() -> None:
    data = shipped_data()
    for raw in random.Random(21).sample(data["puzzles"], 3):
        puzzle = bots.puzzles.puzzle_from_dict(raw)
        stored = puzzle.measure
        assert stored is not None
        fresh = bots.puzzles.measure(puzzle.state, puzzle.played, puzzle.best, stored.playouts, stored.seed)
        assert fresh.best == stored.best and fresh.played == stored.played      # seeded: the same play-outs
        assert round(fresh.gap, 3) == raw["measure"]["gap"] and round(fresh.se, 3) == raw["measure"]["se"]


def test_puzzle_a_shipped_puzzle_answers_at_once_when_the_best_line_is_played() -> None:
    found = saved.shipped_set()
    model = PuzzleModel(found, 0)
    play(model, model.puzzle.best)
    assert not model.needs_measuring()
    answer = model.judge()
    assert answer.solved and answer.playouts == model.puzzle.measure.playouts


def test_puzzle_the_menu_names_no_card_and_the_buttons_follow_the_answer() -> None:
    screen = PuzzleScreen(saved.shipped_set(), 0)
    labels = [label for label, _i in screen.choice.options]
    assert len(labels) == len(saved.shipped_set().puzzles) and labels[0].startswith("1. ")
    spoilers = {bots.puzzles.theme_name(key).lower() for key in bots.puzzles.THEMES}
    assert not [label for label in labels if any(word in label.lower() for word in spoilers)]   # no answer given away
    assert all(label.split(". ", 1)[1].startswith(("Italia", "Imperium")) for label in labels)
    assert "The play made:" in screen.task.value                     # the play to beat, named from the start
    assert not screen.hint_button.disabled and not screen.next_button.disabled
    screen.show_answer()
    screen.wait()
    assert screen.hint_button.disabled and screen.show_button.disabled   # nothing left to hint once it is shown
    alone = PuzzleScreen(saved.PuzzleSet("one", "one puzzle", [saved.shipped_set().puzzles[0]], own=False), 0)
    assert alone.next_button.disabled                                  # no next puzzle in a set of one


def test_puzzle_play_on_starts_a_game_from_the_board_against_the_puzzles_bots() -> None:
    screen = PuzzleScreen(saved.shipped_set(), 0)
    puzzle = screen.model.puzzle
    table = screen.play_on()
    assert table.game.state == puzzle.state and table.game is not screen.model.game
    kinds = {seat.name: seat.kind for seat in table.model.seats}
    assert kinds[puzzle.seat] == "human"
    assert all(kinds[name] == level for name, level in puzzle.levels.items() if name != puzzle.seat)
    assert "Playing on from here against the bots" in screen.table_holder.children[1].value


# --- the entries: chapter 19 after its review, a table whose game is over -------------------------------------
@pytest.mark.slow   # reviews the sample game unless its stored review is this very game's
def test_puzzle_chapter_19_opens_the_puzzles_of_the_review_at_the_chosen_decision() -> None:
    panel = ch19_review.review_panel()
    mine = next(d for d in panel.result.decisions if d.loss > 0 and d.player == cc.learner_name())
    panel.choices.value = mine.step
    assert panel.try_it.description == "Puzzles from your mistakes"
    screen = panel.branch()
    assert isinstance(screen, PuzzleScreen) and panel.play_area.children == (screen,)
    assert screen.model.puzzle.step == mine.step and screen.model.game.state == panel.game.state_at(mine.step)
    assert "puzzles-sample game" in saves.names()                       # kept with the learner's saves


@pytest.mark.slow   # reviews a short game
def test_puzzle_a_table_reviews_its_game_and_makes_puzzles_of_its_persons_decisions() -> None:
    from widgets.puzzles.entry import ReviewAndPuzzles, after_game
    from widgets.table import Seat, TableApp
    table = TableApp([Seat("Aiko", "human"), Seat("Ben", "greedy", 3)], "italia", 5, False, auto=False)
    wild = bots.make("random", 2)
    for _step in range(24):
        table.game.play(wild.choose(table.state).action)
    entry, after = after_game(table)
    assert isinstance(after, ReviewAndPuzzles) and entry is after.entry
    after.go.click()
    screen = after.screen
    assert screen is not None and screen in after.children
    assert "decisions judged" in after.status.value
    if screen.model.found.own:         # the review charged some of Aiko's decisions: they are the puzzles
        assert {p.seat for p in screen.model.found.puzzles} == {"Aiko"}
        assert screen.model.found.puzzles[0].levels["Ben"] == "greedy"
        assert screen.model.found.name in saves.names()


def test_puzzle_the_chapter_groups_the_shipped_set_by_theme() -> None:
    from widgets.lessons import ch21_puzzles
    screen = ch21_puzzles.puzzles()
    listed = screen.model.found.puzzles
    assert screen.sets.value == saved.PROGRESS and len(screen.choice.options) == len(listed)
    themes = [value for _label, value in screen.theme.options if value]
    assert {"storehouse", "end", "buying"} <= set(themes)
    for key in themes:
        screen.theme.value = key
        shown = [listed[i] for _label, i in screen.choice.options]
        assert shown == [p for p in listed if key in p.themes]          # the theme's puzzles, in the set's order
        assert key in screen.model.puzzle.themes                        # one of them is open on the board
    assert "No puzzles of your own yet" in screen.own.value

