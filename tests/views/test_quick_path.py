"""The quick path (chapters 01 -> 02 -> 15) teaches the whole game: its guided parts, walked as a learner walks
them (each taught move played through the game screen's own controls), make the learner play every card kind of
the base game, collect with a Prefect, meet the first game's intermediate scoring with their own Tribune and set
off both ends of R-END-1 themselves; and the quick path's prose stays within 3,500 words."""
from __future__ import annotations

import json
import re
from pathlib import Path

import concordia_core as cc
from widgets.lessons import ch02_guided, ch15_endings
from widgets.lessons.kit.guided import Guide, GuidedGame

ROOT = Path(__file__).resolve().parents[2]
QUICK_PATH = ["01_setup.ipynb", "02_first_game_guided.ipynb", "15_first_game.ipynb"]
GUIDES = [ch02_guided.GUIDE, ch15_endings.LAST_CARD_GUIDE, ch15_endings.LAST_HOUSE_GUIDE]
BASE_KINDS = {"TRIBUNE", "ARCHITECT", "PREFECT", "MERCATOR", "DIPLOMAT", "SENATOR", "CONSUL", "COLONIST", "SPECIALIST"}
WORD = re.compile(r"[^\W\d_][\w'’-]*")


def walk(guide: Guide) -> tuple[GuidedGame, list[tuple[cc.GameState, cc.Action]]]:
    """Play a guided game to its end as the learner: each step's move goes through the screen's controls (the
    typed-move box, which the tutor vets like a click); the opponent's turns are the tutor's. The learner's own
    moves, each with the position it was made in."""
    game = GuidedGame(guide)
    mine: list[tuple[cc.GameState, cc.Action]] = []
    while not game.finished:
        step = game.step
        assert step is not None
        before, played = game.game.state, len(game.game.history)
        assert game.attempt(step.expect), step.expect
        assert len(game.game.history) > played and before.actor == guide.learner   # then the opponent's turns
        mine.append((before, game.game.history[played].action))
    return game, mine


def test_quick_path_guided_parts_teach_every_card_kind_and_both_end_triggers_by_the_learners_moves() -> None:
    kinds: set[str] = set()
    collected = recorded = False
    ends: set[str] = set()
    for guide in GUIDES:
        game, mine = walk(guide)
        you = guide.learner
        for before, action in mine:
            after = cc.apply(before, action)
            if isinstance(action, cc.PlayCard):
                kinds.add(cc.card(action.card).kind)
            collected |= isinstance(action, cc.Collect)
            index = before.index_of(you)
            recorded |= before.mid_scores[index] is None and after.mid_scores[index] is not None
            if before.concordia_holder is None and after.concordia_holder == you:
                counts = cc.end_counts(after)
                ends.add("last card" if counts.cards_left == 0 else "15th house")
                assert isinstance(action, cc.Purchase) if counts.cards_left == 0 else isinstance(action, cc.Build)
                if counts.cards_left == 0:
                    assert before.deck_size == 0                 # the deck was empty and the display ran out
                else:
                    assert counts.houses_left[you] == 0
        assert game.game.state.over or guide is ch02_guided.GUIDE
    assert kinds == BASE_KINDS
    assert collected
    assert recorded
    assert ends == {"last card", "15th house"}


def test_quick_path_the_table_warns_of_the_end_with_the_counts() -> None:
    game = GuidedGame(ch15_endings.LAST_CARD_GUIDE)
    assert "2 cards are left to buy (2 in the display, 0 in the deck)" in game.tutor.value
    house = GuidedGame(ch15_endings.LAST_HOUSE_GUIDE)
    assert "you have 1 house left to build" in house.tutor.value


def quick_path_words() -> int:
    """Words of the quick path's prose: its chapters' Markdown (link targets left out) and every sentence the
    tutor says in its guided games."""
    total = 0
    for name in QUICK_PATH:
        cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
        text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        total += len(WORD.findall(re.sub(r"\]\([^)]*\)", "]", text)))
    for guide in GUIDES:
        texts = [guide.intro, guide.finish] + [getattr(s, "say", None) or s.tell for s in guide.script]
        total += sum(len(WORD.findall(t)) for t in texts)
    return total


def test_quick_path_prose_is_at_most_3500_words() -> None:
    words = quick_path_words()
    assert 2000 < words <= 3500, words
