"""Chapter 14: a learner's first game at the table (issue 7) - the table used in the notebook, a short
bot demonstration, and the exercise "ask for a hint and play it".

The checker asks the engine: the hints of the position where the learner acted (`bots.hints`, which
is deterministic) and the step the learner played there (the game's history).
"""
from __future__ import annotations

import concordia_core as cc
from concordia_core import bots

from ..exercise import Exercise, Verdict, right, wrong
from ..table import BotMove, Seat, TableApp

MAP = "italia"
SEED = 3
SEATS = [Seat("You", "human"), Seat("Livia", "greedy"), Seat("Marcus", "greedy")]


def first_game_table(seed: int = SEED, auto: bool = True) -> TableApp:
    """The chapter's table: you and two greedy practice bots on Italia, first-game scoring on (R-MID-1)."""
    return TableApp(SEATS, MAP, seed=seed, first_game=True, auto=auto)


def bot_demo(seed: int = SEED, steps: int = 12) -> list[BotMove]:
    """A bots-only table (three greedy bots) that plays `steps` steps; returns its listed moves."""
    table = TableApp([Seat(s.name, "greedy") for s in SEATS], MAP, seed=seed, auto=False)
    table.run_bots(max_steps=steps)
    return table.bot_moves


def first_person_step(table: TableApp, start: int) -> tuple[cc.GameState, cc.Action] | None:
    """The position and step of the first step a person played after step `start`, if any."""
    game = table.game
    for number in range(start, len(game.history)):
        before = game.state_at(number)
        if table.kind.get(before.actor or "") == "human":
            return before, game.history[number].action
    return None


def check_hint_played(table: TableApp, start: int = 0) -> Verdict:
    """Right when the first step the learner played after `start` is one of the 3 hints of that position."""
    found = first_person_step(table, start)
    if found is None:
        return wrong("you have not played a step yet: press Hint, read the three candidates, then press "
                     "'Play hint 1' (or build the same step with the controls).")
    before, action = found
    hints = bots.hints(before, 3)
    for k, hint in enumerate(hints, start=1):
        if hint.action == action:
            gods = ", ".join(f"{g} {n:+d}" for g, n in hint.score_change.items() if n) or "no change yet"
            return right(f"you played hint {k}, '{action}': {hint.reason}. Once the card play is complete it changes "
                         f"your score now by {hint.total_change:+d} ({gods}).")
    listed = "; ".join(f"{k}. {h.action}" for k, h in enumerate(hints, start=1))
    return wrong(f"you played '{action}', which is not one of the hints of that position ({listed}). Undo it in "
                 "the History tab, press Hint and play one of them.")


class HintExercise(Exercise):
    """The learner presses Hint on their turn and plays one of the hints; Check asks check_hint_played."""

    def __init__(self, table: TableApp) -> None:
        self.table = table
        self.start = len(table.game.history)
        super().__init__("On your turn press <b>Hint</b>, read the three candidate steps with their reasons and "
                         "score changes, then press <b>Play hint 1</b> (or another hint).",
                         lambda: self.table, lambda t: check_hint_played(t, self.start), controls=[table])


def make_hint_exercise(seed: int = SEED + 1) -> HintExercise:
    """The exercise on a fresh table: you and one greedy bot on Italia."""
    return HintExercise(TableApp([Seat("You", "human"), Seat("Livia", "greedy")], MAP, seed=seed))
