"""A game at one table, without code: set it up with a form (`TableLauncher`, `TableForm`), play it
(`TableApp`: people in hot-seat and practice bots, the game told in words, hints, undo, the first-game
intermediate scoring, save and load by name).

Modules, one concept each. Without widgets: seats (who sits where), model (`TableModel`: the seats, the
bots, who holds the device, the bots' hold after an undo, their moves and reasons, Undo's reach), saved
(the save format), screens (the intermediate scoring and the final screen in HTML). The views: form (the
set-up form), launcher (form, then table), table_screen (`TableApp`, the table around a `GameApp`),
pass_screen (pass the device, with what happened since your last turn), hints.
"""
from typing import Any

from .model import BotMove, TableModel
from .screens import final_html, mid_scoring_html, prize_explanation, tie_explanation
from .seats import KINDS, Seat, check_seats, default_map, kind_label

_VIEWS = {"TableApp": "table_screen", "TableForm": "form", "TableSetup": "form", "TableLauncher": "launcher"}


def __getattr__(name: str) -> Any:  # lazy: the model and the save format without importing a widget library
    if name in _VIEWS:
        import importlib
        return getattr(importlib.import_module(f".{_VIEWS[name]}", __name__), name)
    raise AttributeError(name)


__all__ = ["KINDS", "BotMove", "Seat", "TableApp", "TableForm", "TableLauncher", "TableModel", "TableSetup",
           "check_seats", "default_map", "final_html", "kind_label", "mid_scoring_html", "prize_explanation",
           "tie_explanation"]
