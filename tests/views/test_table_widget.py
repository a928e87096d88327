"""The table widget: bots-only games to the final screen, a person against a bot through the controls,
hot-seat hiding, hints against score(), the first-game intermediate scoring, save and resume, and the
chapter-15 checker. Driven without a browser (`.value`, `.click()`, the table's methods)."""
from __future__ import annotations

import json
import re

import pytest

import concordia_core as cc
from concordia_core.errors import RecordError
from widgets.lessons import ch13_end, ch15_first_game
from widgets.screen import controls as ctl
from widgets.table import Seat, TableApp, default_map, tie_explanation


@pytest.fixture(autouse=True)
def saves_folder(tmp_path, monkeypatch):
    """Every save of these tests goes to a temporary folder."""
    monkeypatch.setenv("CONCORDIA_SAVES", str(tmp_path / "saves"))
    return tmp_path / "saves"


def shown_ranking(table: TableApp) -> list[str]:
    block = re.search(r"<ol class='ranking'>(.*?)</ol>", table.final.value, re.S)
    assert block, "the final screen shows no ranking"
    return re.findall(r"<li><b>(.*?)</b>", block.group(1))


def play_person_step(table: TableApp) -> None:
    """The person who must act plays a step through the controls: a card from the hand, else the first
    legal step typed in the notation box (both end in ActionControls.attempt, like the buttons)."""
    controls = table.view.controls
    legal = table.game.legal_actions()
    before = len(table.game.history)
    if isinstance(controls.panel, ctl.CardPicker):
        card = next(a.card for a in legal if isinstance(a, cc.PlayCard))
        assert controls.hand_row.pick(f"card:{card}")
        controls.panel.apply.click()
    else:
        controls.notation.value = str(legal[0])
        controls.notation_go.click()
    assert controls.message.value == "", controls.message.value
    assert len(table.game.history) > before


# --- bots only, whole games ---------------------------------------------------------------------------
@pytest.mark.parametrize("map_name, kinds, seed", [
    (None, ["greedy", "random"], 2),
    ("italia", ["greedy", "random", "greedy", "random"], 1),
    ("imperium", ["random", "greedy", "random", "greedy"], 1),
])
def test_widget_table_bots_play_whole_game_to_final_screen(map_name, kinds, seed):
    seats = [Seat(f"Bot {i}", k) for i, k in enumerate(kinds, start=1)]
    table = TableApp(seats, map_name, seed=seed, auto=False)
    assert table.game.map_name == (map_name or "italia")
    assert table.final.value == ""
    assert not table.bot_button.disabled
    table.bot_button.click()
    state = table.state
    assert state.over
    assert shown_ranking(table) == cc.final_ranking(state)
    assert "Final score" in table.final.value
    assert "Vesta" in table.final.value
    for p in state.players:
        assert f">{cc.score(state, p.name).total}</th>" in table.final.value
    assert len(table.model.bot_moves) == len(table.game.history)
    assert all(m.reason for m in table.model.bot_moves)
    assert isinstance(table.view.controls.panel, ctl.GameOverPanel)
    assert table.bot_button.disabled
    log = table.view.history.entries
    assert "The game is over" in log[-1].text
    assert "Why: " in table.view.history.listing.value          # the bots' reasons under their moves


def test_widget_table_auto_mode_plays_bots_only_game_at_once():
    table = TableApp([Seat("A", "random"), Seat("B", "greedy"), Seat("C", "random")], seed=2)
    assert table.state.over
    assert shown_ranking(table) == cc.final_ranking(table.state)


def test_widget_table_map_by_player_count_and_bad_seats():
    assert [default_map(n) for n in (2, 3, 4, 5)] == ["italia", "italia", "italia", "imperium"]
    table = TableApp([Seat(f"P{i}", "random") for i in range(5)], seed=1, auto=False)
    assert table.game.map_name == "imperium"
    with pytest.raises(cc.SetupError, match="2 to 5 seats"):
        TableApp([Seat("Solo")])
    with pytest.raises(cc.SetupError, match="kinds are human, random, easy, greedy, strong"):
        TableApp([Seat("A", "genius"), Seat("B")])
    with pytest.raises(cc.SetupError, match="same name"):
        TableApp([Seat("A"), Seat("A", "greedy")])


# --- a person against a bot ---------------------------------------------------------------------------
def test_widget_table_person_plays_against_greedy_bot():
    table = TableApp([Seat("You", "human"), Seat("Livia", "greedy")], "italia", seed=3)
    assert table.state.actor == "You"              # the bot moved first by itself (auto mode)
    # the only person at the table holds the device from the start: no pass screen, the board shows
    assert table.pass_screen.layout.display == "none"
    assert not table.model.waiting_for_pass()
    assert table.model.viewer == "You"
    assert table.view.layout.display is None
    board = {b.name: b.value for b in table.view.boards}
    assert "(hidden)" in board["Livia"]
    assert "(hidden)" not in board["You"]
    cards_played = 0
    for _ in range(200):                            # a few whole turns of the person, each to its end
        if table.state.over or (cards_played == 4 and table.state.pending is None):
            break
        assert table.state.actor == "You"
        assert not table.model.waiting_for_pass()   # one person: no pass screen again
        cards_played += isinstance(table.view.controls.panel, ctl.CardPicker)
        play_person_step(table)
    assert cards_played == 4 or table.state.over
    assert table.model.bot_moves
    assert all(m.player == "Livia" and m.reason for m in table.model.bot_moves)
    log = table.view.history.entries
    assert {e.player for e in log} == {"You", "Livia"}              # every move of every player, in one log
    assert any(e.text.startswith("You played the ") for e in log)


