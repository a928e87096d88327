"""Work that must not hold up the screen: a function run beside the kernel's loop, and a game's review on every core.

Both take the browser into account (Pyodide, the static site), which has neither threads nor processes: there the
function is put on the kernel's own loop, after what is on screen has been drawn, and the review runs in this one
process."""
from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from threading import Thread

import concordia_core as cc
from concordia_core import bots

IN_BROWSER = sys.platform == "emscripten"


def in_background(work: Callable[[], None]) -> Thread | None:
    """Run `work()` in a thread of its own, already started and returned; in the browser, on the kernel's loop a
    moment later, and None."""
    if IN_BROWSER:
        asyncio.get_event_loop().call_later(0.05, work)
        return None
    thread = Thread(target=work, daemon=True)
    thread.start()
    return thread


def review_game(game: cc.Game, progress: Callable[[int, int, bots.Review], None] | None = None) -> bots.Review:
    """The review of a game with the judge's own budget, its turns judged on every core of the machine (the same
    verdicts as one process gives, sooner); in the browser, in this process."""
    if IN_BROWSER:
        return bots.review(game, progress=progress)
    with ProcessPoolExecutor(max_workers=os.cpu_count()) as pool:
        return bots.review(game, progress=progress, executor=pool)
