"""Save and load by NAME (never a path) through the tutor's saves folder (widgets/support/saves.py): the one box
of the table, its launcher, the scoring pad and the box guide. A bad name, a file that cannot be written or
read, or one that is not what the owner saves is told in a plain sentence, and nothing changes. The status line
always shows the latest outcome, and saving over an earlier save asks first.

A save also leaves and comes back as a file of the learner's own: Download makes a link holding what Save would
write (nothing is stored), and Upload loads a file through the same checks as a save of the folder (its size here,
then the owner's load, which parses it with `cc.parse_json`: nesting and number lengths). In the static site, where
the saves folder lives in the browser, that is how a save moves to another browser or machine."""
from __future__ import annotations

import base64
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

import concordia_core as cc

from ..render import palette as pal
from ..render.markup import esc
from ..render.refusal import os_reason, problem_sentence
from ..support import saves, visitor
from .error_log import ErrorLog, guarded

FITS = "overflow-wrap:anywhere"    # a long name or number wraps inside the screen instead of widening it


def ok_html(text: str) -> str:
    return f"<span class='cc-ok' style='color:{pal.OK_INK};{FITS}'>{esc(text)}</span>"


def problem_html(text: str) -> str:
    return f"<span class='cc-problem' style='color:{pal.DANGER};{FITS}'>{esc(text)}</span>"


def question_html(text: str) -> str:
    return f"<span class='cc-question' style='color:{pal.QUESTION_INK};{FITS}'>{esc(text)}</span>"


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
        self.replace_button = widgets.Button(description=cc._("Replace it"), button_style="warning",
                                             layout=widgets.Layout(width="auto"))
        self.keep_button = widgets.Button(description=cc._("Keep it"), layout=widgets.Layout(width="auto"))
        self.confirm = widgets.HBox([self.replace_button, self.keep_button], layout=widgets.Layout(display="none"))
        self.download_button = widgets.Button(description=cc._("Download"), icon="download",
                                              layout=widgets.Layout(width="auto"))
        self.download = widgets.HTML()      # the link to the file, made by Download
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False, description=cc._("Upload"),
                                         layout=widgets.Layout(width="auto"))
        self._replacing: str | None = None
        self.replace_button.on_click(guarded(lambda _b: self._confirmed(), log))
        self.keep_button.on_click(guarded(lambda _b: self._declined(), log))
        self.save_button.on_click(guarded(lambda _b: self.save_as(self.name.value), log))
        self.load_button.on_click(guarded(lambda _b: self.load_named(self.choice.value or ""), log))
        self.download_button.on_click(guarded(lambda _b: self.offer_download(self.name.value), log))
        self.upload.observe(guarded(lambda _c: self._uploaded(), log), names="value")
        rows = []
        wrap = widgets.Layout(flex_flow="row wrap")
        if save is not None:
            rows.append(widgets.HBox([self.name, self.save_button, self.download_button], layout=wrap))
        if load is not None:
            rows.append(widgets.HBox([self.choice, self.load_button, self.upload], layout=wrap))
        self.children = [*rows, self.status, self.confirm, *([self.download] if save is not None else [])]
        self.refresh_names()
        if visitor.preheated():      # a page made ahead of its visitor lists their saves once they are known
            visitor.when_known(self.refresh_names)

    def refresh_names(self) -> None:
        """The menu lists the saves there are now."""
        found: list[str] = []
        try:
            found = saves.names()
        except OSError as exc:
            self.status.value = problem_html(cc._("cannot read the saves folder: {reason}", reason=os_reason(exc)))
        self.choice.options = [(n, n) for n in found]
        self.choice.value = found[0] if found else None
        self.load_button.disabled = not found

    def save_as(self, name: str, replace: bool = False) -> bool:
        """Save under `name`; a sentence either way. An earlier save of that name is replaced only with `replace`
        (the Replace button): otherwise the box asks first and saves nothing."""
        if self._save is None:
            return False
        self._ask(None)
        try:
            clean = saves.check_name(name)
            if not replace and saves.exists(clean):
                self._ask(clean)
                return False
            saves.write(clean, self._save())
        except saves.SaveNameError as err:
            self.status.value = problem_html(str(err))
            return False
        except OSError as exc:
            self.status.value = problem_html(cc._("cannot write {name}: {reason}", name=cc.brief(name.strip()),
                                                  reason=os_reason(exc)))
            return False
        except Exception as exc:
            self.status.value = problem_html(problem_sentence(exc))
            raise
        self.status.value = ok_html(cc._("Saved as {name}.", name=clean))
        self.refresh_names()
        self.choice.value = clean
        return True

    def _ask(self, name: str | None) -> None:
        """Ask whether to replace the save `name` (None: no question)."""
        self._replacing = name
        self.confirm.layout.display = None if name else "none"
        if name:
            self.status.value = question_html(cc._("There is already a save called {name}. Replace it with this one?",
                                                   name=name))

    def _confirmed(self) -> None:
        if self._replacing:
            self.save_as(self._replacing, replace=True)

    def _declined(self) -> None:
        name, self._replacing = self._replacing, None
        self._ask(None)
        if name:
            self.status.value = ok_html(cc._("Kept the save {name} as it was; nothing was saved.", name=name))

    def load_named(self, name: str) -> bool:
        """Load the save called `name`; a sentence either way, and nothing changes on failure."""
        if self._load is None:
            return False
        self._ask(None)
        name = cc.brief(name, saves.MAX_NAME)
        return self._loaded(name, lambda: saves.read(name))

    def offer_download(self, name: str) -> bool:
        """A link to a file holding what Save would write now, named after the name box (nothing is stored)."""
        if self._save is None:
            return False
        try:
            clean = saves.check_name(name)
        except saves.SaveNameError:
            clean = cc._("concordia-save")
        data = self._save().encode("utf-8")
        href = "data:application/json;charset=utf-8;base64," + base64.b64encode(data).decode("ascii")
        file = f"{clean}{saves.SUFFIX}"
        self.download.value = (f"<a class='cc-download' download='{html.escape(file, quote=True)}' href='{href}' "
                               f"style='{FITS}'>{esc(cc._('Download {file}', file=file))}</a>")
        return True

    def _uploaded(self) -> None:
        """Load the file just uploaded (if any), then forget it, so the same file can be uploaded again."""
        files = self.upload.value
        if not files or self._load is None:
            return
        self._ask(None)
        upload = files[0]
        name = cc.brief(str(upload.get("name", "")), saves.MAX_NAME)
        content = bytes(upload.get("content", b""))
        self.upload.value = ()
        self.load_upload(name, content)

    def load_upload(self, name: str, content: bytes) -> bool:
        """Load a file's bytes as a save; a sentence either way, and nothing changes on failure (a file too large
        to be a save is refused before it is read)."""
        if self._load is None:
            return False
        if len(content) > saves.MAX_BYTES:
            self.status.value = problem_html(cc._("cannot load {name}: it is too large to be a saved game", name=name))
            return False
        return self._loaded(name, lambda: content.decode("utf-8"))

    def _loaded(self, name: str, read: Callable[[], str]) -> bool:
        """Load the text `read()` gives through the owner's load; a sentence either way, nothing changed on failure."""
        assert self._load is not None
        try:
            text = read()
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
        except Exception as exc:
            self.status.value = problem_html(problem_sentence(exc))
            raise
        self.status.value = ok_html(cc._("Loaded {name}.", name=name) if said is None else said)
        return True
