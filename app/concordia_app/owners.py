"""A kernel is its visitor's: jupyter_server's Authorizer for the app mode.

jupyter_server asks its Authorizer before every request it authorizes (the `@authorized` decorator of its REST
handlers, and the kernel channels' websocket before it connects to the kernel). `VisitorAuthorizer` allows a
request on the resource "kernels" only when the kernel it names is a live kernel whose page was started or taken
by the visitor the request's signed cookie names (kernels.py records the owner). Everything else a visitor may
reach in the app mode is public (the pages, their static files) and allowed as before.

The endpoints that name a kernel, and how each reaches this check:
- `/api/kernels/<id>/channels` (the page's websocket): jupyter_server's own check, before the kernel is touched;
- `/api/kernels/<id>` (GET, DELETE): jupyter_server's `@authorized`;
- `/voila/api/shutdown/<id>` (the page's shutdown call when it is closed or reloaded): Voilà gives it no
  `@authorized`; endpoints.py adds jupyter_server's decorator to it;
- `/voila/query/<id>`: not a visitor's endpoint (the preheated kernel itself asks it for its request); endpoints.py
  keeps browsers out of it.
"""
from __future__ import annotations

import hmac
from typing import Any

from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.auth.identity import User

RESOURCE = "kernels"


def kernel_named_by(handler: Any) -> str | None:
    """The kernel id in the request's path: a named group `kernel_id`, or Voilà's shutdown address's one group."""
    named = (handler.path_kwargs or {}).get("kernel_id")
    if named is None and handler.path_args:
        named = handler.path_args[0]
    return named if isinstance(named, str) else None


class VisitorAuthorizer(Authorizer):
    """Requests naming a kernel are allowed for the visitor whose page it is, and no one else."""

    def is_authorized(self, handler: Any, user: User, action: str, resource: str) -> bool:
        if resource != RESOURCE:
            return True
        kernel_id = kernel_named_by(handler)
        owner = handler.kernel_manager.owner_of(kernel_id) if kernel_id else None
        visitor = getattr(user, "username", None)
        allowed = owner is not None and isinstance(visitor, str) and hmac.compare_digest(owner, visitor)
        if not allowed:
            self.log.warning("Refused %s %s: the kernel is not this visitor's", handler.request.method,
                             handler.request.path)
        return allowed
