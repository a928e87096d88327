"""The app mode under load: a cap on live kernels with a plain busy page beyond it (app/concordia_app/kernels.py),
and saves private to each visitor (a random id the server issues in a signed cookie; app/concordia_app/visitors.py,
widgets/support/saves.py). Driven over plain HTTP on 127.0.0.1, with cookie jars for visitors."""
from __future__ import annotations

import concurrent.futures
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from voila_support import Visitor, VoilaApp, kernel_pids, kernel_processes, serve

CAP = 3
CHAPTERS = ["03_turn_and_mercator.ipynb", "04_architect_movement.ipynb", "05_architect_building.ipynb",
            "06_prefect.ipynb", "07_storehouse.ipynb"]
SAVER = "visitor_saves.ipynb"
SAVER_SOURCE = ("from widgets.support import saves, visitor\n"
                "mine = 'written by ' + str(visitor.current())\n"
                "if 'friday' not in saves.names():\n"
                "    saves.write('friday', mine)\n"
                "print('VISITOR=' + str(visitor.current()))\n"
                "print('NAMES=' + ','.join(saves.names()))\n"
                "print('FRIDAY=' + saves.read('friday'))\n")


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    with serve(tmp_path_factory.mktemp("capped"), make_args=(f"KERNELS={CAP}",)) as app:
        yield app


@pytest.fixture(scope="module")
def roomy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    """Room for every request of the private-saves test (each plain HTTP request holds a kernel until culled)."""
    with serve(tmp_path_factory.mktemp("roomy"), extra_notebooks={SAVER: SAVER_SOURCE},
               make_args=("KERNELS=14", "VISITOR_PAGES=10")) as app:
        yield app


@contextmanager
def _kernels_counted(app: VoilaApp, over: list[list[str]] | None = None) -> Iterator[list[int]]:
    """The app's live kernels counted every 0.2 s while the block runs (the list fills as it goes); the processes of
    any count above CAP are put in `over`, for the failure to show."""
    seen: list[int] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.is_set():
            kernels = kernel_processes(app)
            seen.append(len(kernels))
            if len(kernels) > CAP and over is not None:
                over.append(list(kernels.values()))
            time.sleep(0.2)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield seen
    finally:
        stop.set()
        watcher.join()


@pytest.mark.slow  # a running Voila server
def test_app_limits_busy_page_beyond_the_cap_and_never_more_kernels(capped: VoilaApp) -> None:
    over: list[list[str]] = []
    with _kernels_counted(capped, over) as seen:
        with concurrent.futures.ThreadPoolExecutor(len(CHAPTERS)) as pool:   # all at once: no race past the cap
            answers = list(pool.map(lambda c: Visitor(capped).get(f"/voila/render/{c}"), CHAPTERS))
        busy_again = Visitor(capped).get(f"/voila/render/{CHAPTERS[0]}")   # the pages are still held: busy
    served = [a for a in answers if a[0] == 200]
    busy = [a for a in answers + [busy_again] if a[0] == 503]
    assert len(served) == CAP, [(a[0], round(a[2], 1)) for a in answers]
    assert len(busy) == len(CHAPTERS) - CAP + 1
    for _status, page, seconds in busy:
        text = re.sub(r"<[^>]+>", " ", page)
        assert "The tutor is busy" in text and "Try again in a minute" in text
        assert "Traceback" not in page and "503" not in text and seconds < 15, (seconds, text[:300])
    assert max(seen) <= CAP, f"kernels alive at the peak: {max(seen)} (cap {CAP}): {over[:2]}\n{capped.log()[-3000:]}"
    assert "Kernel cap of 3 reached" in capped.log()


@pytest.fixture(scope="module")
def slow_start(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaApp]:
    """The cap, with a start page (preheated) that takes 8 s to make: a page needing its place meets it mid-cell."""
    source = ("import pathlib, time\npathlib.Path('start_page_running').touch()\n"
              "for _ in range(16):\n    time.sleep(0.5)\nprint('START PAGE MADE')")
    with serve(tmp_path_factory.mktemp("slow"), extra_notebooks={"00_start_here.ipynb": source},
               make_args=(f"KERNELS={CAP}",)) as app:
        yield app