def test_widget_table_shows_a_waiting_line_on_a_bot_turn_and_refuses_person_steps():
    table = TableApp([Seat("You", "human"), Seat("Livia", "greedy")], "italia", seed=3, auto=False)
    assert table.state.actor == "Livia"
    assert isinstance(table.view.controls.panel, ctl.WaitPanel)
    assert "Livia (practice bot) is choosing" in table.view.controls.panel.info.value
    assert not table.play("play TRIBUNE")
    assert "Livia" in table.view.controls.message.value
    assert table.bot_step() == 1
    assert table.model.bot_moves[0].step == 1
    assert table.model.bot_moves[0].action.startswith("played the ")   # the step in words, not notation


def test_widget_table_pass_device_between_two_people_hides_other_hand():
    table = TableApp([Seat("Aiko", "human"), Seat("Ben", "human"), Seat("Bot", "random")], "italia", seed=5)
    first = table.state.actor
    assert first in ("Aiko", "Ben")
    other = "Ben" if first == "Aiko" else "Aiko"
    assert f"Pass the device to {first}" in table.pass_message.value
    assert table.confirm_button.description == f"I am {first} — show my hand"
    assert table.view.layout.display == "none"
    assert "<img src='data:image/svg+xml;base64," in table.pass_screen.picture.value   # a small map
    table.confirm_button.click()
    boards = {b.name: b for b in table.view.boards}
    mine = table.state.player(first)
    assert "(hidden)" not in boards[first].value
    assert cc.card(mine.hand[0]).display_name in boards[first].value
    n = len(table.state.player(other).hand)
    assert f"Hand: <i>{n} cards (hidden)</i>" in boards[other].value
    assert "Hand: <i>" in boards["Bot"].value
    while table.state.actor == first:
        play_person_step(table)
    assert table.state.actor == other           # the bot played (auto) if it sat between them
    assert table.model.waiting_for_pass()
    assert f"Pass the device to {other}" in table.pass_message.value
    assert table.view.layout.display == "none"
    assert not table.show_hints()
    assert "person holding the device" in table.hint_html.value
    table.confirm_button.click()
    assert "(hidden)" not in boards[other].value
    assert "(hidden)" in boards[first].value


def test_widget_table_hints_agree_with_score():
    table = TableApp([Seat("You", "human"), Seat("Livia", "greedy")], "italia", seed=3)
    state = table.state
    table.hint_button.click()
    hints = table.final_hints()
    assert 1 <= len(hints) <= 3
    before = cc.score(state, "You").by_god()
    for h in hints:
        after = cc.score(h.result, "You").by_god()
        assert dict(h.score_change) == {g: after[g] - before[g] for g in before}
        assert h.total_change == cc.score(h.result, "You").total - cc.score(state, "You").total
        assert h.reason in table.hint_html.value.replace("&#x27;", "'")
    assert len(table.hints.play_buttons) == len(hints)
    step = len(table.game.history)
    table.hints.play_buttons[0].click()
    assert table.game.history[step].action == hints[0].action
    assert table.hint_html.value == ""          # hints belong to the position they were asked in


# --- first-game intermediate scoring ------------------------------------------------------------------
def test_widget_table_shows_intermediate_scoring():
    table = TableApp([Seat("A", "greedy"), Seat("B", "random"), Seat("C", "greedy")], "italia", seed=2, auto=False)
    assert "First-game intermediate scoring" in table.mid.value
    assert "not played yet" in table.mid.value
    while all(r is None for r in table.state.mid_scores):
        assert table.run_bots(max_steps=10)
    state = table.state
    i = next(k for k, r in enumerate(state.mid_scores) if r is not None)
    name = state.players[i].name
    assert f"recorded {state.mid_scores[i]} points" in table.mid.value
    assert any(f"{name}'s first Tribune: scored as in final scoring" in e.text for e in table.view.history.entries)
    while table.state.mid_payout is None:
        assert table.run_bots(max_steps=20)
    assert "the prizes are paid (R-MID-3). The highest gets 2 coins, the next 1. Tied players" in table.mid.value
    assert "Tied players share their place and its prize, and the next place is skipped." in table.mid.value
    for p, coins in zip(table.state.players, table.state.mid_payout, strict=True):
        assert re.search(rf"{p.name}: \d+ points?, place \d[^<]*→ {cc.coins_text(coins)}", table.mid.value)
    assert any("Everyone has a record; prizes paid" in e.text for e in table.view.history.entries)


