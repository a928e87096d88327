"""No game is ever lost (widgets/table/autosave.py, resume.py): a learner's table saves itself after every move once
a person has played in it, under a name shown on the table; the table (or chapter 15's set-up form) opened again
offers to go on with it, at the same move; a game that is over, or was never joined, is not offered; a save that
cannot be made is said plainly. Driven without a browser; tests/browser/test_no_loss_pages.py does it in the app mode."""
from __future__ import annotations

import html
import json

import pytest

import concordia_core as cc
from widgets.lessons import ch15_first_game
from widgets.support import saves
from widgets.table import Seat, TableApp, TableLauncher
from widgets.table.autosave import Autosave

NAME = "game in progress"
SEATS = [Seat("Aiko", "human"), Seat("Livia", "greedy")]


@pytest.fixture(autouse=True)
def saves_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CONCORDIA_SAVES", str(tmp_path / "saves"))
    return tmp_path / "saves"


def first_card(table: TableApp) -> None:
    """The bots play until it is a person's turn; the person plays the first card play the hints offer (its whole
    play), and the bots answer."""
    table.run_bots()
    table.confirm()                        # a person's turn at a hot seat: they take the device
    table.show_hints(1, final=False)
    assert table.play_hint(0)
    table.run_bots()


def saved_steps(name: str = NAME) -> int:
    return len(json.loads(saves.read(name))["game"]["actions"])


def test_no_loss_a_table_saves_itself_after_every_move_once_a_person_played(saves_folder):
    table = TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME)
    table.run_bots()                       # bots alone never make a save: nothing of a person's to lose yet
    assert not saves.exists(NAME) and table.saved_note.value == ""
    first_card(table)
    assert saves.exists(NAME) and saved_steps() == len(table.game.history) > 0
    assert f"“{NAME}”" in html.unescape(table.saved_note.value)
    before = saved_steps()
    first_card(table)
    assert saved_steps() == len(table.game.history) > before


def test_no_loss_opened_again_the_table_offers_the_game_at_the_same_move():
    table = TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME)
    first_card(table)
    first_card(table)
    again = TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME)
    assert again.offer is not None and again.offer.layout.display is None
    words = html.unescape(again.offer.text.value)
    assert f"saved on its own as “{NAME}”" in words and "round 3, turn 2 of 2" in words, words
    assert len(again.game.history) == 0
    again.offer.go_on_button.click()
    assert [s.action for s in again.game.history] == [s.action for s in table.game.history]
    assert again.state.actor == "Aiko" and again.offer.layout.display == "none"


def test_no_loss_start_afresh_keeps_the_save_until_the_new_game_moves():
    first_card(TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME))
    kept = saves.read(NAME)
    fresh = TableApp(SEATS, "italia", seed=9, auto=False, autosave=NAME)
    fresh.offer.afresh_button.click()
    assert fresh.offer.layout.display == "none" and saves.read(NAME) == kept
    first_card(fresh)
    assert json.loads(saves.read(NAME))["game"]["seed"] == 9


def test_no_loss_a_finished_or_unreadable_game_is_not_offered(saves_folder):
    bots_only = TableApp([Seat("Aiko", "greedy"), Seat("Livia", "greedy")], "italia", seed=4, auto=False)
    bots_only.run_bots()                   # a whole game, to its end
    assert bots_only.state.over
    saves.write(NAME, bots_only.save())
    assert Autosave(NAME).in_progress() is None
    assert TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME).offer.layout.display == "none"
    saves.write(NAME, "{not a table")
    assert Autosave(NAME).in_progress() is None


def test_no_loss_a_save_that_cannot_be_made_is_said_plainly(monkeypatch):
    def refuse(name: str, text: str) -> None:
        raise PermissionError(13, "Permission denied", name)
    monkeypatch.setattr(saves, "write", refuse)
    table = TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME)
    first_card(table)
    words = html.unescape(table.saved_note.value)
    assert "could not be saved on its own" in words and "Traceback" not in words
    assert "PermissionError" not in words and "Errno" not in words


def test_no_loss_a_table_being_played_asks_before_its_page_is_left():
    table = TableApp(SEATS, "italia", seed=4, auto=False, autosave=NAME)
    assert "cc-game-in-progress" not in table._dom_classes
    first_card(table)
    assert "cc-game-in-progress" in table._dom_classes


def test_no_loss_chapter_15_form_and_table_offer_their_games(saves_folder):
    table = ch15_first_game.first_game_table(auto=False)
    first_card(table)
    assert saves.exists(cc._("first game in progress"))
    assert ch15_first_game.first_game_table(auto=False).offer.layout.display is None
    launcher = ch15_first_game.table_form()
    assert launcher.offer is not None and launcher.offer.layout.display == "none"   # its own slot: none yet
    started = launcher.start(launcher.form.setup())
    assert started.offer is None                       # the form's table offers nothing: the form did
    first_card(started)
    assert saves.exists(cc._("table in progress"))
    again = TableLauncher(players=3, autosave=cc._("table in progress"))
    assert again.offer.layout.display is None
    again.offer.go_on_button.click()
    assert again.table is not None and len(again.table.game.history) == len(started.game.history)
