"""Who the app mode's visitor is, as the server told this page's kernel: a random id the server issued to the
browser in a signed cookie (jupyter_server's anonymous user; `app/concordia_app/visitors.py` passes it on as the
request header X-Concordia-Visitor, which Voilà hands the kernel as HTTP_X_CONCORDIA_VISITOR). Nothing a visitor sends is used
as is: the server replaces any such header, and an id that is not 32 hexadecimal digits counts as no id.

A kernel started for a page learns it from its environment at once. A preheated kernel (Voilà's pool) runs the
page before anyone asks for it and learns its visitor only when a request takes it: `when_known` then waits in
a background thread (Voilà's `wait_for_request`) and calls back once the id is there.
"""
from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable

ENVIRONMENT_VARIABLE = "HTTP_X_CONCORDIA_VISITOR"
HEADER = "X-Concordia-Visitor"
APP_VARIABLE = "CONCORDIA_APP"
_ID = re.compile(r"[0-9a-f]{32}")
_waiting: list[Callable[[], None]] = []
_lock = threading.Lock()
_thread: threading.Thread | None = None


def in_app() -> bool:
    """True in the app mode's kernels (app/voila.py sets CONCORDIA_APP=1): saves are then per visitor."""
    return os.environ.get(APP_VARIABLE) == "1"


def is_id(value: object) -> bool:
    """True for a visitor id as the server issues them (32 hexadecimal digits): never a path."""
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def current() -> str | None:
    """This page's visitor id, or None while it is not known (or not valid)."""
    value = os.environ.get(ENVIRONMENT_VARIABLE)
    return value if is_id(value) else None


def preheated() -> bool:
    """True in a kernel of Voilà's pool that has not learnt its request yet."""
    return os.environ.get("VOILA_PREHEAT") == "True" and current() is None


def when_known(callback: Callable[[], None]) -> None:
    """Call `callback` once the visitor is known: now if it is (or never will be), else from a thread that waits
    for the request (a preheated kernel)."""
    global _thread
    if not preheated():
        callback()
        return
    with _lock:
        _waiting.append(callback)
        if _thread is None:
            _thread = threading.Thread(target=_wait, name="concordia-visitor", daemon=True)
            _thread.start()


def _wait() -> None:
    global _thread
    try:
        from voila.utils import wait_for_request
        wait_for_request()   # sets the request's variables (the visitor's among them) in os.environ
    except Exception:  # noqa: BLE001 - without its request the page simply has no visitor (saving says so)
        pass
    with _lock:
        callbacks = list(_waiting)
        _waiting.clear()
        _thread = None
    for callback in callbacks:
        try:
            callback()
        except Exception:  # noqa: BLE001 - one box failing to refresh must not stop the others
            pass
