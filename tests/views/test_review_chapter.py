"""Chapter 19: the review of a game on screen — the sample game's summary, the costliest decisions on the
board, trying the better line from there, a saved table reviewed by name — and its exercise."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import concordia_core as cc
from widgets.lessons import ch19_review as lesson
from widgets.support import saves
from widgets.table.seats import Seat
from widgets.table.table_screen import TableApp

REVIEW = sys.modules["concordia_core.bots.review"]


def test_the_sample_is_the_same_opening_every_time() -> None:
    game = lesson.sample_game()
    assert len(game.history) == lesson.SAMPLE_STEPS
    assert [p.name for p in game.initial.players] == ["You", "Livia"]
    assert game.actions[:3] == ["play MERCATOR", "sell 1 wine", "buy 1 brick"]   # the random bot, seed 40


@pytest.mark.slow  # reviews the sample game
def test_the_panel_shows_each_player_and_the_costliest_decisions_on_the_board() -> None:
    panel = lesson.review_panel()
    assert "You" in panel.summary.value
    assert "Livia" in panel.summary.value
    steps = [step for _label, step in panel.choices.options]
    assert steps
    assert len(steps) <= lesson.SHOWN             # the costliest; the rest folded under them
    charged = [d for d in panel.result.decisions if d.loss > 0]
    assert len(steps) + len(panel.more.options) == len(charged)
    chosen = panel.decision()
    assert chosen is not None
    assert chosen.loss > 0
    assert panel.board.state == lesson.sample_game().state_at(chosen.step)
    assert f"Step {chosen.step}, {chosen.player}" in panel.detail.value
    assert "Better, by about" in panel.detail.value
    # the verdict stands in a column beside the board, laid out as the game screen's (board.js fits the board
    # in a .cc-game-row to the window's height; the browser test measures it)
    [row] = [w for w in panel.children if "cc-game-row" in getattr(w, "_dom_classes", ())]
    board, side = row.children
    assert board is panel.board
    assert "cc-side" in side._dom_classes
    assert panel.detail in side.children and panel.choices in side.children


@pytest.mark.slow  # reviews the sample game
def test_review_a_charged_decision_opens_as_a_puzzle_at_that_moment(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(tmp_path))     # the puzzles are kept with the saves
    panel = lesson.review_panel()
    chosen = panel.decision()
    assert chosen is not None
    screen = panel.branch()
    assert screen is not None
    assert panel.play_area.children == (screen,)
    assert "Better, by about" not in panel.detail.value and "hidden" in panel.detail.value   # no answer above it
    charged = sorted(d.step for d in panel.result.decisions if d.loss > 0 and d.player == lesson.SAMPLE_PLAYERS[0])
    assert sorted(p.step for p in screen.model.found.puzzles) == charged     # every charged decision of yours
    assert screen.model.puzzle.step == chosen.step                          # open at the one chosen
    assert screen.model.game.state == lesson.sample_game().state_at(chosen.step)
    assert "Find a better play" in screen.task.value
    screen.model.game.play(chosen.best[0])          # the better line's first step is legal there
    assert len(lesson.sample_game().history) == lesson.SAMPLE_STEPS   # the sample itself is untouched



def test_a_table_saved_by_name_is_reviewed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENVIRONMENT_VARIABLE, str(tmp_path))
    table = TableApp([Seat("Aiko", "human"), Seat("Ben", "greedy", 3)], "italia", 5, False, auto=False)
    for step in ["play MERCATOR", "done"]:
        table.game.play(step)
    saves.write("two steps", table.save())
    panel = lesson.ReviewPanel()
    assert "two steps" in [value for _label, value in panel.source.options]
    panel.source.value = "two steps"
    panel.run()
    assert panel.result is not None
    assert panel.game is not None
    assert panel.game.actions == ["play MERCATOR", "done"]
    saves.write("broken", "{not json")
    panel.refresh_sources()
    panel.source.value = "broken"
    panel.run()
    assert "not a saved table" in panel.status.value


def _stored_gods(player: str) -> dict[str, float]:
    """The points `player` gave away per god in the stored sample review, added up from the file itself."""
    data = json.loads(lesson.SAMPLE_REVIEW.read_text(encoding="utf-8"))
    return {god: sum(d["by_god"].get(god, 0.0) for d in data["decisions"] if d["player"] == player) for god in cc.GODS}


def test_the_exercise_wants_the_god_you_lost_most_on() -> None:
    gods = _stored_gods("You")
    best = max(gods, key=lambda g: gods[g])
    other = min(gods, key=lambda g: gods[g])
    assert gods[best] > gods[other]
    assert lesson.check_worst_god(best)
    assert not lesson.check_worst_god("rivals") and not lesson.check_worst_god("coins")
    wrong = lesson.check_worst_god(other)
    assert not wrong
    assert cc.god_name(other) in wrong.message
    assert not lesson.check_worst_god("pluto")
    exercise = lesson.worst_god_exercise()
    assert exercise.reveal() == ""                # no answer before a try
    exercise.answer.value = other
    exercise.check()
    assert cc.god_name(best) in exercise.reveal()


def _charged_review(game: cc.Game, losses: list[float]) -> cc.bots.Review:
    """A review of `game` made by hand: one charged decision per loss, at the first steps where You chose, each
    given away on Saturnus, coins and goods, and Livia's score (4 : 3 : 1)."""
    steps = [n for n in range(len(game.history)) if game.state_at(n).actor == "You"
             and len(cc.legal_actions(game.state_at(n))) > 1][:len(losses)]
    decisions = []
    for n, loss in zip(steps, losses, strict=True):
        best = tuple(cc.legal_actions(game.state_at(n))[:1])
        split = {"saturnus": loss / 2, "coins": 3 * loss / 8, cc.bots.OTHER + "Livia": loss / 8}
        decisions.append(cc.bots.Decision(n, "You", game.history[n].action, best, -loss, 0.0, loss, loss / 4, split,
                                          "Play it"))
    return REVIEW.summary(game, decisions)


