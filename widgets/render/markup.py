"""Text into HTML: the one escape every view uses (a name, a sentence or a translation may hold <, & or
quotes)."""
from __future__ import annotations

from html import escape

from .palette import NOTE_EDGE, NOTE_FILL


def esc(text: object) -> str:
    """`text` as HTML text: str() of it, with &, <, > and quotes escaped."""
    return escape(str(text))


def note_html(text: str) -> str:
    """A tutor's note in a light blue box (not a refusal: the move was allowed, but another is asked for)."""
    return (f"<div class='cc-note' role='status' style='border:1px solid {NOTE_EDGE};background:{NOTE_FILL};padding:4px 8px;"
            f"border-radius:4px'>{esc(text)}</div>")
