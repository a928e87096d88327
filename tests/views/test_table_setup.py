"""Setting up a table without code: the form's checks (player counts per map from the maps, bot levels from the
bots package), starting a table from it, and saving and loading by NAME only (bad names refused, unreadable or
unwritable files told in plain sentences, nothing changed)."""
from __future__ import annotations

import html

import pytest

import concordia_core as cc
from concordia_core import bots
from widgets.table import Seat, TableApp, TableForm, TableLauncher, kind_label


@pytest.fixture(autouse=True)
def saves_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CONCORDIA_SAVES", str(tmp_path / "saves"))
    return tmp_path / "saves"


def form(players: int = 3) -> TableForm:
    started = []
    f = TableForm(started.append, players=players)
    f.started = started  # type: ignore[attr-defined]
    return f


def test_form_offers_the_counts_of_the_maps_and_the_levels_of_the_bots():
    f = form()
    assert [v for _l, v in f.count.options] == list(cc.player_counts())
    assert [v for _l, v in f.kinds[0].options] == ["human", "random", "easy", "greedy", "strong"]   # weakest first
    assert kind_label("human") == "a person at this screen"
    assert kind_label("greedy").startswith("practice bot (greedy): ")
    assert kind_label("brand-new") == "practice bot (brand-new)"      # a level added later still reads
    assert [v for _l, v in f.map.options] == ["", "italia", "imperium"]
    assert f.map.options[1][0] == "Italia (2 to 4 players)"
    assert [r.layout.display for r in f.rows] == [None, None, None, "none", "none"]
    f.count.value = 5
    assert [r.layout.display for r in f.rows] == [None] * 5


@pytest.mark.usefixtures("japanese")
def test_japanese_form_names_every_bot_level_in_japanese():
    """The levels are words for the learner, not the code's keys: 練習ボット（欲ばり）, never （greedy）."""
    labels = {level: kind_label(level) for level in bots.LEVELS}
    assert labels["greedy"].startswith("練習ボット（欲ばり）")
    assert labels["random"].startswith("練習ボット（ランダム）")
    assert labels["easy"].startswith("練習ボット（やさしい）")
    assert labels["strong"].startswith("練習ボット（強い）")
    assert not [label for label in labels.values() if any(level in label for level in bots.LEVELS)]
    assert cc.learner_name() == "あなた"


def test_the_learner_is_you_in_english():
    assert cc.learner_name() == "You"
    assert cc.possessive(cc.learner_name()) == "your"
    assert bots.level_name("greedy") == "greedy"


def test_form_starts_a_table_with_what_it_shows():
    f = form()
    f.seed.value = "12"
    f.start.click()
    assert f.errors.value == ""
    (setup,) = f.started
    assert setup.seats == (Seat("Aiko", "human"), Seat("Ben", "human"), Seat("Livia", "greedy"))
    assert (setup.map_name, setup.seed, setup.first_game) == ("italia", 12, True)
    f.seed.value = "random"
    assert 1 <= f.setup().seed < 1_000_000
    f.count.value = 5
    assert f.setup().map_name == "imperium"                          # the map that takes 5 (R-SETUP-1)


def test_form_lists_every_bad_choice_in_plain_sentences_and_starts_nothing():
    f = form()
    f.names[1].value = "Aiko"
    f.names[2].value = "   "
    f.count.value = 5
    f.names[3].value = "A" * 30
    f.map.value = "italia"
    f.seed.value = "seven"
    f.start.click()
    assert f.started == []
    text = f.errors.value
    assert "Seat 3 needs a name." in text
    assert "Aiko sits at two seats: give each player their own name." in text
    assert "The name in seat 4 is longer than 20 characters." in text
    assert "Italia is for 2 to 4 players (R-SETUP-1); with 5 players choose Imperium." in text
    assert "The seed is a whole number (the same seed deals the same game) or the word random; “seven” is neither." \
        in text
    assert "Traceback" not in text
    with pytest.raises(cc.SetupError):
        f.setup()
    f.count.value, f.map.value = 2, "imperium"
    assert "Imperium is for 3 to 5 players (R-SETUP-1); with 2 players choose Italia." in " ".join(f.problems())


def test_launcher_starts_the_table_in_place_of_the_form_and_comes_back():
    launcher = TableLauncher(auto=False)
    launcher.form.seed.value = "5"
    launcher.form.start.click()
    table = launcher.table
    assert isinstance(table, TableApp)
    assert launcher.holder.children == (table,)
    assert launcher.form.layout.display == "none"
    assert launcher.again.layout.display is None
    assert [s.name for s in table.model.seats] == ["Aiko", "Ben", "Livia"]
    assert table.game.seed == 5
    assert "seed 5" in table.status.value
    launcher.again.click()
    assert launcher.table is None
    assert launcher.form.layout.display is None


def test_launcher_resumes_a_saved_table_by_name(saves_folder):
    table = TableApp([Seat("Aiko"), Seat("Livia", "greedy")], "italia", seed=4)
    assert table.save_file("friday game")
    launcher = TableLauncher(auto=False)
    assert [v for _l, v in launcher.resume.choice.options] == ["friday game"]
    launcher.resume.load_button.click()
    assert launcher.table is not None
    assert launcher.table.state == table.state
    assert "Loaded: round " in launcher.resume.status.value


@pytest.mark.parametrize("name, words", [
    ("../outside", "is not a plain name"),
    ("/etc/passwd", "is not a plain name"),
    (".hidden", "is not a plain name"),
    ("", "give the save a name"),
])
def test_bad_save_names_are_refused_before_any_file_is_touched(saves_folder, name, words):
    table = TableApp([Seat("Aiko"), Seat("Livia", "greedy")], "italia", seed=4)
    assert not table.save_file(name)
    assert words in table.files.status.value
    assert not any(p.suffix == ".json" for p in saves_folder.rglob("*")) if saves_folder.exists() else True
    before = table.state
    assert not table.load_file(name)
    assert table.state is before


@pytest.mark.parametrize("name", ["..\\x", "tess vs livia!"])
def test_a_refused_save_name_is_quoted_as_typed(saves_folder, name):
    """The refusal quotes the name as the learner typed it: no Python quotes, no doubled backslashes."""
    table = TableApp([Seat("Aiko"), Seat("Livia", "greedy")], "italia", seed=4)
    assert not table.save_file(name)
    assert f"“{name}” is not a plain name" in html.unescape(table.files.status.value)
    assert "\\\\" not in table.files.status.value and "'" + name not in table.files.status.value


def test_a_save_that_cannot_be_written_is_a_plain_sentence(monkeypatch):
    from widgets.support import saves

    def refuse(name: str, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(saves.path_for(name)))

    table = TableApp([Seat("Aiko"), Seat("Livia", "greedy")], "italia", seed=4)
    monkeypatch.setattr(saves, "write", refuse)
    table.files.name.value = "friday"
    table.files.save_button.click()                    # a guarded callback: no "Internal error", no traceback
    assert "cannot write friday: permission denied" in table.files.status.value
    assert "Traceback" not in table.files.status.value


def test_a_save_that_cannot_be_read_is_a_plain_sentence(saves_folder):
    table = TableApp([Seat("Aiko"), Seat("Livia", "greedy")], "italia", seed=4)
    before = table.state
    saves_folder.mkdir(parents=True, exist_ok=True)
    (saves_folder / "broken.json").write_bytes(b"\xff\xfe not text")
    assert not table.load_file("broken")
    assert "cannot read broken: it is not a text file" in table.files.status.value
    assert table.state is before
