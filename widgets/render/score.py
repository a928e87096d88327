"""The score in HTML and a chart: every player's breakdown side by side (a table with the counting shown,
a bar chart per god).

All numbers come from `concordia_core.score`; this module only lays them out.
"""
from __future__ import annotations

from html import escape

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import concordia_core as cc

from . import palette as pal
from .figures import figure_png, figure_words


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
    cell = "padding:3px 8px;border:1px solid #ccc;vertical-align:top"
    head = "".join(
        f"<th style='{cell};background:{pal.player_colour(i)};color:{pal.text_colour_on(pal.player_colour(i))}'>"
        f"{escape(letters[i])} · {escape(s.player)}</th>" for i, s in enumerate(scores))
    cell_head = escape(cc._("God"))
    rows = []

    def row(label: str, lines: list[list[cc.ScoreLine]]) -> None:
        cells = []
        for found in lines:
            if not found:
                cells.append(f"<td style='{cell};color:#666'>—</td>")
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
    note = "" if state.over else f"<p style='margin:2px 0;color:#555'>{escape(counted)}</p>"
    return (f"<div class='concordia-score'><h4 style='margin:4px 0'>{escape(heading(state))}</h4>{note}"
            f"<table style='border-collapse:collapse;font-size:90%'>"
            f"<tr><th style='{cell}'>{cell_head}</th>{head}</tr>{''.join(rows)}</table></div>")


def score_chart(state: cc.GameState) -> Figure:
    """Grouped bar chart: points per god, one bar per player side by side, totals in the legend."""
    with figure_words():
        return _score_chart(state)


def _score_chart(state: cc.GameState) -> Figure:
    scores = breakdowns(state)
    gods = [*cc.GODS, "concordia"]
    fig = Figure(figsize=(8, 3.2), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    n = len(scores)
    width = 0.8 / n
    x = np.arange(len(gods))
    for i, s in enumerate(scores):
        by_god = s.by_god()
        ax.bar(x + (i - (n - 1) / 2) * width, [by_god[g] for g in gods], width,
               color=pal.player_colour(i), edgecolor="black", linewidth=0.6, label=f"{s.player}: {s.total}")
    ax.set_xticks(x, [cc.god_name(g) for g in gods])
    ax.set_ylabel(cc._("points"))
    ax.set_title(heading(state), fontsize=11)
    ax.legend(fontsize=8, ncols=min(n, 5), loc="upper right")
    ax.spines[["top", "right"]].set_visible(False)
    fig.tight_layout()
    return fig


def score_chart_png(state: cc.GameState) -> bytes:
    """The bar chart as PNG bytes."""
    return figure_png(score_chart(state))
