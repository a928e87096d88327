"""Inputs that used to escape the plain messages: a save nested 200,000 deep, a 5000-digit seed (in a file and in
the seed box), a 30-digit seed, a link in the saves folder, a planted link at the temporary name. Each is refused
with a plain sentence naming the problem, before anything is parsed or converted, and nothing changes; the status
line shows the latest outcome."""
from __future__ import annotations

import html
import json
import os
from pathlib import Path

import pytest

import concordia_core as cc
from widgets.realtable.pad import ScoringPad
from widgets.support import saves
from widgets.table import Seat, TableApp
from widgets.table.form import TableForm

DEEP = "[" * 200_000 + "]" * 200_000


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(folder))
    monkeypatch.delenv("CONCORDIA_APP", raising=False)
    folder.mkdir()
    return folder


def _record_with_seed(digits: str) -> str:
    text = cc.new_game("italia", ["Aiko", "Ben"], seed=7).to_json()
    return text.replace('"seed": 7', f'"seed": {digits}', 1)


def _table() -> TableApp:
    return TableApp([Seat("Aiko"), Seat("Livia", "random")], "italia", seed=4, auto=False)


@pytest.mark.parametrize("text, words", [
    (DEEP, "nested more than 64 levels deep"),
    ('{"format": "concordia-tutor-game", "version": 2, "x": ' + DEEP[:1000] + DEEP[-1000:] + "}",
     "nested more than 64 levels deep"),
    (_record_with_seed("9" * 5000), "a number of 5000 digits"),
    (_record_with_seed("1" * 30), "a number of 30 digits"),
])
def test_record_shape_is_checked_before_parsing(text: str, words: str) -> None:
    with pytest.raises(cc.RecordError, match=words) as refused:
        cc.Game.from_json(text)
    assert "set_int_max_str_digits" not in str(refused.value) and "RecursionError" not in str(refused.value)


def test_digits_inside_a_name_are_not_a_number() -> None:
    text = cc.new_game("italia", ["Aiko", "9" * 50], seed=7).to_json()
    assert cc.Game.from_json(text).state.players[1].name == "9" * 50


@pytest.mark.parametrize("text, words", [
    (DEEP, "nested more than 64 levels deep"),
    ('{"format": "concordia-tutor-table", "version": 1, "seed": ' + "7" * 5000 + "}", "a number of 5000 digits"),
])
def test_table_load_box_refuses_deep_and_long_numbers_plainly(saves_folder: Path, text: str, words: str) -> None:
    table = _table()
    (saves_folder / "good.json").write_text(table.save(), encoding="utf-8")
    assert table.load_file("good")                      # an earlier message stands in the status line
    before = table.state
    (saves_folder / "hostile.json").write_text(text, encoding="utf-8")
    assert not table.load_file("hostile")
    status = table.files.status.value
    assert words in status and "Loaded" not in status   # the latest outcome, not the previous file's message
    assert "something went wrong" not in status and "set_int_max_str_digits" not in status
    assert table.state is before


def test_scoring_pad_refuses_a_deep_file_without_talking_of_a_game(saves_folder: Path) -> None:
    pad = ScoringPad()
    before = pad.entries
    (saves_folder / "deep.json").write_text(DEEP, encoding="utf-8")
    assert not pad.savebox.load_named("deep")
    status = pad.savebox.status.value
    assert "nested more than 64 levels deep" in status
    assert "game is unchanged" not in status and "RecursionError" not in status
    assert pad.entries is before


@pytest.mark.parametrize("seed, words", [
    ("9" * 5000, "is too large: a seed is a whole number from 0 to 2147483647"),
    ("1" * 30, "is too large: a seed is a whole number from 0 to 2147483647"),
    ("2147483648", "is too large"),
    ("²", "is neither"),
    ("-3", "is neither"),
])
def test_seed_box_refuses_plainly_before_converting(seed: str, words: str) -> None:
    started: list[object] = []
    form = TableForm(on_start=started.append)
    form.seed.value = seed
    assert form.submit() is None and not started
    shown = " ".join(form.problems())
    assert words in shown and "set_int_max_str_digits" not in shown
    assert len(shown) < 200                              # the value is shortened: the message fits the form


def test_seed_box_takes_the_largest_seed() -> None:
    form = TableForm()
    form.seed.value = "2147483647"
    assert form.problems() == [] and form.setup().seed == 2147483647


def test_a_link_in_the_saves_folder_is_never_listed_or_followed(saves_folder: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.json"
    secret.write_text(_table().save(), encoding="utf-8")
    (saves_folder / "linked.json").symlink_to(secret)
    (saves_folder / "folder.json").mkdir()
    os.mkfifo(saves_folder / "pipe.json")
    (saves_folder / "plain.json").write_text("{}", encoding="utf-8")
    assert saves.names() == ["plain"]
    table = _table()
    before = table.state
    for name in ("linked", "folder", "pipe"):
        assert not table.load_file(name)
        assert f"there is no save called '{name}'; saves: plain" in html.unescape(table.files.status.value)
        assert table.state is before
    assert (saves_folder / "linked.json").is_symlink() and secret.read_text(encoding="utf-8").startswith("{")


def test_saving_over_a_link_replaces_the_link_not_its_target(saves_folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("untouched", encoding="utf-8")
    (saves_folder / "game.json").symlink_to(target)
    saves.write("game", "{}")
    assert target.read_text(encoding="utf-8") == "untouched"
    assert not (saves_folder / "game.json").is_symlink() and (saves_folder / "game.json").read_text() == "{}"


def test_writes_never_follow_a_planted_temporary_name(saves_folder: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "target.txt"
    target.write_text("untouched", encoding="utf-8")
    (saves_folder / ".planted.tmp").symlink_to(target)
    (saves_folder / "game.tmp").symlink_to(target)      # the name the old code wrote through
    monkeypatch.setattr(saves.secrets, "token_hex", lambda n: "planted")
    with pytest.raises(FileExistsError):
        saves.write("game", "{}")
    assert target.read_text(encoding="utf-8") == "untouched" and not (saves_folder / "game.json").exists()
    monkeypatch.undo()
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(saves_folder))
    saves.write("game", '{"a": 1}')
    assert json.loads((saves_folder / "game.json").read_text()) == {"a": 1}
    assert target.read_text(encoding="utf-8") == "untouched"
    assert sorted(p.name for p in saves_folder.iterdir()) == [".planted.tmp", "game.json", "game.tmp"]


def test_saving_over_an_earlier_save_asks_first(saves_folder: Path) -> None:
    table = _table()
    box = table.files
    assert box.save_as("friday")
    first = (saves_folder / "friday.json").read_text(encoding="utf-8")
    table.game.play(table.game.legal_actions()[0])
    assert not box.save_as("friday")
    assert "already a save called friday" in box.status.value and box.confirm.layout.display is None
    assert (saves_folder / "friday.json").read_text(encoding="utf-8") == first
    box.keep_button.click()
    assert "nothing was saved" in box.status.value and box.confirm.layout.display == "none"
    assert (saves_folder / "friday.json").read_text(encoding="utf-8") == first
    assert not box.save_as("friday")
    box.replace_button.click()
    assert "Saved as friday." in box.status.value
    assert (saves_folder / "friday.json").read_text(encoding="utf-8") == table.save()
