"""Chapter 15: a first game at the table - the set-up form (no code), a hot-seat table with its pass-the-device
screen, the game log with the bots' reasons, the learner's own table, and the exercise "ask for a hint and
play it".

Each function builds its own table, so any cell can be run again, or alone. The checker asks the engine:
the hints of the position where the learner acted (`bots.hints`, which is deterministic) and the step the
learner played there (the game's history).
"""
from __future__ import annotations

import html

import ipywidgets as ipw

import concordia_core as cc
from concordia_core import bots

from ..parts.later import later as later  # a cell's heavy screen, built when the learner reaches it (app mode)
from ..screen.history import GameLog, entry_html
from ..table import BotMove, Seat, TableApp, TableLauncher, TableModel, check_seats
from .kit.exercise import Exercise, Verdict, right, wrong

MAP = "italia"
SEED = 3
SEATS = [Seat(cc.learner_name(), "human"), Seat("Livia", "greedy"), Seat("Marcus", "greedy")]
HOT_SEAT = [Seat("Aiko", "human"), Seat("Ben", "human"), Seat("Livia", "greedy")]
HOT_SEAT_SEED = 5
BOTS = [Seat("Livia", "greedy"), Seat("Marcus", "greedy"), Seat("Julia", "greedy")]


def table_form() -> TableLauncher:
    """The set-up form: choose the players (people or practice bots), the map and the options, then Start. Its
    table saves itself after every move; opened again, the chapter offers to go on with it."""
    return TableLauncher(players=3, autosave=cc._("table in progress"))


def first_game_table(seed: int = SEED, auto: bool = True) -> TableApp:
    """The learner's table: you and two greedy practice bots on Italia, first-game scoring on (R-MID-1). It saves
    itself after every move; opened again, the chapter offers to go on with it."""
    return TableApp(SEATS, MAP, seed=seed, first_game=True, auto=auto, autosave=cc._("first game in progress"))


def hot_seat_table(seed: int = HOT_SEAT_SEED) -> TableApp:
    """Two people (Aiko and Ben) and a practice bot at one screen, a turn each already played: the table
    waits for the next person to take the device and shows what happened since their last turn."""
    table = TableApp(HOT_SEAT, MAP, seed=seed, first_game=True)
    for _turn in range(2):               # each person plays the judge's first answer (at once) for their turn
        table.confirm()
        table.show_hints(1, final=False)
        table.play_hint(0)
    return table


def bots_table(seed: int = SEED, steps: int = 12) -> TableModel:
    """A table of three greedy bots that has played `steps` steps: the table's model alone (no screen is shown,
    so none is built: the chapter's page carries only the log)."""
    model = TableModel(cc.Game(cc.Setup(MAP, [s.name for s in BOTS], seed, True)), check_seats(list(BOTS), seed))
    for _step in range(steps):
        if not model.bot_to_act():
            break
        model.bot_move()
    return model


def bot_moves(seed: int = SEED, steps: int = 12) -> list[BotMove]:
    """A table of three greedy bots that plays `steps` steps; the bot moves it made, in words with reasons."""
    return bots_table(seed, steps).bot_moves


def bot_demo(seed: int = SEED, steps: int = 12) -> ipw.HTML:
    """Three greedy bots play a dozen steps; their moves as the table's log tells them, each with its reason."""
    model = bots_table(seed, steps)
    state = model.state
    rows = "".join(entry_html(e, state, n, model.reason_for(e))
                   for n, e in enumerate(GameLog(model.game).entries(), start=1))
    title = html.escape(cc._("The first moves of three practice bots"))
    return ipw.HTML(f"<b>{title}</b><ul style='padding-left:4px'>{rows}</ul>")


def first_person_step(table: TableApp, start: int) -> tuple[cc.GameState, cc.Action] | None:
    """The position and step of the first step a person played after step `start`, if any."""
    game = table.game
    for number in range(start, len(game.history)):
        before = game.state_at(number)
        if table.model.is_person(before.actor):
            return before, game.history[number].action
    return None


def check_hint_played(table: TableApp, start: int = 0) -> Verdict:
    """Right when the first step the learner played after `start` begins one of the 3 hints of that position."""
    found = first_person_step(table, start)
    if found is None:
        return wrong(cc._("You have not played yet: press Hint, read the three plays, then press “Play hint 1” "
                          "(or make the same play with the map and the controls)."))
    before, action = found
    hints = bots.hints(before, 3)
    first = bots.hints(before, 3, budget=bots.FIRST)     # what the box showed while the judge still thought
    for k, hint in [*enumerate(hints, start=1), *enumerate(first, start=1)]:
        if hint.action == action:
            return right(cc._("You played hint {n}: {reason}", n=k, reason=hint.reason))
    plays = cc.listing(cc.narrate.step_words(before, h.action) for h in hints)
    return wrong(cc._("You chose to {step}, which is not one of the hints of that position ({plays}). Press “Undo "
                      "my last move”, then Hint, and play one of them.", step=cc.narrate.step_words(before, action),
                      plays=plays))


class HintExercise(Exercise):
    """The learner presses Hint on their turn and plays one of the hints; Check asks check_hint_played."""

    def __init__(self, table: TableApp) -> None:
        self.table = table
        self.start = len(table.game.history)
        super().__init__(cc._("On your turn press <b>Hint</b>, read the three plays with their reasons, then press "
                              "<b>Play hint 1</b> (or another hint)."),
                         lambda: self.table, lambda t: check_hint_played(t, self.start), controls=[table])


def make_hint_exercise(seed: int = SEED + 1) -> HintExercise:
    """The exercise on a fresh table: you and one greedy bot on Italia."""
    return HintExercise(TableApp([Seat(cc.learner_name(), "human"), Seat("Livia", "greedy")], MAP, seed=seed))
