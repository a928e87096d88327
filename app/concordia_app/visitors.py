"""A visitor id per browser for the app mode's private saves.

jupyter_server already gives every browser of a server without a login an anonymous user: a random id (32
hexadecimal digits) kept in a cookie signed with the server's secret, so a visitor can neither choose nor forge
one. `VisitorIdentityProvider` passes that id on to the page's kernel as the request header X-Concordia-Visitor,
replacing any header of that name the visitor sent; Voilà hands the header to the kernel as the environment
variable HTTP_X_CONCORDIA_VISITOR (`VoilaConfiguration.http_header_envs`), or to a preheated kernel with the rest
of the request. The kernel's saves folder is widgets/support/saves.py's `visitors/<id>/`.
"""
from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider, User

HEADER = "X-Concordia-Visitor"
_ID = re.compile(r"[0-9a-f]{32}")


class VisitorIdentityProvider(PasswordIdentityProvider):
    """The anonymous user of jupyter_server, its id passed on to the kernel in the X-Concordia-Visitor header."""

    async def get_user(self, handler: Any) -> User | None:
        user = super().get_user(handler)
        if not isinstance(user, User) and user is not None:
            user = await user
        headers = handler.request.headers
        if HEADER in headers:
            del headers[HEADER]            # never what the visitor sent
        if user is not None and _ID.fullmatch(user.username or ""):
            headers[HEADER] = user.username
        return user


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