@pytest.mark.slow  # a running Voila server
def test_app_limits_a_preheated_kernel_still_making_its_page_makes_room_cleanly(slow_start: VoilaApp) -> None:
    running = slow_start.root / "start_page_running"
    deadline = time.monotonic() + 60
    while not running.exists() and time.monotonic() < deadline:    # the preheated kernel is running its cell
        time.sleep(0.1)
    assert running.exists(), slow_start.log()[-3000:]
    with _kernels_counted(slow_start) as seen:
        with concurrent.futures.ThreadPoolExecutor(CAP) as pool:
            answers = list(pool.map(lambda c: Visitor(slow_start).get(f"/voila/render/{c}"), CHAPTERS[:CAP]))
        time.sleep(3)                   # a kernel started behind the cap's back would show by now
    assert [a[0] for a in answers] == [200] * CAP, [(a[0], round(a[2], 1)) for a in answers]
    assert "a preheated kernel makes room for a page" in slow_start.log()
    assert max(seen) <= CAP and len(kernel_pids(slow_start)) == CAP, seen
    assert "Kernel died" not in slow_start.log(), slow_start.log()[-3000:]   # its page was stopped, not cancelled


def _shown(page: str, key: str) -> str:
    found = re.search(key + r"=([^<\n]*)", page)
    assert found, page[-1500:]
    return found.group(1).strip()


@pytest.mark.slow  # a running Voila server
def test_private_saves_two_visitors_same_name_never_see_each_other(roomy: VoilaApp) -> None:
    capped = roomy
    aiko, ben = Visitor(capped), Visitor(capped)
    status, page_a, _ = aiko.get(f"/voila/render/{SAVER}")
    assert status == 200, page_a[-1500:]
    status, page_b, _ = ben.get(f"/voila/render/{SAVER}")
    assert status == 200, page_b[-1500:]
    id_a, id_b = _shown(page_a, "VISITOR"), _shown(page_b, "VISITOR")
    assert re.fullmatch(r"[0-9a-f]{32}", id_a) and re.fullmatch(r"[0-9a-f]{32}", id_b) and id_a != id_b
    assert _shown(page_a, "FRIDAY") == f"written by {id_a}" and _shown(page_b, "FRIDAY") == f"written by {id_b}"
    assert _shown(page_a, "NAMES") == _shown(page_b, "NAMES") == "friday"
    # Ben sends Aiko's id, or a path, in every way a request can carry one: he still gets his own saves only
    for headers, query in [({"X-Concordia-Visitor": id_a}, ""), ({"X-Concordia-Visitor": "../x"}, ""),
                           ({}, f"?visitor={id_a}&HTTP_X_CONCORDIA_VISITOR={id_a}")]:
        status, page, _ = ben.get(f"/voila/render/{SAVER}{query}", headers)
        assert status == 200, page[-1500:]
        assert _shown(page, "VISITOR") == id_b and _shown(page, "FRIDAY") == f"written by {id_b}"
    # a browser without the signed cookie is a new visitor, whatever it sends (an id as a cookie, a path)
    strangers = []
    for cookies, headers in (({"visitor": id_a, f"username-127-0-0-1-{capped.port}": id_a}, {}),
                             ({}, {"X-Concordia-Visitor": "../x"})):
        stranger = Visitor(capped)
        for name, value in cookies.items():
            stranger.set_cookie(name, value)
        status, page, _ = stranger.get(f"/voila/render/{SAVER}", headers)
        strangers.append(_shown(page, "VISITOR"))
        assert strangers[-1] not in (id_a, id_b, "../x") and _shown(page, "FRIDAY") == f"written by {strangers[-1]}"
    folders = sorted(p.name for p in (capped.saves / "visitors").iterdir())
    assert folders == sorted([id_a, id_b, *strangers])
    assert not (capped.saves / "x").exists() and not (capped.saves.parent / "x").exists()
    assert sorted(p.name for p in capped.saves.iterdir()) == [".cookie_secret", "visitors"]
    assert (capped.saves / "visitors" / id_a / "friday.json").read_text() == f"written by {id_a}"
    assert oct((capped.saves / ".cookie_secret").stat().st_mode & 0o777) == "0o600"
    assert Path(capped.saves / "visitors" / id_b / "friday.json").read_text() == f"written by {id_b}"
