"""Game records as values: the setup, the actions in notation, and an optional start position.

The record layer sits below `Game` (python-chess's pgn beside its board, the other way round): it
never imports Game; `Game.from_record` and `Game.record()` build on it. Nothing in a file is ever
executed (no pickle, no eval): the text is parsed as JSON, checked field by field, and every
action is parsed and verified by the rules engine when the record is replayed.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from .actions import Action, Done, Trade, parse_action
from .engine import apply
from .errors import ConcordiaError, RecordError
from .i18n import _
from .invariants import problems
from .setup import Setup
from .state import GameState, Phase

FORMAT = "concordia-tutor-game"
VERSION = 2
"""Version 2 trades each kind one way within a Mercator play (docs/rules.md, readings); version 1 records
are read by netting each Mercator play's trades (`_netted`)."""
READABLE = (1, 2)
MAX_ACTIONS = 100_000
T = TypeVar("T")


@dataclass(frozen=True)
class Record:
    """A game as data: how it was set up (or the position it started from) and what was played."""

    setup: Setup
    actions: tuple[str, ...] = ()
    start: GameState | None = None
    version: int = VERSION      # the version it was read from: 1 nets each Mercator play's trades on replay

    def __post_init__(self) -> None:
        if self.start is not None and tuple(p.name for p in self.start.players) != self.setup.players:
            raise RecordError(_("the start position's players {found} are not the record's players {expected}",
                                found=[p.name for p in self.start.players], expected=list(self.setup.players)))

    def initial_state(self) -> GameState:
        """The position before the first action."""
        return self.start if self.start is not None else self.setup.initial_state()

    def steps(self) -> Iterator[tuple[Action, GameState]]:
        """Replay the actions, yielding each parsed action and the state it produced; RecordError names
        the first action that cannot be replayed."""
        state = self.initial_state()
        trades: list[tuple[int, Trade]] = []    # a version 1 Mercator play's trades, netted when it ends
        for number, text in enumerate(self.actions, start=1):
            try:
                action = parse_action(text, state)
                if self.version == 1 and _trading(state) and isinstance(action, Trade):
                    trades.append((number, action))
                    continue
                if trades:
                    for step in _netted(state, trades, ends=not isinstance(action, Done)):
                        state = step[1]
                        yield step
                    trades = []
                    if not _trading(state) and isinstance(action, Done):
                        continue    # the netted trades ended the play, as the recorded ones did
                state = apply(state, action)
            except ConcordiaError as exc:
                raise RecordError(_("action {number} ({action!r}) cannot be replayed: {problem}", number=number,
                                    action=text, problem=exc)) from None
            yield action, state
        if trades:
            try:
                yield from _netted(state, trades, ends=False)
            except ConcordiaError as exc:
                raise RecordError(_("action {number} ({action!r}) cannot be replayed: {problem}",
                                    number=trades[-1][0], action=str(trades[-1][1]), problem=exc)) from None

    def to_json(self) -> str:
        """The record as JSON text: format, version, the setup fields, the actions, and any start position."""
        data: dict[str, object] = {"format": FORMAT, "version": VERSION, **self.setup.to_dict(),
                                   "actions": list(self.actions)}
        if self.start is not None:
            data["start"] = self.start.to_dict()
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record, checking every field (RecordError naming the problem); the actions are checked
        when replayed (`steps()`)."""
        data = _parse(text)
        version = _expect(data, "version", int, _("a whole number"))
        map_name = _expect(data, "map", str, _("a map name"))
        players = _expect(data, "players", list, _("a list of player names"))
        seed = _expect(data, "seed", int, _("a whole number"))
        options = _expect(data, "options", dict, _("an object"))
        actions = _expect(data, "actions", list, _("a list of actions in notation"))
        if len(actions) > MAX_ACTIONS:
            raise RecordError(_("the record lists {n} actions; at most {limit} are accepted", n=len(actions),
                                limit=MAX_ACTIONS))
        for number, action in enumerate(actions, start=1):
            if not isinstance(action, str):
                raise RecordError(_("action {number} must be text in notation, not {kind}", number=number,
                                    kind=type(action).__name__))
        first_game = options.get("first_game", False)
        first_player = options.get("first_player")
        if not isinstance(first_game, bool) or not (first_player is None or isinstance(first_player, str)):
            raise RecordError(_("options.first_game must be true or false and options.first_player a name"))
        start = _start_state(data["start"], map_name) if "start" in data else None
        try:
            setup = Setup(map_name, tuple(players), seed, first_game, first_player)
        except ConcordiaError as exc:
            raise RecordError(_("the record's setup is invalid: {problem}", problem=exc)) from None
        return cls(setup, tuple(actions), start, version)


def _trading(state: GameState) -> bool:
    """True while a Mercator play is at its trades."""
    return state.pending is not None and state.pending.phase == Phase.MERCATOR and not state.choices


def _netted(state: GameState, trades: list[tuple[int, Trade]], ends: bool) -> Iterator[tuple[Action, GameState]]:
    """A version 1 Mercator play's trades as this version plays them: one trade per kind, the sales first
    and then the purchases, which reaches the position the recorded trades reached; with `ends`, the play
    is then ended with Done if it has not ended by itself (the next recorded action belongs to the next
    turn, after a play the recorded trades had ended)."""
    net: dict[str, int] = {}
    for _number, trade in trades:
        net[trade.good] = net.get(trade.good, 0) + trade.amount
    for good, amount in sorted(((g, n) for g, n in net.items() if n), key=lambda kv: kv[1] > 0):
        action = Trade(good, amount)
        state = apply(state, action)
        yield action, state
    if ends and _trading(state):
        state = apply(state, Done())
        yield Done(), state


def _parse(text: str | bytes) -> dict[str, object]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(_("the record is not UTF-8 text")) from None
    if not isinstance(text, str):
        raise RecordError(_("a record is JSON text, not {kind}", kind=type(text).__name__))
    if not text.strip():
        raise RecordError(_("the record is empty"))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(_("the record is not valid JSON (truncated or edited?): {problem} at line {line}",
                            problem=exc.msg, line=exc.lineno)) from None
    except RecursionError:
        raise RecordError(_("the record is nested too deeply to be a game record")) from None
    if not isinstance(data, dict):
        raise RecordError(_("the record must be a JSON object"))
    if data.get("format") != FORMAT:
        raise RecordError(_("not a Concordia Tutor game record (format is {found!r})", found=data.get("format")))
    version = _expect(data, "version", int, _("a whole number"))
    if version not in READABLE:
        raise RecordError(_("unknown record version {found}; this tutor reads versions {versions}", found=version,
                            versions=", ".join(str(v) for v in READABLE)))
    return data


def _expect(record: dict[str, object], key: str, kind: type[T], what: str) -> T:
    if key not in record:
        raise RecordError(_("the record has no {key!r} field ({what})", key=key, what=what))
    value = record[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RecordError(_("the record's {key!r} must be {what}, not {kind}", key=key, what=what,
                            kind=type(value).__name__))
    return value


def _problem(exc: Exception) -> str:
    return ": ".join((type(exc).__name__, str(exc)))


def _start_state(data: object, map_name: str) -> GameState:
    if not isinstance(data, dict):
        raise RecordError(_("the record's start position must be an object"))
    try:
        state = GameState.from_dict(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(_("the record's start position is malformed ({problem})", problem=_problem(exc))) from None
    if state.map_id != map_name:
        raise RecordError(_("the start position is on {found!r} but the record says {expected!r}", found=state.map_id,
                            expected=map_name))
    try:
        found = problems(state)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RecordError(_("the record's start position is malformed ({problem})", problem=_problem(exc))) from None
    if found:
        raise RecordError(_("the record's start position is impossible: {problems}", problems="; ".join(found)))
    return state
