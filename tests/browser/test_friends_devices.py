"""Friends on their own devices (chapter 20, widgets/friends/), in the app mode (`make app`) in headless Chromium:
three visitors, each in a browser context of their own (one a phone, by touch), play a whole 3-player game to
its final scoring. Aiko starts the table; Ben and Chloe open its link and take their seats; each plays only from
their own device, by the typed notation the screen offers for keyboards (the moves a greedy practice bot would
choose: a game of about 200 steps). After every move all three pages show the same board, log, player boards and
progress, and no page holds another player's hand; the time from a move on one device to it on the others is
printed. Fault tests: the app server is killed (SIGKILL) in the middle of the game and started again, and every
device comes back to its seat at the same move; a device closed and opened again gets its seat and hand back; a
move for another seat, or a seat claim on a taken seat, is refused and changes nothing.

Run with CI=true (a missing browser is then a failure)."""
from __future__ import annotations

import os
import re
import signal
import statistics
from pathlib import Path
from typing import Any

import pytest
from browser_support import _descendants
from friends_page import DESKTOP, NAMES, PAGE_MS, SEED, Device, play_moves, start_and_join, wait_steps
from voila_support import VoilaApp, kernel_pids, serve

import concordia_core as cc
from concordia_core import bots
from widgets.friends.store import SQLiteStore

MAKE_ARGS = ("KERNELS=10",)   # `make app` with at most 10 live kernels


@pytest.fixture(scope="module")
def app_make_args() -> tuple[str, ...]:
    return MAKE_ARGS


def kill_server(app: VoilaApp) -> None:
    """SIGKILL to the app server and every kernel it started: a machine that lost its server at once."""
    for pid in [*kernel_pids(app), *_descendants(app.proc.pid), app.proc.pid]:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    app.proc.wait(10)


def test_friends_three_devices_play_a_whole_game_through_a_server_restart(app_browser: Any, tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    others_saw: list[float] = []
    game = cc.Game(cc.Setup("italia", NAMES, SEED, True))
    with serve(tmp_path / "first", make_args=MAKE_ARGS, saves=saves) as app:
        port = app.port
        devices, code, _address = start_and_join(app_browser, app)
        wait_steps(devices, 0)
        play_moves(devices, game, 40, others_saw)
        kill_server(app)
    try:
        with serve(tmp_path / "second", make_args=MAKE_ARGS, saves=saves, port=port) as again:
            for device in devices:          # each page lost its kernel: reloaded, it is back at its seat, same move
                device.page.reload(wait_until="domcontentloaded", timeout=PAGE_MS)
                device.root.get_by_text("you, on this device").first.wait_for(timeout=PAGE_MS)
                assert device.steps() == len(game.history)
            play_moves(devices, game, 10**6, others_saw)
            store = SQLiteStore(again.saves / "tables.sqlite3")
            assert [m.notation for m in store.moves(code)] == [str(s.action) for s in game.history]
            winner = cc.final_ranking(game.state)[0]
            for device in devices:
                final = device.root.locator(".cc-final-box .concordia-final").first
                final.wait_for(timeout=60_000)
                assert f"Game over: {winner} wins" in final.inner_text()
        print(f"\nfriends: a whole game of {len(game.history)} moves on 3 devices, the server killed at move 40 and "
              f"started again; a move reached the other devices in {statistics.median(others_saw):.2f} s median, "
              f"{max(others_saw):.2f} s at most")
    finally:
        for device in devices:
            device.close()


def test_friends_refusals_and_a_device_that_comes_back(app_browser: Any, voila_app: VoilaApp) -> None:
    devices, code, address = start_and_join(app_browser, voila_app)
    aiko, ben, chloe = devices
    try:
        game = cc.Game(cc.Setup("italia", NAMES, SEED, True))
        wait_steps(devices, 0)
        # a move for another seat: Ben's screen offers none on Aiko's turn; forced from his page, it is refused
        assert not ben.root.locator(".cc-side input[placeholder^='e.g.']").first.is_visible()
        action = bots.make("greedy", 0).choose(game.state).action
        ben.type_move(action, forced=True)
        ben.root.get_by_text(re.compile(r"it is Aiko.s turn, not yours")).first.wait_for(timeout=30_000)
        assert all(d.steps() == 0 for d in devices)
        # a seat claim on a taken seat: a fourth browser sees Aiko's seat taken, with no button to take it
        stranger = Device(app_browser, voila_app, "Dan", DESKTOP)
        stranger.open(address)
        assert stranger.root.locator("button").filter(has_text="Take this seat").count() == 0
        stranger.root.get_by_text("You are watching this table").first.wait_for(timeout=30_000)
        stranger.close()
        # Aiko plays; Chloe's phone closes the tab and opens the link again: her seat and hand come back
        aiko.type_move(action)
        game.play(action)
        wait_steps(devices, 1)
        chloe.page.close(run_before_unload=True)
        chloe.page = chloe.context.new_page()
        chloe.watch(chloe.page)
        chloe.open(address)
        chloe.root.get_by_text("you, on this device").first.wait_for(timeout=30_000)
        assert chloe.steps() == 1
        hand = game.state.player("Chloe").hand
        assert chloe.page.locator(".cc-friends .widget-tab").first.inner_text().count("(hidden)") == 2
        assert all(cc.card(c).display_name in chloe.page.evaluate("() => document.body.innerText") for c in hand)
    finally:
        for device in devices:
            device.close()


