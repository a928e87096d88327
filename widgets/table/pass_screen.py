"""The pass-the-device screen of a hot-seat table: whose turn it is, what happened since that player's last
turn (in sentences, oldest first) and a small picture of the board with what changed since then ringed,
before their hand is shown."""
from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..render import palette as pal
from ..render.board import board_svg
from ..render.last_play import Changes


def small_map(state: cc.GameState, width: int = 460, changed: Changes | None = None) -> str:
    """The board as a picture (an <img>, so it shares nothing with the live board on the page), what
    `changed` names ringed."""
    data = base64.b64encode(board_svg(state, changed=changed).encode("utf-8")).decode("ascii")
    alt = html.escape(cc._("the board now"))
    caption = (f"<div class='cc-muted'>{html.escape(cc._('Ringed on the board: what changed since your last turn.'))}"
               "</div>" if changed else "")
    return (f"<img src='data:image/svg+xml;base64,{data}' alt='{alt}' "
            f"style='width:100%;max-width:{width}px;border:1px solid {pal.RULE};border-radius:4px'>{caption}")


def since_html(entries: Sequence[cc.narrate.Entry], player: str, first_turn: bool) -> str:
    """'Since your last turn' and the entries in order (or a line saying nothing happened)."""
    title = (cc._("{player}, since the game began:", player=player) if first_turn else
             cc._("{player}, since your last turn:", player=player))
    if not entries:
        body = f"<i>{html.escape(cc._('nothing has happened yet'))}</i>"
    else:
        body = "<ol style='margin:2px 0;padding-left:22px'>" + "".join(
            f"<li>{html.escape(e.text)}</li>" for e in entries) + "</ol>"
    return f"<b>{html.escape(title)}</b><br>{body}"


class PassScreen(widgets.VBox):
    """'Pass the device to NAME', what happened since their last turn, a small map, and 'I am NAME — show my
    hand' (`confirm_button`)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.message = widgets.HTML()
        self.since = widgets.HTML(layout=widgets.Layout(flex="1 1 340px", min_width="300px"))
        self.picture = widgets.HTML(layout=widgets.Layout(flex="1 1 420px", min_width="300px"))
        self.confirm_button = widgets.Button(button_style="success", icon="eye",
                                             layout=widgets.Layout(width="auto", min_width="fit-content",
                                                                   align_self="flex-start"))
        self.children = [self.message, self.confirm_button,
                         widgets.HBox([self.since, self.picture], layout=widgets.Layout(flex_flow="row wrap"))]
        self.add_class("cc-pass")
        self.layout.border = f"2px solid {pal.NOTE_EDGE}"
        self.layout.padding = "8px"
        self.layout.display = "none"
        self.player: str | None = None

    def show(self, state: cc.GameState, player: str, log: Sequence[cc.narrate.Entry],
             changed: Changes | None = None) -> None:
        """Fill the screen for `player`, who must act now (`changed`: what changed since their last turn)."""
        self.player = player
        heading = html.escape(cc._("Pass the device to {player}", player=player))
        hint = html.escape(cc._("{player} must act now. Everyone else, look away: the next screen shows {whose} hand.",
                                player=player, whose=cc.possessive(player)))
        self.message.value = f"<h3 style='margin:2px 0'>{heading}</h3>{hint}"
        self.confirm_button.description = cc._("I am {player} — show my hand", player=player)
        played = any(e.turn and e.player == player for e in log)
        self.since.value = since_html(cc.narrate.since_last_turn(log, player), player, not played)
        self.picture.value = small_map(state, changed=changed)
