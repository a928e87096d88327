"""The game told in words (concordia_core.narrate): seeded plays checked word for word, "You" reading right,
another player's storehouse choice told apart, what happened since a player's last turn, a play to come
(hints), and every step of seeded random games told without notation."""
from __future__ import annotations

import random
import re

import pytest

import concordia_core as cc

NOTATION = re.compile(r"\b(?:land|sea):[A-Z_]+-[A-Z_]+\b| > |\bplay [A-Z]+\b")

OPENING = ["play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA", "play PREFECT", "produce ETRVRIA",
           "play MERCATOR", "sell 1 cloth", "buy 2 brick", "done", "play DIPLOMAT", "copy You", "sell 1 wine", "done",
           "play SENATOR", "purchase 1", "done", "play TRIBUNE", "recruit land", "play SMITH-I",
           "play ARCHITECT", "move ROMA > land:COSA-FLORENTIA", "done", "play TRIBUNE"]


def played(actions: list[str], players: tuple[str, str] = ("You", "Ben")) -> cc.Game:
    game = cc.new_game("italia", list(players), seed=7, first_player=players[0], first_game=True)
    for text in actions:
        game.play(text)
    return game


def texts(game: cc.Game) -> list[str]:
    return [e.text for e in cc.narrate.entries(game.initial, game.history)]


def test_a_seeded_game_is_told_word_for_word() -> None:
    game = played(OPENING)
    assert texts(game) == [
        "You played the Architect: moved your land colonist ROMA → COSA (1 step) and built in COSA for "
        "1 food + 1 coin.",
        "Ben played the Prefect: produced in ETRVRIA (Ben 2 cloth and you 1 brick). Praefectus Magnus passes to you.",
        "You played the Mercator: took 3 coins, sold 1 cloth for 7 coins and bought 2 brick for 6 coins.",
        "Ben played the Diplomat: copied your Mercator, took 3 coins and sold 1 wine for 6 coins.",
        "You played the Senator: bought the Smith (I) (Minerva) from slot 1 for 1 brick + 1 tools.",
        "Ben played the Tribune: took back 3 cards and recruited a land colonist to ROMA for 1 food + 1 tools. "
        "Ben's first Tribune: scored as in final scoring, 10 points recorded (R-MID-2).",
        "You played the Smith (I): houses in tools cities produced nothing.",
        "Ben played the Architect: moved a land colonist ROMA → COSA–FLORENTIA (2 steps).",
        "You played the Tribune: took back 5 cards and 2 coins. Your first Tribune: scored as in final scoring, "
        "10 points recorded (R-MID-2). Everyone has a record; prizes paid: you 2 coins and Ben 2 coins (R-MID-3).",
    ]


def test_entries_name_their_steps_and_players() -> None:
    game = played(OPENING)
    log = cc.narrate.entries(game.initial, game.history)
    assert [(e.first, e.last, e.player) for e in log[:3]] == [(1, 3, "You"), (4, 5, "Ben"), (6, 9, "You")]
    assert all(e.turn for e in log)
    assert log[0].card == "ARCHITECT"


def test_a_named_player_reads_in_the_third_person() -> None:
    game = played(OPENING[:5], ("Aiko", "Ben"))
    assert texts(game) == [
        "Aiko played the Architect: moved a land colonist ROMA → COSA (1 step) and built in COSA for 1 food + 1 coin.",
        "Ben played the Prefect: produced in ETRVRIA (Ben 2 cloth and Aiko 1 brick). Praefectus Magnus passes to Aiko.",
    ]


def test_a_play_in_progress_is_told_so_far() -> None:
    assert texts(played(OPENING[:2])) == ["You played the Architect: moved your land colonist ROMA → COSA (1 step)."]
    assert texts(played(OPENING[:1])) == ["You played the Architect."]


def test_another_players_storehouse_choice_is_its_own_entry() -> None:
    start = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko").state
    ben = start.players[1]
    start = start.with_player(1, houses=("AQVILEIA", "BAVZANVM"), goods=ben.goods + cc.Goods({"brick": 1}))
    game = cc.Game.from_state(start)
    for text in ("play PREFECT", "produce VENETIA", "keep 1 cloth"):
        game.play(text)
    log = cc.narrate.entries(game.initial, game.history)
    bonus = start.bonus_goods["VENETIA"]
    assert [e.text for e in log] == [
        f"Aiko played the Prefect: produced in VENETIA (Aiko 1 {bonus} and Ben 1 wine + 1 cloth).",
        "Ben kept 1 cloth of 1 wine + 1 cloth (storehouse full).",
    ]
    assert (log[1].first, log[1].player, log[1].turn) == (3, "Ben", False)


