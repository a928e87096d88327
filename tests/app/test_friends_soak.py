"""A soak of tables for friends in the app mode at the default kernel cap (8): as many 3-device tables as it holds
play for three minutes (two tables; each also has a device watching, so all eight places are pages), and one
device beyond the cap gets the busy page. Every move is typed on the device of the seat that acts and waited for
on all four devices of its table. It reports moves, the time a move takes to reach the other devices, errors (0),
moves lost or doubled in the store (0) and the memory of the server and the kernels.

Bounded: two tables, a fixed duration (SOAK_SECONDS, default 180), loopback only. Marked slow and browser."""
from __future__ import annotations

import os
import re
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import chromium_path, launched_chromium
from friends_page import DESKTOP, NAMES, SEED, Device, play_moves, start_and_join
from voila_support import VoilaApp, kernel_pids, kernels_rss, serve, server_rss

import concordia_core as cc
from widgets.friends.store import SQLiteStore

pytestmark = [pytest.mark.slow, pytest.mark.browser]
DURATION = float(os.environ.get("SOAK_SECONDS", "180"))
CAP = 8                                       # make app's default KERNELS
TABLES = 2                                    # 3 players + 1 watcher each: 8 devices, the cap


@pytest.fixture(scope="module")
def soak_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    chromium_path()
    with serve(tmp_path_factory.mktemp("friends-soak")) as app:       # the default cap
        yield app


def test_friends_soak_tables_at_the_default_cap(soak_app: VoilaApp, tmp_path: Path) -> None:
    time.sleep(15)                                                    # the preheated pool is filled
    memory_start = server_rss(soak_app)
    with launched_chromium() as chromium:
        tables: list[tuple[list[Device], cc.Game, str]] = []
        try:
            for _ in range(TABLES):
                devices, code, address = start_and_join(chromium, soak_app)
                watcher = Device(chromium, soak_app, "Watcher", DESKTOP)
                watcher.open(address)
                watcher.root.get_by_text("You are watching this table").first.wait_for(timeout=60_000)
                tables.append(([*devices, watcher], cc.Game(cc.Setup("italia", NAMES, SEED, True)), code))
            peak = len(kernel_pids(soak_app))
            beyond = chromium.new_context(**DESKTOP)
            page = beyond.new_page()
            page.goto(soak_app.url("/voila/render/03_turn_and_mercator.ipynb"), timeout=120_000)
            busy = "The tutor is busy" in page.evaluate("() => document.body.innerText")
            beyond.close()
            others_saw: list[float] = []
            started = time.monotonic()
            while time.monotonic() - started < DURATION:
                for devices, game, _code in tables:
                    if not game.state.over:
                        play_moves(devices, game, len(game.history) + 1, others_saw)
            played = sum(len(g.history) for _d, g, _c in tables)
            store = SQLiteStore(soak_app.saves / "tables.sqlite3")
            lost_or_doubled = sum(abs(len(store.moves(c)) - len(g.history)) for _d, g, c in tables)
            mismatched = [c for _d, g, c in tables
                          if [m.notation for m in store.moves(c)] != [str(s.action) for s in g.history]]
            errors = [p for devices, _g, _c in tables for d in devices for p in d.problems
                      if not re.search(r"Unsatisfied version|No satisfying version", p)]
            kernels = sorted(round(k / 2**20) for k in kernels_rss(soak_app))
        finally:
            for devices, _game, _code in tables:
                for device in devices:
                    device.close()
    memory_end = server_rss(soak_app)
    print(f"\nfriends soak: {TABLES} tables of 3 devices and a watcher ({TABLES * 4} devices, cap {CAP}, kernels at the "
          f"peak {peak}), {DURATION:.0f} s: {played} moves, a move on the other devices in "
          f"{statistics.median(others_saw):.2f} s median ({max(others_saw):.2f} s at most), {len(errors)} errors, "
          f"{lost_or_doubled} moves lost or doubled; the device beyond the cap got the busy page: {busy}; server "
          f"memory {memory_start / 2**20:.0f} MB at the start, {memory_end / 2**20:.0f} MB at the end; kernels {kernels} MB")
    assert busy, "the device beyond the cap should get the busy page"
    assert peak <= CAP
    assert not errors, errors[:10]
    assert lost_or_doubled == 0 and not mismatched
    assert played >= 20 * TABLES, "the tables hardly played"
    assert all(len(g.history) > 0 for _d, g, _c in tables)

