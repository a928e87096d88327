"""A set of puzzles and a learner's results, as a save: one save per set (the visitor's own saves, widgets/support/saves.py),
JSON read back through `cc.parse_json` and checked part by part, with a sentence saying what is wrong. No widgets.

Two kinds of set: the tutor's own (the shipped puzzles, concordia_core/data/puzzles.json: its save holds the results
only, under PROGRESS) and one made from a learner's reviewed game (its save, "puzzles-…", holds its puzzles and their
results). A result is what the learner did with a puzzle: tries, hints asked, the answer seen, solved, and the last
answer's figures.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import concordia_core as cc
from concordia_core import bots

from ..support import saves

FORMAT = "concordia-tutor-puzzles"
VERSION = 1
SHIPPED = Path(cc.__file__).resolve().parent / "data" / "puzzles.json"
PROGRESS = "puzzle-set-progress"     # the save of the learner's results on the tutor's own set
PREFIX = "puzzles-"                  # the saves of sets made from a learner's games


@dataclass
class Result:
    """What a learner did with one puzzle."""

    tries: int = 0
    hints: int = 0
    shown: bool = False                 # the answer was seen
    solved: bool = False
    last: dict[str, Any] | None = None  # the last answer's figures (bots.puzzles.Answer's fields)


@dataclass
class PuzzleSet:
    """A set of puzzles (`own`: made from a learner's game, saved with its puzzles) and the results, by puzzle id."""

    name: str                            # the save it is kept in
    title: str                           # what it is, as the learner named its game
    puzzles: list[bots.puzzles.Puzzle]
    own: bool = True
    results: dict[str, Result] = field(default_factory=dict)

    def result(self, pid: str) -> Result:
        return self.results.setdefault(pid, Result())

    def solved(self) -> int:
        return sum(1 for p in self.puzzles if self.results.get(p.id, Result()).solved)


def dump(found: PuzzleSet) -> str:
    """The set as save text: its puzzles (none for the tutor's own set) and the results."""
    results = {pid: {"tries": r.tries, "hints": r.hints, "shown": r.shown, "solved": r.solved, "last": r.last}
               for pid, r in found.results.items()}
    data = {"format": FORMAT, "version": VERSION, "title": found.title, "own": found.own,
            "puzzles": [bots.puzzles.puzzle_to_dict(p) for p in found.puzzles] if found.own else [], "results": results}
    return json.dumps(data, ensure_ascii=False)


def read(text: str | bytes, name: str) -> PuzzleSet:
    """A set saved by `dump` (cc.RecordError saying what is wrong); the tutor's own set takes its puzzles from the
    shipped file."""
    try:
        data = cc.parse_json(text)      # size, depth and numbers checked before parsing
    except cc.RecordError as exc:
        raise cc.RecordError(cc._("the file is not a set of puzzles: {problem}", problem=exc)) from None
    if not isinstance(data, dict) or (data.get("format"), data.get("version")) != (FORMAT, VERSION):
        raise cc.RecordError(cc._("the file is not a set of Concordia puzzles this tutor reads"))
    own = data.get("own") is not False
    listed = data.get("puzzles")
    if not isinstance(listed, list):
        raise cc.RecordError(cc._("the set of puzzles has no list of puzzles"))
    found = [bots.puzzles.puzzle_from_dict(p) for p in listed] if own else list(shipped())
    title = data.get("title")
    return PuzzleSet(name, title if isinstance(title, str) else name, found, own, _results(data.get("results"), found))


def _results(data: object, found: list[bots.puzzles.Puzzle]) -> dict[str, Result]:
    """The results of the puzzles that are in the set (others are left out), each checked."""
    if not isinstance(data, dict):
        raise cc.RecordError(cc._("the set of puzzles has no results"))
    ids = {p.id for p in found}
    results = {}
    for pid, r in data.items():
        if pid not in ids:
            continue
        if not isinstance(r, dict) or not all(isinstance(r.get(k, 0), int) for k in ("tries", "hints")):
            raise cc.RecordError(cc._("the result of puzzle {id} is not one this tutor reads", id=pid))
        last = r.get("last")
        results[pid] = Result(r.get("tries", 0), r.get("hints", 0), r.get("shown") is True, r.get("solved") is True,
                              last if isinstance(last, dict) else None)
    return results


@cache
def shipped() -> tuple[bots.puzzles.Puzzle, ...]:
    """The tutor's own puzzle set (concordia_core/data/puzzles.json), each position rebuilt by the engine."""
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return tuple(bots.puzzles.puzzle_from_dict(p) for p in data["puzzles"])


def shipped_set() -> PuzzleSet:
    """The tutor's own set with the learner's results (none yet, or a save that cannot be read: a fresh start)."""
    try:
        return read(saves.read(PROGRESS), PROGRESS) if saves.exists(PROGRESS) else \
            PuzzleSet(PROGRESS, cc._("the tutor's puzzle set"), list(shipped()), own=False)
    except (cc.RecordError, saves.SaveNameError):
        return PuzzleSet(PROGRESS, cc._("the tutor's puzzle set"), list(shipped()), own=False)


def write(found: PuzzleSet) -> None:
    """Keep the set (and its results) in the learner's saves (saves.SaveNameError or OSError if it cannot be)."""
    saves.write(found.name, dump(found))


def own_names() -> list[str]:
    """The learner's own sets of puzzles, by save name."""
    return [n for n in saves.names() if n.startswith(PREFIX)]


def load(name: str) -> PuzzleSet:
    """A learner's own set saved by name (cc.RecordError or saves.SaveNameError, a sentence, if it cannot be read)."""
    return read(saves.read(name), name)


def name_for(source: str) -> str:
    """The save name of the set made from the game called `source` ("puzzles-friday game")."""
    clean = "".join(ch if ch.isalnum() or ch in " -_" else " " for ch in source).strip() or "game"
    return saves.check_name((PREFIX + clean)[:saves.MAX_NAME].strip())


__all__ = ["FORMAT", "PREFIX", "PROGRESS", "PuzzleSet", "Result", "dump", "load", "name_for", "own_names", "read",
           "shipped", "shipped_set", "write"]
