"""The save format of a table: the seats (names, kinds, bot seeds), who held the device and the game record
(`Game.to_json`), as JSON text; reading it back checks every part and says in a sentence what is wrong
(`cc.RecordError`). No widgets."""
from __future__ import annotations

import json

import concordia_core as cc

from .seats import Seat, check_seats

FORMAT = "concordia-tutor-table"
VERSION = 1


def dump(seats: list[Seat], viewer: str | None, game: cc.Game) -> str:
    """The table as JSON text: the seats (kinds and bot seeds), the viewer and the game record."""
    return json.dumps({"format": FORMAT, "version": VERSION,
                       "seats": [{"name": s.name, "kind": s.kind, "seed": s.seed} for s in seats],
                       "viewer": viewer, "game": json.loads(game.to_json())}, indent=1, ensure_ascii=False)


def read(text: str | bytes) -> tuple[cc.Game, list[Seat], str | None]:
    """Parse a saved table: the replayed game, the seats and who held the device (cc.RecordError if bad)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise cc.RecordError(cc._("the file is not a saved table (not valid JSON: {problem})",
                                  problem=exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise cc.RecordError(cc._("the file is not a saved Concordia table"))
    if data.get("version") != VERSION:
        raise cc.RecordError(cc._("unknown saved-table version {version}; this tutor reads {known}",
                                  version=data.get("version"), known=VERSION))
    seats_data = data.get("seats")
    if not isinstance(seats_data, list) or not all(isinstance(s, dict) for s in seats_data):
        raise cc.RecordError(cc._("the saved table has no list of seats"))
    try:
        seats = check_seats([Seat(str(s["name"]), str(s["kind"]), s.get("seed")) for s in seats_data], 0)
    except (KeyError, cc.ConcordiaError) as exc:
        raise cc.RecordError(cc._("the saved seats are invalid: {problem}", problem=exc)) from None
    game = cc.Game.from_json(json.dumps(data.get("game")))
    names = [p.name for p in game.initial.players]
    if sorted(names) != sorted(s.name for s in seats):
        raise cc.RecordError(cc._("the seats do not match the game's players"))
    viewer = data.get("viewer")
    return game, seats, viewer if viewer in names else None
