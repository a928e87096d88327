"""Chapter 02, the guided first game, driven through its widgets as a learner would: each step's control
is outlined, a wrong move is refused with the game screen's box (or answered with what the lesson asks
for instead) and changes nothing, the taught move advances, the practice opponent's turns are told,
and the game ends with the score of the position, god by god. Expected numbers are worked out by hand."""
from __future__ import annotations

import html
import re

import ipywidgets as ipw
import pytest

import concordia_core as cc
from widgets.lessons import ch02_guided as lesson
from widgets.lessons.kit import FOCUS_CLASS

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
    assert "she builds in SPOLETVM and COSA" in told
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
    assert you.coins == 4              # 9 - 3 (tools city) - 2 (COSA, a brick city's second house: 1 coin x 2)

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
    assert "sells 1 wine" in text(game.tutor.value)
    do(game, "play DIPLOMAT")
    assert outlined(game) == ["copy"]
    do(game, "copy Livia")
    assert game.game.state.player("You").coins == 7            # 4 + 3
    do(game, "done")

    # the Senator: slot 1 has no extra, slot 3 a "?" paid with brick
    do(game, "play SENATOR")
    assert outlined(game) == ["buy"]
    you = game.game.state.player("You")
    assert you.goods["brick"] == 3                             # 2 + 1 from COSA in Livia's ETRVRIA
    assert you.free_slots == 0
    do(game, "purchase 1")
    do(game, "purchase 3 paying brick")
    you = game.game.state.player("You")
    assert sorted(you.hand) == ["MERCATOR-I", "PREFECT", "SMITH-I", "TRIBUNE"]
    assert you.goods["brick"] == 1 and you.goods["tools"] == 2 and you.goods["wine"] == 0
    # her record after her first Tribune: Vesta 1 x (15 coins + brick 2 x 3 + tools 5 + wine 2 x 6 + cloth 3 x 7 =
    # 59) // 10 = 5; Jupiter 0 (SPOLETVM and COSA make brick); Saturnus 2 x 2 provinces = 4; Mercurius 1 x 2 x 1 kind
    # = 2; Mars 1 x 2 x 2 colonists = 4: 15
    assert "Livia's is 15" in text(game.tutor.value)

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
    # You: Vesta 1 x (19 coins + brick 3 + tools 2 x 5 = 32) // 10 = 3; Jupiter 2 cards x 1 house outside brick
    # (NEAPOLIS) = 2; Saturnus 2 x 2 provinces = 4; Mercurius 2 x 2 x 2 kinds = 8; Mars 1 x 2 x 3 colonists = 6;
    # Minerva Smith 3 x 1 tools house = 3: 26. Livia: Vesta 1 x (15 coins + brick 3 + tools 5 + wine 6 + cloth
    # 3 x 7 = 50) // 10 = 5, Jupiter 2 x 1 (ANCONA, wine) = 2, Saturnus 2 x 2 = 4, Mercurius 1 x 2 x 2 kinds = 4,
    # Mars 1 x 2 x 2 = 4: 19.
    assert (int(totals.group(1)), int(totals.group(2))) == (26, 19)
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


def test_the_outline_moves_on_as_the_learner_chooses() -> None:
    """The orange outline is on the one control to use next: a menu until it reads what the step asks, then the
    next control, then the button; a wrong choice takes it back."""
    game = lesson.guided_game()
    panel = game.controls.panel
    assert FOCUS_CLASS in panel.card._dom_classes and FOCUS_CLASS not in panel.apply._dom_classes
    assert game.controls.hand_row.pick("card:MERCATOR")          # a click on the card in the hand chooses it
    assert FOCUS_CLASS not in panel.card._dom_classes
    assert FOCUS_CLASS in panel.apply._dom_classes and panel.apply.description == "Play the Mercator"
    panel.card.value = "TRIBUNE"                                 # not the lesson's card: back to the menu
    assert FOCUS_CLASS in panel.card._dom_classes and FOCUS_CLASS not in panel.apply._dom_classes
    do(game, "play MERCATOR")

    panel = game.controls.panel                                  # sell 1 cloth: Good, then Sell, then the button
    assert [w for w in (panel.good, panel.direction, panel.amount, panel.apply)
            if FOCUS_CLASS in w._dom_classes] == [panel.good]
    panel.good.value = "cloth"
    assert FOCUS_CLASS in panel.direction._dom_classes and FOCUS_CLASS not in panel.good._dom_classes
    panel.direction.value = "sell"                               # the amount already reads 1
    assert [w for w in (panel.good, panel.direction, panel.amount, panel.apply)
            if FOCUS_CLASS in w._dom_classes] == [panel.apply]
    assert panel.apply.description == "Sell"
    for action in ["sell 1 cloth", "buy 2 brick", "done", "play ARCHITECT"]:
        do(game, action)

    panel = game.controls.panel                                  # a move: the colonist, the route, Move
    assert FOCUS_CLASS in panel.colonist._dom_classes
    panel.colonist.value = ("sea", "ROMA")
    assert FOCUS_CLASS in panel.route._dom_classes and FOCUS_CLASS not in panel.colonist._dom_classes
    panel.route.value = "sea:NEAPOLIS-ROMA"
    assert FOCUS_CLASS in panel.move._dom_classes and FOCUS_CLASS not in panel.route._dom_classes


