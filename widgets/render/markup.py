"""Text into HTML: the one escape every view uses (a name, a sentence or a translation may hold <, & or
quotes)."""
from __future__ import annotations

from html import escape


def esc(text: object) -> str:
    """`text` as HTML text: str() of it, with &, <, > and quotes escaped."""
    return escape(str(text))


def note_html(text: str) -> str:
    """A tutor's note in a light blue box (not a refusal: the move was allowed, but another is asked for)."""
    return (f"<div class='cc-note' role='status' style='border:1px solid #1f6fb2;background:#eef5fb;padding:4px 8px;"
            f"border-radius:4px'>{esc(text)}</div>")