def test_widget_table_standard_game_has_no_intermediate_scoring():
    table = TableApp([Seat("A", "random"), Seat("B", "random")], seed=1, first_game=False, auto=False)
    assert table.mid.value == ""
    assert "standard game" in table.status.value


def test_widget_tie_explained_in_words():
    state = ch13_end.tie_state()                       # Aiko and Chloe tie; Dario holds Praefectus Magnus
    text = tie_explanation(state)
    winner = cc.final_ranking(state)[0]
    assert winner == "Chloe"
    assert "Chloe and Aiko tie" in text      # listed in ranking order
    assert "Praefectus Magnus passes to the right" in text
    assert "R-SCORE-9" in text
    assert "Dario → " in text
    held = tie_explanation(ch13_end.tie_scenario("Aiko").build())
    assert "Aiko holds the Praefectus Magnus, so Aiko ranks first" in held


# --- save and resume ----------------------------------------------------------------------------------
def test_widget_table_save_and_load_resume(saves_folder):
    table = TableApp([Seat("You", "human"), Seat("Livia", "greedy"), Seat("Rex", "random")], "italia", seed=3)
    for _ in range(3):
        play_person_step(table)
    text = table.save()
    data = json.loads(text)
    assert [s["kind"] for s in data["seats"]] == ["human", "greedy", "random"]
    assert data["seats"][1]["seed"] is not None
    assert data["game"]["actions"] == table.game.actions
    again = TableApp.load(text)
    assert again.state == table.state
    assert again.model.seats == table.model.seats
    assert again.model.viewer == table.model.viewer
    assert again.game.actions == table.game.actions
    # through the boxes, by name
    table.files.name.value = "first game"
    table.files.save_button.click()
    assert (saves_folder / "first game.json").exists()
    assert "Saved as first game." in table.files.status.value
    other = TableApp([Seat("X", "random"), Seat("Y", "random")], seed=9, auto=False)
    other.files.refresh_names()
    other.files.choice.value = "first game"
    other.files.load_button.click()
    assert other.state == table.state
    assert other.model.seats == table.model.seats
    assert "Loaded: round " in other.files.status.value
    assert [b.name for b in other.view.boards] == [p.name for p in table.state.players]


@pytest.mark.parametrize("text, words", [
    ("{not json", "not valid JSON"),
    ('{"format": "other"}', "not a saved Concordia table"),
    ('{"format": "concordia-tutor-table", "version": 1, "seats": [], "game": null}', "seats are invalid"),
    ('{"format": "concordia-tutor-table", "version": 1, "seats": [{"name": "A", "kind": "human"}, '
     '{"name": "B", "kind": "human"}], "game": {"format": "nope"}}', "not a Concordia Tutor game record"),
])
def test_widget_table_load_bad_text_explained(saves_folder, text, words):
    with pytest.raises(RecordError, match=words):
        TableApp.load(text)
    table = TableApp([Seat("A", "random"), Seat("B", "random")], seed=1, auto=False)
    before = table.state
    saves_folder.mkdir(parents=True, exist_ok=True)
    (saves_folder / "bad.json").write_text(text)
    assert not table.load_file("bad")
    assert "cannot load bad:" in table.files.status.value
    assert words.split()[0] in table.files.status.value
    assert "Traceback" not in table.files.status.value
    assert table.state is before
    assert not table.load_file("missing")
    assert "there is no save called" in table.files.status.value


# --- chapter 15 -------------------------------------------------------------------------------------------
def test_widget_ch15_hint_exercise_accepts_hint_and_rejects_other_step():
    ex = ch15_first_game.make_hint_exercise()
    table = ex.table
    assert not ex.check()
    assert "not played yet" in ex.verdict.message
    table.show_hints()
    table.final_hints()
    assert table.play_hint(0)
    assert ex.check(), ex.verdict.message
    assert "hint 1" in ex.feedback.value

    wrong_ex = ch15_first_game.make_hint_exercise()
    t2 = wrong_ex.table
    t2.show_hints()
    shown = {h.action for h in t2.final_hints()}
    other = next(a for a in t2.game.legal_actions() if a not in shown)
    assert t2.play(other)
    verdict = wrong_ex.check()
    assert not verdict
    assert "not one of the hints" in verdict.message


def test_widget_ch15_bot_demo_tells_moves_with_reasons():
    moves = ch15_first_game.bot_moves(steps=6)
    assert len(moves) == 6
    assert all(m.reason and m.action for m in moves)
    demo = ch15_first_game.bot_demo(steps=6)
    assert "Livia played the" in demo.value
    assert "You" not in demo.value
    assert "Why: " in demo.value


def test_widget_ch15_hot_seat_table_waits_with_the_pass_screen():
    table = ch15_first_game.hot_seat_table()
    assert table.model.waiting_for_pass()
    assert "since your last turn" in table.pass_screen.since.value
    assert table.pass_screen.since.value.count("<li>") >= 2
