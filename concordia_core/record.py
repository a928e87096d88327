"""Save and load games as JSON: setup parameters plus the actions in notation, replayed on load.

Nothing in a file is ever executed (no pickle, no eval): the text is parsed as JSON, checked field
by field, and every action is parsed and verified by the rules engine.
"""
from __future__ import annotations

import json
from typing import Any

from .errors import ConcordiaError, RecordError
from .game import Game
from .invariants import problems
from .state import GameState

FORMAT = "concordia-tutor-game"
VERSION = 1
MAX_ACTIONS = 100_000


def dump(game: Game) -> str:
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "map": game.map_name,
        "players": game.players,
        "seed": game.seed,
        "options": {"first_game": game.first_game, "first_player": game.first_player},
        "actions": game.actions,
    }
    if game.from_scenario:
        record["start"] = game.initial.to_json()
    return json.dumps(record, indent=1, ensure_ascii=False)


def _expect(record: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in record:
        raise RecordError(f"the record has no {key!r} field ({what})")
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError(f"the record's {key!r} must be {what}, not {type(value).__name__}")
    return value


def load(text: str | bytes) -> Game:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    if not text.strip():
        raise RecordError("the record is empty")
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the record is not valid JSON (truncated or edited?): {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise RecordError("the record is nested too deeply to be a game record") from None
    if not isinstance(record, dict):
        raise RecordError("the record must be a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a Concordia Tutor game record (format is {record.get('format')!r})")
    version = _expect(record, "version", int, "a whole number")
    if version != VERSION:
        raise RecordError(f"unknown record version {version}; this tutor reads version {VERSION}")
    map_name = _expect(record, "map", str, "a map name")
    players = _expect(record, "players", list, "a list of player names")
    seed = _expect(record, "seed", int, "a whole number")
    options = _expect(record, "options", dict, "an object")
    actions = _expect(record, "actions", list, "a list of actions in notation")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"the record lists {len(actions)} actions; at most {MAX_ACTIONS} are accepted")
    first_game = options.get("first_game", False)
    first_player = options.get("first_player")
    if not isinstance(first_game, bool) or not (first_player is None or isinstance(first_player, str)):
        raise RecordError("options.first_game must be true or false and options.first_player a name")
    try:
        if "start" in record:
            game = Game.from_state(_start_state(record["start"], map_name))
            game.players = players
        else:
            game = Game(map_name, players, seed, first_game=first_game, first_player=first_player)
    except ConcordiaError as exc:
        raise RecordError(f"the record's setup is invalid: {exc}") from None
    for number, text_action in enumerate(actions, start=1):
        if not isinstance(text_action, str):
            raise RecordError(f"action {number} must be text in notation, not {type(text_action).__name__}")
        try:
            game.play(text_action)
        except ConcordiaError as exc:
            raise RecordError(f"action {number} ({text_action!r}) cannot be replayed: {exc}") from None
    return game


def _start_state(data: Any, map_name: str) -> GameState:
    if not isinstance(data, dict):
        raise RecordError("the record's start position must be an object")
    try:
        state = GameState.from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"the record's start position is malformed ({type(exc).__name__}: {exc})") from None
    if state.map_id != map_name:
        raise RecordError(f"the start position is on {state.map_id!r} but the record says {map_name!r}")
    try:
        found = problems(state)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(f"the record's start position is malformed ({type(exc).__name__}: {exc})") from None
    if found:
        raise RecordError("the record's start position is impossible: " + "; ".join(found))
    return state
