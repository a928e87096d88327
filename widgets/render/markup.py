"""Text into HTML: the one escape every view uses (a name, a sentence or a translation may hold <, & or
quotes)."""
from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    """`text` as HTML text: str() of it, with &, <, > and quotes escaped."""
    return escape(str(text))
