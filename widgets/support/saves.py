"""The tutor's own saves folder: save and load boxes take a NAME, never a path.

Every screen that saves (the table, the scoring pad, the box set-up) stores files here, so a page
served to others (the Voilà app mode) can never read or write a file outside this folder: a name
with a path separator, `..`, a leading dot, a drive or any character outside letters, digits,
spaces, `-` and `_` is refused with a plain sentence, before any file is touched. Only plain files are
listed or read (never a link, a folder or a device), and a save is written to a new temporary file made in
the folder (exclusively: it cannot be a planted link), then renamed over the old one in one step.

The folder is `$CONCORDIA_SAVES` if set; else, run from a checkout, `saves/` at the top of the repository
(git-ignored, so saves made there keep loading); else, installed from a wheel, the
user's data folder: `$XDG_DATA_HOME/concordia-tutor/saves`, by default `~/.local/share/concordia-tutor/saves`
(`%LOCALAPPDATA%` on Windows). In the app mode each visitor has a folder of their own inside it,
`visitors/<id>/` (the id the server issued to their browser, widgets/support/visitor.py), and a visitor's saves
and everyone's together are capped in number and size.
"""
from __future__ import annotations

import errno
import os
import re
import secrets
import stat
from pathlib import Path

import concordia_core as cc

from . import visitor

REPO = Path(__file__).resolve().parents[2]
ENVIRONMENT_VARIABLE = "CONCORDIA_SAVES"
APP_NAME = "concordia-tutor"
SUFFIX = ".json"
MAX_NAME = 60
MAX_BYTES = 5_000_000
VISITORS = "visitors"
MAX_SAVES_PER_VISITOR = 30
MAX_BYTES_PER_VISITOR = 20_000_000
MAX_SAVES_IN_ALL = 3_000
MAX_BYTES_IN_ALL = 500_000_000
_NAME = re.compile(r"^[^\W_][\w \-]*$")   # letters (any script) or digits first; then also spaces, - and _
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


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


def root_dir() -> Path:
    """The saves folder of the whole tutor (created on first use)."""
    folder = Path(os.environ.get(ENVIRONMENT_VARIABLE) or default_dir()).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def saves_dir(create: bool = True) -> Path:
    """The folder this page's saves go to: the saves folder, or in the app mode the visitor's own folder in it
    (SaveNameError while the page has no visitor id)."""
    folder = root_dir()
    if not visitor.in_app():
        return folder
    who = visitor.current()
    if who is None:
        raise SaveNameError(cc._("this page cannot save or load yet: it has no visitor id (the browser keeps it in a "
                                 "cookie); reload the page, with cookies allowed for this site"))
    mine = folder / VISITORS / who
    if create and not mine.is_dir():
        (folder / VISITORS).mkdir(mode=0o700, exist_ok=True)
        mine.mkdir(mode=0o700, exist_ok=True)
    if mine.is_symlink() or (folder / VISITORS).is_symlink():
        raise SaveNameError(cc._("the saves folder of this page is not a plain folder"))
    return mine


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
        raise SaveNameError(cc._("“{name}” is not a plain name: use letters, digits, spaces, - and _ only (no folders, "
                                 "no paths); saves always go to the tutor's saves folder", name=cc.brief(name)))
    return clean


def path_for(name: str, folder: Path | None = None) -> Path:
    """The file a save name stands for, always directly inside the saves folder (never resolved through a link)."""
    folder = saves_dir() if folder is None else folder
    path = folder / f"{check_name(name)}{SUFFIX}"
    if path.parent != folder:  # belt and braces: check_name already refuses anything that could escape
        raise SaveNameError(cc._("“{name}” is not a plain name", name=cc.brief(name)))
    return path


def exists(name: str) -> bool:
    """True when a save of that name is there (a plain file: a link or a folder of that name is not a save)."""
    return _plain_file(path_for(name))