def test_review_summary_says_what_a_total_means_in_one_sentence_and_in_the_games_terms() -> None:
    game = lesson.sample_game()
    shown = lesson.summary_html(_charged_review(game, [8.0, 16.0])).replace("&#x27;", "'")
    sentence = lesson.honest_total()
    assert sentence in shown.replace("&#x27;", "'")
    assert sentence.count(". ") <= 2 and "not a score" in sentence and "cannot be compared" in sentence
    assert "Saturnus 12.0" in shown and "coins and goods 9.0" in shown and "Livia's score 3.0" in shown
    for word in ("others' gain", "rival", "others&#x27; gain"):
        assert word not in shown
    assert "Points given away" in shown and "Decisions charged" in shown


def test_review_lists_every_charged_decision_the_costliest_first_and_the_rest_folded(monkeypatch) -> None:
    game = lesson.sample_game()
    losses = [6.5, 9.0, 7.0, 12.0, 8.0, 6.0, 11.0, 10.0]
    result = _charged_review(game, losses)
    monkeypatch.setattr(lesson, "review_of", lambda _game, _progress=None: result)
    panel = lesson.ReviewPanel()
    panel.run()
    by_loss = sorted(result.decisions, key=lambda d: -d.loss)
    assert [step for _label, step in panel.choices.options] == [d.step for d in by_loss[:lesson.SHOWN]]
    assert [step for _label, step in panel.more.options] == [d.step for d in by_loss[lesson.SHOWN:]]
    assert panel.more_fold.get_title(0) == "3 more charged decisions" and panel.more_fold.layout.display != "none"
    assert panel.choices.value == by_loss[0].step
    panel.more.value = by_loss[-1].step            # a folded one chosen: the other list lets go of its choice
    assert panel.choices.value is None and panel.decision() == by_loss[-1]
    assert f"Step {by_loss[-1].step}, You" in panel.detail.value
    text = panel.detail.value.replace("&#x27;", "'")
    assert "Against the better play, by the end of the game: Saturnus −3, coins and goods −2, Livia's score +1" in text
    panel.choices.value = by_loss[1].step
    assert panel.more.value is None and panel.decision() == by_loss[1]
    assert isinstance(panel.extras, type(panel.play_area)) and panel.extras in panel.children


@pytest.mark.slow  # a whole review of the sample game, decision by decision
def test_the_stored_sample_review_is_the_review_of_the_sample_game() -> None:
    # Chapter 19 shows a stored review so its page opens at once; it must be the review a fresh run gives
    # (rerun scripts/make_sample_review.py when the judge or the sample game changes).
    data = json.loads(lesson.SAMPLE_REVIEW.read_text(encoding="utf-8"))
    game = lesson.sample_game()
    assert data["actions"] == game.actions
    fresh = cc.bots.review(game)
    assert {k: v for k, v in data.items() if k in ("budget", "final", "decisions")} == \
        json.loads(json.dumps(fresh.to_dict()))
    assert cc.bots.Review.from_dict(data, game) == fresh
