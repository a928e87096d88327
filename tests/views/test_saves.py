"""The saves folder takes names, never paths: `../`, absolute paths, folders and hidden names are refused
before any file is touched; plain names (any script) round-trip."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from widgets.support import saves, visitor


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(folder))
    monkeypatch.delenv("CONCORDIA_APP", raising=False)
    monkeypatch.delenv(visitor.ENVIRONMENT_VARIABLE, raising=False)
    return folder


@pytest.mark.parametrize("name", ["../escape", "../../etc/passwd", "/etc/passwd", "/tmp/x", "sub/dir", "a\\b",
                                  ".hidden", "..", "a..b", "", "   ", "C:evil", "name\x00null", "~/home", "x" * 61])
def test_save_names_that_are_paths_are_refused_and_nothing_is_written(name: str, tmp_path: Path,
                                                                     saves_folder: Path) -> None:
    before = sorted(tmp_path.rglob("*"))
    with pytest.raises(saves.SaveNameError):
        saves.write(name, "{}")
    with pytest.raises(saves.SaveNameError):
        saves.read(name)
    assert sorted(tmp_path.rglob("*")) == before + ([saves_folder] if saves_folder not in before else [])


def test_plain_names_round_trip_inside_the_folder(saves_folder: Path) -> None:
    path = saves.write("Friday game 2", '{"a": 1}')
    assert path.parent == saves_folder.resolve()
    assert path.name == "Friday game 2.json"
    assert saves.read("Friday game 2") == '{"a": 1}'
    assert saves.read("Friday game 2.json") == '{"a": 1}'
    saves.write("金曜日のゲーム", "{}")
    assert saves.names() == ["Friday game 2", "金曜日のゲーム"]


def test_a_missing_save_is_a_plain_sentence() -> None:
    with pytest.raises(saves.SaveNameError, match="there is no save called 'nothing-here'"):
        saves.read("nothing-here")


# --- the app mode: a folder per visitor, caps ---------------------------------------------------------------
VISITOR_A, VISITOR_B = "a" * 32, "b" * 32


@pytest.fixture
def app_mode(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("CONCORDIA_APP", "1")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    return monkeypatch


def test_private_saves_in_the_app_each_visitor_has_a_folder(app_mode: pytest.MonkeyPatch, saves_folder: Path) -> None:
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, VISITOR_A)
    saves.write("friday", "A")
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, VISITOR_B)
    assert saves.names() == [] and not saves.exists("friday")
    with pytest.raises(saves.SaveNameError, match="there is no save called 'friday'"):
        saves.read("friday")
    saves.write("friday", "B")
    assert saves.read("friday") == "B"
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, VISITOR_A)
    assert saves.read("friday") == "A"
    assert sorted(p.relative_to(saves_folder).as_posix() for p in saves_folder.rglob("*.json")) == [
        f"visitors/{VISITOR_A}/friday.json", f"visitors/{VISITOR_B}/friday.json"]


@pytest.mark.parametrize("bad", ["../x", "..", "", "A" * 32, "a" * 31, f"{'a' * 32}/../{'b' * 32}", "/etc"])
def test_private_saves_an_id_that_is_not_the_servers_is_no_folder(app_mode: pytest.MonkeyPatch, saves_folder: Path,
                                                                  bad: str) -> None:
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, bad)
    before = sorted(saves_folder.parent.rglob("*"))
    assert saves.names() == []
    with pytest.raises(saves.SaveNameError, match="no visitor id"):
        saves.write("friday", "x")
    with pytest.raises(saves.SaveNameError, match="no visitor id"):
        saves.read("friday")
    assert sorted(saves_folder.parent.rglob("*")) == before + ([saves_folder] if saves_folder not in before else [])


def test_private_saves_caps_per_visitor_and_in_all(app_mode: pytest.MonkeyPatch, saves_folder: Path) -> None:
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, VISITOR_A)
    app_mode.setattr(saves, "MAX_SAVES_PER_VISITOR", 3)
    for n in range(3):
        saves.write(f"game {n}", "{}")
    with pytest.raises(saves.SaveNameError, match="you have 3 saves, the most this tutor keeps for one visitor"):
        saves.write("game 3", "{}")
    saves.write("game 0", '{"again": 1}')              # saving over an earlier save is always possible
    app_mode.setattr(saves, "MAX_BYTES_PER_VISITOR", 10)
    with pytest.raises(saves.SaveNameError, match="your saves take all the room"):
        saves.write("game 1", "x" * 20)
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, VISITOR_B)
    app_mode.setattr(saves, "MAX_SAVES_IN_ALL", 3)
    with pytest.raises(saves.SaveNameError, match="saves folder is full"):
        saves.write("mine", "{}")
    assert saves.names() == []
    app_mode.setattr(saves, "MAX_BYTES", 5)
    with pytest.raises(saves.SaveNameError, match="too large to save"):
        saves.write("mine", "x" * 6)


def test_a_preheated_page_lists_its_visitors_saves_once_the_request_comes(app_mode: pytest.MonkeyPatch) -> None:
    app_mode.setenv(visitor.ENVIRONMENT_VARIABLE, VISITOR_A)
    saves.write("friday", "{}")
    app_mode.delenv(visitor.ENVIRONMENT_VARIABLE)
    app_mode.setenv("VOILA_PREHEAT", "True")
    arrived = threading.Event()

    def request_arrives() -> None:                    # what Voila's wait_for_request does when a visitor comes
        arrived.wait(10)
        os.environ[visitor.ENVIRONMENT_VARIABLE] = VISITOR_A
    import voila.utils
    app_mode.setattr(voila.utils, "wait_for_request", request_arrives)
    from widgets.parts.save_box import SavesBox
    box = SavesBox(lambda: "{}", lambda text: None)
    assert box.choice.options == ()
    arrived.set()
    deadline = time.monotonic() + 10
    while not box.choice.options and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [value for _label, value in box.choice.options] == ["friday"]