def write(name: str, text: str) -> Path:
    """Save text under a name (replacing an earlier save of that name: ask first, `exists`); the file written.
    The text goes to a new temporary file created exclusively in the folder, then renamed over the save."""
    folder = saves_dir()
    path = path_for(name, folder)
    data = text.encode("utf-8")
    check_room(folder, path, len(data))
    tmp = folder / f".{secrets.token_hex(8)}.tmp"     # a hidden name: never listed, never a save name
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)  # whole or nothing: a failed write leaves the earlier save intact
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def read(name: str) -> str:
    """The text saved under a name; a plain sentence (SaveNameError) if there is no such save (a link, a folder or
    a device of that name is none: it is never opened through, nor read)."""
    path = path_for(name)
    clean = check_name(name)
    fd = _open_plain(path)
    if fd < 0:
        raise SaveNameError(cc._("there is no save called {name!r}; saves: {names}", name=clean,
                                 names=_some(names()) or cc._("none yet")))
    with os.fdopen(fd, "rb") as source:
        if os.fstat(source.fileno()).st_size > MAX_BYTES:
            raise SaveNameError(cc._("the save {name!r} is too large to be a saved game", name=clean))
        return source.read(MAX_BYTES + 1).decode("utf-8")


def _open_plain(path: Path) -> int:
    """A descriptor open for reading on the plain file at `path`, never through a link; -1 if there is none."""
    try:
        fd = os.open(path, os.O_RDONLY | _NO_FOLLOW | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return -1
    except OSError as exc:
        if exc.errno != errno.ELOOP:       # a link stands there: it is no save
            raise
        return -1
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return -1
    return fd


def names() -> list[str]:
    """The saves there are, by name: plain files only (no link, folder or device is ever listed); none while an app
    page does not know its visitor yet."""
    try:
        folder = saves_dir(create=False)
    except SaveNameError:
        return []
    return sorted(entry.name[: -len(SUFFIX)] for entry in _entries(folder))


def _entries(folder: Path) -> list[os.DirEntry[str]]:
    """The plain save files of a folder (none if it does not exist yet)."""
    try:
        with os.scandir(folder) as found:
            return [e for e in found if e.name.endswith(SUFFIX) and _NAME.match(e.name[: -len(SUFFIX)])
                    and e.is_file(follow_symlinks=False)]
    except (FileNotFoundError, NotADirectoryError):
        return []


def _plain_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _some(found: list[str], most: int = 5) -> str:
    """Up to `most` names, then how many more (a message that fits its screen)."""
    shown = cc._(", ").join(found[:most])
    return shown if len(found) <= most else cc._("{names} and {n} more", names=shown, n=len(found) - most)


def check_room(folder: Path, path: Path, size: int) -> None:
    """SaveNameError when a save of `size` bytes at `path` would pass a cap: its own size, the visitor's saves
    (app mode) or everyone's."""
    if size > MAX_BYTES:
        raise SaveNameError(cc._("this is too large to save ({n} bytes; a save has at most {most})", n=size,
                                 most=MAX_BYTES))
    if not visitor.in_app():
        return
    new = 0 if _plain_file(path) else 1
    replaced = 0 if new else os.lstat(path).st_size
    mine = [e.stat(follow_symlinks=False).st_size for e in _entries(folder)]
    if len(mine) + new > MAX_SAVES_PER_VISITOR:
        raise SaveNameError(cc._("you have {n} saves, the most this tutor keeps for one visitor: load one and save "
                                 "over it, or use a name you have used before", n=len(mine)))
    if sum(mine) - replaced + size > MAX_BYTES_PER_VISITOR:
        raise SaveNameError(cc._("your saves take all the room this tutor keeps for one visitor: save over an "
                                 "earlier save instead"))
    count, total = _everyone(folder.parent)
    if count + new > MAX_SAVES_IN_ALL or total - replaced + size > MAX_BYTES_IN_ALL:
        raise SaveNameError(cc._("the tutor's saves folder is full: save over one of your earlier saves, or ask "
                                 "whoever runs the tutor to make room"))


def _everyone(visitors: Path) -> tuple[int, int]:
    """How many saves all visitors have, and their bytes."""
    count = total = 0
    try:
        folders = [e for e in os.scandir(visitors) if e.is_dir(follow_symlinks=False)]
    except FileNotFoundError:
        return 0, 0
    for folder in folders:
        for entry in _entries(Path(folder.path)):
            count += 1
            total += entry.stat(follow_symlinks=False).st_size
    return count, total
