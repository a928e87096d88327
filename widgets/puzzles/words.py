"""What the puzzle screen says, made from a puzzle and an answer (no widgets): the task, a play told in words, the
judge's measured answer ("about +8 points (± 3) better than the play made; the best found is …") and why, the hint,
and what the idea was. Every sentence is a whole message of the catalog."""
from __future__ import annotations

from collections.abc import Sequence

import concordia_core as cc
from concordia_core import bots

from ..render.words import value_text


def told(state: cc.GameState, line: Sequence[cc.Action]) -> str:
    """A play as the game's log tells it ('Greedy 2 played the Prefect: produced in ETRVRIA …')."""
    steps, after = [], state
    for action in line:
        after = cc.apply(after, action)
        steps.append((action, after))
    return " ".join(e.text for e in cc.narrate.entries(state, steps))


def task(puzzle: bots.puzzles.Puzzle, own: bool) -> str:
    """What the learner is asked."""
    if own:
        return cc._("Your game, step {step}: {player} to play. Find a better play than the one you made (the review "
                    "charged it about {points} points).", step=puzzle.step, player=puzzle.seat,
                    points=round(puzzle.charge[0] if puzzle.charge else 0.0, 1))
    level = bots.level_name(puzzle.levels.get(puzzle.seat, "greedy"))
    return cc._("You sit in {player}'s seat ({level} practice bot), {player} to play. Find a better play than the one "
                "the bot made here.", player=puzzle.seat, level=level)


def made(puzzle: bots.puzzles.Puzzle) -> str:
    """The play made at the puzzle's position, in words."""
    return cc._("The play made: {play}", play=told(puzzle.state, puzzle.played))


def best(puzzle: bots.puzzles.Puzzle) -> str:
    """The best line found, in words, addressed to the player ('Play the Architect: move …')."""
    return cc._("The best play found: {play}", play=cc.narrate.plan_words(puzzle.state, puzzle.best))


def reason(puzzle: bots.puzzles.Puzzle) -> str:
    """Why the best line: the judge's reason for it, addressed to the player."""
    return bots.puzzles.reason(puzzle)


def measured(answer: bots.puzzles.Answer) -> str:
    """The answer's figures: against the play made and against the best found, and over how many play-outs."""
    return cc._("About {played} (± {played_se}) against the play made and {best} (± {best_se}) against the best found: "
                "your final score less your best opponent's, over {n} paired play-outs to the end of the game.",
                played=value_text(answer.vs_played), played_se=round(answer.vs_played_se, 1),
                best=value_text(answer.vs_best), best_se=round(answer.vs_best_se, 1), n=answer.playouts)


def verdict(answer: bots.puzzles.Answer, puzzle: bots.puzzles.Puzzle) -> str:
    """The judge's answer in a sentence: found or not, and by how much."""
    if answer.same == "played":
        return cc._("That is the play that was made: the best found beats it by about {points} (± {se}), over {n} "
                    "paired play-outs to the end of the game. Try another play.", points=value_text(-answer.vs_best),
                    se=round(answer.vs_best_se, 1), n=answer.playouts)
    if answer.same == "best":
        return cc._("Found: that is the best play found, about {points} (± {se}) better than the play made, over {n} "
                    "paired play-outs to the end of the game.", points=value_text(answer.vs_played),
                    se=round(answer.vs_played_se, 1), n=answer.playouts)
    if answer.solved:
        return cc._("Found: a play about as good as the best found. {figures}", figures=measured(answer))
    return cc._("Not yet: your play is about {played} (± {played_se}) against the play made, and the best found is "
                "about {points} (± {se}) better than yours, over {n} paired play-outs to the end of the game. Start "
                "again, or ask for a hint.", played=value_text(answer.vs_played), played_se=round(answer.vs_played_se, 1),
                points=value_text(-answer.vs_best), se=round(answer.vs_best_se, 1), n=answer.playouts)


def shown(answer: bots.puzzles.Answer, puzzle: bots.puzzles.Puzzle) -> str:
    """The answer seen: the best line, and how far it beats the play made."""
    return cc._("{best} It beats the play made by about {points} (± {se}), over {n} paired play-outs to the end of "
                "the game.", best=best(puzzle), points=value_text(answer.vs_played), se=round(answer.vs_played_se, 1),
                n=answer.playouts)


def hint(puzzle: bots.puzzles.Puzzle, count: int) -> str:
    """The first hint names the theme; the next, the first step of the best line."""
    if count <= 1 and puzzle.themes:
        return cc._("Hint: this puzzle is about {theme}.", theme=bots.puzzles.theme_name(puzzle.themes[0]))
    return cc._("Hint: the best play found starts with this step: {step}.",
                step=cc.narrate.step_words(puzzle.state, puzzle.best[0]))


def idea(puzzle: bots.puzzles.Puzzle) -> str:
    """What the idea was: the card the best play found starts with rather than the one played (when they differ),
    then the theme's idea."""
    best, played = puzzle.best[0], puzzle.played[0]
    about = bots.puzzles.idea(puzzle) or reason(puzzle)
    if isinstance(best, cc.PlayCard) and isinstance(played, cc.PlayCard) and best.card != played.card:
        return cc._("What was the idea: the {best} rather than the {played}. {idea}", best=cc.card(best.card).display_name,
                    played=cc.card(played.card).display_name, idea=about)
    return cc._("What was the idea: {idea}", idea=about)


def measuring(n: int) -> str:
    return cc._("Measuring your play: {n} play-outs to the end of the game…", n=n)


__all__ = ["best", "hint", "idea", "made", "measured", "measuring", "reason", "shown", "task", "told",
           "verdict"]
