"""Concordia rules engine: maps as networkx graphs, cards, setup, every card action, scoring.

Pure Python (networkx and the standard library); no ipywidgets, matplotlib or IPython imports.
Code outside the engine (widgets, lessons, notebooks, scripts) uses only these public names and
`concordia_core.bots`, which `import concordia_core` makes reachable as `concordia_core.bots`.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from . import narrate
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
from .cards import GODS, Card, all_cards, card, cards_for_sale, decks_for, starting_hand
from .constants import CONSTANTS, Constants
from .engine import apply, legal_actions
from .errors import ConcordiaError, IllegalAction, InvalidAction, MapDataError, RecordError, SetupError
from .game import Game, Step, new_game
from .goods import GOODS, PRICE, Goods
from .i18n import LANGUAGES, N_, _, get_language, glossary, n_, set_language, term
from .invariants import problems as position_problems
from .jsontext import parse as parse_json
from .maps import City, ConcordiaMap, Province, Route, available_maps, load_map, load_map_file
from .queries import (
    EndCounts,
    build_sites,
    card_price,
    collect_value,
    colonist_income,
    colonist_places,
    competition_places,
    consul_in_play,
    diplomat_targets,
    end_counts,
    house_price,
    intermediate_prizes,
    keep_count,
    keep_options,
    maps_for,
    mercator_kinds_left,
    player_counts,
    production,
    reachable_routes,
    score_counts,
    specialist_output,
    tiebreak_names,
    tribune_income,
)
from .record import Record
from .scenario import Scenario
from .scoring import ScoreBreakdown, ScoreLine, final_ranking, score, tiebreak_sentences
from .setup import Setup
from .state import BonusTile, Colonist, GameState, Pending, Phase, PlayerState, StoreChoice
from .text import (
    brief,
    city_name,
    coins_text,
    colonist_text,
    god_name,
    good_name,
    goods_count,
    goods_text,
    learner_name,
    listing,
    ordinal,
    place_name,
    possessive,
    price_text,
    province_name,
    route_name,
    route_text,
)

__all__ = [
    "Action", "Build", "Collect", "Copy", "Done", "Income", "Keep", "Move", "Place", "PlayCard", "Produce",
    "Purchase", "Recruit", "Trade", "parse_action",
    "GODS", "Card", "all_cards", "card", "cards_for_sale", "decks_for", "starting_hand",
    "apply", "legal_actions",
    "ConcordiaError", "IllegalAction", "InvalidAction", "MapDataError", "RecordError", "SetupError",
    "Game", "Step", "new_game", "GOODS", "PRICE", "Goods",
    "LANGUAGES", "N_", "_", "get_language", "glossary", "n_", "set_language", "term",
    "parse_json", "position_problems",
    "City", "ConcordiaMap", "Province", "Route", "available_maps", "load_map", "load_map_file",
    "CONSTANTS", "Constants", "build_sites", "card_price", "collect_value", "colonist_income", "colonist_places",
    "competition_places", "consul_in_play", "diplomat_targets", "end_counts", "EndCounts", "house_price",
    "intermediate_prizes", "keep_count", "keep_options", "maps_for",
    "mercator_kinds_left", "player_counts", "production", "reachable_routes", "score_counts", "specialist_output",
    "tiebreak_names", "tribune_income",
    "Record", "Scenario", "Setup", "ScoreBreakdown", "ScoreLine", "final_ranking", "score", "tiebreak_sentences",
    "BonusTile", "Colonist", "GameState", "Pending", "Phase", "PlayerState", "StoreChoice",
    "brief", "city_name", "coins_text", "colonist_text", "god_name", "good_name", "goods_count", "goods_text", "learner_name",
    "listing", "ordinal", "place_name", "possessive", "price_text", "province_name", "route_name", "route_text",
    "narrate",
]


def __getattr__(name: str) -> ModuleType:
    """`concordia_core.bots` is reachable after `import concordia_core` without the engine importing it."""
    if name == "bots":
        return importlib.import_module(".bots", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
