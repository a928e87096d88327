"""Chapter 16: a strategy study — many practice-bot games, and where their points come from.

A study is a set of games between bots, each game shuffled by its own number so the same study
always gives the same games (`concordia_core.bots.simulate`). Only finished games count (a game
stopped at the step limit has no final score, R-END-1). The study panel runs a study and draws a
box plot per god; the exercise asks which god paid best, and its answer is computed from the very
games the plot shows (the same numbered games, kept in a small cache).
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from functools import cache
from html import escape
from statistics import mean

import ipywidgets as ipw
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import concordia_core as cc
from concordia_core.bots import POINT_KEYS, GameResult, level_name, simulate

from ..render.figures import figure_png, figure_words, png_html
from .kit.exercise import Exercise, Verdict, right, wrong

MAP = "imperium"
PLAYERS = 4
GAMES = 6
MAX_STEPS = 1500
STUDIES: dict[str, tuple[tuple[str, ...], int]] = {   # title (catalog key) -> bot levels by seat, first game number
    cc.N_("four greedy bots"): (("greedy",), 100),
    cc.N_("greedy against random"): (("greedy", "random"), 200),
}
GREEDY_STUDY = cc.N_("four greedy bots")
COLOURS = {"greedy": "#0072B2", "random": "#E69F00", "easy": "#009E73", "strong": "#CC79A7"}


@cache
def study(title: str, games: int = GAMES) -> tuple[GameResult, ...]:
    """The games of one study (the same every time: game k is shuffled with number first + k)."""
    levels, first = STUDIES[title]
    return tuple(simulate(games, list(levels), MAP, PLAYERS, seed=first, max_steps=MAX_STEPS))


def finished(results: Sequence[GameResult]) -> list[GameResult]:
    return [r for r in results if r.finished]


def points_by(results: Sequence[GameResult], level: str) -> dict[str, list[int]]:
    """Each god's points of every `level` player in the finished games (god -> list of points)."""
    seats = [p for r in finished(results) for p in r.players if p.level == level]
    return {god: [p.points[god] for p in seats] for god in POINT_KEYS}


def mean_points(results: Sequence[GameResult], level: str = "greedy") -> dict[str, float]:
    """Average points per god of `level` players (finished games only)."""
    return {god: mean(values) if values else 0.0 for god, values in points_by(results, level).items()}


def best_god(results: Sequence[GameResult], level: str = "greedy") -> str:
    """The god that gave `level` players the most points on average."""
    means = mean_points(results, level)
    return max(means, key=lambda god: means[god])


def box_plots(studies: dict[str, Sequence[GameResult]]) -> Figure:
    """One box plot per study: points per god, a box per bot level side by side."""
    with figure_words():
        return _box_plots(studies)


def _box_plots(studies: dict[str, Sequence[GameResult]]) -> Figure:
    fig = Figure(figsize=(10, 3.4 * len(studies)), dpi=90)
    FigureCanvasAgg(fig)
    for row, (title, results) in enumerate(studies.items(), start=1):
        ax = fig.add_subplot(len(studies), 1, row)
        levels = sorted({p.level for r in results for p in r.players})
        width = 0.8 / len(levels)
        for k, level in enumerate(levels):
            data = points_by(results, level)
            positions = [i + (k - (len(levels) - 1) / 2) * width for i in range(len(POINT_KEYS))]
            parts = ax.boxplot([data[g] for g in POINT_KEYS], positions=positions, widths=width * 0.9,
                               patch_artist=True, manage_ticks=False)
            for box in parts["boxes"]:
                box.set_facecolor(COLOURS.get(level, "#999999"))
            ax.plot([], [], "s", color=COLOURS.get(level, "#999999"), label=level_name(level))
        ax.set_xticks(range(len(POINT_KEYS)), [cc.god_name(g) for g in POINT_KEYS])
        ax.set_ylabel(cc._("points"))
        n = len(finished(results))
        ax.set_title(cc.n_("{title}: {n} finished game", "{title}: {n} finished games", n, title=title), fontsize=11)
        ax.legend(loc="upper right", fontsize=9)
        ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def study_panel(games: int = GAMES) -> ipw.VBox:
    """Runs the chapter's two studies with a progress bar, then shows their box plots and what was played."""
    total = games * len(STUDIES)
    bar = ipw.IntProgress(min=0, max=total, description=cc._("Games"))
    label = ipw.Label()
    summary = ipw.HTML()
    picture = ipw.HTML(layout=ipw.Layout(max_width="100%"))      # the box plots, an <img> with its text
    panel = ipw.VBox([ipw.HBox([bar, label]), summary, picture])
    start = time.perf_counter()
    results: dict[str, Sequence[GameResult]] = {}
    for title in STUDIES:
        results[cc._(title)] = study(title, games)
        bar.value += games
        label.value = cc._("{done} of {total} games", done=bar.value, total=total)
    seconds = time.perf_counter() - start
    played = [r for rs in results.values() for r in rs]
    summary.value = escape(cc._("{games} games of four bots on {map}, {done} of them played to the end, in {seconds} s.",
                                games=len(played), map=cc.load_map(MAP).display_name, done=len(finished(played)),
                                seconds=round(seconds, 1)))
    picture.value = png_html(figure_png(box_plots(results)), cc._(
        "Box plots of the points per god of each study, one box per bot level: the middle line of a box is the "
        "median, the box holds the middle half of the games"))
    return panel


def check_best_god(answer: object, results: Sequence[GameResult], level: str = "greedy") -> Verdict:
    """Which god gave the `level` bots the most points on average? Computed from `results`."""
    means = mean_points(results, level)
    best = best_god(results, level)
    if answer not in means:
        return wrong(cc._("Pick one of: {gods}.", gods=cc.listing(cc.god_name(g) for g in POINT_KEYS)))
    if answer == best:
        return right(cc._("{god}: {points} points on average per {level} bot, the highest box in the plot.",
                          god=cc.god_name(best), points=round(means[best], 1), level=level_name(level)))
    return wrong(cc._("{god} gave {points} points on average; another god gave more. Compare the {level} boxes god "
                      "by god: look at the middle line of each box.", god=cc.god_name(str(answer)),
                      points=round(means[str(answer)], 1), level=level_name(level)))


def averages_text(results: Sequence[GameResult], level: str = "greedy") -> str:
    """The averages per god, best first, in a sentence (the exercise's answer)."""
    means = mean_points(results, level)
    ranked = sorted(means, key=lambda god: -means[god])
    averages = cc.listing(cc._("{god} {points}", god=cc.god_name(g), points=round(means[g], 1)) for g in ranked)
    return cc._("{god} paid best. Average points per {level} bot: {averages}.", god=cc.god_name(ranked[0]),
                level=level_name(level), averages=averages)


def best_god_exercise(games: int = GAMES, level: str = "greedy") -> Exercise:
    """Which god gave the greedy bots the most points in the four-greedy-bots study?"""
    results = study(GREEDY_STUDY, games)
    pick = ipw.ToggleButtons(options=[(cc.god_name(g), g) for g in POINT_KEYS], value=None,
                             description=cc._("God:"))
    prompt = escape(cc._("Read the plot of the study with four greedy bots: which god gave the greedy bots the most "
                         "points on average?"))
    return Exercise(prompt, pick, lambda answer: check_best_god(answer, results, level),
                    solution=lambda: averages_text(results, level))

