"""Puzzles ("learn from your mistakes"): the decisions a review charged, and the tutor's own verified set, played on
the board one at a time (chapter 21; after a review in chapter 19; at a table once its game is over).

Modules, one concept each. Without widgets: saved (a set of puzzles and a learner's results, as a save), model (a
learner at a set: the attempt, the bots' storehouse choices, the judge's answer, hints), words (what the screen
says). The views: screen (`PuzzleScreen`), entry (review a game and make its puzzles: chapter 19, a table's end).
The finding and measuring are concordia_core.bots.puzzles."""
from typing import Any

_VIEWS = {"PuzzleScreen": "screen", "ReviewAndPuzzles": "entry", "after_game": "entry", "puzzles_of_review": "entry",
          "review_puzzles": "entry"}


def __getattr__(name: str) -> Any:  # lazy: the models and the save format without importing a widget library
    if name in _VIEWS:
        import importlib
        return getattr(importlib.import_module(f".{_VIEWS[name]}", __name__), name)
    raise AttributeError(name)


__all__ = ["PuzzleScreen", "ReviewAndPuzzles", "after_game", "puzzles_of_review", "review_puzzles"]
