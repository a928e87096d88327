"""Static rendering without a widget manager: SVG and HTML of a state, and IPython display formatters.

The engine stays free of matplotlib and IPython; `register_formatters()` teaches IPython to show a
`GameState` as the board (SVG) plus an HTML summary, and a `ScoreBreakdown` as a table (and a chart).
"""
from __future__ import annotations

from html import escape
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import concordia_core as cc

from . import palette as pal
from .board import board_svg
from .figures import figure_png, figure_words
from .goods import goods_chips


def state_svg(state: cc.GameState) -> str:
    """The board of a state, with its pieces, as an SVG document."""
    return board_svg(state)


def state_html(state: cc.GameState) -> str:
    """A compact HTML summary: whose turn, the players' coins, goods, houses, colonists, and the display."""
    letters = pal.player_letters([p.name for p in state.players])
    cell = "padding:2px 6px;border:1px solid #ddd"
    rows = []
    for i, p in enumerate(state.players):
        col = pal.player_colour(i)
        mark = " ▶" if state.actor_index == i else ""
        pm = " (Praefectus Magnus)" if state.praefectus == i else ""
        rows.append(
            f"<tr><td style='{cell};background:{col};color:{pal.text_colour_on(col)}'><b>{escape(letters[i])}</b>"
            f" {escape(p.name)}{mark}</td><td style='{cell};text-align:right'>{p.coins}</td>"
            f"<td style='{cell}'>{goods_chips(p.goods)}</td>"
            f"<td style='{cell}'>{len(p.houses)} ({p.houses_left} left)</td>"
            f"<td style='{cell}'>{len(p.colonists)} on map, {p.waiting_total} waiting</td>"
            f"<td style='{cell}'>{len(p.hand)} in hand{escape(pm)}</td></tr>")
    display = " · ".join(f"{k}: {escape(cc.card(c).display_name) if c else '—'}" for k, c in enumerate(state.display, 1))
    status = "Game over" if state.over else f"{escape(state.actor or '')} to act"
    return (f"<div class='concordia-state'><b>{escape(cc.load_map(state.map_id).display_name)}</b> · {status} · "
            f"turn {state.turns_played + 1} · deck {state.deck_size}"
            f"<table style='border-collapse:collapse;font-size:90%;margin-top:3px'><tr>"
            f"<th style='{cell}'>Player</th><th style='{cell}'>Coins</th><th style='{cell}'>Goods</th>"
            f"<th style='{cell}'>Houses</th><th style='{cell}'>Colonists</th><th style='{cell}'>Cards</th></tr>"
            f"{''.join(rows)}</table><div style='font-size:90%;margin-top:3px'>Display: {display}</div></div>")


def state_display_html(state: cc.GameState) -> str:
    """The board (inline SVG) above the summary: what a notebook shows for a GameState."""
    return f"<div style='max-width:100%'>{state_svg(state)}</div>" + state_html(state)


def breakdown_png(breakdown: cc.ScoreBreakdown) -> bytes:
    """A small horizontal bar chart of one player's points per god."""
    by_god = {g: n for g, n in breakdown.by_god().items() if n}
    with figure_words():
        fig = Figure(figsize=(5, 0.5 + 0.3 * max(1, len(by_god))), dpi=100)
        FigureCanvasAgg(fig)
        ax = fig.add_subplot()
        ax.barh([cc.god_name(g) for g in by_god][::-1], list(by_god.values())[::-1], color="#8B5A2B")
        ax.set_title(cc.n_("{player}: {n} point", "{player}: {n} points", breakdown.total, player=breakdown.player),
                     fontsize=10)
        ax.spines[["top", "right"]].set_visible(False)
        fig.tight_layout()
        return figure_png(fig)


def register_formatters(shell: Any = None) -> bool:
    """Register SVG, PNG and HTML display formatters for GameState, Game, ScoreBreakdown and Figure with IPython.

    Uses the running IPython shell (or `shell`); outside IPython it does nothing and returns False.
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    formatters["image/svg+xml"].for_type(cc.GameState, state_svg)
    formatters["text/html"].for_type(cc.GameState, state_display_html)
    formatters["image/png"].for_type(cc.ScoreBreakdown, breakdown_png)
    formatters["image/svg+xml"].for_type(cc.Game, lambda game: state_svg(game.state))
    # figures made without pyplot (the tutor's charts) show as pictures without `%matplotlib inline`
    formatters["image/png"].for_type(Figure, figure_png)
    formatters["text/html"].for_type(cc.Game, lambda game: state_display_html(game.state))
    return True
