"""The save box's Download and Upload (widgets/parts/save_box.py), which the static site needs (its saves folder lives
in the browser) and the app mode and JupyterLab have too: Download makes a link holding exactly what Save would
write, Upload loads a file through the owner's own load (the table's: `cc.parse_json`, then the save format), and a
file that is not a save is refused in a sentence, nothing changed."""
from __future__ import annotations

import base64
import datetime
import re
from pathlib import Path

import pytest

import concordia_core as cc
from widgets.parts.save_box import SavesBox
from widgets.support import saves
from widgets.table import Seat, TableApp


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TableApp:
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(tmp_path))
    return TableApp([Seat("Aiko"), Seat("Ben")], "italia", 7, True, auto=False)


def linked_text(box: SavesBox) -> tuple[str, str]:
    """The Download link's file name and the text it holds."""
    found = re.search(r"download='([^']+)' href='data:application/json;charset=utf-8;base64,([^']+)'", box.download.value)
    assert found, box.download.value
    return found.group(1), base64.b64decode(found.group(2)).decode("utf-8")


def test_site_download_holds_what_save_writes_and_upload_resumes_it(table: TableApp) -> None:
    table.game.play("play MERCATOR")
    table.game.play("done")
    box = table.files
    assert box.offer_download("friday game")
    name, text = linked_text(box)
    assert name == "friday game.json"
    assert text == table.save()
    assert saves.names() == []                       # nothing is stored by a download
    steps = len(table.game.history)
    table.undo()
    assert len(table.game.history) < steps
    assert box.load_upload(name, text.encode("utf-8"))
    assert len(table.game.history) == steps
    assert "cc-ok" in box.status.value


def test_site_download_names_a_file_even_without_a_plain_name(table: TableApp) -> None:
    assert table.files.offer_download("../etc")
    assert linked_text(table.files)[0] == "concordia-save.json"


@pytest.mark.parametrize("content, said", [
    (b"{" * 5000 + b"}" * 5000, "cannot load"),                  # nested past the limit: cc.parse_json refuses
    (b'{"n": ' + b"9" * 400 + b"}", "cannot load"),              # a number longer than any save holds
    (b"\xff\xfe not text", "it is not a text file"),
    (b'{"format": "something else"}', "cannot load"),
    (b" " * (saves.MAX_BYTES + 1), "too large"),
])
def test_site_upload_refuses_what_is_not_a_save_and_changes_nothing(table: TableApp, content: bytes, said: str) -> None:
    table.game.play("play MERCATOR")
    before = table.game.to_json()
    assert not table.files.load_upload("odd.json", content)
    assert said in table.files.status.value and "cc-problem" in table.files.status.value
    assert table.game.to_json() == before


def test_site_upload_through_the_widget_is_forgotten_after_loading(table: TableApp) -> None:
    text = table.save()
    table.game.play("play MERCATOR")
    table.files.upload.value = ({"name": "mine.json", "type": "application/json", "size": len(text),
                                 "content": memoryview(text.encode("utf-8")),
                                 "last_modified": datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)},)
    assert len(table.game.history) == 0
    assert table.files.upload.value == ()
    assert cc.Game.from_json(table.game.to_json()).state == table.game.state


def test_site_a_box_without_save_has_upload_and_no_download() -> None:
    box = SavesBox(None, lambda text: None)
    assert box.upload in box.children[0].children
    assert box.download not in box.children
    assert not box.offer_download("x")
