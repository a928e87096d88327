"""Chapter 15: a strategy study - plots and the exercise on simulated bot games (concordia_core.simulate).

Only finished games count (a game stopped at the step limit has no final score, R-END-1). The right
answer of the exercise is computed from the very results the learner's plot shows.
"""
from __future__ import annotations

from collections.abc import Sequence
from statistics import mean

import ipywidgets as ipw
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from concordia_core.bots import POINT_KEYS, GameResult

from ..exercise import Exercise, Verdict, right, wrong
from ..scoreview import GOD_LABELS


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
    fig = Figure(figsize=(10, 3.4 * len(studies)), dpi=90)
    FigureCanvasAgg(fig)
    colours = {"greedy": "#0072B2", "random": "#E69F00"}
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
                box.set_facecolor(colours.get(level, "#999999"))
            ax.plot([], [], "s", color=colours.get(level, "#999999"), label=level)
        ax.set_xticks(range(len(POINT_KEYS)), [GOD_LABELS[g] for g in POINT_KEYS])
        ax.set_ylabel("points")
        ax.set_title(f"{title}: {len(finished(results))} finished games", fontsize=11)
        ax.legend(loc="upper right", fontsize=9)
        ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def check_best_god(answer: object, results: Sequence[GameResult], level: str = "greedy") -> Verdict:
    """Which god gave the `level` bots the most points on average? Computed from `results`."""
    means = mean_points(results, level)
    best = best_god(results, level)
    if answer not in means:
        return wrong(f"pick one of: {', '.join(GOD_LABELS[g] for g in POINT_KEYS)}")
    if answer == best:
        return right(f"{GOD_LABELS[best]}: {means[best]:.1f} points on average per {level} bot, the highest box "
                     "in the plot (look at the middle line, the median, and the average).")
    return wrong(f"{GOD_LABELS[answer]} gave {means[answer]:.1f} points on average; {GOD_LABELS[best]} gave more "
                 f"({means[best]:.1f}). Compare the {level} boxes god by god.")


def make_best_god_exercise(results: Sequence[GameResult], level: str = "greedy") -> Exercise:
    pick = ipw.ToggleButtons(options=[(GOD_LABELS[g], g) for g in POINT_KEYS], value=None, description="God:")
    return Exercise(f"Read the plot of the greedy-versus-greedy study: which god gave the <b>{level}</b> bots the "
                    "most points on average?", pick, lambda answer: check_best_god(answer, results, level))
