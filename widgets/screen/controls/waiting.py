"""The panel shown while someone else acts (a practice bot, or a person who has not taken the device yet)."""
from __future__ import annotations

import ipywidgets as widgets

import concordia_core as cc

from ...render.markup import esc
from .panel import Controls, Panel


class WaitPanel(Panel):
    """Someone else acts now (a practice bot, or a person who has not taken the device yet)."""

    def __init__(self, ctl: Controls) -> None:
        super().__init__(ctl)
        self.info.value = f"<i>{esc(ctl.hooks.waiting_text(self.state))}</i>"
        self.title = cc.N_("waiting")

    def children(self) -> list[widgets.Widget]:
        return [self.info]

    def update(self) -> None:
        self.ctl.request_overlay(None)
