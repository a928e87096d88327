"""What a table (or a lesson) tells the game screen, given when the screen is made: who may act and whose
hand may be seen, what the waiting line says, how a move is made, whether moves can be taken back, how far Undo
goes and what it is called, what follows an undo and every refresh, a note under a log entry, and (a guided
lesson) which legal moves to turn down with a note. The screen calls these; nobody rewrites its parts."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import concordia_core as cc


def _nobody_waits(state: cc.GameState) -> str:
    return cc._("{player} is choosing…", player=state.actor or "")


@dataclass(frozen=True)
class ScreenHooks:
    """The defaults are a screen where one learner plays every seat: everyone may act and see every hand."""

    hand_visible: Callable[[str], bool] = lambda _name: True
    may_act: Callable[[cc.GameState], bool] = lambda _state: True
    waiting_text: Callable[[cc.GameState], str] = _nobody_waits
    undo_point: Callable[[], int] | None = None          # how many steps Undo keeps (None: one step back)
    undo_label: str | None = None                        # Undo's label (None: "Undo")
    on_rewind: Callable[[], None] = lambda: None         # after an undo or a jump, before the refresh
    note_for: Callable[[cc.narrate.Entry], str | None] = lambda _entry: None   # a note under a log entry
    on_refresh: Callable[[], None] = lambda: None        # after every refresh, once the screen is built
    vet: Callable[[cc.Action], str | None] | None = None  # a legal action turned down with a note (a guided lesson)
    play: Callable[[cc.Action | str], object] | None = None   # how a move is made (a table's model; None: the game)
    rewind: bool = True                                  # Undo, Jump back and Cancel card play offered (a table
                                                         #   for friends: its moves are final)
