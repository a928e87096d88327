"""A table for friends as one device sees it, no widgets: the table and its seats from the store, the game replayed
from the store's moves, and this device's visitor and seat. The model owns the table's loop: every move (a
person's from the controls or a hint, a practice bot's) goes through `play`, which the engine checks and the store
takes (or refuses: another device played that turn first); `sync` brings the game up to the store's moves.

Seats belong to visitor ids (the server's, never what a page sends): a device holds the seat whose visitor is its
own, and acts only for it. The practice bots' moves are made by whichever device of the table gets there first
(each waits a little longer the later its seat comes, and asks the store again before thinking): the table goes
on as long as one device is open, and a bot's choice is the same on every device (its randomness is seeded by the
table and the move number), so a second device that thinks the same move is simply told it is there already.
"""
from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Callable

import concordia_core as cc
from concordia_core import bots

from .store import MoveRow, SeatRow, TableRefusal, TableRow, TableStore, TurnTaken

HUMAN = "human"
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY34679"     # no 0/O, 1/I/L, 2/Z, 5/S, 8/B: a code read aloud or from a phone
CODE_LENGTH = 6
MAX_TABLES_PER_VISITOR = 5
MAX_TABLES = 500
FINISHED_HOURS = float(os.environ.get("CONCORDIA_TABLES_FINISHED_HOURS", "24"))   # a finished table is kept this long
IDLE_HOURS = float(os.environ.get("CONCORDIA_TABLES_IDLE_HOURS", "168"))          # an abandoned one (no move) this long


