"""Four of Voilà 0.5's endpoints, fitted to the app mode when the server starts (`guard()`, from app/voila.py).

Voilà registers its handlers itself and takes no handler class through configuration, so the changes are made to
its handler classes, once, before the server starts:

- **The shutdown call goes through the Authorizer.** `/voila/api/shutdown/<id>` (the page's own call when it is
  closed or reloaded) has only `@authenticated` in Voilà, so anyone with an `_xsrf` cookie of their own could shut
  any page's kernel down. It gets jupyter_server's own `@authorized` ("write" on "kernels"), as its REST kernel
  handler has: owners.py's VisitorAuthorizer then lets only the page's visitor shut it down.
- **Only the preheated kernel asks for its request.** `/voila/query/<id>` hands a preheated kernel the request of
  the page that took it (the visitor's id among it). No browser ever needs it: a connection that carries an Origin
  (every browser's does) is refused, and so is every connection for a kernel after its first (the kernel asks
  once). A program that learns a preheated kernel's id before the kernel asks (or of a chapter that never asks)
  could still read that request: it holds the visitor's id, which names their saves folder but opens nothing
  (only the signed cookie does). What it keeps for a kernel is forgotten when the kernel goes (`forget`).
- **A template path that is not a static file is a 404**, not an error with a traceback in the log
  (`/voila/templates/<name>/static/<file>` is the only shape Voilà serves there).
- **A refused kernel channel is a plain 403.** The channels' websocket handler renders its errors with
  jupyter_server's page templates, which Voilà's server cannot render (a traceback in the log for every refusal):
  its refusals are plain text.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from jupyter_server.auth.decorator import authorized
from tornado.web import HTTPError

from .owners import RESOURCE

_GUARDED = "_concordia_guarded"


def guard() -> None:
    """Fit the four endpoints (once, however often the configuration is read)."""
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    if getattr(VoilaShutdownKernelHandler, _GUARDED, False):
        return
    VoilaShutdownKernelHandler.auth_resource = RESOURCE
    VoilaShutdownKernelHandler.post = authorized("write", resource=RESOURCE)(VoilaShutdownKernelHandler.post)

    RequestInfoSocketHandler.check_origin = lambda self, origin: False   # only called when an Origin is sent
    RequestInfoSocketHandler.open = _asked_once(RequestInfoSocketHandler.open)
    RequestInfoSocketHandler.on_close = _forget_own_waiter

    TemplateStaticFileHandler.parse_url_path = _not_found_unless_static(TemplateStaticFileHandler.parse_url_path)
    TemplateStaticFileHandler.get_absolute_path = classmethod(
        _not_found_unless_static(TemplateStaticFileHandler.get_absolute_path.__func__))
    VoilaKernelWebsocketHandler.write_error = _plain_error
    for handler in (VoilaShutdownKernelHandler, RequestInfoSocketHandler, TemplateStaticFileHandler,
                    VoilaKernelWebsocketHandler):
        setattr(handler, _GUARDED, True)


def _plain_error(self: Any, status_code: int, **kwargs: Any) -> None:
    """An error of the kernel channels' handshake as one line of plain text."""
    self.set_header("Content-Type", "text/plain; charset=utf-8")
    self.finish(f"{status_code} {self._reason}\n")


_ASKED: set[str] = set()       # kernels that have asked /voila/query for their request


def _asked_once(open_: Callable[..., None]) -> Callable[..., None]:
    """RequestInfoSocketHandler.open, refusing every connection for a kernel after the first."""
    @functools.wraps(open_)
    def opened(self: Any, kernel_id: str) -> None:
        if kernel_id in _ASKED:
            self.close(code=1008, reason="asked already")
            return
        _ASKED.add(kernel_id)
        open_(self, kernel_id)
    return opened


def forget(kernel_id: str) -> None:
    """Forget what /voila/query kept for a kernel that is gone: its page's request, if it never asked for it (a
    chapter without a save box never does), and that it asked."""
    from voila.request_info_handler import RequestInfoSocketHandler
    RequestInfoSocketHandler._cache.pop(kernel_id, None)
    _ASKED.discard(kernel_id)


def _forget_own_waiter(self: Any) -> None:
    """RequestInfoSocketHandler.on_close that forgets this connection only (Voilà's forgets the last one listed
    when this one was refused, and fails when none is)."""
    waiters = type(self)._waiters
    for kernel_id, waiter in list(waiters.items()):
        if waiter is self:
            del waiters[kernel_id]


def _not_found_unless_static(method: Callable[..., str]) -> Callable[..., str]:
    """A method of TemplateStaticFileHandler that asserts the path's shape: a 404 when the path has another."""
    @functools.wraps(method)
    def checked(*args: Any) -> str:
        try:
            return method(*args)
        except (ValueError, AssertionError):
            raise HTTPError(404) from None
    return checked
