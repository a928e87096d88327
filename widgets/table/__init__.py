"""A game at one table, without code: set it up with a form (`TableLauncher`, `TableForm`), play it
(`TableApp`: people in hot-seat and practice bots, the game told in words, hints, undo, the first-game
intermediate scoring, save and load by name).

Modules, one concept each: seats (who sits where), form (the set-up form), launcher (form, then table),
app (the table), pass_screen (pass the device, with what happened since your last turn), hints,
screens (intermediate scoring, final screen).
"""
from .form import TableForm, TableSetup
from .launcher import TableLauncher
from .screens import final_html, mid_scoring_html, prize_explanation, tie_explanation
from .seats import KINDS, Seat, check_seats, default_map, kind_label
from .table_screen import BotMove, TableApp

__all__ = ["KINDS", "BotMove", "Seat", "TableApp", "TableForm", "TableLauncher", "TableSetup", "check_seats",
           "default_map", "final_html", "kind_label", "mid_scoring_html", "prize_explanation", "tie_explanation"]
