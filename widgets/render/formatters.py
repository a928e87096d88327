"""Static rendering without a widget manager: SVG and HTML of a state, and IPython display formatters.

The engine stays free of IPython; `register_formatters()` teaches IPython to show a `GameState` as the board
(SVG) plus an HTML summary, and a `ScoreBreakdown` as a table (HTML) and a chart (SVG).
"""
from __future__ import annotations

from html import escape
from typing import Any

import concordia_core as cc

from . import palette as pal
from .board import board_svg
from .figures import Chart, Series, bar_chart
from .goods import goods_chips


def state_svg(state: cc.GameState) -> str:
    """The board of a state, with its pieces, as an SVG document."""
    return board_svg(state)


def state_html(state: cc.GameState) -> str:
    """A compact HTML summary: whose turn, the players' coins, goods, houses, colonists, and the display."""
    letters = pal.player_letters([p.name for p in state.players])
    cell = f"padding:2px 6px;border:1px solid {pal.LIGHT_GREY}"
    rows = []
    for i, p in enumerate(state.players):
        col = pal.player_colour(i)
        mark = " ▶" if state.actor_index == i else ""
        cards = cc.n_("{n} in hand", "{n} in hand", len(p.hand))
        if state.praefectus == i:
            cards = cc._("{cards}, {title}", cards=cards, title=cc.term("term", "Praefectus Magnus"))
        colonists = cc._("{on_map} on the map, {waiting} waiting", on_map=len(p.colonists), waiting=p.waiting_total)
        rows.append(
            f"<tr><td style='{cell};background:{col};color:{pal.text_colour_on(col)}'><b>{escape(letters[i])}</b>"
            f" {escape(p.name)}{mark}</td><td style='{cell};text-align:right'>{p.coins}</td>"
            f"<td style='{cell}'>{goods_chips(p.goods)}</td>"
            f"<td style='{cell}'>{escape(cc._('{built} ({left} left)', built=len(p.houses), left=p.houses_left))}</td>"
            f"<td style='{cell}'>{escape(colonists)}</td>"
            f"<td style='{cell}'>{escape(cards)}</td></tr>")
    display = cc.listing(cc._("{slot}: {card}", slot=k, card=cc.card(c).display_name if c else "—")
                         for k, c in enumerate(state.display, 1))
    status = cc._("Game over") if state.over else cc._("{player} to act", player=state.actor or "")
    line = cc._("{map} · {status} · turn {turn} · deck {deck}", map=cc.load_map(state.map_id).display_name,
                status=status, turn=state.turns_played + 1, deck=state.deck_size)
    head = "".join(f"<th style='{cell}'>{escape(t)}</th>" for t in (cc._("Player"), cc._("Coins"), cc._("Goods"),
                                                                    cc._("Houses"), cc._("Colonists"), cc._("Cards")))
    return (f"<div class='concordia-state'><b>{escape(line)}</b>"
            f"<table style='border-collapse:collapse;font-size:90%;margin-top:3px'><tr>{head}</tr>"
            f"{''.join(rows)}</table><div style='font-size:90%;margin-top:3px'>"
            f"{escape(cc._('Display: {cards}', cards=display))}</div></div>")


def state_display_html(state: cc.GameState) -> str:
    """The board (inline SVG) above the summary: what a notebook shows for a GameState."""
    return f"<div style='max-width:100%'>{state_svg(state)}</div>" + state_html(state)


def breakdown_html(breakdown: cc.ScoreBreakdown) -> str:
    """One player's score as a table: each god's line, how it was counted, its points, and the total."""
    rows = "".join(f"<tr><td>{escape(line.label)}</td><td>{escape(line.how)}</td>"
                   f"<td style='text-align:right'>{line.points}</td></tr>" for line in breakdown.lines)
    return (f"<table><caption>{escape(cc._('Score of {player}', player=breakdown.player))}</caption>"
            f"<tr><th>{escape(cc._('God'))}</th><th>{escape(cc._('How it was counted'))}</th>"
            f"<th>{escape(cc._('Points'))}</th></tr>{rows}<tr><th colspan='2'>{escape(cc._('Total'))}</th>"
            f"<th style='text-align:right'>{breakdown.total}</th></tr></table>")


def breakdown_svg(breakdown: cc.ScoreBreakdown) -> str:
    """A small bar chart (SVG) of one player's points per god (the gods that gave any)."""
    by_god = {g: n for g, n in breakdown.by_god().items() if n}
    title = cc.n_("{player}: {n} point", "{player}: {n} points", breakdown.total, player=breakdown.player)
    chart = Chart(title, cc._("Points per god: {points}", points=cc.listing(
        cc._("{god} {points}", god=cc.god_name(g), points=n) for g, n in by_god.items())),
        [cc.god_name(g) for g in by_god], cc._("points"), width=max(260, 90 * len(by_god) + 70), height=240)
    tips = [[cc.n_("{player} · {god}: {n} point", "{player} · {god}: {n} points", n, player=breakdown.player,
                   god=cc.god_name(g)) for g, n in by_god.items()]]
    return bar_chart(chart, [Series(breakdown.player, pal.LAND_COLOUR)], [list(by_god.values())], tips)


def register_formatters(shell: Any = None) -> bool:
    """Register SVG and HTML display formatters for GameState, Game and ScoreBreakdown with IPython.

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
    formatters["text/html"].for_type(cc.ScoreBreakdown, breakdown_html)
    formatters["image/svg+xml"].for_type(cc.ScoreBreakdown, breakdown_svg)
    formatters["image/svg+xml"].for_type(cc.Game, lambda game: state_svg(game.state))
    formatters["text/html"].for_type(cc.Game, lambda game: state_display_html(game.state))
    return True
