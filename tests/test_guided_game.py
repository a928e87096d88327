"""Chapter 02, the guided first game, driven through its widgets as a learner would: each step's control
is outlined, a wrong move is refused with the game screen's box (or answered with what the lesson asks
for instead) and changes nothing, the taught move advances, the practice opponent's turns are told,
and the game ends with the score of the position, god by god. Expected numbers are worked out by hand."""
from __future__ import annotations

import html
import re

import pytest

from widgets.lessons import ch02_guided as lesson
from widgets.lessons.kit import FOCUS_CLASS

pytestmark = pytest.mark.usefixtures("fail_on_callback_errors")
TAG = re.compile(r"<[^>]+>")


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(TAG.sub(" ", markup)))


def outlined(game: lesson.GuidedGame) -> list[str]:
    return [name for name, group in game.focusable().items() if any(FOCUS_CLASS in w._dom_classes for w in group)]


def visible(game: lesson.GuidedGame) -> list[str]:
    return list(game.focusable())


def do(game: lesson.GuidedGame, action: str) -> None:
    """Set the game screen's controls for `action` (notation) and press the button, as a learner would; a
    move the menus do not offer (a house in ROMA) is typed in the screen's notation box."""
    panel = game.controls.panel
    verb, *rest = action.split()
    if verb == "play":
        panel.card.value = rest[0]
        panel.apply.click()
    elif verb in ("buy", "sell"):
        panel.good.value, panel.direction.value, panel.amount.value = rest[1], verb, int(rest[0])
        panel.apply.click()
    elif verb == "done":
        panel.done.click()
    elif verb == "move":
        start, route = rest[0], rest[2]
        panel.colonist.value = (route.split(":")[0], start)
        panel.route.value = route
        panel.move.click()
    elif verb == "build" and rest[0] in [v for _label, v in panel.city.options]:
        panel.city.value = rest[0]
        panel.build.click()
    elif verb == "produce":
        panel.mode.value = "produce"
        panel.province.value = rest[0]
        panel.apply.click()
    elif verb == "collect":
        panel.mode.value = "collect"
        panel.apply.click()
    elif verb == "copy":
        panel.target.value = rest[0]
        panel.apply.click()
    elif verb == "purchase":
        panel.slot.value = int(rest[0])
        if rest[1:]:
            panel.wild.value = rest[2]
        panel.apply.click()
    elif verb == "recruit":
        panel.kind.value = rest[0]
        panel.apply.click()
    elif verb == "place":
        panel.mode.value = "place"
        panel.kind.value, panel.city.value = rest[0], rest[1]
        panel.apply.click()
    else:
        game.controls.notation.value = action
        game.controls.notation_go.click()


def unchanged_after(game: lesson.GuidedGame, action: str) -> str:
    """Try `action`; assert nothing moved on; the feedback shown."""
    before, position = game.game.state, game.position
    do(game, action)
    assert game.game.state is before
    assert game.position == position
    return game.feedback.value


def test_the_script_is_data_and_covers_every_starting_card() -> None:
    steps = lesson.learner_steps()
    assert 18 <= len(steps) <= 24
    assert {s.control for s in steps} == {"card", "trade", "done", "move", "build", "province", "copy", "buy",
                                          "collect", "recruit"}
    played = [s.expect.split()[1] for s in steps if s.expect.startswith("play ")]
    assert played == ["MERCATOR", "ARCHITECT", "PREFECT", "DIPLOMAT", "SENATOR", "SMITH-I", "PREFECT", "TRIBUNE"]
    told = [s for s in lesson.SCRIPT if isinstance(s, lesson.Told)]
    assert len(told) == 7
    game = lesson.new_game()
    for item in lesson.SCRIPT:           # the script is a legal game on the engine
        for action in (item.actions if isinstance(item, lesson.Told) else [item.expect]):
            game.play(action)
    assert game.state.to_move == "Livia"


