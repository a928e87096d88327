"""Chapter 16: a strategy study — many practice-bot games, and where their points come from.

A study is a set of games between bots, each game shuffled by its own number so the same study
always gives the same games (`concordia_core.bots.simulate`). Only finished games count (a game
stopped at the step limit has no final score, R-END-1). The study panel draws a box plot per god
of the studies' games, kept in data/ch16_studies.json (scripts/make_study_results.py) so the page
opens at once, and plays them again on request to show the same numbers give the same games; the
exercise asks which god paid best, and its answer is computed from the very games the plot shows.
"""
from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import cache
from html import escape
from pathlib import Path
from statistics import mean
from typing import Any

import ipywidgets as ipw

import concordia_core as cc
from concordia_core.bots import POINT_KEYS, GameResult, PlayerResult, level_name, simulate

from ..parts.error_log import ErrorLog, guarded
from ..render import palette as pal
from ..render.figures import BoxStats, Chart, Series, box_chart, box_stats, number
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
COLOURS = {"greedy": pal.OKABE_ITO["blue"], "random": pal.OKABE_ITO["orange"], "easy": pal.OKABE_ITO["bluish_green"],
           "strong": pal.OKABE_ITO["reddish_purple"]}


STORED = Path(__file__).resolve().parent / "data" / "ch16_studies.json"
"""The studies' games, played once by scripts/make_study_results.py (a study takes a while)."""


def study_settings(title: str, games: int = GAMES) -> dict[str, Any]:
    """What makes a study's games: its bot levels, first game number, games, map, players and step limit."""
    levels, first = STUDIES[title]
    return {"levels": list(levels), "first": first, "games": games, "map": MAP, "players": PLAYERS,
            "max_steps": MAX_STEPS}


def play_study(title: str, games: int = GAMES) -> tuple[GameResult, ...]:
    """The games of one study, played now (the same every time: game k is shuffled with number first + k)."""
    levels, first = STUDIES[title]
    return tuple(simulate(games, list(levels), MAP, PLAYERS, seed=first, max_steps=MAX_STEPS))


@cache
def study(title: str, games: int = GAMES) -> tuple[GameResult, ...]:
    """The games of one study: the stored ones while they are of this very study, else played now."""
    stored = _stored().get(title)
    if stored is not None and stored["settings"] == study_settings(title, games):
        return tuple(result_from(r) for r in stored["results"])
    return play_study(title, games)


@cache
def _stored() -> dict[str, Any]:
    if not STORED.exists():
        return {}
    studies: dict[str, Any] = json.loads(STORED.read_text(encoding="utf-8"))["studies"]
    return studies


def result_to(result: GameResult) -> dict[str, Any]:
    """A game's result as plain JSON data (result_from reads it back)."""
    return asdict(result)


def result_from(data: dict[str, Any]) -> GameResult:
    """The game's result that `result_to` wrote."""
    players = tuple(PlayerResult(**p) for p in data["players"])
    return GameResult(**{**data, "players": players, "actions": tuple(data["actions"])})


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


def levels_of(results: Sequence[GameResult]) -> list[str]:
    """The bot levels that played in a study, in one order (the order of its boxes and of its table's columns)."""
    return sorted({p.level for r in results for p in r.players})


def box_plot(title: str, results: Sequence[GameResult]) -> str:
    """One study's box plot (SVG): points per god, a box per bot level side by side."""
    levels = levels_of(results)
    boxes = [[box_stats(points_by(results, level)[g]) for g in POINT_KEYS] for level in levels]
    tips = [[_box_tip(level, g, b) for g, b in zip(POINT_KEYS, row, strict=True)]
            for level, row in zip(levels, boxes, strict=True)]
    n = len(finished(results))
    chart = Chart(cc.n_("{title}: {n} finished game", "{title}: {n} finished games", n, title=title), _plots_text(),
                  [cc.god_name(g) for g in POINT_KEYS], cc._("points"), width=900)
    return box_chart(chart, [Series(level_name(level), COLOURS.get(level, pal.GREY)) for level in levels], boxes, tips)


def _box_tip(level: str, god: str, box: BoxStats | None) -> str:
    if box is None:
        return ""
    return cc._("{level} · {god}: {numbers}", level=level_name(level), god=cc.god_name(god), numbers=_box_text(box))