def test_the_game_comes_into_view_once_the_learner_starts() -> None:
    game = lesson.guided_game()
    asked = game.app.anchor.request
    do(game, "play MERCATOR")                                    # the first move: the board and the column in view
    assert game.app.anchor.request == asked + 1
    do(game, "sell 1 cloth")                                     # then the page is the learner's to scroll
    assert game.app.anchor.request == asked + 1


def play_to_the_end(game: lesson.GuidedGame) -> None:
    for item in lesson.SCRIPT:
        if isinstance(item, lesson.Step):
            do(game, item.expect)


def test_nobody_is_choosing_once_the_lesson_is_over() -> None:
    game = lesson.guided_game()
    assert game.controls.layout.display != "none"
    play_to_the_end(game)
    assert game.finished
    assert game.controls.layout.display == "none"               # no "Livia is choosing…" left on screen
    assert "score if the game ended now" in text(game.tutor.value)
    game.again.click()
    assert game.controls.layout.display != "none"


def test_a_house_costs_more_where_houses_stand_and_a_full_storehouse_chooses() -> None:
    """The two steps of the quick path on a house's price in a city with houses (R-ARCH-8) and on a storehouse
    that cannot take everything (R-STORE-2): told where they happen, with the rule, in English and Japanese."""
    game = lesson.guided_game()
    for action in ["play MERCATOR", "sell 1 cloth", "buy 2 brick", "done"]:
        do(game, action)
    assert game.game.state.houses_in("COSA") == 1                # Livia built there first
    for action in ["play ARCHITECT", "move ROMA > sea:NEAPOLIS-ROMA", "move ROMA > land:COSA-ROMA",
                   "build NEAPOLIS"]:
        do(game, action)
    step = text(game.tutor.value)
    assert "1 food + 2 coins" in step and "R-ARCH-8" in step
    label = dict((v, k) for k, v in game.controls.panel.city.options)["COSA"]
    assert "1 food + 2 coins" in label                           # the menu shows the price the tutor explains
    coins = game.game.state.player("You").coins
    do(game, "build COSA")
    assert game.game.state.player("You").coins == coins - 2

    for action in ["play PREFECT", "produce CAMPANIA", "play DIPLOMAT", "copy Livia"]:
        do(game, action)
    livia = game.game.state.player("Livia")
    assert (livia.free_slots, livia.goods["brick"], livia.goods["cloth"]) == (2, 2, 1)
    do(game, "done")                                             # Livia's Prefect: 3 goods due, room for 2
    livia = game.game.state.player("Livia")
    assert (livia.free_slots, livia.goods["brick"], livia.goods["cloth"]) == (0, 2, 3)
    told = text(game.tutor.value)
    assert "R-STORE-2" in told and "room for only 2 goods" in told

    cc.set_language("ja")
    try:
        house = next(s for s in lesson.learner_steps() if s.expect == "build COSA")
        store = next(t for t in lesson.SCRIPT if isinstance(t, lesson.Told) and "keep 2 cloth" in t.actions)
        for english, rule in ((house.say, "R-ARCH-8"), (store.tell, "R-STORE-2")):
            japanese = cc._(english)
            assert japanese != english and f"（{rule}）" in japanese
    finally:
        cc.set_language("en")


PRESSED = {"en": re.compile(r"\b[Pp]ress ([^.,:;]+)[.,:;]"), "ja": re.compile(r"「([^」]+)」を押")}


def buttons(widget: object) -> set[str]:
    """The descriptions of the buttons shown under `widget`."""
    found = set()
    if isinstance(widget, ipw.Button) and widget.layout.display != "none":
        found.add(widget.description)
    for child in getattr(widget, "children", ()):
        if getattr(child, "layout", None) is None or child.layout.display != "none":
            found |= buttons(child)
    return found


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_tutor_names_the_controls_as_they_read(language: str) -> None:
    """Every button a step says to press is on the screen under that name, once the step's choices are made;
    the Prefect's collect choice is named as its toggle reads."""
    cc.set_language(language)
    try:
        game = lesson.guided_game()
        named = 0
        for item in lesson.SCRIPT:
            if not isinstance(item, lesson.Step):
                continue
            step = text(game.tutor.value).split(cc._("Step {n} of {total}.", n=game.step_index + 1,
                                                        total=len(lesson.learner_steps())))[-1]
            for widget, value in game.wanted():
                widget.value = value
            shown = buttons(game.controls)
            for name in PRESSED[language].findall(step):
                assert name.strip() in shown, f"{step!r} names {name!r}; the buttons read {sorted(shown)}"
                named += 1
            if item.control == "collect":
                panel = game.controls.panel
                assert dict((v, k) for k, v in panel.mode.options)["collect"] in step
            do(game, item.expect)
        assert named >= 10
    finally:
        cc.set_language("en")