def test_since_last_turn() -> None:
    game = played(OPENING[:16])
    log = cc.narrate.entries(game.initial, game.history)
    assert [e.text[:28] for e in cc.narrate.since_last_turn(log, "Ben")] == ["You played the Senator: boug"]
    assert [e.player for e in cc.narrate.since_last_turn(log, "You")] == []
    fresh = played(OPENING[:3])
    first = cc.narrate.entries(fresh.initial, fresh.history)
    assert cc.narrate.since_last_turn(first, "Ben") == first     # Ben has not played yet: everything so far


def test_the_log_can_be_told_again_from_any_card_play() -> None:
    game = played(OPENING)
    whole = cc.narrate.entries(game.initial, game.history)
    k = whole[4].first
    tail = cc.narrate.entries(game.state_at(k - 1), game.history[k - 1:], first=k)
    assert tail == whole[4:]


def test_a_play_to_come_is_addressed_to_the_player() -> None:
    game = cc.new_game("italia", ["Aiko", "Ben"], seed=7, first_player="Aiko")
    state = game.state
    line, now = [], state
    for text in ("play ARCHITECT", "move ROMA > land:COSA-ROMA", "build COSA"):
        action = cc.parse_action(text, now)
        line.append(action)
        now = cc.apply(now, action)
    assert cc.narrate.plan_words(state, line) == ("Play the Architect: move your land colonist ROMA → COSA (1 step) "
                                                  "and build in COSA for 1 food + 1 coin.")
    middle = cc.apply(state, line[0])
    assert cc.narrate.plan_words(middle, line[1:]) == ("Move your land colonist ROMA → COSA (1 step) and build in "
                                                       "COSA for 1 food + 1 coin.")
    assert cc.narrate.step_words(middle, line[1]) == "move your land colonist ROMA → COSA (1 step)"
    assert cc.narrate.step_words(middle, cc.Done()) == "end the play"
    assert cc.narrate.done_words(middle, line[1]) == "moved a land colonist ROMA → COSA (1 step)"


def test_places_in_words() -> None:
    assert cc.route_name("land:COSA-ROMA") == "land route COSA–ROMA"
    assert cc.place_name("ROMA") == "ROMA"
    assert str(cc.Colonist("sea", "sea:COSA-ROMA")) == "sea colonist on the sea route COSA–ROMA"
    assert str(cc.Colonist("land", "ROMA")) == "land colonist in ROMA"


@pytest.mark.parametrize("map_name, players, seed", [("italia", 3, 1), ("imperium", 4, 2), ("imperium", 5, 3)])
def test_every_step_of_a_random_game_is_told_without_notation(map_name: str, players: int, seed: int) -> None:
    names = ["You", "Ben", "Chloe", "Dario", "Emma"][:players]
    game = cc.new_game(map_name, names, seed=seed, first_game=True)
    rng = random.Random(seed)
    for _ in range(400):
        if game.state.over:
            break
        game.play(rng.choice(game.legal_actions()))
    log = cc.narrate.entries(game.initial, game.history)
    covered = sorted(n for e in log for n in range(e.first, e.last + 1))
    assert covered[0] == 1 and covered[-1] == len(game.history)
    turns = [e for e in log if e.turn]
    assert [e.first for e in turns] == [n for n, step in enumerate(game.history, 1) if isinstance(step.action, cc.PlayCard)]
    for e in log:
        assert e.text.endswith(".") and e.text[0].isupper(), e.text
        assert not NOTATION.search(e.text), e.text
        assert e.text.startswith(e.player), e.text
        assert "{" not in e.text, e.text


def test_narration_goes_through_the_catalog() -> None:
    game = played(OPENING[:3])
    cc.set_language("ja")
    try:
        text = texts(game)[0]
    finally:
        cc.set_language("en")
    assert "コサ" in text            # the names come from the glossary; untranslated templates fall back to English
