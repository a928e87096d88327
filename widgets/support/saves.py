"""The tutor's own saves folder: save and load boxes take a NAME, never a path.

Every screen that saves (the table, the scoring pad, the box set-up) stores files here, so a page
served to others (the Voilà app mode) can never read or write a file outside this folder: a name
with a path separator, `..`, a leading dot, a drive or any character outside letters, digits,
spaces, `-` and `_` is refused with a plain sentence, before any file is touched.

The folder is `$CONCORDIA_SAVES` if set; else, run from a checkout, `saves/` at the top of the repository
(git-ignored, as the README says, so saves made there keep loading); else, installed from a wheel, the
user's data folder: `$XDG_DATA_HOME/concordia-tutor/saves`, by default `~/.local/share/concordia-tutor/saves`
(`%LOCALAPPDATA%` on Windows).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import concordia_core as cc

REPO = Path(__file__).resolve().parents[2]
ENVIRONMENT_VARIABLE = "CONCORDIA_SAVES"
APP_NAME = "concordia-tutor"
SUFFIX = ".json"
MAX_NAME = 60
MAX_BYTES = 5_000_000
_NAME = re.compile(r"^[^\W_][\w \-]*$")   # letters (any script) or digits first; then also spaces, - and _


class SaveNameError(cc.ConcordiaError):
    """A save name that is not a plain name (it would reach outside the saves folder, or is empty)."""


def in_checkout(repo: Path = REPO) -> bool:
    """True when the package runs from the project's own checkout (its pyproject.toml beside the package)."""
    return (repo / "pyproject.toml").is_file() and (repo / "widgets" / "__init__.py").is_file()


def user_data_dir() -> Path:
    """The user's data folder for the tutor (XDG on Linux and macOS, LOCALAPPDATA on Windows)."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / APP_NAME
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_NAME


def default_dir() -> Path:
    """Where saves go without $CONCORDIA_SAVES: the checkout's saves/, or the user's data folder."""
    return REPO / "saves" if in_checkout() else user_data_dir() / "saves"


def saves_dir() -> Path:
    """The folder every save goes to (created on first use)."""
    folder = Path(os.environ.get(ENVIRONMENT_VARIABLE) or default_dir()).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def check_name(name: str) -> str:
    """The name, stripped, if it is a plain save name; SaveNameError saying why otherwise."""
    if not isinstance(name, str):
        raise SaveNameError(cc._("a save name is text, not {kind}", kind=type(name).__name__))
    clean = name.strip()
    if clean.lower().endswith(SUFFIX):
        clean = clean[: -len(SUFFIX)].strip()
    if not clean:
        raise SaveNameError(cc._("give the save a name, e.g. friday-game"))
    if len(clean) > MAX_NAME:
        raise SaveNameError(cc._("a save name has at most {n} characters", n=MAX_NAME))
    if not _NAME.match(clean) or ".." in clean:
        raise SaveNameError(cc._("{name!r} is not a plain name: use letters, digits, spaces, - and _ only (no folders, "
                                 "no paths); saves always go to the tutor's saves folder", name=name))
    return clean


def path_for(name: str) -> Path:
    """The file a save name stands for, always inside the saves folder."""
    folder = saves_dir()
    path = (folder / f"{check_name(name)}{SUFFIX}").resolve()
    if path.parent != folder:  # belt and braces: check_name already refuses anything that could escape
        raise SaveNameError(cc._("{name!r} is not a plain name", name=name))
    return path


def write(name: str, text: str) -> Path:
    """Save text under a name (replacing an earlier save of that name); the file written."""
    path = path_for(name)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)  # whole or nothing: a failed write leaves the earlier save intact
    return path


def read(name: str) -> str:
    """The text saved under a name; a plain sentence (SaveNameError) if there is no such save."""
    path = path_for(name)
    if not path.is_file():
        raise SaveNameError(cc._("there is no save called {name!r}; saves: {names}", name=check_name(name),
                                 names=", ".join(names()) or cc._("none yet")))
    if path.stat().st_size > MAX_BYTES:
        raise SaveNameError(cc._("the save {name!r} is too large to be a saved game", name=check_name(name)))
    return path.read_text(encoding="utf-8")


def names() -> list[str]:
    """The saves there are, by name."""
    return sorted(p.stem for p in saves_dir().glob(f"*{SUFFIX}") if _NAME.match(p.stem))