def numbers_table(title: str, results: Sequence[GameResult]) -> str:
    """The numbers of a study's box plot as a table: per god and bot level the median, the middle half and the
    lowest and highest points of all its games."""
    levels = levels_of(results)
    cell = f"padding:2px 8px;border:1px solid {pal.RULE};text-align:left"
    head = "".join(f"<th style='{cell}' scope='col'>{escape(level_name(level))}</th>" for level in levels)
    rows = []
    for god in POINT_KEYS:
        cells = []
        for level in levels:
            box = box_stats(points_by(results, level)[god])
            cells.append(f"<td style='{cell}'>—</td>" if box is None else f"<td style='{cell}'>{escape(_box_text(box))}</td>")
        rows.append(f"<tr><th style='{cell}' scope='row'>{escape(cc.god_name(god))}</th>{''.join(cells)}</tr>")
    return (f"<table style='border-collapse:collapse;font-size:90%;margin:4px 0 10px'><caption style='text-align:left'>"
            f"{escape(title)}</caption><tr><th style='{cell}' scope='col'>{escape(cc._('God'))}</th>{head}</tr>"
            f"{''.join(rows)}</table>")


def _box_text(box: BoxStats) -> str:
    low, high = box.span
    return cc._("median {median} (middle half {q1}–{q3}; all games {low}–{high})", median=number(box.median),
                q1=number(box.q1), q3=number(box.q3), low=number(low), high=number(high))


def box_plots(studies: Mapping[str, Sequence[GameResult]]) -> str:
    """Every study's box plot, then their numbers in tables, folded under a heading a click opens (HTML)."""
    plots = "".join(f"<div>{box_plot(title, results)}</div>" for title, results in studies.items())
    tables = "".join(numbers_table(title, results) for title, results in studies.items())
    return (f"<div class='cc-study-plots'>{plots}<details><summary>{escape(cc._('The numbers in the plots'))}</summary>"
            f"{tables}</details></div>")


def study_panel(games: int = GAMES) -> ipw.VBox:
    """The chapter's two studies: their box plots and what was played at once, and a button that plays
    the games again here (with a progress bar) to show that the same numbers give the same games."""
    results = {cc._(title): study(title, games) for title in STUDIES}
    summary = ipw.HTML(escape(_played_text(results)))
    picture = ipw.HTML(box_plots(results), layout=ipw.Layout(max_width="100%"))   # the box plots (SVG), their numbers
    again = ipw.Button(description=cc._("Play these games again"), icon="refresh",
                       tooltip=cc._("Plays the studies' games here, one by one; it takes a while"),
                       layout=ipw.Layout(width="auto"))
    bar = ipw.IntProgress(min=0, max=games * len(STUDIES), description=cc._("Games"),
                          layout=ipw.Layout(display="none"))
    label = ipw.Label()
    outcome = ipw.HTML()
    log = ErrorLog()

    def play_again(_button: object) -> None:
        again.disabled, bar.value, bar.layout.display, outcome.value = True, 0, None, ""
        start = time.perf_counter()
        fresh: dict[str, Sequence[GameResult]] = {}
        try:
            for title in STUDIES:
                fresh[cc._(title)] = play_study(title, games)
                bar.value += games
                label.value = cc._("{done} of {total} games", done=bar.value, total=bar.max)
        finally:
            again.disabled = False
        same = fresh == results
        outcome.value = escape(cc._("Played again in {seconds} s: the same games, the same points.",
                                    seconds=round(time.perf_counter() - start, 1)) if same else
                               cc._("Played again in {seconds} s: these games differ from the stored ones (the "
                                    "bots changed since they were stored); the plot now shows the new ones.",
                                    seconds=round(time.perf_counter() - start, 1)))
        if not same:
            summary.value = escape(_played_text(fresh))
            picture.value = box_plots(fresh)

    again.on_click(guarded(play_again, log))
    return ipw.VBox([summary, picture, ipw.HBox([again, bar, label]), outcome, log])


def _played_text(results: Mapping[str, Sequence[GameResult]]) -> str:
    played = [r for rs in results.values() for r in rs]
    return cc._("{games} games of four bots on {map}, {done} of them played to the end.", games=len(played),
                map=cc.load_map(MAP).display_name, done=len(finished(played)))


def _plots_text() -> str:
    return cc._("Box plots of the points per god of each study, one box per bot level: the middle line of a box is "
                "the median, the box holds the middle half of the games")


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

