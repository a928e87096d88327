"""The small inputs every screen is made of, one look everywhere: a button as wide as its label, a menu
that starts on 'choose…' (nothing is chosen for the learner), toggle buttons, and a box that folds away
under its title."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import ipywidgets as widgets

import concordia_core as cc

WIDE = {"description_width": "initial"}
"""A description shown whole, never cut."""

FIT = "cc-fit"
"""Class of a button as wide as its label (the page stylesheet's min-width: fit-content; at least 44 px on a touch
screen, which an inline width would forbid)."""

T = TypeVar("T")


def button(label: str, style: str = "", *, icon: str = "", tooltip: str = "") -> widgets.Button:
    """A button as wide as its label (never cut); `style` is ipywidgets' button_style ('primary', 'info', …)."""
    made = widgets.Button(description=label, button_style=style, icon=icon, tooltip=tooltip or label,
                          layout=widgets.Layout(width="auto", align_self="flex-start"))
    made.add_class(FIT)
    return made


def choices(options: Sequence[tuple[str, T]], prompt: str | None = None) -> list[tuple[str, T | None]]:
    """A menu's options after a 'choose…' entry (value None): nothing is chosen for the learner."""
    return [(prompt or cc._("choose…"), None), *options]


def menu(label: str, options: Sequence[tuple[str, object]], *, prompt: str | None = None,
         width: str = "98%") -> widgets.Dropdown:
    """A menu with its whole label shown, starting on 'choose…' (value None)."""
    return widgets.Dropdown(options=choices(options, prompt), index=0, description=label, style=WIDE,
                            layout=widgets.Layout(width=width))


def toggles(options: Sequence[tuple[str, object]], label: str = "") -> widgets.ToggleButtons:
    """Toggle buttons as wide as their labels; the first is chosen."""
    return widgets.ToggleButtons(options=list(options), description=label, style={**WIDE, "button_width": "auto"})


def fold(title: str, child: widgets.Widget, open_: bool = True) -> widgets.Accordion:
    """A box that folds away under its title."""
    box = widgets.Accordion(children=[child], selected_index=0 if open_ else None)
    box.set_title(0, title)
    return box
