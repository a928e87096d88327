"""Practice opponents, hints, game review and strategy studies: a package beside the rules, which never
import it. `import concordia_core.bots` (or `concordia_core.bots` after `import concordia_core`).

    bot = make("strong", seed=7)          # levels: random, greedy, easy, strong (LEVELS; BY_STRENGTH)
    choice = bot.choose(state)            # Choice: a legal action for state.actor and why
    judge(state)                          # every candidate line rated: expected final-score margin ± error
    hints(state, top=3)                   # the judge's best steps for the player who must act (its final answer,
                                          # budget FINAL; budget=FIRST: the first answer, at once)
    review(game)                          # points given away per decision, per player, in the game's terms
    review(game, executor=pool)           # the same review, its turns judged in a process pool
    simulate(100, ["strong", "greedy"], "italia", 2)   # seeded games through any Executor (Dask too)

Modules, one concept each: base (Bot, Choice, play_game), levels (make, LEVELS), random_bot, easy,
greedy (GreedyBot and its Planner), strong (StrongBot: plays the judge's best line), evaluation (the
greedy level's Outlook estimate and its weights), value (the judge's value, fitted to self-play games),
judge (one rating of the candidate lines of a position, for hints, review and the strong level: budgets
FIRST, FINAL and FULL, the look-ahead's projection in the game's terms), hidden
(what a seat knows; sampled deck orders), candidates (candidate lines), search (roll-outs), hints,
review, reasons (the sentences), study (simulate, and play-outs to the end).
"""
from __future__ import annotations

from . import puzzles
from .base import Bot, Choice, Line, play_game
from .easy import EasyBot
from .evaluation import Outlook, remaining
from .greedy import GreedyBot, Planner, evaluate
from .hidden import sample, seen_by
from .hints import Hint, analyse, hints
from .judge import FINAL, FIRST, FULL, Budget, Judgement, Rated, advantage, expected_scores, judge
from .levels import BY_STRENGTH, LEVELS, level_name, make
from .random_bot import RandomBot
from .reasons import part_name, parts_text
from .review import OTHER, Decision, PlayerReview, Review, judge_decision, key_name, review, turn_runs
from .strong import StrongBot
from .study import (
    MAX_STEPS,
    POINT_KEYS,
    GameResult,
    GameTask,
    PlayerResult,
    bot_seed,
    play_one,
    playouts,
    replay,
    seat_names,
    simulate,
    tasks,
)

__all__ = [
    "BY_STRENGTH", "Bot", "Budget", "Choice", "Decision", "EasyBot", "FINAL", "FIRST", "FULL", "GameResult",
    "GameTask", "GreedyBot", "Hint", "Judgement", "LEVELS", "Line", "MAX_STEPS", "OTHER", "Outlook", "POINT_KEYS",
    "Planner", "PlayerResult", "PlayerReview", "RandomBot", "Rated", "Review", "StrongBot", "advantage", "analyse",
    "bot_seed", "evaluate", "expected_scores", "hints", "judge", "judge_decision", "key_name", "level_name", "make",
    "part_name", "parts_text", "play_game", "play_one", "playouts", "puzzles", "remaining", "replay", "review", "sample",
    "seat_names", "seen_by", "simulate", "tasks", "turn_runs",
]