def new_code() -> str:
    """A short code for a table: 6 letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """A code as typed (spaces, lower case, a pasted link's ?table=…) made plain; TableRefusal if it cannot be one."""
    code = text.strip().rsplit("table=", 1)[-1].split("&")[0].upper().replace(" ", "").replace("-", "")
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        raise TableRefusal(cc._("“{code}” is not a table's code: a code has {n} letters and digits, such as {example}",
                                code=cc.brief(text.strip(), 20), n=CODE_LENGTH, example="K7MR3X"))
    return code


def expire(store: TableStore, now: float | None = None) -> int:
    """Forget the tables finished more than FINISHED_HOURS ago, or untouched for IDLE_HOURS."""
    now = time.time() if now is None else now
    return store.expire(now - FINISHED_HOURS * 3600, now - IDLE_HOURS * 3600)


def start_table(store: TableStore, host: str, setup: cc.Setup, kinds: list[str], hints: bool,
                host_seat: int | None = 0) -> str:
    """Put a new table in the store (the host takes `host_seat`, a person's seat); its code."""
    expire(store)
    if len(store.tables_of(host)) >= MAX_TABLES_PER_VISITOR:
        raise TableRefusal(cc._("you have started {n} tables, the most one visitor may keep: finish one, or wait until "
                                "an old one expires", n=MAX_TABLES_PER_VISITOR))
    if store.count() >= MAX_TABLES:
        raise TableRefusal(cc._("this tutor keeps as many tables as it can just now: try again later"))
    seeds = [secrets.randbelow(10**6) for _ in kinds]
    record = {"map": setup.map_name, "players": list(setup.players), "seed": setup.seed,
              "first_game": setup.first_game, "bot_seeds": seeds}
    now = time.time()
    for _attempt in range(20):
        code = new_code()
        if store.table(code) is None:
            break
    seats = [SeatRow(i, name, kind, host if i == host_seat and kind == HUMAN else None)
             for i, (name, kind) in enumerate(zip(setup.players, kinds, strict=True))]
    store.create(TableRow(code, record, host, hints, now, now, False), seats)
    return code


class SharedTable:
    """One device's view of a table for friends: `game` (replayed from the store), `seats`, `visitor`, `my_seat`.
    `listeners` are called (with no argument) after the game or the seats changed."""

    def __init__(self, store: TableStore, code: str, visitor: str | None) -> None:
        self.store = store
        self.code = code
        self.visitor = visitor
        self._lock = threading.RLock()
        self.listeners: list[Callable[[], None]] = []
        row = store.table(code)
        if row is None:
            raise TableRefusal(cc._("there is no table {code}: the code is wrong, or the table has expired", code=code))
        self.row = row
        self.setup = cc.Setup(row.setup["map"], list(row.setup["players"]), int(row.setup["seed"]),
                              bool(row.setup["first_game"]))
        self.bot_seeds = [int(s) for s in row.setup.get("bot_seeds", [0] * len(self.setup.players))]
        self.game = cc.Game(self.setup)
        self.seats: list[SeatRow] = store.seats(code)
        self.sync()

    # --- who is who ---------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return list(self.setup.players)

    @property
    def my_seat(self) -> int | None:
        """The seat this device holds (a person's seat whose visitor is this device's), or None (a spectator)."""
        return next((s.index for s in self.seats if self.visitor and s.visitor == self.visitor), None)

    @property
    def is_host(self) -> bool:
        return bool(self.visitor) and self.visitor == self.row.host

    def seat_of(self, name: str | None) -> SeatRow | None:
        return next((s for s in self.seats if s.name == name), None)

    def is_person(self, name: str | None) -> bool:
        seat = self.seat_of(name)
        return seat is not None and seat.kind == HUMAN

    def may_act(self, state: cc.GameState) -> bool:
        """This device's seat must act now."""
        seat = self.seat_of(state.actor)
        return not state.over and seat is not None and seat.index == self.my_seat

    def may_see_hand(self, name: str) -> bool:
        """Only this device's own seat's hand is ever shown (a spectator sees none)."""
        mine = self.my_seat
        return mine is not None and self.names[mine] == name

    # --- seats --------------------------------------------------------------------------------------
    def take_seat(self, index: int) -> None:
        """Take a free person's seat for this device (TableRefusal saying why not: taken, a bot's, one held)."""
        if not self.visitor:
            raise TableRefusal(cc._("this page has no visitor id yet, so it cannot take a seat: reload it, with cookies "
                                    "allowed for this site"))
        with self._lock:
            if not 0 <= index < len(self.seats):
                raise TableRefusal(cc._("there is no seat {n} at this table", n=index + 1))
            if not self.store.claim(self.code, index, self.visitor):
                self.seats = self.store.seats(self.code)
                seat = self.seats[index]
                if seat.kind != HUMAN:
                    why = cc._("{player}'s seat is a practice bot's", player=seat.name)
                elif self.my_seat is not None:
                    why = cc._("this device already holds {player}'s seat", player=self.names[self.my_seat])
                else:
                    why = cc._("{player}'s seat is taken by another device", player=seat.name)
                raise TableRefusal(why)
            self.seats = self.store.seats(self.code)
        self._tell()

    def free_seat(self, index: int) -> None:
        """The host frees a seat, so its player can take it again from another device."""
        if not self.is_host:
            raise TableRefusal(cc._("only the device that started the table can free a seat"))
        with self._lock:
            self.store.release(self.code, index)
            self.seats = self.store.seats(self.code)
        self._tell()

    # --- the moves ----------------------------------------------------------------------------------
    def sync(self) -> bool:
        """Bring the game up to the store's moves (and the seats up to date); True if anything changed."""
        with self._lock:
            rows = self.store.moves(self.code, after=len(self.game.history))
            seats = self.store.seats(self.code)
            changed = bool(rows) or seats != self.seats
            self.seats = seats
            for row in rows:
                self._replay(row)
        if changed:
            self._tell()
        return changed

    def _replay(self, row: MoveRow) -> None:
        if row.number != len(self.game.history) + 1:
            raise TableRefusal(cc._("the table's moves do not follow one another (move {n})", n=row.number))
        try:
            self.game.play(row.notation)
        except cc.ConcordiaError as err:
            raise cc.RecordError(cc._("move {n} of table {code} cannot be played: {reason}", n=row.number,
                                      code=self.code, reason=err)) from None

    def play(self, action: cc.Action | str) -> None:
        """This device's seat makes a move: checked by the engine, then taken by the store; refused plainly (and
        nothing changed) when it is not this seat's turn, the rules forbid it, or another device played first."""
        with self._lock:
            self.sync()
            state = self.game.state
            if state.over:
                raise TableRefusal(cc._("the game is over"))
            if not self.may_act(state):
                who = state.actor or ""
                if self.my_seat is None:
                    raise TableRefusal(cc._("you are watching this table: take a free seat to play"))
                raise TableRefusal(cc._("it is {player}'s turn, not yours", player=who))
            chosen = cc.parse_action(action, state) if isinstance(action, str) else action
            self._store(state, chosen)
        self._tell()

    def bot_step(self) -> bool:
        """If a practice bot must act, make its move (unless another device has made it first); True if a bot moved
        (here or elsewhere)."""
        with self._lock:
            if self.sync():
                return True
            state = self.game.state
            seat = self.seat_of(state.actor)
            if state.over or seat is None or seat.kind == HUMAN:
                return False
            number = len(self.game.history) + 1
            choice = bots.make(seat.kind, self.bot_seeds[seat.index] * 100_003 + number).choose(state)
            try:
                self._store(state, choice.action)
            except TurnTaken:
                pass
        self._tell()
        return True

    def bot_to_act(self) -> bool:
        state = self.game.state
        seat = self.seat_of(state.actor)
        return not state.over and seat is not None and seat.kind != HUMAN

    def _store(self, state: cc.GameState, action: cc.Action) -> None:
        """Check `action` with the engine, add it to the store as the next move, then play it here."""
        after = cc.apply(state, action)          # IllegalAction (with its rule) if the rules forbid it
        seat = self.seat_of(state.actor)
        number = len(self.game.history) + 1
        try:
            self.store.add_move(self.code, number, str(action), seat.index if seat else -1, after.over)
        except TurnTaken:
            self.sync()
            raise
        self.game.play(action)

    def _tell(self) -> None:
        for listener in list(self.listeners):
            listener()
