"""A visitor id per browser: whose saves, and whose kernels.

jupyter_server already gives every browser of a server without a login an anonymous user: a random id (32
hexadecimal digits) kept in a cookie signed with the server's secret, so a visitor can neither choose nor forge
one. `VisitorIdentityProvider` builds on it:

- it passes that id on to the page's kernel as the request header X-Concordia-Visitor, replacing any header of
  that name the visitor sent; Voilà hands the header to the kernel as the environment variable
  HTTP_X_CONCORDIA_VISITOR (`VoilaConfiguration.http_header_envs`), or to a preheated kernel with the rest of the
  request. The kernel's saves folder is widgets/support/saves.py's `visitors/<id>/`;
- it keeps the id of the visitor a request comes from in `requesting()`, for the kernel manager, which records it
  as the owner of the kernel the request starts or takes (kernels.py; owners.py refuses everyone else);
- a request for a page that comes without the cookie gets the cookie first and starts no kernel: a redirect to
  the same address, which a browser follows with the cookie. So a burst of cookie-less requests costs the server
  nothing (and a client that never sends cookies back gets a plain page saying the tutor needs them);
- a page is served with tornado's `_xsrf` cookie, which the page's shutdown call (Voilà's, when the page is
  closed or reloaded) sends back, so a page gone gives its kernel back at once;
- it offers no login or logout page: there is nothing to log in to (Voilà has no template for them).
"""
from __future__ import annotations

import os
import secrets
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from jupyter_server.auth.identity import PasswordIdentityProvider, User

from widgets.support.visitor import HEADER, is_id  # the header and the id's form: one definition, the kernel's

ARRIVING = "arriving"     # the query argument marking the redirect that hands a new visitor their cookie
COOKIES_NEEDED = "cookies needed"   # the message the template's 403.html shows its cookie page for
_requesting: ContextVar[str | None] = ContextVar("concordia_visitor", default=None)


def requesting() -> str | None:
    """The visitor id of the request being served (each request runs in its own context), or None."""
    return _requesting.get()


def is_page_request(handler: Any) -> bool:
    """True for a request that runs a chapter (Voilà's page handler): the only requests that start a kernel."""
    from voila.handler import VoilaHandler
    return isinstance(handler, VoilaHandler) and handler.request.method == "GET"


class VisitorIdentityProvider(PasswordIdentityProvider):
    """The anonymous user of jupyter_server, its id passed on to the kernel in the X-Concordia-Visitor header; a
    page asked for without the cookie gets the cookie first (a redirect) and no kernel."""

    def generate_anonymous_user(self, handler: Any) -> User:
        handler.concordia_new_visitor = True      # no valid cookie came with this request
        return super().generate_anonymous_user(handler)

    async def get_user(self, handler: Any) -> User | None:
        user = super().get_user(handler)
        if not isinstance(user, User) and user is not None:
            user = await user
        headers = handler.request.headers
        if HEADER in headers:
            del headers[HEADER]            # never what the visitor sent
        visitor = user.username if user is not None and is_id(user.username) else None
        _requesting.set(visitor)
        if visitor is not None:
            headers[HEADER] = visitor
        if is_page_request(handler):
            handler.current_user = handler._jupyter_current_user = user   # as prepare() does next; tornado asks it
            if getattr(handler, "concordia_new_visitor", False):
                self._cookie_first(handler)
            else:
                _ = handler.xsrf_token     # sets the _xsrf cookie the page's shutdown call sends back
                if ARRIVING in handler.request.query_arguments:
                    handler.redirect(_address(handler.request.uri, arriving=False))
        return user

    def _cookie_first(self, handler: Any) -> None:
        """Answer a page request that came without the visitor cookie: the cookie (already set on this answer)
        and a redirect to the same address; no kernel is started. If the redirected request still comes without
        it, the browser does not keep cookies: a plain page says so (the template's 403.html)."""
        if ARRIVING not in handler.request.query_arguments:
            handler.redirect(_address(handler.request.uri, arriving=True))
            return
        self.log.warning("A page was asked for twice without the visitor cookie: the cookies page is sent")
        handler.set_status(403)
        handler.finish(handler.render_template("403.html", status_code=403, status_message="Forbidden",
                                               message=COOKIES_NEEDED, exception=None))

    def get_handlers(self) -> list[tuple[str, object]]:
        """No /login or /logout: there is no one to log in (Voilà has no page for them; they would answer 500)."""
        return []


def _address(uri: str, arriving: bool) -> str:
    """`uri` with the `arriving` mark added or taken away (the rest of its query kept in order)."""
    parts = urlsplit(uri)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != ARRIVING]
    if arriving:
        query.append((ARRIVING, "1"))
    return urlunsplit(("", "", parts.path, urlencode(query), ""))


def cookie_secret(folder: Path) -> bytes:
    """The secret that signs the visitors' cookies, kept in the saves folder (a hidden file only the server reads),
    so a visitor's saves are theirs again after the server restarts."""
    path = folder / ".cookie_secret"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except FileExistsError:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as source:
            secret = source.read(256).strip()
        if len(secret) >= 32:
            return secret
        raise RuntimeError(f"{path} holds no cookie secret: remove it and start again") from None
    secret = secrets.token_hex(32).encode()
    with os.fdopen(fd, "wb") as out:
        out.write(secret)
    return secret
