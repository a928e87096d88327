"""The saves folder takes names, never paths: `../`, absolute paths, folders and hidden names are refused
before any file is touched; plain names (any script) round-trip."""
from __future__ import annotations

from pathlib import Path

import pytest

from widgets.support import saves


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(folder))
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
