"""The store of the tables for friends (widgets/friends/store.py), against SQLite and a real PostgreSQL server that
the test starts (tests/postgres_support.py), and the table's model on it (widgets/friends/shared.py): seats that
belong to visitor ids, moves the engine checks and the store numbers without a gap, a race of two devices for the
same turn (one move taken, the other told plainly), refusals that change nothing, and expiry."""
from __future__ import annotations

import multiprocessing
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from postgres_support import fresh_database, postgres_server

import concordia_core as cc
from widgets.friends import shared
from widgets.friends.shared import SharedTable, start_table
from widgets.friends.store import PostgresStore, SQLiteStore, TableRefusal, TableStore, TurnTaken

AIKO, BEN, CHLOE = "a" * 32, "b" * 32, "c" * 32
SETUP = cc.Setup("italia", ["Aiko", "Ben", "Livia"], 11, True)
KINDS = ["human", "human", "greedy"]
RACES = 50


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as address:
        yield address


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> TableStore:
    if request.param == "sqlite":
        return SQLiteStore(tmp_path / "tables.sqlite3")
    return PostgresStore(fresh_database(request.getfixturevalue("postgres")))


def aiko_and_ben(store: TableStore) -> tuple[SharedTable, SharedTable, str]:
    code = start_table(store, AIKO, SETUP, KINDS, hints=True)
    aiko, ben = SharedTable(store, code, AIKO), SharedTable(store, code, BEN)
    ben.take_seat(1)
    aiko.sync()
    return aiko, ben, code


def play_to(table: SharedTable, others: list[SharedTable], moves: int) -> None:
    """Play `moves` moves: each device plays its own seat's (the first legal step), the bots theirs."""
    devices = [table, *others]
    for _ in range(moves):
        for device in devices:
            device.sync()
        if table.bot_to_act():
            assert table.bot_step()
            continue
        acting = next(d for d in devices if d.may_act(d.game.state))
        acting.play(acting.game.legal_actions()[0])


def test_friends_store_seats_belong_to_visitor_ids(store: TableStore) -> None:
    aiko, ben, code = aiko_and_ben(store)
    assert (aiko.my_seat, ben.my_seat) == (0, 1) and aiko.is_host and not ben.is_host
    assert store.seated(BEN) == [code] and store.seated(CHLOE) == []        # Ben's device finds its table again
    chloe = SharedTable(store, code, CHLOE)
    assert chloe.my_seat is None                                   # a spectator: no seat, no hand
    assert not any(chloe.may_see_hand(n) for n in chloe.names)
    with pytest.raises(TableRefusal, match="taken by another device"):
        chloe.take_seat(1)
    with pytest.raises(TableRefusal, match="practice bot"):
        chloe.take_seat(2)
    with pytest.raises(TableRefusal, match="already holds"):
        ben.take_seat(0)
    with pytest.raises(TableRefusal, match="only the device that started"):
        ben.free_seat(1)
    aiko.free_seat(1)                                              # Ben's phone broke: the host frees his seat
    chloe.take_seat(1)                                             # and his new device (here: Chloe's) takes it
    ben.sync()
    assert ben.my_seat is None and chloe.my_seat == 1 and [s.visitor for s in store.seats(code)] == [AIKO, CHLOE, None]


def test_friends_store_moves_are_checked_numbered_and_replayed(store: TableStore) -> None:
    aiko, ben, code = aiko_and_ben(store)
    play_to(aiko, [ben], 12)
    rows = store.moves(code)
    assert [r.number for r in rows] == list(range(1, 13))
    again = SharedTable(store, code, AIKO)                         # a device that comes back: the same game
    aiko.sync()
    assert [s.action for s in again.game.history] == [s.action for s in aiko.game.history]
    while aiko.bot_to_act():                                       # a person's turn
        aiko.bot_step()
    ben.sync()
    state = aiko.game.state
    who = aiko if aiko.may_act(state) else ben
    other = ben if who is aiko else aiko
    before = store.last_number(code)
    with pytest.raises(TableRefusal, match="turn, not yours"):     # a move sent for another seat
        other.play(other.game.legal_actions()[0])
    with pytest.raises(cc.IllegalAction):                          # a move the rules forbid
        who.play("build ROMA")
    with pytest.raises(cc.InvalidAction):                          # a move that is not notation
        who.play("build the Colosseum")
    assert store.last_number(code) == before and len(who.game.history) == before


