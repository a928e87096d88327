"""The game is over: the final ranking in place of a decision."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...render.markup import esc
from .panel import Panel


class GameOverPanel(Panel):
    """The game is over: the final ranking."""

    title = cc.N_("Game over")

    def children(self) -> list[widgets.Widget]:
        ranking = cc.final_ranking(self.state)
        self.info.value = esc(cc._("Final ranking: {ranking}", ranking=cc.listing(
            cc._("{place}. {player}", place=i, player=n) for i, n in enumerate(ranking, 1))))
        return [self.info]

    def update(self) -> None:
        self.ctl.request_overlay(None)
