"""Save and load by NAME (never a path) through the tutor's saves folder (widgets/support/saves.py): the one box
of the table, its launcher, the scoring pad and the box guide. A bad name, a file that cannot be written or
read, or one that is not what the owner saves is told in a plain sentence, and nothing changes."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..render.markup import esc
from ..render.refusal import os_reason
from ..support import saves
from .error_log import ErrorLog, guarded


def ok_html(text: str) -> str:
    return f"<span class='cc-ok' style='color:#1b5e20'>{esc(text)}</span>"


def problem_html(text: str) -> str:
    return f"<span class='cc-problem' style='color:#c62828'>{esc(text)}</span>"


class SavesBox(widgets.VBox):
    """A name box with Save, a menu of the saves with Load, and a status line.

    `save()` returns the text to save (None: no Save button); `load(text)` resumes from saved text and returns
    a sentence saying so (None: "Loaded <name>."), or raises a ConcordiaError saying why it cannot (None: no
    Load part). `menu` labels the menu of saves (default "Saved tables")."""

    def __init__(self, save: Callable[[], str] | None, load: Callable[[str], str | None] | None,
                 log: ErrorLog | None = None, *, menu: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._save, self._load = save, load
        self.name = widgets.Text(description=cc._("Save as"), placeholder=cc._("a name, e.g. friday-game"),
                                 style={"description_width": "initial"}, layout=widgets.Layout(width="auto"))
        self.save_button = widgets.Button(description=cc._("Save"), icon="save", layout=widgets.Layout(width="auto"))
        self.choice = widgets.Dropdown(description=menu or cc._("Saved tables"), style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto"))
        self.load_button = widgets.Button(description=cc._("Load"), icon="folder-open",
                                          layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        self.save_button.on_click(guarded(lambda _b: self.save_as(self.name.value), log))
        self.load_button.on_click(guarded(lambda _b: self.load_named(self.choice.value or ""), log))
        rows = []
        if save is not None:
            rows.append(widgets.HBox([self.name, self.save_button], layout=widgets.Layout(flex_flow="row wrap")))
        if load is not None:
            rows.append(widgets.HBox([self.choice, self.load_button], layout=widgets.Layout(flex_flow="row wrap")))
        self.children = [*rows, self.status]
        self.refresh_names()

    def refresh_names(self) -> None:
        """The menu lists the saves there are now."""
        try:
            found = saves.names()
        except OSError as exc:
            self.status.value = problem_html(cc._("cannot read the saves folder: {reason}", reason=os_reason(exc)))
            found = []
        self.choice.options = [(n, n) for n in found]
        self.choice.value = found[0] if found else None
        self.load_button.disabled = not found

    def save_as(self, name: str) -> bool:
        """Save under `name`; a sentence either way."""
        if self._save is None:
            return False
        try:
            clean = saves.check_name(name)
            saves.write(clean, self._save())
        except saves.SaveNameError as err:
            self.status.value = problem_html(str(err))
            return False
        except OSError as exc:
            self.status.value = problem_html(cc._("cannot write {name}: {reason}", name=name.strip(),
                                                  reason=os_reason(exc)))
            return False
        self.status.value = ok_html(cc._("Saved as {name}.", name=clean))
        self.refresh_names()
        self.choice.value = clean
        return True

    def load_named(self, name: str) -> bool:
        """Load the save called `name`; a sentence either way, and nothing changes on failure."""
        if self._load is None:
            return False
        try:
            text = saves.read(name)
            said = self._load(text)
        except saves.SaveNameError as err:
            self.status.value = problem_html(str(err))
            return False
        except OSError as exc:
            self.status.value = problem_html(cc._("cannot read {name}: {reason}", name=name, reason=os_reason(exc)))
            return False
        except UnicodeDecodeError:
            self.status.value = problem_html(cc._("cannot read {name}: it is not a text file", name=name))
            return False
        except cc.ConcordiaError as err:
            self.status.value = problem_html(cc._("cannot load {name}: {reason}", name=name, reason=err))
            return False
        self.status.value = ok_html(cc._("Loaded {name}.", name=name) if said is None else said)
        return True
