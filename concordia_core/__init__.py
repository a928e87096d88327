"""Concordia rules engine: maps as networkx graphs, cards, setup, every card action, scoring.

Pure Python (networkx and the standard library); no ipywidgets, matplotlib or IPython imports.
"""
from .actions import (
                      Action,
                      Build,
                      Collect,
                      Copy,
                      Done,
                      Income,
                      Keep,
                      Move,
                      Place,
                      PlayCard,
                      Produce,
                      Purchase,
                      Recruit,
                      Trade,
                      parse_action,
)
from .cards import Card, card
from .engine import apply, legal_actions
from .errors import ConcordiaError, IllegalAction, InvalidAction, MapDataError, RecordError, SetupError
from .game import Game, Step, new_game
from .goods import GOODS, PRICE, Goods
from .maps import ConcordiaMap, available_maps, load_map, load_map_file
from .scoring import ScoreBreakdown, ScoreLine, final_ranking, score
from .state import BonusTile, Colonist, GameState, Pending, PlayerState

__all__ = [
    "Action", "Build", "Collect", "Copy", "Done", "Income", "Keep", "Move", "Place", "PlayCard", "Produce",
    "Purchase", "Recruit", "Trade", "parse_action", "Card", "card", "apply", "legal_actions",
    "ConcordiaError", "IllegalAction", "InvalidAction", "MapDataError", "RecordError", "SetupError",
    "Game", "Step", "new_game", "GOODS", "PRICE", "Goods", "ConcordiaMap", "available_maps", "load_map",
    "load_map_file", "ScoreBreakdown", "ScoreLine", "final_ranking", "score", "BonusTile", "Colonist",
    "GameState", "Pending", "PlayerState",
]

from .invariants import problems as position_problems  # noqa: E402
from .scenario import Scenario  # noqa: E402

__all__ += ["Scenario", "position_problems"]