def _racer(where: str, code: str, visitor: str, rounds: int, ready: Any, out: Any) -> None:
    """A device's kernel (its own process): each round it comes up to the store's moves, waits for the other device
    at the barrier, then submits the next move at once. The turn check is forced open (the model's own path to the
    store, `_store`), as if each device thought the turn was its own: only the store stands between them."""
    store: TableStore = PostgresStore(where) if where.startswith("postgresql://") else SQLiteStore(Path(where))
    table = SharedTable(store, code, visitor)
    for number in range(rounds):
        table.sync()
        state = table.game.state
        action = table.game.legal_actions()[0]
        ready.wait()
        try:
            table._store(state, action)
            out.put((number, "played", visitor))
        except TurnTaken as told:
            out.put((number, "told", str(told)))
        ready.wait()             # both have answered before the next round starts


def test_friends_store_race_for_one_turn_one_move_taken(store: TableStore) -> None:
    """Aiko's and Ben's kernels (two processes) submit a move for the same turn at the same moment, 50 times: the
    store takes exactly one each time, the other device is told plainly, and no move is doubled or missed."""
    code = start_table(store, AIKO, cc.Setup("italia", ["Aiko", "Ben"], 11, True), ["human", "human"], hints=False)
    SharedTable(store, code, BEN).take_seat(1)
    where = getattr(store, "dsn", None) or str(getattr(store, "path", ""))
    context = multiprocessing.get_context("spawn")
    ready, out = context.Barrier(2), context.Queue()
    racers = [context.Process(target=_racer, args=(where, code, who, RACES, ready, out)) for who in (AIKO, BEN)]
    for racer in racers:
        racer.start()
    try:
        said_in: dict[int, list[tuple[str, str]]] = {n: [] for n in range(RACES)}
        for _ in range(RACES * len(racers)):      # a process's queue flushes on its own thread: rounds may interleave
            number, kind, what = out.get(timeout=60)
            said_in[number].append((kind, what))
        outcomes = [sorted(said_in[n]) for n in range(RACES)]
    finally:
        for racer in racers:
            racer.join(60)
    odd = [(n, said) for n, said in enumerate(outcomes) if [kind for kind, _ in said] != ["played", "told"]]
    assert not odd, odd
    assert all("that turn has already been played" in said[1][1] for said in outcomes)
    winners = {said[0][1] for said in outcomes}
    print(f"\n{RACES} races: {sum(said[0][1] == AIKO for said in outcomes)} won by Aiko's device, the rest by Ben's")
    assert winners <= {AIKO, BEN}
    rows = store.moves(code)
    assert [r.number for r in rows] == list(range(1, RACES + 1))     # no duplicate, no gap
    assert len(SharedTable(store, code, AIKO).game.history) == RACES


def test_friends_store_bots_move_once_whoever_thinks(store: TableStore) -> None:
    """Both devices run the bot's move at once: the same choice (seeded by the table and the move), stored once."""
    aiko, ben, code = aiko_and_ben(store)
    while not aiko.bot_to_act():
        play_to(aiko, [ben], 1)
    before = store.last_number(code)
    assert aiko.bot_step() and ben.bot_step()
    assert store.last_number(code) == before + 1
    assert aiko.game.history[-1].action == ben.game.history[-1].action


def test_friends_store_refusals_codes_caps_and_expiry(store: TableStore, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(TableRefusal, match="there is no table"):
        SharedTable(store, "K7MR3X", AIKO)
    for text in ("abc", "K7MR3O", "../../etc"):
        with pytest.raises(TableRefusal, match="is not a table's code"):
            shared.clean_code(text)
    assert shared.clean_code(" k7mr3x ") == "K7MR3X"
    assert shared.clean_code("http://127.0.0.1:8866/voila/render/20_friends.ipynb?table=K7MR3X") == "K7MR3X"
    monkeypatch.setattr(shared, "MAX_TABLES_PER_VISITOR", 2)
    codes = [start_table(store, AIKO, SETUP, KINDS, hints=True) for _ in range(2)]
    with pytest.raises(TableRefusal, match="the most one visitor may keep"):
        start_table(store, AIKO, SETUP, KINDS, hints=True)
    assert shared.expire(store, now=time.time() + shared.IDLE_HOURS * 3600 + 60) == 2
    assert all(store.table(c) is None for c in codes) and store.moves(codes[0]) == []
