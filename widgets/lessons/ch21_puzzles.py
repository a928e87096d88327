"""Chapter 21: puzzles, learn from your mistakes — the tutor's own verified set, grouped by theme, and the puzzles
made from the learner's reviewed games (chapter 19, or a table's "Review this game and make puzzles"), played on the
board one at a time; the judge answers each play measured to the end of the game, and says what the idea was. The
learner's progress is kept with their saves."""
from __future__ import annotations

from ..puzzles.screen import PuzzleScreen


def puzzles() -> PuzzleScreen:
    """The puzzle screen: the tutor's set at its first puzzle not solved yet; the learner's own sets in its menu."""
    return PuzzleScreen()


__all__ = ["puzzles"]
