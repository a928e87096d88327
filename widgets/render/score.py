"""The score in HTML and a chart: every player's breakdown side by side (a table with the counting shown,
a bar chart per god, in SVG).

All numbers come from `concordia_core.score`; this module only lays them out.
"""
from __future__ import annotations

from html import escape

import concordia_core as cc

from . import palette as pal
from .figures import Chart, Series, bar_chart


def breakdowns(state: cc.GameState) -> list[cc.ScoreBreakdown]:
    """The engine's score breakdown of every player, in turn order."""
    return [cc.score(state, p.name) for p in state.players]


def heading(state: cc.GameState) -> str:
    """'Final score' once the game is over, else the live 'if the game ended now' title."""
    return cc._("Final score") if state.over else cc._("Score if the game ended now")


def score_table_html(state: cc.GameState, how: bool = True) -> str:
    """An HTML table: one column per player, one row per god (with how it was counted, unless not `how`: the
    points alone, a table that fits beside the board), specialists (Minerva) apart, the Concordia card, and the
    total."""
    scores = breakdowns(state)
    letters = pal.player_letters([p.name for p in state.players])
    cell = f"padding:3px 8px;border:1px solid {pal.RULE};vertical-align:top"
    head = "".join(
        f"<th style='{cell};background:{pal.player_colour(i)};color:{pal.text_colour_on(pal.player_colour(i))}'>"
        f"{escape(letters[i])} · {escape(s.player)}</th>" for i, s in enumerate(scores))
    cell_head = escape(cc._("God"))
    rows = []

    def row(label: str, lines: list[list[cc.ScoreLine]]) -> None:
        cells = []
        for found in lines:
            if not found:
                cells.append(f"<td style='{cell};color:{pal.FAINT_INK}'>—</td>")
                continue
            if not how:
                cells.append(f"<td style='{cell};text-align:right'>{sum(ln.points for ln in found)}</td>")
                continue
            text = "<br>".join(f"{escape(ln.how)} = <b>{ln.points}</b>" if len(found) == 1
                               else f"{escape(ln.label)}: {escape(ln.how)} = <b>{ln.points}</b>" for ln in found)
            cells.append(f"<td style='{cell}'>{text}</td>")
        rows.append(f"<tr><th style='{cell};text-align:left'>{escape(label)}</th>{''.join(cells)}</tr>")

    for god in cc.GODS:
        if god == "minerva":
            continue
        row(cc.god_name(god), [[ln for ln in s.lines if ln.god == god] for s in scores])
    row(cc._("{god} (specialists)", god=cc.god_name("minerva")), [[ln for ln in s.lines if ln.god == "minerva"] for s in scores])
    row(cc.god_name("concordia"), [[ln for ln in s.lines if ln.god == "concordia"] for s in scores])
    totals = "".join(f"<th style='{cell};text-align:right;font-size:110%'>{s.total}</th>" for s in scores)
    rows.append(f"<tr><th style='{cell};text-align:left'>{escape(cc._('Total'))}</th>{totals}</tr>")
    counted = cc._("Counted as in final scoring, on the cards, houses, colonists, goods and coins held now.")
    note = "" if state.over else f"<p style='margin:2px 0;color:{pal.MUTED}'>{escape(counted)}</p>"
    return (f"<div class='concordia-score'><h4 style='margin:4px 0'>{escape(heading(state))}</h4>{note}"
            f"<table style='border-collapse:collapse;font-size:90%'>"
            f"<tr><th style='{cell}'>{cell_head}</th>{head}</tr>{''.join(rows)}</table></div>")


def score_chart_svg(state: cc.GameState) -> str:
    """Grouped bar chart (SVG): points per god, one bar per player side by side (marked with the player's letter),
    totals in the legend; the numbers are the score table's."""
    scores = breakdowns(state)
    gods = [*cc.GODS, "concordia"]
    letters = pal.player_letters([s.player for s in scores])
    series = [Series(cc.n_("{player}: {n} point", "{player}: {n} points", s.total, player=s.player),
                     pal.player_colour(i), letters[i]) for i, s in enumerate(scores)]
    values = [[s.by_god()[g] for g in gods] for s in scores]
    tips = [[cc.n_("{player} · {god}: {n} point", "{player} · {god}: {n} points", n, player=s.player, god=cc.god_name(g))
             for g, n in zip(gods, row, strict=True)] for s, row in zip(scores, values, strict=True)]
    chart = Chart(heading(state), cc._("The table above as a bar chart: points per god, one bar per player"),
                  [cc.god_name(g) for g in gods], cc._("points"))
    return bar_chart(chart, series, values, tips)