def test_a_learner_plays_the_guided_game_to_the_score() -> None:
    game = lesson.guided_game()
    assert "A real game on the Italia map" in text(game.tutor.value)
    assert "Step 1 of 22" in text(game.tutor.value)
    assert outlined(game) == ["card"]
    assert visible(game) == ["card"]

    # a legal but untaught card: a note, nothing played
    note = unchanged_after(game, "play TRIBUNE")
    assert "this lesson follows one plan" in text(note)
    assert "play your Mercator" in text(note)
    do(game, "play MERCATOR")
    assert game.game.state.player("You").coins == 8            # 5 + 3
    assert outlined(game) == ["trade"]
    assert set(visible(game)) == {"trade", "done"}

    refusal = unchanged_after(game, "sell 3 cloth")            # only 1 cloth: the engine's box
    assert "cc-refusal" in refusal
    assert "R-MERC-2" in refusal
    do(game, "sell 1 cloth")
    assert game.game.state.player("You").coins == 15
    assert "15 coins now, and 3 free slots" in text(game.tutor.value)
    do(game, "buy 2 brick")
    assert game.game.state.player("You").goods["brick"] == 3
    assert game.game.state.player("You").coins == 9
    assert outlined(game) == ["done"]
    do(game, "done")

    # Livia's Architect is told, then the learner's Architect
    told = text(game.tutor.value)
    assert "Livia's turn:" in told
    assert "builds a house in SPOLETVM" in told
    assert "SPOLETVM" in game.game.state.player("Livia").houses
    do(game, "play ARCHITECT")
    assert game.game.state.pending.steps_left == 2
    assert outlined(game) == ["move"]
    assert game.app.map_view.overlay is not None                # where a house may go, then where a colonist may stop
    do(game, "move ROMA > sea:NEAPOLIS-ROMA")
    refusal = unchanged_after(game, "move ROMA > land:ROMA-SPOLETVM")   # Livia stands there
    assert "R-ARCH-4" in refusal
    do(game, "move ROMA > land:COSA-ROMA")
    assert outlined(game) == ["build"]
    refusal = unchanged_after(game, "build ROMA")
    assert "R-ARCH-6" in refusal
    do(game, "build NEAPOLIS")
    do(game, "build COSA")
    you = game.game.state.player("You")
    assert you.houses == ("COSA", "NEAPOLIS")
    assert you.coins == 5                                      # 9 - 3 (tools city) - 1 (brick city)

    # Livia's Prefect is told; the Praefectus Magnus comes to the learner
    told = text(game.tutor.value)
    assert "makes VMBRIA produce" in told
    assert game.game.state.praefectus_magnus == "You"
    do(game, "play PREFECT")
    assert outlined(game) == ["province"]
    refusal = unchanged_after(game, "produce VMBRIA")           # coin side now
    assert "R-PREF-2" in refusal
    note = unchanged_after(game, "produce SICILIA")             # allowed, but not the lesson's plan
    assert "make CAMPANIA produce" in text(note)
    do(game, "produce CAMPANIA")

    # Livia's Mercator; the learner's Diplomat copies it (3 coins, no trade)
    assert "sells 2 wine" in text(game.tutor.value)
    do(game, "play DIPLOMAT")
    assert outlined(game) == ["copy"]
    do(game, "copy Livia")
    assert game.game.state.player("You").coins == 8            # 5 + 3
    do(game, "done")

    # the Senator: slot 1 has no extra, slot 3 a "?" paid with brick
    do(game, "play SENATOR")
    assert outlined(game) == ["buy"]
    you = game.game.state.player("You")
    assert you.goods["brick"] == 3                             # 2 + 1 from COSA in Livia's ETRVRIA
    do(game, "purchase 1")
    do(game, "purchase 3 paying brick")
    you = game.game.state.player("You")
    assert sorted(you.hand) == ["MERCATOR-I", "PREFECT", "SMITH-I", "TRIBUNE"]
    assert you.goods["brick"] == 1 and you.goods["tools"] == 2 and you.goods["wine"] == 0
    assert "Livia's is 14" in text(game.tutor.value)           # her record after her first Tribune

    do(game, "play SMITH-I")                                   # NEAPOLIS makes 1 tools
    assert game.game.state.player("You").goods["tools"] == 3
    do(game, "play PREFECT")
    assert outlined(game) == ["collect"]
    coins = game.game.state.player("You").coins
    do(game, "collect")             # printed coins: CAMPANIA (tools) 2 + VMBRIA (wine) 2 + ETRVRIA (cloth) 1
    gained = game.game.state.player("You").coins - coins
    assert gained == 5
    assert not game.game.state.coin_side
    do(game, "play TRIBUNE")                                   # 9 cards back: 6 coins
    assert outlined(game) == ["recruit"]
    do(game, "recruit land")

    # the end: the record and the prizes, then the score of the position, god by god (worked out by hand)
    assert game.finished
    assert outlined(game) == []
    assert visible(game) == []
    done = text(game.tutor.value)
    assert "score if the game ended now" in done
    assert "26 points" in done and "2 coins for you" in done
    score = text(game.score.value)
    for god in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva"):
        assert god in score
    totals = re.search(r"Total (\d+) (\d+)", score)
    assert totals is not None
    # You: Vesta 1 x (20 coins + brick 3 + tools 2 x 5 = 33) // 10 = 3; Jupiter 2 cards x 1 house outside brick
    # (NEAPOLIS) = 2; Saturnus 2 x 2 provinces = 4; Mercurius 2 x 2 x 2 kinds = 8; Mars 1 x 2 x 3 colonists = 6;
    # Minerva Smith 3 x 1 tools house = 3: 26. Livia: Vesta 5, Jupiter 2, Saturnus 2, Mercurius 4, Mars 4: 17.
    assert (int(totals.group(1)), int(totals.group(2))) == (26, 17)
    story = text(game.story.value)
    assert "You: play your Mercator." in story
    assert "Livia plays a Prefect" in story


def test_start_again_and_board_clicks() -> None:
    game = lesson.guided_game()
    do(game, "play MERCATOR")
    game.again.click()
    assert game.position == 0
    assert game.game.state.player("You").coins == 5
    for action in ["play MERCATOR", "sell 1 cloth", "buy 2 brick", "done", "play ARCHITECT"]:
        do(game, action)
    board = game.app.map_view
    assert board.pick("colonist", "ROMA", 0, "sea")              # the learner's sea colonist, then its route
    assert game.controls.panel.colonist.value == ("sea", "ROMA")
    assert board.pick("route", "sea:NEAPOLIS-ROMA")
    assert game.step_index == 6
    assert game.game.state.player("You").colonists_of("sea")[0].where == "sea:NEAPOLIS-ROMA"


def test_you_reads_right_in_every_sentence() -> None:
    game = lesson.guided_game()
    for item in lesson.SCRIPT:
        for action in (item.actions if isinstance(item, lesson.Told) else [item.expect]):
            if isinstance(item, lesson.Step):
                do(game, action)
        seen = text(game.tutor.value) + "".join(text(b.value) for b in game.app.boards)
        assert "You's" not in seen
        assert "You has" not in seen
        assert "You plays" not in seen
