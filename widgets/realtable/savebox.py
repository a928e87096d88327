"""Save and load by NAME (never a path) through `widgets.saves`, for the pad and the box guide.

A save is JSON text in the tutor's saves folder. Loading hands the text to the owner's reader, which
refuses a bad or hand-edited file with a plain sentence; what was on screen stays as it was.
"""
from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as ipw

import concordia_core as cc

from .. import saves
from ..errors import ErrorLog, explanation_html, guarded


class SaveBox(ipw.VBox):
    """A name box with Save, a list of saves with Load, and a line saying what happened."""

    def __init__(self, to_text: Callable[[], str], from_text: Callable[[str], None], *, default_name: str = "",
                 error_log: ErrorLog | None = None, **kwargs: Any) -> None:
        self._to_text, self._from_text = to_text, from_text
        self.error_log = error_log or ErrorLog()
        self.name = ipw.Text(value=default_name, placeholder=cc._("a name, e.g. friday-game"),
                             description=cc._("Save as"), layout=ipw.Layout(width="280px"))
        self.save_button = ipw.Button(description=cc._("Save"), icon="save", layout=ipw.Layout(width="90px"))
        self.choice = ipw.Dropdown(options=[], description=cc._("Saved"), layout=ipw.Layout(width="280px"))
        self.load_button = ipw.Button(description=cc._("Load"), icon="folder-open", layout=ipw.Layout(width="90px"))
        self.status = ipw.HTML()
        self.save_button.on_click(guarded(lambda _b: self.save(), self.error_log))
        self.load_button.on_click(guarded(lambda _b: self.load(), self.error_log))
        self.refresh_names()
        kwargs.setdefault("layout", ipw.Layout(margin="4px 0"))
        super().__init__(children=[ipw.HBox([self.name, self.save_button]), ipw.HBox([self.choice, self.load_button]),
                                   self.status], **kwargs)

    def refresh_names(self) -> None:
        names = saves.names()
        self.choice.options = names
        self.choice.value = names[0] if names else None
        self.load_button.disabled = not names

    def save(self, name: str | None = None) -> bool:
        """Save under `name` (default: the name box); True if saved, else the reason is shown."""
        name = self.name.value if name is None else name
        try:
            saves.write(name, self._to_text())
        except cc.ConcordiaError as err:
            self.status.value = explanation_html(err)
            return False
        clean = saves.check_name(name)
        self.refresh_names()
        self.choice.value = clean
        self.status.value = f"<span style='color:#1b7837'>{escape(cc._('Saved as {name}.', name=clean))}</span>"
        return True

    def load(self, name: str | None = None) -> bool:
        """Load the save called `name` (default: the one chosen); True if loaded, else the reason is shown
        and nothing changes."""
        name = self.choice.value if name is None else name
        try:
            self._from_text(saves.read(name or ""))
        except cc.ConcordiaError as err:
            self.status.value = explanation_html(err)
            return False
        self.status.value = f"<span style='color:#1b7837'>{escape(cc._('Loaded {name}.', name=name))}</span>"
        return True
