"""The panel shown while someone else acts (a practice bot, or a person who has not taken the device yet)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

import concordia_core as cc

from ...render.markup import esc
from .panel import Panel

if TYPE_CHECKING:
    from .action_controls import ActionControls


class WaitPanel(Panel):
    """Someone else acts now (a practice bot, or a person who has not taken the device yet)."""

    def __init__(self, ctl: ActionControls) -> None:
        super().__init__(ctl)
        self.info.value = f"<i>{esc(ctl.hooks.waiting_text(self.state))}</i>"
        self.title = cc.N_("waiting")

    def children(self) -> list[widgets.Widget]:
        return [self.info]

    def update(self) -> None:
        self.ctl.request_overlay(None)
